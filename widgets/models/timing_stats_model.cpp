#include "widgets/models/timing_stats_model.h"

namespace posescope {

TimingStatsModel::TimingStatsModel(QObject* parent) : TableModelBase(parent) {}

void TimingStatsModel::setStats(TimingStats stats) {
  resetTo(stats_, std::move(stats));
}

const StatSummary* TimingStatsModel::summaryAt(int row) const {
  if (stats_.images == 0 || row < 0) return nullptr;
  const auto r = static_cast<size_t>(row);
  if (r < stats_.perStage.size()) return &stats_.perStage[r];
  if (r == stats_.perStage.size()) return &stats_.total;
  return nullptr;
}

int TimingStatsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || stats_.images == 0 ? 0 : static_cast<int>(stats_.perStage.size()) + 1;
}

int TimingStatsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant TimingStatsModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index)) return {};
  const StatSummary* s = summaryAt(index.row());
  if (!s) return {};
  if (index.column() == StageColumn) {
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    const auto r = static_cast<size_t>(index.row());
    return r < stats_.stages.size() ? QString::fromStdString(stats_.stages[r]) : tr("total");
  }
  double value = 0;
  switch (index.column()) {
    case MeanColumn:
      value = s->mean;
      break;
    case P50Column:
      value = s->p50;
      break;
    case P90Column:
      value = s->p90;
      break;
    default:
      value = s->max;
      break;
  }
  return numberCell(
      role, value, QString::number(value, 'f', 2),
      tr("%1 ms over %2 image(s)").arg(QString::asprintf("%.17g", value)).arg(s->count));
}

QVariant TimingStatsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole || orientation != Qt::Horizontal) return {};
  switch (section) {
    case StageColumn:
      return tr("Stage");
    case MeanColumn:
      return tr("Mean (ms)");
    case P50Column:
      return tr("Median (ms)");
    case P90Column:
      return tr("p90 (ms)");
    case MaxColumn:
      return tr("Max (ms)");
    default:
      return {};
  }
}

}  // namespace posescope
