#pragma once
// Item models of the Compare page: metric table with differences, summary side by side,
// per-image deltas.

#include <map>
#include <optional>
#include <vector>

#include "widgets/models/table_model_base.h"

#include "report/run_comparison.h"
#include "widgets/session/compare_data.h"
#include "widgets/session/triage_queues.h"

namespace posescope {

/// The colour a difference is shown in: green when B is better (> 0), red when worse (< 0),
/// invalid (default colour) for zero. Higher is better for every metric shown.
QColor deltaColor(double delta);

/// "" for enough images for a bootstrap interval, else "; " and fewImagesNote's words, to end a
/// sentence that names an interval or its star.
QString fewImagesWords(std::size_t images);

/// One row per metric: Metric, A, B, B − A and its 95 % paired-bootstrap interval. Display shows
/// three decimals (as valid.py), the difference signed and coloured by sign, the interval as
/// `posescope-cli compare` prints it ("[-0.012, +0.034]", " *" and bold when it excludes 0);
/// Qt::UserRole gives full precision (the interval's low end). Never throws.
class MetricComparisonModel : public TableModelBase {
  Q_OBJECT
 public:
  enum Column { NameColumn, AColumn, BColumn, DeltaColumn, IntervalColumn, ColumnCount };

  explicit MetricComparisonModel(QObject* parent = nullptr);
  /// Shows `metrics` with `labelA` / `labelB` as column titles; nullopt clears the table.
  void setComparison(const std::optional<MetricComparison>& metrics, const QString& labelA,
                     const QString& labelB);
  const std::optional<MetricComparison>& metrics() const { return metrics_; }
  /// The intervals of B − A (nullopt: none); `pending` shows that they are being computed.
  void setSignificance(const std::optional<BootstrapComparison>& significance,
                       bool pending = false);
  const std::optional<BootstrapComparison>& significance() const { return significance_; }
  /// The interval of stat `name`, or nullptr.
  const StatDifference* intervalOf(const std::string& name) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::optional<MetricComparison> metrics_;
  std::optional<BootstrapComparison> significance_;
  bool pending_ = false;
  QString labelA_, labelB_;
};

/// Rows of SideBySideRow: What, A, B; rows whose values differ are bold. Never throws.
class SideBySideModel : public TableModelBase {
  Q_OBJECT
 public:
  explicit SideBySideModel(QObject* parent = nullptr);
  void setRows(std::vector<SideBySideRow> rows, const QString& labelA, const QString& labelB);
  const std::vector<SideBySideRow>& rows() const { return rows_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::vector<SideBySideRow> rows_;
  QString labelA_, labelB_;
};

/// One row per ImageDelta in the given order (the Compare page keeps core's sortImageDeltas
/// order): image id, file, Δ AP, Δ OKS, the error labels that changed ("B: 2 new swaps"), AP and
/// OKS of A and B, ground-truth people, people A / B, ms A / B, note, and the key of the chart
/// bar's image queue listed (setQueue; placed beside the file by the view). Unknown values show
/// "–"; Qt::UserRole gives numbers (unknown: NaN) and the image id for the first column. Never
/// throws.
class ImageDeltaModel : public TableModelBase {
  Q_OBJECT
 public:
  // The deltas right after the file, so they stay in sight in a narrow pane.
  enum Column {
    ImageIdColumn,
    FileColumn,
    DeltaApColumn,
    DeltaOksColumn,
    ErrorChangesColumn,
    ApAColumn,
    ApBColumn,
    OksAColumn,
    OksBColumn,
    GroundTruthColumn,
    PeopleAColumn,
    PeopleBColumn,
    MsAColumn,
    MsBColumn,
    NoteColumn,
    QueueKeyColumn,  // the key of the image queue listed (setQueue)
    ColumnCount
  };

  explicit ImageDeltaModel(QObject* parent = nullptr);
  void setImages(std::vector<ImageDelta> images);
  const std::vector<ImageDelta>& images() const { return images_; }
  /// The error label changes per image id (errorLabelChangesByImage); `known` false shows that
  /// they are not (yet) known.
  void setErrorChanges(std::map<std::int64_t, std::string> changes, bool known);
  /// The queue whose key (a chart bar's count of its error) fills the queue key column, its
  /// name the header; nullopt: none. headerDataChanged and dataChanged over that column.
  void setQueue(std::optional<ImageQueue> queue);
  /// The delta at `row`, or nullptr.
  const ImageDelta* deltaAt(int row) const;
  /// The row of image `imageId`, or -1.
  int rowOfImage(std::int64_t imageId) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::vector<ImageDelta> images_;
  std::map<std::int64_t, std::string> errorChanges_;
  bool errorChangesKnown_ = false;
  std::optional<ImageQueue> queue_;
};

}  // namespace posescope
