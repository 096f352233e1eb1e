#pragma once
// Small heatmaps of every joint of the current image; clicking one picks the joint shown on the
// canvas.

#include <QAbstractListModel>
#include <QImage>
#include <QListView>
#include <QStringList>
#include <vector>

#include "render/render_options.h"
#include "widgets/session/inspect_worker.h"

namespace posescope {

/// Row 0 is the maximum over joints (joint -1), row j + 1 joint j. Display: joint name;
/// DecorationRole: the colorised heatmap thumbnail on a fixed-size grey tile (the bare tile
/// without maps); Qt::UserRole: the joint
/// index (-1 for the maximum); ToolTipRole: name and peak value.
class JointGridModel : public QAbstractListModel {
  Q_OBJECT
 public:
  explicit JointGridModel(QObject* parent = nullptr);

  /// New joint names (the dataset's) and maps (nullptr: names only); resets the model. Maps whose
  /// joint count differs from the names keep "joint N" names for the extra joints.
  void setMaps(const QStringList& jointNames, const ImageMapsPtr& maps, Colormap colormap);
  /// The row of `joint` (-1: the maximum), or -1 when there is no such row.
  int rowOfJoint(int joint) const;
  /// The joint of `row` (-1 for row 0).
  static int jointOfRow(int row) { return row - 1; }
  /// Thumbnail of `row` (null when there are no maps or the row does not exist).
  QImage thumbnail(int row) const;
  /// Peak heatmap value of `row` (0 without maps).
  double peak(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

 private:
  QStringList names_;           // per row
  std::vector<QImage> images_;  // per row, empty without maps
  std::vector<double> peaks_;   // per row
  bool hasMaps_ = false;
};

/// A QListView in icon mode over a JointGridModel. Clicking (or pressing Enter on) a thumbnail
/// emits jointSelected(joint). Never throws.
class JointGrid : public QListView {
  Q_OBJECT
 public:
  explicit JointGrid(QWidget* parent = nullptr);

  JointGridModel* gridModel() const { return model_; }
  /// Shows `maps` (nullptr: names only) for a dataset with `jointNames`.
  void setMaps(const QStringList& jointNames, const ImageMapsPtr& maps, Colormap colormap);
  /// Highlights `joint` (-1: the maximum) without emitting jointSelected.
  void setCurrentJoint(int joint);

 Q_SIGNALS:
  void jointSelected(int joint);

 private:
  JointGridModel* model_ = nullptr;
};

}  // namespace posescope
