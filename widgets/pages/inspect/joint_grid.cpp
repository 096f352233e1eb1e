#include "widgets/pages/inspect/joint_grid.h"

#include <QPainter>
#include <algorithm>

#include <opencv2/imgproc.hpp>

#include "render/map_layers.h"
#include "widgets/common/image_canvas.h"
#include "widgets/common/overlay_image.h"

namespace posescope {

namespace {

constexpr int kThumbnailSize = 72;

// A fixed-size tile (grey where the thumbnail does not cover it), so item sizes never change and
// the view keeps its layout from image to image.
QImage onTile(const QImage& thumbnail) {
  QImage tile(kThumbnailSize, kThumbnailSize, QImage::Format_RGB888);
  tile.fill(QColor(70, 70, 70));
  if (!thumbnail.isNull()) {
    QPainter painter(&tile);
    painter.drawImage((kThumbnailSize - thumbnail.width()) / 2,
                      (kThumbnailSize - thumbnail.height()) / 2, thumbnail);
  }
  return tile;
}

}  // namespace

JointGridModel::JointGridModel(QObject* parent) : QAbstractListModel(parent) {}

void JointGridModel::setMaps(const QStringList& jointNames, const ImageMapsPtr& maps,
                             Colormap colormap) {
  const int joints = maps ? std::max<int>(maps->joints, 0) : static_cast<int>(jointNames.size());
  QStringList names{tr("max")};
  for (int j = 0; j < joints; ++j)
    names.append(j < jointNames.size() ? jointNames[j] : tr("joint %1").arg(j));
  // Same joints (the next image): only the pictures change, the view keeps its layout.
  const bool sameRows = names == names_;
  if (!sameRows) beginResetModel();
  names_ = names;
  hasMaps_ = maps && maps->joints > 0;
  images_.clear();
  peaks_.assign(static_cast<size_t>(names_.size()), 0.0);
  if (maps && maps->joints > 0) {
    for (int row = 0; row < names_.size(); ++row) {
      try {
        const cv::Mat plane = heatmapPlane(*maps, jointOfRow(row));
        double maxValue = 0;
        cv::minMaxLoc(plane, nullptr, &maxValue);
        peaks_[static_cast<size_t>(row)] = maxValue;
        // Shrink first, colour the thumbnail only: 18 full-size colorisations cost ~40 ms.
        const double shrink =
            std::min(1.0, static_cast<double>(kThumbnailSize) / std::max(plane.cols, plane.rows));
        cv::Mat small;
        cv::resize(plane, small, cv::Size(), shrink, shrink, cv::INTER_AREA);
        const cv::Mat rgb = colorizeHeatmap(small, colormap);
        images_.push_back(onTile(rgbBytesToQImage(rgb.data, rgb.cols, rgb.rows, rgb.step)));
      } catch (const std::exception&) {
        images_.push_back(onTile(QImage()));
      }
    }
  } else {
    images_.assign(static_cast<size_t>(names_.size()), onTile(QImage()));
  }
  if (!sameRows)
    endResetModel();
  else if (!names_.isEmpty())
    Q_EMIT dataChanged(index(0), index(static_cast<int>(names_.size()) - 1),
                       {Qt::DecorationRole, Qt::ToolTipRole});
}

int JointGridModel::rowOfJoint(int joint) const {
  const int row = joint + 1;
  return row >= 0 && row < names_.size() ? row : -1;
}

QImage JointGridModel::thumbnail(int row) const {
  if (!hasMaps_) return {};
  return row >= 0 && static_cast<size_t>(row) < images_.size() ? images_[static_cast<size_t>(row)]
                                                               : QImage();
}

double JointGridModel::peak(int row) const {
  return row >= 0 && static_cast<size_t>(row) < peaks_.size() ? peaks_[static_cast<size_t>(row)]
                                                              : 0.0;
}

int JointGridModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(names_.size());
}

QVariant JointGridModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const int row = index.row();
  switch (role) {
    case Qt::DisplayRole:
      return names_[row];
    case Qt::DecorationRole:
      return static_cast<size_t>(row) < images_.size() ? QVariant(images_[static_cast<size_t>(row)])
                                                       : QVariant();
    case Qt::UserRole:
      return jointOfRow(row);
    case Qt::ToolTipRole:
      return !hasMaps_ ? names_[row] : tr("%1\npeak %2").arg(names_[row]).arg(peak(row), 0, 'f', 3);
    default:
      return {};
  }
}

JointGrid::JointGrid(QWidget* parent) : QListView(parent) {
  model_ = new JointGridModel(this);
  setModel(model_);
  setViewMode(QListView::IconMode);
  setIconSize(QSize(kThumbnailSize, kThumbnailSize));
  setGridSize(QSize(88, 98));
  setResizeMode(QListView::Adjust);
  setMovement(QListView::Static);
  setWrapping(true);
  setUniformItemSizes(true);
  setSelectionMode(QAbstractItemView::SingleSelection);
  setSpacing(2);
  auto emitJoint = [this](const QModelIndex& index) {
    if (index.isValid()) Q_EMIT jointSelected(JointGridModel::jointOfRow(index.row()));
  };
  connect(this, &QListView::clicked, this, emitJoint);
  connect(this, &QListView::activated, this, emitJoint);
}

void JointGrid::setMaps(const QStringList& jointNames, const ImageMapsPtr& maps,
                        Colormap colormap) {
  const int joint =
      currentIndex().isValid() ? JointGridModel::jointOfRow(currentIndex().row()) : -1;
  model_->setMaps(jointNames, maps, colormap);
  setCurrentJoint(joint);
}

void JointGrid::setCurrentJoint(int joint) {
  const int row = model_->rowOfJoint(joint);
  if (row < 0) {
    clearSelection();
    return;
  }
  const QSignalBlocker block(this);
  setCurrentIndex(model_->index(row));
}

}  // namespace posescope
