#pragma once
// The Inspect page: a run's images one by one, with heatmaps, tag maps, grouped skeletons,
// ground truth and matches.

#include <QImage>
#include <QWidget>
#include <list>
#include <memory>
#include <optional>

#include "render/render_options.h"
#include "render/run_overlay_data.h"
#include "widgets/session/inspect_worker.h"

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QSlider;
class QSortFilterProxyModel;
class QTableView;
class QToolBar;

namespace posescope {

class ColorBar;
class DisplayFilterBar;
class OverlayLegend;
class ElidedLabel;
class ImageCanvas;
class PeopleTableModel;
class InspectController;
class InspectTableModel;
class RunSession;
class JointGrid;

/// Per-image table (sortable, filterable) on the left, the image canvas with its layer toolbar
/// in the middle, the joint grid on the right. Heatmaps and tag maps are recomputed for the image
/// shown by an InspectController (its own worker thread and Evaluator, an LRU of 8 images).
/// Keyboard: PgDown / "." next image, PgUp / "," previous, "]" / "[" next / previous joint,
/// "0" max over joints, P G C M H T R toggle predictions, ground truth, crowd, matches, heatmap,
/// tags, network resolution, F fit. Never throws.
class InspectView : public QWidget {
  Q_OBJECT
 public:
  explicit InspectView(QWidget* parent = nullptr);
  ~InspectView() override;

  /// Follows `session`: records of its runs as they arrive, then each finished run read back, and
  /// the run folders it opens (maps from an Evaluator built from the folder's config.yaml on
  /// first need).
  void followSession(const RunSession* session);
  /// Shows `data`, with maps from `provider` (nullptr: no maps).
  void setData(RunOverlayDataPtr data, std::unique_ptr<MapsProvider> provider);
  void setData(RunOverlayData data, std::unique_ptr<MapsProvider> provider) {
    setData(std::make_shared<const RunOverlayData>(std::move(data)), std::move(provider));
  }
  /// Clears everything (a new run starts).
  void clear();
  /// Clears everything and says why the run shown elsewhere cannot be inspected (`error`).
  void showUnavailable(const QString& error);
  /// Adds one record of a run in progress (a table row without evaluation yet).
  void appendRecord(const ImageRecord& record);

  /// Shows dataset image `datasetIndex` and selects its row; false when the run has no record of
  /// it.
  bool showImage(std::size_t datasetIndex);
  /// The dataset index shown, if any.
  std::optional<std::size_t> currentImage() const { return current_; }
  /// Moves `step` rows in the table's (sorted, filtered) order; false at either end.
  bool stepImage(int step);
  /// Shows joint `joint` (-1: the maximum over joints) in the heatmap and tag layers.
  void setJoint(int joint);
  int joint() const { return options_.heatmapJoint; }
  /// Turns one layer on or off.
  void setLayer(OverlayLayer layer, bool on);
  /// Turns on exactly the named layers ("predictions", "gt", "crowd", "matches", "heatmap",
  /// "tags", "network"); returns the names it did not know.
  QStringList setLayers(const QStringList& names);
  const RenderOptions& options() const { return options_; }

  ImageCanvas* canvas() const { return canvas_; }
  ColorBar* colorBar() const { return colorBar_; }
  PeopleTableModel* peopleModel() const { return people_; }
  /// The legend of what the overlay draws (always shown above the canvas).
  OverlayLegend* legend() const { return legend_; }
  /// The warning above the canvas that the run's inputs changed since it ran ("" when hidden).
  QString inputsWarning() const;
  /// Display-only filters and the match threshold (RenderOptions' minPersonScore, maxPeople,
  /// matchThreshold); the metrics are not affected.
  void setDisplayFilter(double minPersonScore, int maxPeople);
  void setMatchThreshold(double oks);
  JointGrid* jointGrid() const { return grid_; }
  InspectTableModel* tableModel() const { return model_; }
  QSortFilterProxyModel* proxyModel() const { return proxy_; }
  InspectController* controller() const { return controller_; }
  const RunOverlayData& data() const { return *data_; }
  /// The data shown, to hand to a background job without a copy.
  const RunOverlayDataPtr& sharedData() const { return data_; }
  /// The filter of the image table ("" when every image is listed).
  QLineEdit* filterEdit() const { return filter_; }
  /// The status line under the canvas (what is shown, "computing maps…", errors), whole; the
  /// line shows it elided to its width.
  QString statusText() const;
  ElidedLabel* statusLabel() const { return status_; }

 Q_SIGNALS:
  /// Image `datasetIndex` is drawn (without its maps yet, when they are still being computed).
  void imageShown(qulonglong datasetIndex);
  /// The maps of the image shown are drawn (heatmap / tag layers, joint grid).
  void mapsShown(qulonglong datasetIndex);

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void buildActions();
  QWidget* buildImageList();
  QWidget* buildCanvasPane();
  QToolBar* buildLayerToolbar();
  QToolBar* buildStyleToolbar();
  QWidget* buildSidePane();
  QAction* addToggle(const QString& text, const QString& key, OverlayLayer layer);
  void onRowSelected();
  void onMapsReady(qulonglong index, const ImageMapsPtr& maps);
  void applyOptions();
  void requestMapsIfNeeded();
  bool needsMaps() const;
  void showMaps(const ImageMapsPtr& maps);
  void noteMaps(const ImageMapsPtr& maps);
  QImage loadImage(const ImageRecord& record);
  void updateStatus();
  QStringList jointNames() const;

  RunOverlayDataPtr data_ = std::make_shared<const RunOverlayData>();  // never null
  std::shared_ptr<RunOverlayData> live_;  // data_ while a run in progress appends records
  RenderOptions options_;
  std::optional<std::size_t> current_;
  QString imageNote_;                                 // why the image could not be read
  std::list<std::pair<std::size_t, QImage>> images_;  // decoded images, newest first (LRU)
  QString mapsNote_;                                  // computing / failed
  bool mapsApplied_ = false;  // the current image's maps (possibly empty) are drawn
  InspectController* controller_ = nullptr;
  InspectTableModel* model_ = nullptr;
  QSortFilterProxyModel* proxy_ = nullptr;
  QTableView* table_ = nullptr;
  QLineEdit* filter_ = nullptr;
  ImageCanvas* canvas_ = nullptr;
  JointGrid* grid_ = nullptr;
  QComboBox* jointBox_ = nullptr;
  QComboBox* colormapBox_ = nullptr;
  QComboBox* scoreBox_ = nullptr;
  QSlider* opacity_ = nullptr;
  DisplayFilterBar* filters_ = nullptr;
  ColorBar* colorBar_ = nullptr;
  OverlayLegend* legend_ = nullptr;
  QLabel* inputsBanner_ = nullptr;
  PeopleTableModel* people_ = nullptr;
  QTableView* peopleTable_ = nullptr;
  ElidedLabel* status_ = nullptr;
  QAction* layerActions_[kOverlayLayers.size()] = {};  // by OverlayLayer
};

}  // namespace posescope
