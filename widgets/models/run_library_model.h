#pragma once
// The run library as a table: one row per run folder (posescope-cli runs' rows).

#include <QString>
#include <vector>

#include "pipeline/run_library.h"
#include "widgets/models/table_model_base.h"

namespace posescope {

/// What a run was evaluated on, as the Runs page groups runs: its annotation file's SHA-256, else
/// the file's path (runs that recorded no digest). Never fails.
QString groundTruthKey(const LibraryRun& run);

/// Columns Run, State, Model, Checkpoint, Epoch, Dataset, Images, then every stat the runs have
/// (metrics.json's names, in the order first met), then Params (M), GMACs, ms / image, Date.
/// Qt::UserRole holds what a proxy sorts by (the exact number of numeric cells, -infinity when
/// unknown: below every value; the text of the others); an unreadable, failed or cancelled run says
/// why in the tool tip of its cells; runs on another ground truth than setGroundTruth's are grey.
/// Never throws.
class RunLibraryModel : public TableModelBase {
  Q_OBJECT
 public:
  enum Column {
    RunColumn,
    StateColumn,
    ModelColumn,
    CheckpointColumn,
    EpochColumn,
    DatasetColumn,
    ImagesColumn,
    FirstStatColumn
  };

  explicit RunLibraryModel(QObject* parent = nullptr);

  /// Shows `runs` (resets the model).
  void setRuns(std::vector<LibraryRun> runs);
  /// Greys the runs whose groundTruthKey is not `key` (none when empty).
  void setGroundTruth(const QString& key);

  const std::vector<LibraryRun>& runs() const { return runs_; }
  /// The run of `row`; null outside the table.
  const LibraryRun* runAt(int row) const;
  /// The stat names of the stat columns, in their order.
  const std::vector<std::string>& statNames() const { return statNames_; }
  /// The column of stat `name`, -1 when no run has it.
  int statColumn(const std::string& name) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  QVariant cell(const LibraryRun& run, int column, int role) const;

  std::vector<LibraryRun> runs_;
  std::vector<std::string> statNames_;
  QString groundTruth_;
};

}  // namespace posescope
