#include "widgets/models/people_table_model.h"

#include <QBrush>
#include <QColor>
#include <algorithm>

#include "render/palette.h"
#include "render/skeleton_layers.h"

namespace posescope {

PeopleTableModel::PeopleTableModel(QObject* parent) : TableModelBase(parent) {}

void PeopleTableModel::setScene(const OverlayScene& scene, const RenderOptions& options) {
  std::vector<Row> rows;
  const std::vector<bool> shown = shownPeople(scene, options);
  for (std::size_t i = 0; i < scene.predictions.size(); ++i) {
    Row row;
    row.person = static_cast<int>(i);
    row.score = scene.predictions[i].score;
    row.shown = shown[i];
    for (const PredictionMatch& m : scene.matches) {
      if (m.person != i) continue;
      row.groundTruthId = m.groundTruthId;
      row.oks = m.oks;
      row.ignoredMatch = m.groundTruthIgnored;
    }
    rows.push_back(row);
  }
  std::stable_sort(rows.begin(), rows.end(),
                   [](const Row& a, const Row& b) { return a.score > b.score; });
  for (const GroundTruthPerson& person : scene.groundTruth) {
    if (person.isCrowd || person.numKeypoints <= 0) continue;
    const bool found =
        std::any_of(scene.matches.begin(), scene.matches.end(),
                    [&](const PredictionMatch& m) { return m.groundTruthId == person.id; });
    if (found) continue;
    Row row;
    row.groundTruthId = person.id;
    rows.push_back(row);
  }
  resetTo(rows_, std::move(rows));
}

int PeopleTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int PeopleTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant PeopleTableModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index)) return {};
  const Row& r = rows_[static_cast<std::size_t>(index.row())];
  const bool missed = r.person < 0;
  switch (index.column()) {
    case PersonColumn:
      if (role == Qt::DecorationRole && !missed) {
        const cv::Scalar c = personColor(static_cast<std::size_t>(r.person));
        return QColor(int(c[0]), int(c[1]), int(c[2]));
      }
      if (role == Qt::UserRole) return missed ? -1 : r.person;
      if (role == Qt::DisplayRole)
        return missed ? tr("GT %1").arg(r.groundTruthId) : tr("P%1").arg(r.person + 1);
      return {};
    case ScoreColumn:
      if (missed) return {};
      return numberCell(role, r.score, QString::number(r.score, 'f', 3));
    case OksColumn:
      if (r.oks < 0) return role == Qt::UserRole ? QVariant(-1.0) : QVariant();
      return numberCell(role, r.oks, QString::number(r.oks, 'f', 3));
    case MatchColumn:
      if (role == Qt::ForegroundRole && (missed || r.groundTruthId < 0))
        return QBrush(QColor(0xb0, 0x1c, 0x13));
      if (role != Qt::DisplayRole && role != Qt::UserRole) return {};
      if (missed) return tr("missed");
      if (r.groundTruthId < 0) return tr("unmatched");
      return r.ignoredMatch ? tr("crowd / ignored") : tr("GT %1").arg(r.groundTruthId);
    case ShownColumn:
      if (role != Qt::DisplayRole && role != Qt::UserRole) return {};
      if (missed) return role == Qt::UserRole ? QVariant(true) : QVariant(tr("yes"));
      return role == Qt::UserRole ? QVariant(r.shown) : QVariant(r.shown ? tr("yes") : tr("no"));
    default:
      return {};
  }
}

QVariant PeopleTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole && section == OksColumn)
    return tr("OKS of the person's match at the chosen threshold");
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case PersonColumn:
      return tr("Person");
    case ScoreColumn:
      return tr("Score");
    case OksColumn:
      return tr("OKS");
    case MatchColumn:
      return tr("Matched");
    case ShownColumn:
      return tr("Drawn");
    default:
      return {};
  }
}

}  // namespace posescope
