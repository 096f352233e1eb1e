#pragma once
// The Inspect page: a run's images one by one, with heatmaps, tag maps, grouped skeletons,
// ground truth and matches.

#include <QImage>
#include <QWidget>
#include <memory>
#include <optional>

#include "render/render_options.h"
#include "render/run_overlay_data.h"
#include "widgets/pages/inspect/canvas_pane.h"
#include "widgets/pages/inspect/image_list_panel.h"
#include "widgets/pages/inspect/person_panel.h"
#include "widgets/pages/inspect/shown_image_maps.h"
#include "widgets/pages/inspect/tags_panel.h"
#include "widgets/session/inspect_worker.h"
#include "widgets/session/run_analysis.h"
#include "widgets/session/triage_queues.h"

class QAction;
class QComboBox;
class QLineEdit;
class QSortFilterProxyModel;

namespace posescope {

class RunDocument;

class ColorBar;
class DisplayFilterBanner;
class OverlayLegend;
class ElidedLabel;
class ImageCanvas;
class ImageFileReader;
class PersonErrorsModel;
class InspectController;
class InspectTableModel;
class LayerBar;
class RunTagsModel;
class RunViewState;
class JointGrid;
class ViewQueryBar;

/// Per-image table (sortable, filterable, with the error analysis' counts and tags), the view's
/// query bar (the document's RunViewState, shared with the Results page), the triage queue
/// buttons and the run folder's tags on the left (ImageListPanel, TriageBar, TagsPanel), the image
/// canvas under its layer bar in the middle (CanvasPane, LayerBar), the joint grid, the people of
/// the image and the selected person's error labels on the right (PersonPanel). This class
/// composes them and holds what they show: the run, the image shown, its options and analysis.
/// The image's file is read on pool threads (ImageFileReader); its heatmaps and tag maps are
/// recomputed by an InspectController (ShownImageMaps: its own worker thread and Evaluator, an
/// LRU of 8 images); the error analysis comes from the document. Keyboard:
/// PgDown / "." next image (in a queue: its next image), PgUp / "," previous, "]" / "[" next /
/// previous joint, "0" max over joints, P G C M E H T R toggle predictions, ground truth, crowd,
/// matches, errors, heatmap, tags, network resolution, F fit. Never throws.
class InspectView : public QWidget {
  Q_OBJECT
 public:
  explicit InspectView(QWidget* parent = nullptr);
  ~InspectView() override;

  /// Follows `document`: the records of a run in progress as they arrive, then the run read back
  /// (maps from an Evaluator built from the folder's config.yaml on first need), its analysis,
  /// the current image and the view.
  void followDocument(RunDocument* document);
  /// Shows `data`, with maps from `provider` (nullptr: no maps).
  void setData(RunOverlayDataPtr data, std::unique_ptr<MapsProvider> provider);
  void setData(RunOverlayData data, std::unique_ptr<MapsProvider> provider) {
    setData(std::make_shared<const RunOverlayData>(std::move(data)), std::move(provider));
  }
  /// Clears everything (a new run starts).
  void clear();
  /// The error analysis of the run shown (nullptr: none yet): the table's count columns, the
  /// error layer, the person panel and the triage queues follow it.
  void setAnalysis(RunAnalysisPtr analysis);
  const RunAnalysisPtr& analysis() const { return analysis_; }
  /// Clears everything and says why the run shown elsewhere cannot be inspected (`error`).
  void showUnavailable(const QString& error);
  /// Adds one record of a run in progress (a table row without evaluation yet).
  void appendRecord(const ImageRecord& record);

  /// Shows dataset image `datasetIndex` and selects its row; false when the run has no record of
  /// it. The file is read on a pool thread: until it is (readingImage()), its people are drawn
  /// on a dark placeholder and the status says so; imageDecoded() follows. The images next to it
  /// in the table's order are read ahead.
  bool showImage(std::size_t datasetIndex);
  /// Whether the image shown is still being read (its pixels are not on the canvas yet).
  bool readingImage() const;
  /// The dataset index shown, if any.
  std::optional<std::size_t> currentImage() const { return current_; }
  /// Moves `step` rows in the table's (sorted, filtered, queued) order; false at either end.
  bool stepImage(int step);

  /// Restricts the image table to `imageIds` in that order (ids the run lacks are left out),
  /// says so above it ("Queue: TITLE (n images) — clear") and shows the queue's first image;
  /// next / previous image walk the queue. Clicking a column header sorts within the queue.
  void showImageQueue(const QString& title, const QList<qint64>& imageIds);
  /// The same with the queue's key, shown as a column beside the file ("AP lost +0.0158") while
  /// the queue is active; the "Keep top" box keeps only its first images.
  void showImageQueue(const ImageQueue& queue);
  /// Keeps only the first `count` images of the queue shown (0: all of them).
  void keepQueueTop(int count);
  /// Every image again, in dataset order.
  void clearImageQueue();
  /// The queue of `preset` from the analysis' triage (nothing without an analysis).
  void showTriageQueue(TriagePreset preset);
  /// The queue's title, "" when every image is listed.
  QString queueTitle() const { return imageList_->queueTitle(); }
  /// The queue indicator's text ("" when hidden).
  QString queueText() const;

  /// Selects predicted person `person` of the image shown (index into its people; -1: none):
  /// its row in the people table and its error labels in the person panel.
  void selectPerson(int person);
  /// The selected person, -1 when none.
  int selectedPerson() const { return selectedPerson_; }
  PersonErrorsModel* personErrorsModel() const { return personPanel_->errorsModel(); }
  /// The person panel's summary (label, score, OKS, matched ground truth).
  QString personSummary() const;
  /// Shows joint `joint` (-1: the maximum over joints) in the heatmap and tag layers.
  void setJoint(int joint);
  int joint() const { return options_.heatmapJoint; }
  /// Turns one layer on or off.
  void setLayer(OverlayLayer layer, bool on);
  /// Turns on exactly the named layers ("predictions", "gt", "crowd", "matches", "heatmap",
  /// "tags", "network"); returns the names it did not know.
  QStringList setLayers(const QStringList& names);
  const RenderOptions& options() const { return options_; }

  ImageCanvas* canvas() const { return canvasPane_->canvas(); }
  ColorBar* colorBar() const { return canvasPane_->colorBar(); }
  /// The legend of what the overlay draws (always shown above the canvas).
  OverlayLegend* legend() const { return canvasPane_->legend(); }
  /// The warning above the canvas that the run's inputs changed since it ran ("" when hidden).
  QString inputsWarning() const;
  /// Display-only filters and the match threshold (RenderOptions' minPersonScore, maxPeople,
  /// matchThreshold); the metrics are not affected.
  void setDisplayFilter(double minPersonScore, int maxPeople);
  void setMatchThreshold(double oks);
  /// The banner above the canvas saying what the display filters hide (hidden at defaults).
  DisplayFilterBanner* filterBanner() const { return canvasPane_->filterBanner(); }
  /// Every display filter back to its default (the banner's reset).
  void resetDisplayFilters();
  JointGrid* jointGrid() const { return grid_; }
  InspectTableModel* tableModel() const { return imageList_->model(); }
  QSortFilterProxyModel* proxyModel() const;
  /// The button of `preset` above the image table.
  QAction* triageAction(TriagePreset preset) const;
  InspectController* controller() const { return maps_->controller(); }
  const RunOverlayData& data() const { return *data_; }
  /// The data shown, to hand to a background job without a copy.
  const RunOverlayDataPtr& sharedData() const { return data_; }
  /// The filter of the image table ("" when every image is listed).
  QLineEdit* filterEdit() const { return imageList_->filterEdit(); }
  /// The column the filter matches, beside it: any column (the default), the file name, the
  /// image id (whole) or the failure.
  QComboBox* filterColumnBox() const { return imageList_->filterColumnBox(); }
  /// The view's query bar above the image table.
  ViewQueryBar* viewBar() const { return imageList_->viewBar(); }
  /// The tags panel's rows (the run folder's tags.json).
  RunTagsModel* tagsModel() const { return tagsPanel_->model(); }
  /// Tags the selected person (a prediction, by its position in results.json; needs the error
  /// analysis) or, when none is selected, the image shown, with `tag` and `note`; false when no
  /// image is shown, the tag is blank or no run folder is shown.
  bool tagShown(const QString& tag, const QString& note);
  /// The status line under the canvas (what is shown, "computing maps…", errors), whole; the
  /// line shows it elided to its width.
  QString statusText() const;
  ElidedLabel* statusLabel() const { return canvasPane_->statusLabel(); }

 Q_SIGNALS:
  /// Image `datasetIndex` is drawn (without its maps yet, when they are still being computed).
  void imageShown(qulonglong datasetIndex);
  /// The pixels of image `datasetIndex`, shown, are on the canvas (or, when its file cannot be
  /// read, the placeholder with the reason in the status).
  void imageDecoded(qulonglong datasetIndex);
  /// The maps of the image shown are drawn (heatmap / tag layers, joint grid).
  void mapsShown(qulonglong datasetIndex);
  /// Another run opened while display filters were set: `note` says whether they were reset
  /// or kept ("Display filters reset: ..."), for the status bar.
  void displayFiltersFollowedRun(const QString& note);

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  /// The maps computed, failed or not drawable for the image shown: drawn, or said in the status.
  void connectMaps();
  /// The worst images' queue and the others: restricts the image list to one.
  void connectTriage();
  /// The layer bar's choices applied to the options.
  void connectLayerBar();
  /// The panels' keys: P G C M E H T R, PgDown / PgUp (and "." / ","), "]" / "[", "0" and F.
  void addShortcuts();
  /// Asks for a tag and a note (the tags panel's Tag… button) and tags what is shown.
  void askTag();
  const ImageRecord* currentRecord() const;
  /// The scene of `record` with the error layer's marks when an analysis is there.
  OverlayScene sceneOf(const ImageRecord& record) const;
  /// The image shown drawn again (its scene changed).
  void redrawCurrent();
  void updatePersonPanel();
  void applyOptions();
  void requestMapsIfNeeded();
  /// Draws the maps of the image shown (mapsShown follows).
  void showMaps(const ImageMapsPtr& maps);
  /// The file of `record` as the canvas draws it (ImageFileReader).
  QImage imageOf(const ImageRecord& record);
  /// The image shown gets its pixels once its file is read.
  void onImageRead();
  /// Reads the images before and after the one shown, in the table's order, ahead of a step.
  void readNeighbours();
  void updateStatus();
  /// The banner says what the display filters hide on the image shown.
  void updateFilterBanner();
  /// `runDir` opens (or starts): display filters set for another run are reset, or kept when
  /// the banner's box says so; displayFiltersFollowedRun says which.
  void followRunFilters(const QString& runDir);
  QStringList jointNames() const;

  RunOverlayDataPtr data_ = std::make_shared<const RunOverlayData>();  // never null
  std::shared_ptr<RunOverlayData> live_;  // data_ while a run in progress appends records
  RenderOptions options_;
  std::optional<std::size_t> current_;
  ImageFileReader* reader_ = nullptr;
  QString analysisNote_;  // why there is no error analysis
  ShownImageMaps* maps_ = nullptr;
  RunAnalysisPtr analysis_;
  int selectedPerson_ = -1;
  RunViewState* view_ = nullptr;
  // The panels, each a widget of its own (widgets/pages/inspect).
  TagsPanel* tagsPanel_ = nullptr;
  ImageListPanel* imageList_ = nullptr;
  LayerBar* layerBar_ = nullptr;
  CanvasPane* canvasPane_ = nullptr;
  JointGrid* grid_ = nullptr;
  PersonPanel* personPanel_ = nullptr;
};

}  // namespace posescope
