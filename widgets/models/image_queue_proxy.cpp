#include "widgets/models/image_queue_proxy.h"

namespace posescope {

ImageQueueProxy::ImageQueueProxy(int imageIdColumn, QObject* parent)
    : QSortFilterProxyModel(parent), imageIdColumn_(imageIdColumn) {
  setSortRole(Qt::UserRole);
  setFilterKeyColumn(-1);
  setFilterCaseSensitivity(Qt::CaseInsensitive);
}

void ImageQueueProxy::setQueue(const QList<qint64>& imageIds) {
  positions_.clear();
  for (int i = 0; i < imageIds.size(); ++i) positions_.insert(imageIds[i], i);
  hasQueue_ = true;
  queueOrder_ = true;
  QSortFilterProxyModel::sort(0);  // any column: lessThan follows the queue
  // Filtered and sorted again even when column 0 was the sort column already (sort() alone
  // would then keep the previous queue's order).
  invalidate();
}

void ImageQueueProxy::clearQueue() {
  if (!hasQueue_) return;
  hasQueue_ = false;
  queueOrder_ = false;
  positions_.clear();
  QSortFilterProxyModel::sort(-1);  // source order
  invalidate();
}

void ImageQueueProxy::setImagesInView(const std::optional<QSet<qint64>>& imageIds) {
  if (imageIds == inView_) return;
  inView_ = imageIds;
  invalidateRowsFilter();
}

void ImageQueueProxy::sort(int column, Qt::SortOrder order) {
  queueOrder_ = false;
  QSortFilterProxyModel::sort(column, order);
}

qint64 ImageQueueProxy::imageIdOf(int sourceRow) const {
  return sourceModel()->index(sourceRow, imageIdColumn_).data(Qt::UserRole).toLongLong();
}

bool ImageQueueProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
  if (hasQueue_ && !positions_.contains(imageIdOf(sourceRow))) return false;
  if (inView_ && !inView_->contains(imageIdOf(sourceRow))) return false;
  return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
}

bool ImageQueueProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const {
  if (inQueueOrder())
    return positions_.value(imageIdOf(left.row())) < positions_.value(imageIdOf(right.row()));
  return QSortFilterProxyModel::lessThan(left, right);
}

}  // namespace posescope
