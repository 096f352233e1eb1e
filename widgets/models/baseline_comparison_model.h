#pragma once
// Several runs against a baseline as a table: the baseline's stats, then each run's difference
// from it with its paired-bootstrap interval (the Runs page).

#include <QString>
#include <optional>

#include "widgets/models/table_model_base.h"
#include "widgets/session/baseline_comparison.h"

namespace posescope {

/// Row 0 is the baseline (its values), then one row per run in the comparison's order. Column 0
/// names the run, then one column per stat: for a run "+0.012 [-0.003, +0.027]" (run -
/// baseline and its interval; bold, starred and coloured when the interval excludes 0), the exact
/// difference under Qt::UserRole, both values and the interval in the tool tip. Never throws.
class BaselineComparisonModel : public TableModelBase {
  Q_OBJECT
 public:
  explicit BaselineComparisonModel(QObject* parent = nullptr);

  /// Shows `comparison` (resets the model); nullopt empties the table.
  void setComparison(std::optional<BaselineComparison> comparison);
  const std::optional<BaselineComparison>& comparison() const { return comparison_; }
  /// Row `row`'s difference in stat `stat` (a position in statNames); null for the baseline's
  /// row and outside the table.
  const StatDifference* differenceAt(int row, int stat) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::optional<BaselineComparison> comparison_;
};

}  // namespace posescope
