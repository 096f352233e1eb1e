#include "widgets/models/run_tags_model.h"

namespace posescope {

QString taggedPersonText(const RunTag& tag) {
  if (tag.annotationId) return QObject::tr("person %1").arg(*tag.annotationId);
  if (tag.detection) return QObject::tr("prediction %1").arg(*tag.detection);
  return {};
}

RunTagsModel::RunTagsModel(QObject* parent) : TableModelBase(parent) {}

void RunTagsModel::setTags(std::vector<RunTag> tags) {
  resetTo(tags_, std::move(tags));
}

int RunTagsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(tags_.size());
}

int RunTagsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunTagsModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index)) return {};
  const RunTag& tag = tags_[static_cast<std::size_t>(index.row())];
  if (index.column() == ImageIdColumn)
    return numberCell(role, static_cast<double>(tag.imageId), QString::number(tag.imageId));
  if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != Qt::UserRole) return {};
  switch (index.column()) {
    case PersonColumn:
      return taggedPersonText(tag);
    case TagColumn:
      return QString::fromStdString(tag.tag);
    default:
      return QString::fromStdString(tag.note);
  }
}

QVariant RunTagsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
      section >= ColumnCount)
    return {};
  switch (section) {
    case ImageIdColumn:
      return tr("Image id");
    case PersonColumn:
      return tr("Person");
    case TagColumn:
      return tr("Tag");
    default:
      return tr("Note");
  }
}

}  // namespace posescope
