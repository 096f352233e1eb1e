#include "widgets/models/search_candidate_model.h"

#include <QStringList>

namespace posescope {

SearchCandidateModel::SearchCandidateModel(QObject* parent) : TableModelBase(parent) {}

void SearchCandidateModel::setCandidates(std::vector<search::CandidateScore> candidates) {
  beginResetModel();
  candidates_ = std::move(candidates);
  keys_.clear();
  for (const auto& c : candidates_)
    keys_.push_back(QString::fromStdString(search::candidateKey(c.arch)));
  front_.clear();
  for (const auto& c : search::paretoFront(candidates_))
    front_.insert(search::candidateKey(c.arch));
  endResetModel();
}

const search::CandidateScore* SearchCandidateModel::candidateAt(int row) const {
  return row >= 0 && row < rowCount() ? &candidates_[static_cast<std::size_t>(row)] : nullptr;
}

QString SearchCandidateModel::keyAt(int row) const {
  return row >= 0 && row < rowCount() ? keys_[static_cast<std::size_t>(row)] : QString();
}

bool SearchCandidateModel::isOnParetoFront(int row) const {
  return row >= 0 && row < rowCount() && front_.count(keyAt(row).toStdString());
}

int SearchCandidateModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(candidates_.size());
}

int SearchCandidateModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QString SearchCandidateModel::describeArch(const ArchConfig& arch) {
  QStringList deconv, stages;
  for (int d : arch.deconvSetting) deconv << QString::number(d);
  for (const auto& s : arch.backbone)
    stages << QStringLiteral("%1x%2").arg(s.numBlocks).arg(s.channel);
  return QObject::tr("input %1 px, stem %2 ch\nstages (blocks x channels): %3\ndeconv: %4")
      .arg(arch.imgSize)
      .arg(arch.inputChannel)
      .arg(stages.join(QStringLiteral(", ")), deconv.join(QStringLiteral(", ")));
}

QString SearchCandidateModel::gmacsText(std::int64_t ptflopsMacs) {
  return QString::number(static_cast<double>(ptflopsMacs) / 1e9, 'f', 4);
}

QVariant SearchCandidateModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index)) return {};
  const auto& c = candidates_[static_cast<std::size_t>(index.row())];
  if (role == Qt::ToolTipRole) return describeArch(c.arch);
  switch (index.column()) {
    case KeyColumn:
      return role == Qt::DisplayRole || role == Qt::UserRole ? QVariant(keys_[index.row()])
                                                             : QVariant();
    case GenerationColumn:
      return numberCell(role, c.generation, c.generation);
    case InputColumn:
      return numberCell(role, c.arch.imgSize, c.arch.imgSize);
    case ApColumn:
      return numberCell(role, c.accuracy, QString::number(c.accuracy, 'f', 4));
    case GmacsColumn:
      return numberCell(role, static_cast<double>(c.cost.ptflopsMacs),
                        gmacsText(c.cost.ptflopsMacs));
    case ParametersColumn:
      return numberCell(role, static_cast<double>(c.cost.parameters),
                        QString::number(c.cost.parameters / 1e6, 'f', 3));
    case LatencyColumn:
      return c.latencyMs < 0 ? (role == Qt::DisplayRole ? QVariant(tr("not measured")) : QVariant())
                             : numberCell(role, c.latencyMs, QString::number(c.latencyMs, 'f', 1));
    case SecondsColumn:
      return numberCell(role, c.seconds, QString::number(c.seconds, 'f', 1));
    case ParetoColumn: {
      const bool front = isOnParetoFront(index.row());
      if (role == Qt::UserRole) return front;
      return role == Qt::DisplayRole ? QVariant(front ? tr("yes") : QString()) : QVariant();
    }
    default:
      return {};
  }
}

QVariant SearchCandidateModel::headerData(int section, Qt::Orientation orientation,
                                          int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case KeyColumn:
      return tr("Candidate");
    case GenerationColumn:
      return tr("Generation");
    case InputColumn:
      return tr("Input (px)");
    case ApColumn:
      return tr("AP");
    case GmacsColumn:
      return tr("GMACs (ptflops)");
    case ParametersColumn:
      return tr("Params (M)");
    case LatencyColumn:
      return tr("Latency (ms)");
    case SecondsColumn:
      return tr("Eval (s)");
    case ParetoColumn:
      return tr("Pareto");
    default:
      return {};
  }
}

}  // namespace posescope
