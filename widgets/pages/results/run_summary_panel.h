#pragma once
// A run's summary as a labelled panel: model, size, device, images, failures, wall time.

#include <QMap>
#include <QWidget>

#include "pipeline/run_folder.h"

class QLabel;

namespace posescope {

class ElidedLabel;

/// Read-only form over a RunSummary; empty until setSummary(). The state and the run folder are
/// one line each, cut with an ellipsis when they do not fit (the folder from the left, keeping the
/// end that tells runs apart), their tooltips holding the whole text. Never throws.
class RunSummaryPanel : public QWidget {
  Q_OBJECT
 public:
  /// Row keys, for value().
  enum class Row {
    State,
    Model,
    Parameters,
    MultiplyAdds,
    Device,
    Dataset,
    Images,
    Failed,
    Wall,
    Folder
  };

  explicit RunSummaryPanel(QWidget* parent = nullptr);

  /// Shows `summary` of the run in `runDir` ("" for a run without a folder).
  void setSummary(const RunSummary& summary, const QString& runDir);
  void clear();
  /// A run scored with a skeleton of its own: the Dataset row says so ("coco rules, 6 keypoints
  /// of 'quadruped6': gt.json") until the next setSummary. "" leaves the row as setSummary wrote
  /// it.
  void setOwnSkeleton(const QString& skeleton);
  /// The text of `row` (the whole state or run folder, even when the label shows it cut).
  QString value(Row row) const;

 private:
  QMap<Row, QLabel*> values_;       // every row but the two below
  QMap<Row, ElidedLabel*> elided_;  // the state and the run folder
  QString datasetKind_, annotationFile_;
};

/// A run's device list for people: "cpu,cpu" reads "cpu, 2 network replicas"; others as given.
QString deviceText(const QString& devices);

}  // namespace posescope
