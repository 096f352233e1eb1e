#pragma once
// The Inspect page's image list: the filter, the view's query bar, the triage queues and the
// per-image table.

#include <QWidget>
#include <optional>
#include <vector>

#include "report/per_image_table.h"
#include "widgets/session/run_analysis.h"
#include "widgets/session/triage_queues.h"

class QAction;
class QComboBox;
class QLineEdit;
class QTableView;

namespace posescope {

class ImageQueueProxy;
class InspectTableModel;
class RunViewState;
class TriageBar;
class ViewQueryBar;

/// The filter and the column it matches, the view's query bar, the triage bar, then the per-image
/// table (sortable, dataset order at first; the error analysis' counts and the view's tags as
/// columns) above `belowTable` in a splitter. The table's selection is the image to show
/// (imageChosen); an image queue restricts and orders its rows. Never throws.
class ImageListPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ImageListPanel(QWidget* belowTable, QWidget* parent = nullptr);

  InspectTableModel* model() const { return model_; }
  ImageQueueProxy* proxy() const { return proxy_; }
  QLineEdit* filterEdit() const { return filter_; }
  QComboBox* filterColumnBox() const { return filterColumn_; }
  ViewQueryBar* viewBar() const { return viewBar_; }
  TriageBar* triageBar() const { return triageBar_; }

  /// The query bar edits `view`, the table keeps its images and shows its tags.
  void followView(RunViewState* view);
  /// The rows of another run (the filter and the queue are the caller's to clear).
  void setRows(std::vector<PerImageRow> rows);
  void appendRow(const PerImageRow& row);
  void clearFilter();
  /// The count columns follow `analysis`; the triage queues need one.
  void setAnalysis(const RunAnalysisPtr& analysis);

  /// Whether the run has a row of dataset image `datasetIndex`.
  bool hasImage(std::size_t datasetIndex) const;
  /// Selects the row of `datasetIndex` and scrolls to it; false when the filter, view or queue
  /// hides it.
  bool selectImage(std::size_t datasetIndex);
  /// Selects the row `step` rows away in the table's order; false at either end.
  bool stepImage(int step);
  /// PgDown / "." and PgUp / ",": the next and previous row (the page adds them, which their
  /// shortcuts need).
  QList<QAction*> stepActions() const { return stepActions_; }
  /// The dataset indices of the rows after and before the one selected (read ahead).
  std::vector<std::size_t> neighbours() const;

  /// Restricts the table to `queue` (the "Keep top" box back to all) and selects its first image.
  void showQueue(const ImageQueue& queue);
  /// Keeps only the first `count` images of the queue shown (0: all of them).
  void keepQueueTop(int count);
  /// Every image again, in dataset order; false when no queue was shown.
  bool clearQueue();
  /// The queue's title, "" when every image is listed.
  QString queueTitle() const { return queueTitle_; }

 Q_SIGNALS:
  /// The row of dataset image `datasetIndex` became the current one.
  void imageChosen(qulonglong datasetIndex);

 private:
  QWidget* buildTable();
  /// The table keeps the rows whose chosen column matches the filter's text.
  void applyTextFilter();
  /// No sort arrow while a queue's order holds (the header must not sort the rows itself).
  void clearSortIndicator();

  InspectTableModel* model_ = nullptr;
  ImageQueueProxy* proxy_ = nullptr;
  QLineEdit* filter_ = nullptr;
  QComboBox* filterColumn_ = nullptr;
  ViewQueryBar* viewBar_ = nullptr;
  TriageBar* triageBar_ = nullptr;
  QTableView* table_ = nullptr;
  QList<QAction*> stepActions_;
  std::optional<ImageQueue> queue_;  // the whole queue shown, before "Keep top"
  QString queueTitle_;
};

}  // namespace posescope
