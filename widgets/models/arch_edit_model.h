#pragma once
// An architecture of LitePose's search space, edited value by value: input size, stem width,
// deconvolution widths, and per stage its width, blocks and depthwise kernel.

#include <vector>

#include "config/arch_config.h"
#include "widgets/models/table_model_base.h"

namespace posescope {

/// Columns Setting, Value (editable). A value the supernet cannot run (a width above its own, a
/// kernel that is not 3, 5 or 7, more blocks than it has, an input size that is not a multiple of
/// 32 in 128..1024) is refused: setData returns false and rejected() says why. Never throws.
class ArchEditModel : public TableModelBase {
  Q_OBJECT
 public:
  enum Column { SettingColumn, ValueColumn, ColumnCount };

  explicit ArchEditModel(QObject* parent = nullptr);

  /// Edits `arch` within `space` (the supernet's widths and blocks); resets the model.
  void setArch(const ArchConfig& arch, const ArchManager& space);
  const ArchConfig& arch() const { return arch_; }
  bool hasArch() const { return hasArch_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 Q_SIGNALS:
  void archChanged();
  void rejected(const QString& reason);

 private:
  enum class Field { InputSize, StemChannels, Deconv, StageChannels, StageBlocks, StageKernel };
  struct Row {
    Field field;
    int index;  // deconvolution or stage
  };
  int valueOf(const Row& row) const;
  QString nameOf(const Row& row) const;

  ArchConfig arch_;
  bool hasArch_ = false;
  int maxStemChannels_ = 24;
  std::vector<int> maxDeconv_;
  std::vector<StageSpace> stages_;
  std::vector<Row> rows_;
};

}  // namespace posescope
