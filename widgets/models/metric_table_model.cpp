#include "widgets/models/metric_table_model.h"

namespace posescope {

MetricTableModel::MetricTableModel(QObject* parent) : TableModelBase(parent) {}

void MetricTableModel::setTable(const std::optional<MetricTable>& table, const QString& archName) {
  beginResetModel();
  table_ = table;
  archName_ = QString::fromStdString(shortenArchName(archName.toStdString()));
  endResetModel();
}

int MetricTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !table_ ? 0 : 1;
}

int MetricTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() || !table_ ? 0 : static_cast<int>(table_->values.size()) + 1;
}

QVariant MetricTableModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index) || !table_) return {};
  if (index.column() == 0) {
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) return archName_;
    return {};
  }
  const auto i = static_cast<size_t>(index.column() - 1);
  const double value = table_->values[i];
  if (role == Qt::ToolTipRole)
    return QStringLiteral("%1 = %2").arg(QString::fromStdString(table_->names[i]),
                                         QString::asprintf("%.17g", value));
  // printf's rounding, as the CLI's table
  return numberCell(role, value, QString::asprintf("%.3f", value));
}

QVariant MetricTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole || orientation != Qt::Horizontal || !table_) return {};
  if (section == 0) return tr("Arch");
  if (section < 1 || section > static_cast<int>(table_->names.size())) return {};
  return QString::fromStdString(table_->names[static_cast<size_t>(section - 1)]);
}

}  // namespace posescope
