#include "widgets/models/inspect_table_model.h"

#include <QBrush>
#include <QColor>

namespace posescope {

namespace {

const QString kUnknown = QStringLiteral("\u2013");

bool isCountColumn(int column) {
  return column >= InspectTableModel::SwapsColumn &&
         column <= InspectTableModel::MissedPeopleColumn;
}

// The error analysis' count of `column` for an image; -1 without one.
int errorCount(const ImageTriage* t, int column) {
  if (!t) return -1;
  switch (column) {
    case InspectTableModel::SwapsColumn:
      return t->swaps;
    case InspectTableModel::InversionsColumn:
      return t->inversions;
    case InspectTableModel::MissesColumn:
      return t->misses;
    case InspectTableModel::JittersColumn:
      return t->jitters;
    case InspectTableModel::BackgroundFpColumn:
      return t->backgroundFalsePositives;
    default:
      return t->missedPeople;
  }
}

// A cell's exact value, which sorting uses (missing AP / OKS / people: -1); the display formats it.
QVariant exactValue(const PerImageRow& r, int column) {
  switch (column) {
    case InspectTableModel::IndexColumn:
      return QVariant::fromValue<qulonglong>(r.index);
    case InspectTableModel::ImageIdColumn:
      return QVariant::fromValue<qlonglong>(r.imageId);
    case InspectTableModel::FileColumn:
      return QString::fromStdString(r.file);
    case InspectTableModel::GroundTruthColumn:
      return r.groundTruthPeople;
    case InspectTableModel::PeopleColumn:
      return QVariant::fromValue<qulonglong>(r.people);
    case InspectTableModel::ApColumn:
      return r.ap.value_or(-1.0);
    case InspectTableModel::MeanOksColumn:
      return r.meanOks.value_or(-1.0);
    case InspectTableModel::TotalMsColumn:
      return r.times.totalMs();
    case InspectTableModel::FailureColumn:
      return QString::fromStdString(r.error);
    default:
      return stageValue(r.times, static_cast<size_t>(column - InspectTableModel::FirstStageColumn));
  }
}

}  // namespace

InspectTableModel::InspectTableModel(QObject* parent) : TableModelBase(parent) {}

void InspectTableModel::setRows(std::vector<PerImageRow> rows) {
  resetTo(rows_, std::move(rows));
}

void InspectTableModel::setAnalysis(RunAnalysisPtr analysis) {
  analysis_ = std::move(analysis);
  if (!rows_.empty())
    Q_EMIT dataChanged(index(0, SwapsColumn),
                       index(static_cast<int>(rows_.size()) - 1, MissedPeopleColumn));
}

void InspectTableModel::setImageTags(QHash<qint64, QString> tags) {
  tags_ = std::move(tags);
  if (!rows_.empty())
    Q_EMIT dataChanged(index(0, TagsColumn), index(static_cast<int>(rows_.size()) - 1, TagsColumn));
}

void InspectTableModel::setQueue(std::optional<ImageQueue> queue) {
  queue_ = std::move(queue);
  Q_EMIT headerDataChanged(Qt::Horizontal, QueueKeyColumn, QueueKeyColumn);
  if (!rows_.empty())
    Q_EMIT dataChanged(index(0, QueueKeyColumn),
                       index(static_cast<int>(rows_.size()) - 1, QueueKeyColumn));
}

void InspectTableModel::appendRow(const PerImageRow& row) {
  const int at = static_cast<int>(rows_.size());
  beginInsertRows({}, at, at);
  rows_.push_back(row);
  endInsertRows();
}

const PerImageRow* InspectTableModel::rowAt(int row) const {
  if (row < 0 || row >= static_cast<int>(rows_.size())) return nullptr;
  return &rows_[static_cast<size_t>(row)];
}

int InspectTableModel::rowOfDatasetIndex(std::size_t datasetIndex) const {
  for (size_t i = 0; i < rows_.size(); ++i)
    if (rows_[i].index == datasetIndex) return static_cast<int>(i);
  return -1;
}

int InspectTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int InspectTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant InspectTableModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index)) return {};
  const PerImageRow& r = rows_[static_cast<size_t>(index.row())];
  const int c = index.column();
  if (isCountColumn(c)) {
    const int n = errorCount(analysis_ ? analysis_->imageTriage(r.imageId) : nullptr, c);
    return numberCell(role, n, n < 0 ? QVariant(kUnknown) : QVariant(n));
  }
  if (c == QueueKeyColumn) {
    if (!queue_ || !queue_->keys.contains(r.imageId)) return numberCell(role, -1, kUnknown);
    const double key = queue_->keys.value(r.imageId);
    return numberCell(role, key, imageQueueKeyText(*queue_, key));
  }
  if (c == TagsColumn)
    return role == Qt::DisplayRole || role == Qt::UserRole || role == Qt::ToolTipRole
               ? QVariant(tags_.value(r.imageId))
               : QVariant();
  if (role == Qt::UserRole) return exactValue(r, c);
  if (role == Qt::DisplayRole) {
    switch (c) {
      case GroundTruthColumn:
        return r.groundTruthPeople < 0 ? QVariant(kUnknown) : QVariant(r.groundTruthPeople);
      case ApColumn:
        return r.ap ? QVariant(QString::number(*r.ap, 'f', 3)) : QVariant(kUnknown);
      case MeanOksColumn:
        return r.meanOks ? QVariant(QString::number(*r.meanOks, 'f', 3)) : QVariant(kUnknown);
      case IndexColumn:
      case ImageIdColumn:
      case FileColumn:
      case PeopleColumn:
      case FailureColumn:
        return exactValue(r, c);
      default:  // milliseconds
        return QString::number(exactValue(r, c).toDouble(), 'f', 1);
    }
  }
  if (role == Qt::TextAlignmentRole && c != FileColumn && c != FailureColumn)
    return kNumberAlignment;
  if (role == Qt::ForegroundRole && !r.error.empty()) return QBrush(QColor(190, 30, 30));
  if (role == Qt::ToolTipRole) {
    if (c == ApColumn && r.ap) return QString::number(*r.ap, 'g', 17);
    if (c == MeanOksColumn && r.meanOks) return QString::number(*r.meanOks, 'g', 17);
    if (c == FailureColumn && !r.error.empty()) return QString::fromStdString(r.error);
  }
  return {};
}

QVariant InspectTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
  if (role == Qt::ToolTipRole) {
    switch (section) {
      case GroundTruthColumn:
        return tr("Ground-truth people that count (not crowd regions, not unlabelled)");
      case ApColumn:
        return tr("AP of this image alone, over the metric table's OKS thresholds");
      case MeanOksColumn:
        return tr("Mean OKS of the matches at OKS .50");
      case SwapsColumn:
        return tr("Joints that landed on another person (error analysis)");
      case InversionsColumn:
        return tr("Joints that landed on the mirrored joint, left for right (error analysis)");
      case MissesColumn:
        return tr("Joints far from every person's joint (error analysis)");
      case JittersColumn:
        return tr("Joints near their own joint but not good (error analysis)");
      case BackgroundFpColumn:
        return tr("Detections matching no person at OKS .50, after fixing joints and scores");
      case MissedPeopleColumn:
        return tr("Labelled people no detection found at OKS .50");
      case TagsColumn:
        return tr("The run folder's tags (tags.json) of the image and its people");
      case QueueKeyColumn:
        return queue_ ? tr("The key the queue is ordered by: %1").arg(queue_->title) : QVariant();
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
    case GroundTruthColumn:
      return tr("GT");
    case PeopleColumn:
      return tr("People");
    case ApColumn:
      return tr("AP");
    case MeanOksColumn:
      return tr("Mean OKS");
    case SwapsColumn:
      return tr("Swaps");
    case InversionsColumn:
      return tr("Inversions");
    case MissesColumn:
      return tr("Misses");
    case JittersColumn:
      return tr("Jitters");
    case BackgroundFpColumn:
      return tr("BG FP");
    case MissedPeopleColumn:
      return tr("Missed");
    case TotalMsColumn:
      return tr("Total ms");
    case FailureColumn:
      return tr("Failure");
    case TagsColumn:
      return tr("Tags");
    case QueueKeyColumn:
      return queue_ && !queue_->keyName.isEmpty() ? queue_->keyName : tr("Queue key");
    default:
      return tr("%1 ms").arg(
          QString::fromStdString(stageNames()[static_cast<size_t>(section - FirstStageColumn)]));
  }
}

}  // namespace posescope
