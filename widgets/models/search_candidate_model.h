#pragma once
// The candidates of a search folder as a table: one row per evaluated architecture.

#include <set>
#include <string>

#include "search/search_folder.h"
#include "widgets/models/table_model_base.h"

namespace posescope {

/// Columns Key, Generation, Input (px), AP, GMACs, Parameters (M), Latency (ms), Eval (s),
/// Pareto (whether no candidate has both a higher AP and fewer MACs). Qt::UserRole holds the
/// exact number of numeric cells (what a proxy sorts by); Qt::ToolTipRole of every cell gives
/// the architecture. Never throws.
class SearchCandidateModel : public TableModelBase {
  Q_OBJECT
 public:
  enum Column {
    KeyColumn,
    GenerationColumn,
    InputColumn,
    ApColumn,
    GmacsColumn,
    ParametersColumn,
    LatencyColumn,
    SecondsColumn,
    ParetoColumn,
    ColumnCount
  };

  explicit SearchCandidateModel(QObject* parent = nullptr);

  /// Shows `candidates` (resets the model).
  void setCandidates(std::vector<search::CandidateScore> candidates);
  const search::CandidateScore* candidateAt(int row) const;
  QString keyAt(int row) const;
  bool isOnParetoFront(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

  /// The architecture in a few lines: input, stem, deconvolutions, stages.
  static QString describeArch(const ArchConfig& arch);
  /// ptflops' exact count `ptflopsMacs` in GMACs to four decimals (0.1 M MACs): ptflops' own
  /// two-decimal figure reads alike for most candidates of a search.
  static QString gmacsText(std::int64_t ptflopsMacs);

 private:
  std::vector<search::CandidateScore> candidates_;
  std::vector<QString> keys_;
  std::set<std::string> front_;
};

}  // namespace posescope
