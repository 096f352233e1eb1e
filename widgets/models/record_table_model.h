#pragma once
// The per-image records of a run as a table that grows while the run is in progress.

#include <QHash>
#include <memory>
#include <vector>

#include "analysis/image_ranking.h"
#include "pipeline/image_record.h"
#include "report/per_image_table.h"
#include "widgets/models/table_model_base.h"

namespace posescope {

/// One row per evaluated image: id, file, predicted people, ground-truth people, the image's AP
/// and mean OKS (once the run's per-image evaluation is known, setScores), the AP it costs the
/// dataset (setApLost), total and per-stage milliseconds, failure.
/// Display shows milliseconds with one decimal, AP and OKS with three; Qt::UserRole gives
/// numbers for sorting (-1 for an unknown AP or OKS). The records are kept without their people
/// (only how many): a run's people are the Inspect page's, and copying and freeing 5,000 images'
/// keypoints on the GUI thread cost tens of milliseconds each time a run folder was opened.
class RecordTableModel : public TableModelBase {
  Q_OBJECT
 public:
  enum Column {
    IndexColumn,
    ImageIdColumn,
    FileColumn,
    PeopleColumn,             // predicted people
    GroundTruthPeopleColumn,  // regular ground-truth people (setScores)
    ApColumn,
    ApLostColumn,  // the dataset's AP without the image minus with it (setApLost)
    OksColumn,
    TotalMsColumn,
    FirstStageColumn,  // one column per stageNames() entry from here
    FailureColumn = FirstStageColumn + 5,
    ColumnCount
  };

  explicit RecordTableModel(QObject* parent = nullptr);

  /// Appends one record at the end (beginInsertRows / endInsertRows).
  void appendRecord(const ImageRecord& record);
  /// Replaces all rows (a run folder opened, a new run started).
  void setRecords(const std::vector<ImageRecord>& records);
  void clear() { setRecords({}); }
  /// The per-image AP and mean OKS of the records (by dataset index); rows without one show
  /// none. Emits dataChanged for the two columns.
  void setScores(const std::vector<PerImageRow>& rows);
  /// The AP each image costs the dataset (core's rankImages, the metric table's settings);
  /// nullptr: none known. Emits dataChanged for the column.
  void setApLost(const std::shared_ptr<const std::vector<RankedImage>>& ranking);
  /// The rows' records, without their people.
  const std::vector<ImageRecord>& records() const { return records_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  void append(const ImageRecord& record);

  std::vector<ImageRecord> records_;
  std::vector<std::size_t> peopleCounts_;  // one per record
  QHash<qulonglong, PerImageRow> scores_;  // by dataset index
  QHash<qint64, double> apLost_;           // by image id
};

}  // namespace posescope
