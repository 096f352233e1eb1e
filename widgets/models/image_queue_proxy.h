#pragma once
// The image tables' proxy (Inspect, Results): sorting and text filtering as usual, plus an optional
// queue of image ids that restricts the rows to those images, in the queue's order, and the
// images of a view (RunViewState) that hides every other.

#include <QHash>
#include <QList>
#include <QSet>
#include <QSortFilterProxyModel>
#include <optional>

namespace posescope {

/// A QSortFilterProxyModel (sorting by Qt::UserRole, a case-insensitive fixed-string filter over
/// every column) whose source rows carry their image id under Qt::UserRole in `imageIdColumn`.
/// setQueue() keeps only the queue's images and orders them as the queue does, until a header is
/// clicked (sort()) or clearQueue(); the text filter still applies. Never throws.
class ImageQueueProxy : public QSortFilterProxyModel {
  Q_OBJECT
 public:
  explicit ImageQueueProxy(int imageIdColumn, QObject* parent = nullptr);

  /// Restricts the rows to `imageIds` (ids of no row are ignored), in that order.
  void setQueue(const QList<qint64>& imageIds);
  /// Every row again, in source order.
  void clearQueue();
  bool hasQueue() const { return hasQueue_; }
  /// Whether the rows follow the queue's order (not a column's).
  bool inQueueOrder() const { return hasQueue_ && queueOrder_; }

  /// Keeps only the rows of `imageIds` (a view's images), whatever the queue and text filter;
  /// nullopt: no view, every row.
  void setImagesInView(const std::optional<QSet<qint64>>& imageIds);

  /// Sorting by a column leaves the queue's order (the rows stay restricted to it).
  void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

 protected:
  bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
  bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

 private:
  qint64 imageIdOf(int sourceRow) const;

  int imageIdColumn_;
  bool hasQueue_ = false;
  bool queueOrder_ = false;
  QHash<qint64, int> positions_;  // image id -> place in the queue
  std::optional<QSet<qint64>> inView_;
};

}  // namespace posescope
