#include "metric_table_model.h"

namespace posescope {

MetricTableModel::MetricTableModel(QObject* parent) : QAbstractTableModel(parent) {}

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
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) ||
      !table_)
    return {};
  if (index.column() == 0) {
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) return archName_;
    return {};
  }
  const double value = table_->values[static_cast<size_t>(index.column() - 1)];
  switch (role) {
    case Qt::DisplayRole:
      return QString::asprintf("%.3f", value);  // printf's rounding, as the CLI's table
    case Qt::ToolTipRole:
      return QStringLiteral("%1 = %2")
          .arg(QString::fromStdString(table_->names[static_cast<size_t>(index.column() - 1)]))
          .arg(QString::asprintf("%.17g", value));
    case Qt::UserRole:
      return value;
    case Qt::TextAlignmentRole:
      return int(Qt::AlignRight | Qt::AlignVCenter);
    default:
      return {};
  }
}

QVariant MetricTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole || orientation != Qt::Horizontal || !table_) return {};
  if (section == 0) return tr("Arch");
  if (section < 1 || section > static_cast<int>(table_->names.size())) return {};
  return QString::fromStdString(table_->names[static_cast<size_t>(section - 1)]);
}

}  // namespace posescope
