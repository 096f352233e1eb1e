#include "widgets/models/run_library_model.h"

#include <QColor>
#include <QFileInfo>
#include <algorithm>
#include <limits>

namespace posescope {

namespace {

const QString kDash = QStringLiteral("\u2013");
// Below every value, so that with the best first the rows without one come last (NaN would
// compare neither way and scatter them).
constexpr double kUnknown = -std::numeric_limits<double>::infinity();

QString text(const std::string& s) {
  return QString::fromStdString(s);
}

// The columns after the stats, counted from the first of them.
enum TailColumn { ParamsTail, GmacsTail, MsTail, DateTail, TailCount };

// A number cell: `value` with `decimals`, "–" (kUnknown for sorting) when unknown.
QVariant numberOrDash(int role, std::optional<double> value, int decimals) {
  return TableModelBase::numberCell(role, value.value_or(kUnknown),
                                    value ? QString::number(*value, 'f', decimals) : kDash);
}

// A text cell, sorted by its text.
QVariant textCell(int role, const QString& shown, const QVariant& toolTip = {}) {
  if (role == Qt::DisplayRole || role == Qt::UserRole) return shown;
  if (role == Qt::ToolTipRole) return toolTip;
  return {};
}

}  // namespace

QString groundTruthKey(const LibraryRun& run) {
  return text(run.annotationSha256.empty() ? run.annotationFile : run.annotationSha256);
}

RunLibraryModel::RunLibraryModel(QObject* parent) : TableModelBase(parent) {}

void RunLibraryModel::setRuns(std::vector<LibraryRun> runs) {
  beginResetModel();
  runs_ = std::move(runs);
  statNames_.clear();
  for (const LibraryRun& run : runs_)
    for (const std::string& name : run.statNames)
      if (std::find(statNames_.begin(), statNames_.end(), name) == statNames_.end())
        statNames_.push_back(name);
  endResetModel();
}

void RunLibraryModel::setGroundTruth(const QString& key) {
  groundTruth_ = key;
  if (!runs_.empty())
    Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::ForegroundRole});
}

const LibraryRun* RunLibraryModel::runAt(int row) const {
  return row >= 0 && row < rowCount() ? &runs_[static_cast<std::size_t>(row)] : nullptr;
}

int RunLibraryModel::statColumn(const std::string& name) const {
  const auto at = std::find(statNames_.begin(), statNames_.end(), name);
  return at == statNames_.end() ? -1 : FirstStatColumn + static_cast<int>(at - statNames_.begin());
}

int RunLibraryModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(runs_.size());
}

int RunLibraryModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : FirstStatColumn + static_cast<int>(statNames_.size()) + TailCount;
}

QVariant RunLibraryModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index)) return {};
  const LibraryRun& run = runs_[static_cast<std::size_t>(index.row())];
  if (role == Qt::ForegroundRole) {
    if (run.state == "unreadable" || run.state == "failed") return QColor(0xc0, 0x1c, 0x28);
    if (!groundTruth_.isEmpty() && groundTruthKey(run) != groundTruth_) return QColor(Qt::gray);
    return {};
  }
  // Why a run has no numbers, on every cell of its row.
  if (role == Qt::ToolTipRole && !run.problem.empty() && index.column() != DatasetColumn)
    return text(run.state + ": " + run.problem);
  return cell(run, index.column(), role);
}

QVariant RunLibraryModel::cell(const LibraryRun& run, int column, int role) const {
  const int stats = static_cast<int>(statNames_.size());
  if (column >= FirstStatColumn && column < FirstStatColumn + stats)
    return numberOrDash(
        role, run.stat(statNames_[static_cast<std::size_t>(column - FirstStatColumn)]), 3);
  switch (column) {
    case RunColumn:
      return textCell(role, text(run.name), text(run.dir));
    case StateColumn:
      return textCell(
          role, text(run.shard.empty() ? run.state : run.state + " (shard " + run.shard + ")"));
    case ModelColumn: {  // whole in the tooltip: the column may be too narrow for it
      const QString model = run.imported
                                ? tr("imported")
                                : text(run.arch.empty() ? run.model : run.model + " / " + run.arch);
      return textCell(role, model, model);
    }
    case CheckpointColumn:
      return textCell(role, run.checkpoint.empty() ? kDash : text(run.checkpoint),
                      text(run.checkpoint));
    case EpochColumn:
      return numberOrDash(role, run.epoch ? std::optional<double>(*run.epoch) : std::nullopt, 0);
    case DatasetColumn: {
      const QString file = QFileInfo(text(run.annotationFile)).fileName();
      const QString sha = text(shortSha256(run.annotationSha256));
      return textCell(role, sha.isEmpty() ? file : file + QStringLiteral(" \u00b7 ") + sha,
                      text(run.annotationFile) +
                          (sha.isEmpty() ? QString() : "\nSHA-256 " + text(run.annotationSha256)));
    }
    case ImagesColumn:
      return numberCell(role, static_cast<double>(run.images),
                        run.images == run.imagesTotal
                            ? QString::number(run.images)
                            : QStringLiteral("%1 / %2").arg(run.images).arg(run.imagesTotal));
    default:
      break;
  }
  switch (column - FirstStatColumn - stats) {
    case ParamsTail:
      return numberOrDash(
          role, run.parameters > 0 ? std::optional<double>(run.parameters / 1e6) : std::nullopt, 3);
    case GmacsTail:
      return numberOrDash(
          role, run.multiplyAdds > 0 ? std::optional<double>(run.multiplyAdds / 1e9) : std::nullopt,
          3);
    case MsTail:
      return numberOrDash(role, run.msPerImage, 1);
    case DateTail:
      return textCell(role, text(run.startedAt));
    default:
      return {};
  }
}

QVariant RunLibraryModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole || orientation != Qt::Horizontal) return {};
  const int stats = static_cast<int>(statNames_.size());
  if (section >= FirstStatColumn && section < FirstStatColumn + stats)
    return text(statNames_[static_cast<std::size_t>(section - FirstStatColumn)]);
  switch (section) {
    case RunColumn:
      return tr("Run");
    case StateColumn:
      return tr("State");
    case ModelColumn:
      return tr("Model / arch");
    case CheckpointColumn:
      return tr("Checkpoint");
    case EpochColumn:
      return tr("Epoch");
    case DatasetColumn:
      return tr("Dataset");
    case ImagesColumn:
      return tr("Images");
    default:
      break;
  }
  switch (section - FirstStatColumn - stats) {
    case ParamsTail:
      return tr("Params (M)");
    case GmacsTail:
      return tr("GMACs");
    case MsTail:
      return tr("ms / image");
    case DateTail:
      return tr("Date");
    default:
      return {};
  }
}

}  // namespace posescope
