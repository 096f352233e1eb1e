#pragma once
// The viewer's per-image table: one row per image of a run with its evaluation and timings.

#include <vector>
#include "widgets/models/table_model_base.h"

#include "report/per_image_table.h"

namespace posescope {

/// One row per PerImageRow (core/report): index, image id, file, ground-truth and predicted
/// people, per-image AP and mean OKS, total and per-stage milliseconds, failure. Display shows
/// rounded numbers and "–" for unknown values; Qt::UserRole gives numbers for sorting (unknown
/// AP / OKS / ground truth sort as -1).
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
    TotalMsColumn,
    FirstStageColumn,  // one column per stageNames() entry from here
    FailureColumn = FirstStageColumn + 5,
    ColumnCount
  };

  explicit InspectTableModel(QObject* parent = nullptr);

  /// Replaces all rows (resetModel).
  void setRows(std::vector<PerImageRow> rows);
  /// Appends one row (a record arriving during a run; beginInsertRows / endInsertRows).
  void appendRow(const PerImageRow& row);
  const std::vector<PerImageRow>& rows() const { return rows_; }
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
};

}  // namespace posescope
