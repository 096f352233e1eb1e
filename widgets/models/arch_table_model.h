#pragma once
// Table model of a LitePose architecture: one row per backbone stage, plus the deconv head.

#include <optional>
#include "widgets/models/table_model_base.h"

#include "config/arch_config.h"
#include "models/stage_costs.h"
#include "widgets/session/number_text.h"

namespace posescope {

/// Rows: "stem", each backbone stage, "deconv"; columns describe widths, blocks and kernels.
class ArchTableModel : public TableModelBase {
  Q_OBJECT
 public:
  enum Column {
    StageColumn,
    BlocksColumn,
    StrideColumn,
    ChannelsColumn,
    ParametersColumn,
    MultiplyAddsColumn,
    BlocksDetailColumn,  // last: it is the widest and stretches
    ColumnCount
  };

  explicit ArchTableModel(QObject* parent = nullptr);

  /// Shows `arch`, or clears the table when nullopt.
  void setArch(const std::optional<ArchConfig>& arch);
  /// Shows per-row parameters and multiply-adds (computed off the GUI thread by the caller);
  /// nullopt clears those columns. Rows: stem, stages, head.
  void setCosts(const std::optional<StageCosts>& costs);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  QVariant costData(int row, int column) const;

  std::optional<ArchConfig> arch_;
  std::optional<StageCosts> costs_;
};

}  // namespace posescope
