#include "widgets/models/sigma_table_model.h"

#include <QFont>
#include <cmath>

#include "eval/eval_params.h"

namespace posescope {

namespace {

// Sigmas are given to three significant digits by the datasets (0.026, 0.079, ...); more are
// shown only when typed.
QString sigmaText(double sigma) {
  return QString::number(sigma, 'g', 6);
}

}  // namespace

SigmaTableModel::SigmaTableModel(QObject* parent) : TableModelBase(parent) {}

void SigmaTableModel::setReference(const std::vector<double>& reference,
                                   const std::vector<std::string>& jointNames) {
  beginResetModel();
  reference_ = reference;
  sigmas_ = reference;
  names_ = jointNames;
  endResetModel();
}

bool SigmaTableModel::setSigmas(const std::vector<double>& sigmas) {
  if (sigmas.size() != sigmas_.size()) return false;
  if (sigmas == sigmas_) return true;
  sigmas_ = sigmas;
  if (!sigmas_.empty())
    Q_EMIT dataChanged(index(0, SigmaColumn), index(rowCount() - 1, SigmaColumn));
  Q_EMIT sigmasChanged();
  return true;
}

QString SigmaTableModel::jointName(int joint) const {
  if (joint < static_cast<int>(names_.size()) && !names_[joint].empty())
    return QString::fromStdString(names_[joint]);
  return tr("joint %1").arg(joint);
}

int SigmaTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(sigmas_.size());
}

int SigmaTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant SigmaTableModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index)) return {};
  const int row = index.row();
  const double sigma = sigmas_[row], reference = reference_[row];
  switch (index.column()) {
    case JointColumn:
      if (role == Qt::DisplayRole) return tr("%1 %2").arg(row).arg(jointName(row));
      return {};
    case SigmaColumn:
      if (role == Qt::EditRole) return sigma;
      if (role == Qt::FontRole && sigma != reference) {
        QFont bold;
        bold.setBold(true);
        return bold;
      }
      return numberCell(role, sigma, sigmaText(sigma),
                        sigma != reference
                            ? tr("changed from %1 %2").arg(referenceName_).arg(reference)
                            : tr("%1; double-click to change").arg(referenceName_));
    case ReferenceColumn:
      return numberCell(role, reference, sigmaText(reference));
    default:
      return {};
  }
}

bool SigmaTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (!isCell(index) || index.column() != SigmaColumn || role != Qt::EditRole) return false;
  bool isNumber = false;
  double sigma = value.toDouble(&isNumber);
  if (!isNumber || !std::isfinite(sigma) || sigma <= 0) {
    Q_EMIT rejected(tr("sigma of %1: '%2' is not a positive number")
                        .arg(jointName(index.row()), value.toString()));
    return false;
  }
  sigma = snapToReference({sigma}, {reference_[index.row()]}).front();
  if (sigma == sigmas_[index.row()]) return true;
  sigmas_[index.row()] = sigma;
  Q_EMIT dataChanged(index, index);
  Q_EMIT sigmasChanged();
  return true;
}

Qt::ItemFlags SigmaTableModel::flags(const QModelIndex& index) const {
  if (!index.isValid() || !isCell(index)) return Qt::NoItemFlags;
  const Qt::ItemFlags base = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  return index.column() == SigmaColumn ? base | Qt::ItemIsEditable : base;
}

QVariant SigmaTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case JointColumn:
      return tr("Joint");
    case SigmaColumn:
      return tr("Sigma");
    case ReferenceColumn:
      return referenceName_;
    default:
      return {};
  }
}

void SigmaTableModel::setReferenceName(const QString& name) {
  if (name == referenceName_) return;
  referenceName_ = name;
  Q_EMIT headerDataChanged(Qt::Horizontal, ReferenceColumn, ReferenceColumn);
  if (rowCount() > 0) Q_EMIT dataChanged(index(0, SigmaColumn), index(rowCount() - 1, SigmaColumn));
}

}  // namespace posescope
