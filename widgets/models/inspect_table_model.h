#pragma once
// The viewer's per-image table: one row per image of a run with its evaluation and timings.

#include <QHash>
#include <optional>
#include <vector>

#include "report/per_image_table.h"
#include "widgets/models/table_model_base.h"
#include "widgets/session/run_analysis.h"
#include "widgets/session/triage_queues.h"

namespace posescope {

/// One row per PerImageRow (core/report): index, image id, file, ground-truth and predicted
/// people, per-image AP and mean OKS, the error analysis' counts (swaps, inversions, misses,
/// jitters, background false positives, missed people: Triage's ImageTriage), total and
/// per-stage milliseconds, failure, tags, and the key of the image queue shown (its name as the
/// header, "–" for an image not in the queue; placed beside the file by the view). Display shows
/// rounded numbers and "–" for unknown values (the counts without an analysis); Qt::UserRole gives
/// numbers for sorting (unknown AP / OKS / ground truth / counts sort as -1).
class InspectTableModel : public TableModelBase {
  Q_OBJECT
 public:
  enum Column {
    IndexColumn,
    ImageIdColumn,
    FileColumn,
    GroundTruthColumn,
    PeopleColumn,
    ApColumn,
    MeanOksColumn,
    SwapsColumn,  // the error analysis' counts, from here to MissedPeopleColumn
    InversionsColumn,
    MissesColumn,
    JittersColumn,
    BackgroundFpColumn,
    MissedPeopleColumn,
    TotalMsColumn,
    FirstStageColumn,  // one column per stageNames() entry from here
    FailureColumn = FirstStageColumn + 5,
    TagsColumn,      // the run folder's tags of the image and its people
    QueueKeyColumn,  // the key of the image queue shown (setQueue)
    ColumnCount
  };

  explicit InspectTableModel(QObject* parent = nullptr);

  /// Replaces all rows (resetModel).
  void setRows(std::vector<PerImageRow> rows);
  /// Appends one row (a record arriving during a run; beginInsertRows / endInsertRows).
  void appendRow(const PerImageRow& row);
  const std::vector<PerImageRow>& rows() const { return rows_; }
  /// The error analysis whose per-image counts fill the count columns (nullptr: "–");
  /// dataChanged over those columns.
  void setAnalysis(RunAnalysisPtr analysis);
  const RunAnalysisPtr& analysis() const { return analysis_; }
  /// The tags of each image ("bad-gt, occluded (person)"), by image id; dataChanged over the
  /// tags column.
  void setImageTags(QHash<qint64, QString> tags);
  /// The queue whose key fills the queue key column (its keys and key name); nullopt: none.
  /// headerDataChanged and dataChanged over that column.
  void setQueue(std::optional<ImageQueue> queue);
  /// The row at `row`, or nullptr when out of range.
  const PerImageRow* rowAt(int row) const;
  /// The model row of dataset index `datasetIndex`, or -1.
  int rowOfDatasetIndex(std::size_t datasetIndex) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::vector<PerImageRow> rows_;
  RunAnalysisPtr analysis_;
  QHash<qint64, QString> tags_;
  std::optional<ImageQueue> queue_;
};

}  // namespace posescope
