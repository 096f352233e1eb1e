#include "widgets/models/arch_table_model.h"

#include <QStringList>

namespace posescope {

namespace {

// Compresses [[6,7],[6,7],[4,5]] to "2x e6 k7, e4 k5" so long stages stay readable.
QString describeBlocks(const std::vector<std::pair<int, int>>& blocks) {
  QStringList parts;
  size_t i = 0;
  while (i < blocks.size()) {
    size_t j = i;
    while (j < blocks.size() && blocks[j] == blocks[i]) ++j;
    const QString one = QStringLiteral("e%1 k%2").arg(blocks[i].first).arg(blocks[i].second);
    parts << (j - i > 1 ? QStringLiteral("%1\u00d7 %2").arg(j - i).arg(one) : one);
    i = j;
  }
  return parts.join(QStringLiteral(", "));
}

}  // namespace

ArchTableModel::ArchTableModel(QObject* parent) : TableModelBase(parent) {}

void ArchTableModel::setArch(const std::optional<ArchConfig>& arch) {
  beginResetModel();
  arch_ = arch;
  costs_.reset();
  endResetModel();
}

void ArchTableModel::setCosts(const std::optional<StageCosts>& costs) {
  costs_ = costs;
  if (rowCount() > 0)
    Q_EMIT dataChanged(index(0, ParametersColumn), index(rowCount() - 1, MultiplyAddsColumn));
}

QVariant ArchTableModel::costData(int row, int column) const {
  if (!costs_ || !arch_) return {};
  const int stages = static_cast<int>(arch_->backbone.size());
  const GroupCost* cost = nullptr;
  if (row == 0) {
    cost = &costs_->stem;
  } else if (row <= stages && row - 1 < static_cast<int>(costs_->stages.size())) {
    cost = &costs_->stages[static_cast<size_t>(row - 1)];
  } else if (row == stages + 1) {
    cost = &costs_->head;
  }
  if (!cost) return {};
  return column == ParametersColumn ? formatCount(cost->parameters)
                                    : formatCount(cost->multiplyAdds);
}

int ArchTableModel::rowCount(const QModelIndex& parent) const {
  if (parent.isValid() || !arch_) return 0;
  return static_cast<int>(arch_->backbone.size()) + 2;  // stem + stages + deconv head
}

int ArchTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant ArchTableModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index) || !arch_) return {};
  if (role == Qt::TextAlignmentRole && index.column() != BlocksDetailColumn &&
      index.column() != StageColumn)
    return kNumberAlignment;
  if (role != Qt::DisplayRole) return {};
  if (index.column() == ParametersColumn || index.column() == MultiplyAddsColumn)
    return costData(index.row(), index.column());
  const int row = index.row();
  const int stages = static_cast<int>(arch_->backbone.size());
  if (row == 0) {  // stem: 3x3 stride-2 conv then a depthwise-separable conv
    switch (index.column()) {
      case StageColumn:
        return tr("stem");
      case StrideColumn:
        return 2;
      case ChannelsColumn:
        return arch_->inputChannel;
      default:
        return {};
    }
  }
  if (row == stages + 1) {
    QStringList widths;
    for (int c : arch_->deconvSetting) widths << QString::number(c);
    switch (index.column()) {
      case StageColumn:
        return tr("deconv head");
      case BlocksColumn:
        return static_cast<int>(arch_->deconvSetting.size());
      case ChannelsColumn:
        return widths.join(QStringLiteral(" / "));
      default:
        return {};
    }
  }
  const ArchStage& s = arch_->backbone[static_cast<size_t>(row - 1)];
  switch (index.column()) {
    case StageColumn:
      return tr("stage %1").arg(row);
    case BlocksColumn:
      return s.numBlocks;
    case StrideColumn:
      return s.stride;
    case ChannelsColumn:
      return s.channel;
    case BlocksDetailColumn:
      return describeBlocks(s.blockSetting);
  }
  return {};
}

QVariant ArchTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case StageColumn:
      return tr("Stage");
    case BlocksColumn:
      return tr("Blocks");
    case StrideColumn:
      return tr("Stride");
    case ChannelsColumn:
      return tr("Channels");
    case BlocksDetailColumn:
      return tr("Expansion / kernel");
    case ParametersColumn:
      return tr("Parameters");
    case MultiplyAddsColumn:
      return tr("MACs (ptflops)");
  }
  return {};
}

}  // namespace posescope
