#pragma once
// The per-image records of a run as a table that grows while the run is in progress.

#include <vector>
#include "widgets/models/table_model_base.h"

#include "pipeline/image_record.h"

namespace posescope {

/// One row per evaluated image: id, file, people, total and per-stage milliseconds, failure.
/// Display shows milliseconds with one decimal; Qt::UserRole gives numbers for sorting.
class RecordTableModel : public TableModelBase {
  Q_OBJECT
 public:
  enum Column {
    IndexColumn,
    ImageIdColumn,
    FileColumn,
    PeopleColumn,
    TotalMsColumn,
    FirstStageColumn,  // one column per stageNames() entry from here
    FailureColumn = FirstStageColumn + 5,
    ColumnCount
  };

  explicit RecordTableModel(QObject* parent = nullptr);

  /// Appends one record at the end (beginInsertRows / endInsertRows).
  void appendRecord(const ImageRecord& record);
  /// Replaces all rows (a run folder opened, a new run started).
  void setRecords(std::vector<ImageRecord> records);
  void clear() { setRecords({}); }
  const std::vector<ImageRecord>& records() const { return records_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::vector<ImageRecord> records_;
};

}  // namespace posescope
