#pragma once
// valid.py's metric table as an item model: one row per run, one column per metric.

#include <optional>
#include "widgets/models/table_model_base.h"

#include "eval/metric_table.h"

namespace posescope {

/// Columns: "Arch", then the metric names in valid.py's order. Display shows three decimals as
/// the CLI prints; ToolTipRole and Qt::UserRole give the full-precision value. Empty when no
/// table is set.
class MetricTableModel : public TableModelBase {
  Q_OBJECT
 public:
  explicit MetricTableModel(QObject* parent = nullptr);

  /// Shows `table` under the shortened `archName` (as valid.py does), or clears it with nullopt.
  void setTable(const std::optional<MetricTable>& table, const QString& archName);
  const std::optional<MetricTable>& table() const { return table_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::optional<MetricTable> table_;
  QString archName_;
};

}  // namespace posescope
