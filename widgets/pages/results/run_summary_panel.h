#pragma once
// A run's summary as a labelled panel: model, size, device, images, failures, wall time.

#include <QMap>
#include <QWidget>

#include "pipeline/run_folder.h"

class QLabel;

namespace posescope {

class ElidedLabel;

/// Read-only form over a RunSummary; empty until setSummary(). The run folder is cut from the
/// left when it does not fit, keeping the end that tells runs apart; its tooltip holds the whole
/// path. Never throws.
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
  /// The text of `row` (the whole run folder, even when the label shows it cut).
  QString value(Row row) const;

 private:
  QMap<Row, QLabel*> values_;  // every row but the folder
  ElidedLabel* folder_ = nullptr;
};

/// A run's device list for people: "cpu,cpu" reads "cpu, 2 network replicas"; others as given.
QString deviceText(const QString& devices);

}  // namespace posescope
