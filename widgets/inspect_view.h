#pragma once
// The Inspect page: a run's images one by one, with heatmaps, tag maps, grouped skeletons,
// ground truth and matches.

#include <QImage>
#include <QWidget>
#include <list>
#include <memory>
#include <optional>

#include "inspect_data.h"
#include "inspect_worker.h"
#include "render/render_options.h"

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QSlider;
class QSortFilterProxyModel;
class QTableView;

namespace posescope {

class ImageCanvas;
class InspectController;
class InspectTableModel;
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
  /// Layers a caller can name (setLayers, the --layers option).
  enum Layer { Predictions, GroundTruth, Crowd, Matches, Heatmap, Tags, NetworkResolution };

  explicit InspectView(QWidget* parent = nullptr);
  ~InspectView() override;

  /// Shows a run folder read back; maps come from an Evaluator built from its config.yaml on
  /// first need. Returns false and sets `error` when the run's config cannot be read.
  bool setRun(const LoadedRun& run, QString* error = nullptr);
  /// Shows `data`, with maps from `provider` (nullptr: no maps); used by setRun and by tests.
  void setData(InspectData data, std::unique_ptr<MapsProvider> provider);
  /// Clears everything (a new run starts).
  void clear();
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
  void setLayer(Layer layer, bool on);
  /// Turns on exactly the named layers ("predictions", "gt", "crowd", "matches", "heatmap",
  /// "tags", "network"); returns the names it did not know.
  QStringList setLayers(const QStringList& names);
  const RenderOptions& options() const { return options_; }

  ImageCanvas* canvas() const { return canvas_; }
  JointGrid* jointGrid() const { return grid_; }
  InspectTableModel* tableModel() const { return model_; }
  QSortFilterProxyModel* proxyModel() const { return proxy_; }
  QTableView* tableView() const { return table_; }
  InspectController* controller() const { return controller_; }
  const InspectData& data() const { return data_; }
  /// The status line under the canvas (what is shown, "computing maps…", errors).
  QString statusText() const;

 Q_SIGNALS:
  /// Image `datasetIndex` is drawn (without its maps yet, when they are still being computed).
  void imageShown(qulonglong datasetIndex);
  /// The maps of the image shown are drawn (heatmap / tag layers, joint grid).
  void mapsShown(qulonglong datasetIndex);

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void buildActions();
  QAction* addToggle(const QString& text, const QString& key, Layer layer, bool on);
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

  InspectData data_;
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
  QLabel* status_ = nullptr;
  QAction* layerActions_[7] = {};
};

}  // namespace posescope
