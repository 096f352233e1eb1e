#include "widgets/models/record_table_model.h"

#include <QBrush>
#include <QColor>
#include <limits>

namespace posescope {

namespace {

constexpr int kStages = RecordTableModel::FailureColumn - RecordTableModel::FirstStageColumn;

}  // namespace

RecordTableModel::RecordTableModel(QObject* parent) : TableModelBase(parent) {
  static_assert(kStages == 5, "one column per pipeline stage");
}

void RecordTableModel::append(const ImageRecord& record) {
  records_.push_back(recordWithoutPeople(record));
  peopleCounts_.push_back(record.people.size());
}

void RecordTableModel::appendRecord(const ImageRecord& record) {
  const int row = static_cast<int>(records_.size());
  beginInsertRows({}, row, row);
  append(record);
  endInsertRows();
}

void RecordTableModel::setRecords(const std::vector<ImageRecord>& records) {
  beginResetModel();
  scores_.clear();
  records_.clear();
  peopleCounts_.clear();
  records_.reserve(records.size());
  peopleCounts_.reserve(records.size());
  for (const ImageRecord& record : records) append(record);
  endResetModel();
}

void RecordTableModel::setScores(const std::vector<PerImageRow>& rows) {
  scores_.clear();
  for (const PerImageRow& row : rows) scores_.insert(row.index, row);
  if (!records_.empty())
    Q_EMIT dataChanged(index(0, GroundTruthPeopleColumn), index(rowCount() - 1, OksColumn));
}

void RecordTableModel::setApLost(const std::shared_ptr<const std::vector<RankedImage>>& ranking) {
  apLost_.clear();
  if (ranking)
    for (const RankedImage& image : *ranking) apLost_.insert(image.imageId, image.apLost);
  if (!records_.empty())
    Q_EMIT dataChanged(index(0, ApLostColumn), index(rowCount() - 1, ApLostColumn));
}

int RecordTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(records_.size());
}

int RecordTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant RecordTableModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index)) return {};
  const ImageRecord& r = records_[static_cast<size_t>(index.row())];
  const int col = index.column();
  if (role == Qt::ForegroundRole && r.failed()) return QBrush(QColor(0xb0, 0x1c, 0x13));
  if (role == Qt::TextAlignmentRole)
    return col == FileColumn || col == FailureColumn ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                                     : kNumberAlignment;
  if (role == Qt::ToolTipRole && col == FailureColumn && r.failed())
    return QString::fromStdString(r.error);
  if (role == Qt::ToolTipRole && col == ApLostColumn && apLost_.contains(r.imageId))
    return QString::number(apLost_.value(r.imageId), 'g', 17);
  if (role != Qt::DisplayRole && role != Qt::UserRole) return {};
  const bool display = role == Qt::DisplayRole;
  auto ms = [display](double v) -> QVariant {
    return display ? QVariant(QString::number(v, 'f', 1)) : QVariant(v);
  };
  auto score = [&](const std::optional<double> PerImageRow::*field) -> QVariant {
    const auto it = scores_.constFind(r.index);
    const std::optional<double> v = it == scores_.constEnd() ? std::nullopt : (*it).*field;
    if (!v) return display ? QVariant() : QVariant(-1.0);
    return display ? QVariant(QString::number(*v, 'f', 3)) : QVariant(*v);
  };
  switch (col) {
    case IndexColumn:
      return qulonglong(r.index);
    case ImageIdColumn:
      return qlonglong(r.imageId);
    case FileColumn:
      return QString::fromStdString(r.file);
    case PeopleColumn:
      return static_cast<int>(peopleCounts_[static_cast<std::size_t>(index.row())]);
    case GroundTruthPeopleColumn: {
      const auto it = scores_.constFind(r.index);
      const int people = it == scores_.constEnd() ? -1 : it->groundTruthPeople;
      return people >= 0 ? QVariant(people) : display ? QVariant() : QVariant(-1);
    }
    case ApColumn:
      return score(&PerImageRow::ap);
    case ApLostColumn: {
      // Unknown sorts below every image, so it comes last in the worst-first (descending) order.
      if (!apLost_.contains(r.imageId))
        return display ? QVariant() : QVariant(std::numeric_limits<double>::lowest());
      const double lost = apLost_.value(r.imageId);
      return display ? QVariant(QString::asprintf("%+.4f", lost)) : QVariant(lost);
    }
    case OksColumn:
      return score(&PerImageRow::meanOks);
    case TotalMsColumn:
      return ms(r.times.totalMs());
    case FailureColumn:
      return QString::fromStdString(r.error);
    default:
      return ms(stageValue(r.times, static_cast<size_t>(col - FirstStageColumn)));
  }
}

QVariant RecordTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole) {
    switch (section) {
      case PeopleColumn:
        return tr("People the model predicted in the image");
      case GroundTruthPeopleColumn:
        return tr("Ground-truth people that count (not crowd regions, not unlabelled)");
      case ApLostColumn:
        return tr(
            "AP lost: the dataset's AP without this image minus its AP with it (the metric "
            "table's settings); sort it descending for the worst images, as posescope-cli "
            "analyze and Inspect's Worst images queue rank them");
      default:
        return {};
    }
  }
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case IndexColumn:
      return tr("#");
    case ImageIdColumn:
      return tr("Image id");
    case FileColumn:
      return tr("File");
    case PeopleColumn:
      return tr("Predicted people");
    case GroundTruthPeopleColumn:
      return tr("GT people");
    case ApColumn:
      return tr("AP");
    case ApLostColumn:
      return tr("AP lost");
    case OksColumn:
      return tr("Mean OKS");
    case TotalMsColumn:
      return tr("Total ms");
    case FailureColumn:
      return tr("Failure");
    default:
      if (section >= FirstStageColumn && section < FailureColumn)
        return tr("%1 ms").arg(
            QString::fromStdString(stageNames()[static_cast<size_t>(section - FirstStageColumn)]));
      return {};
  }
}

}  // namespace posescope
