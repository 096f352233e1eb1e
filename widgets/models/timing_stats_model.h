#pragma once
// Timing statistics of a run (core/report's computeTimingStats) as an item model.

#include "widgets/models/table_model_base.h"

#include "report/timing_stats.h"

namespace posescope {

/// One row per pipeline stage and a last "total" row; columns Stage, Median (p50), p90, Max,
/// Mean (ms): the median and p90 first, as they are not pulled by a few slow images.
/// Display shows two decimals; Qt::UserRole and the tooltip give the full-precision value.
/// Empty until stats with at least one image are set. Never throws.
class TimingStatsModel : public TableModelBase {
  Q_OBJECT
 public:
  enum Column { StageColumn, P50Column, P90Column, MaxColumn, MeanColumn, ColumnCount };

  explicit TimingStatsModel(QObject* parent = nullptr);

  /// Shows `stats` (resets the model).
  void setStats(TimingStats stats);
  const TimingStats& stats() const { return stats_; }
  /// The summary of row `row` (stages in order, then the total); nullptr when out of range.
  const StatSummary* summaryAt(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  TimingStats stats_;
};

}  // namespace posescope
