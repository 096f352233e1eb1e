#pragma once
// Table model of a LitePose architecture: one row per backbone stage, plus the deconv head.

#include <QAbstractTableModel>
#include <optional>

#include "config/arch_config.h"

namespace posescope {

/// Rows: "stem", each backbone stage, "deconv"; columns describe widths, blocks and kernels.
class ArchTableModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column {
    StageColumn,
    BlocksColumn,
    StrideColumn,
    ChannelsColumn,
    BlocksDetailColumn,
    ColumnCount
  };

  explicit ArchTableModel(QObject* parent = nullptr);

  /// Shows `arch`, or clears the table when nullopt.
  void setArch(const std::optional<ArchConfig>& arch);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::optional<ArchConfig> arch_;
};

}  // namespace posescope
