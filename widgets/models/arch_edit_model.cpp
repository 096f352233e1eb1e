#include "widgets/models/arch_edit_model.h"

namespace posescope {

ArchEditModel::ArchEditModel(QObject* parent) : TableModelBase(parent) {}

void ArchEditModel::setArch(const ArchConfig& arch, const ArchManager& space) {
  beginResetModel();
  arch_ = arch;
  hasArch_ = true;
  maxStemChannels_ = space.baseInputChannel();
  maxDeconv_ = space.baseDeconvFilters();
  stages_ = space.stages();
  rows_ = {{Field::InputSize, 0}, {Field::StemChannels, 0}};
  for (int i = 0; i < static_cast<int>(arch_.deconvSetting.size()); ++i)
    rows_.push_back({Field::Deconv, i});
  for (int s = 0; s < static_cast<int>(arch_.backbone.size()); ++s)
    for (Field f : {Field::StageChannels, Field::StageBlocks, Field::StageKernel})
      rows_.push_back({f, s});
  endResetModel();
}

int ArchEditModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ArchEditModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

int ArchEditModel::valueOf(const Row& row) const {
  switch (row.field) {
    case Field::InputSize:
      return arch_.imgSize;
    case Field::StemChannels:
      return arch_.inputChannel;
    case Field::Deconv:
      return arch_.deconvSetting[row.index];
    case Field::StageChannels:
      return arch_.backbone[row.index].channel;
    case Field::StageBlocks:
      return arch_.backbone[row.index].numBlocks;
    case Field::StageKernel:
    default: {
      const auto& blocks = arch_.backbone[row.index].blockSetting;
      return blocks.empty() ? 7 : blocks.front().second;
    }
  }
}

QString ArchEditModel::nameOf(const Row& row) const {
  const int n = row.index + 1;
  switch (row.field) {
    case Field::InputSize:
      return tr("Input size (px)");
    case Field::StemChannels:
      return tr("Stem channels");
    case Field::Deconv:
      return tr("Deconvolution %1 filters").arg(n);
    case Field::StageChannels:
      return tr("Stage %1 channels").arg(n);
    case Field::StageBlocks:
      return tr("Stage %1 blocks").arg(n);
    case Field::StageKernel:
    default:
      return tr("Stage %1 kernel").arg(n);
  }
}

QVariant ArchEditModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index)) return {};
  const Row& row = rows_[static_cast<std::size_t>(index.row())];
  if (index.column() == SettingColumn)
    return role == Qt::DisplayRole ? QVariant(nameOf(row)) : QVariant();
  if (role == Qt::EditRole) return valueOf(row);
  return numberCell(role, valueOf(row), valueOf(row));
}

Qt::ItemFlags ArchEditModel::flags(const QModelIndex& index) const {
  if (!index.isValid() || !isCell(index)) return Qt::NoItemFlags;
  const Qt::ItemFlags base = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  return index.column() == ValueColumn ? base | Qt::ItemIsEditable : base;
}

bool ArchEditModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (!isCell(index) || index.column() != ValueColumn || role != Qt::EditRole) return false;
  const Row& row = rows_[static_cast<std::size_t>(index.row())];
  bool isNumber = false;
  const int v = value.toInt(&isNumber);
  auto refuse = [&](const QString& why) {
    Q_EMIT rejected(tr("%1: %2").arg(nameOf(row), why));
    return false;
  };
  if (!isNumber || v < 1) return refuse(tr("a positive whole number is needed"));
  switch (row.field) {
    case Field::InputSize:
      if (v % 32 != 0 || v < 128 || v > 1024)
        return refuse(tr("a multiple of 32 from 128 to 1024 is needed"));
      arch_.imgSize = v;
      break;
    case Field::StemChannels:
      if (v > maxStemChannels_) return refuse(tr("the supernet has %1").arg(maxStemChannels_));
      arch_.inputChannel = v;
      break;
    case Field::Deconv:
      if (row.index < static_cast<int>(maxDeconv_.size()) && v > maxDeconv_[row.index])
        return refuse(tr("the supernet has %1").arg(maxDeconv_[row.index]));
      arch_.deconvSetting[row.index] = v;
      break;
    case Field::StageChannels:
      if (v > stages_[row.index].channel)
        return refuse(tr("the supernet has %1").arg(stages_[row.index].channel));
      arch_.backbone[row.index].channel = v;
      break;
    case Field::StageBlocks: {
      if (v > stages_[row.index].numBlocks)
        return refuse(tr("the supernet has %1").arg(stages_[row.index].numBlocks));
      auto& stage = arch_.backbone[row.index];
      const std::pair<int, int> block =
          stage.blockSetting.empty() ? std::pair{6, 7} : stage.blockSetting.front();
      stage.numBlocks = v;
      stage.blockSetting.assign(static_cast<std::size_t>(v), block);
      break;
    }
    case Field::StageKernel:
      if (v != 3 && v != 5 && v != 7) return refuse(tr("3, 5 or 7 is needed"));
      for (auto& block : arch_.backbone[row.index].blockSetting) block.second = v;
      break;
  }
  Q_EMIT dataChanged(index, index);
  Q_EMIT archChanged();
  return true;
}

QVariant ArchEditModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  return section == SettingColumn ? tr("Setting") : tr("Value");
}

}  // namespace posescope
