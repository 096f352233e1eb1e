#include "widgets/models/suspect_table_model.h"

#include <QColor>

namespace posescope {

SuspectTableModel::SuspectTableModel(QObject* parent) : TableModelBase(parent) {}

void SuspectTableModel::setSuspects(std::shared_ptr<const AnnotationSuspects> suspects,
                                    const SuspectDecisions& decisions) {
  beginResetModel();
  suspects_ = std::move(suspects);
  decisions_ = decisions;
  endResetModel();
}

void SuspectTableModel::setDecisions(const SuspectDecisions& decisions) {
  decisions_ = decisions;
  if (rowCount() > 0)
    Q_EMIT dataChanged(index(0, DecisionColumn), index(rowCount() - 1, DecisionColumn));
}

const AnnotationSuspect* SuspectTableModel::suspectAt(int row) const {
  if (!suspects_ || row < 0 || row >= rowCount()) return nullptr;
  return &suspects_->suspects[static_cast<std::size_t>(row)];
}

int SuspectTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !suspects_ ? 0 : static_cast<int>(suspects_->suspects.size());
}

int SuspectTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant SuspectTableModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index)) return {};
  const AnnotationSuspect& s = *suspectAt(index.row());
  const auto text = [](const std::string& t) { return QString::fromStdString(t); };
  const auto decision = decisions_.find(s.key);
  const int decided = decision == decisions_.end() ? -1 : decision->second ? 1 : 0;
  switch (index.column()) {
    case KindColumn:
      return role == Qt::DisplayRole ? text(suspectKindName(s.kind)) : QVariant();
    case ImageColumn:
      return numberCell(role, static_cast<double>(s.imageId), QString::number(s.imageId));
    case AnnotationColumn:
      return numberCell(role, static_cast<double>(s.annotationId),
                        s.annotationId ? QString::number(s.annotationId) : tr("none"),
                        s.annotationId ? QVariant() : tr("a person with no annotation"));
    case EvidenceColumn:
      return role == Qt::DisplayRole || role == Qt::ToolTipRole ? text(s.evidence) : QVariant();
    case FixColumn:
      return role == Qt::DisplayRole || role == Qt::ToolTipRole ? text(s.fix) : QVariant();
    case DecisionColumn:
      if (role == Qt::UserRole) return decided;
      if (role == Qt::ForegroundRole && decided >= 0)
        return decided ? QColor(0x1a, 0x7f, 0x37) : QColor(0x80, 0x80, 0x80);
      if (role != Qt::DisplayRole) return {};
      return decided < 0 ? tr("undecided") : decided ? tr("accepted") : tr("rejected");
    case KeyColumn:
      return role == Qt::DisplayRole ? text(s.key) : QVariant();
    default:
      return {};
  }
}

QVariant SuspectTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole || orientation != Qt::Horizontal) return {};
  switch (section) {
    case KindColumn:
      return tr("Suspected error");
    case ImageColumn:
      return tr("Image id");
    case AnnotationColumn:
      return tr("Annotation");
    case EvidenceColumn:
      return tr("Evidence");
    case FixColumn:
      return tr("Suggested fix");
    case DecisionColumn:
      return tr("Decision");
    case KeyColumn:
      return tr("Key");
    default:
      return {};
  }
}

}  // namespace posescope
