#pragma once
// The Results page's Annotation QA tab: the ground truth's suspected annotation errors given the
// run's predictions (docs/annotation-qa.md), each accepted or rejected, the metrics with the
// accepted fixes beside the run's, and the fixed annotation file's export.

#include <QWidget>
#include <functional>
#include <memory>

#include "widgets/session/latest_job.h"
#include "widgets/session/run_analysis.h"
#include "widgets/session/triage_queues.h"

class QLabel;
class QPushButton;
class QTableView;

namespace posescope {

class SuspectTableModel;

/// Follows the analysis the Results page shows. Decisions are read from and written to the run
/// folder's suspect_decisions.json off the GUI thread, as posescope-cli suspects --accept /
/// --reject keeps them; the metrics with the accepted fixes are computed off it too (core's
/// metricsWithFixes); only the latest request of each is shown. Never throws.
class SuspectsView : public QWidget {
  Q_OBJECT
 public:
  explicit SuspectsView(QWidget* parent = nullptr);

  /// Shows the suspects of `analysis` (nullptr: none) and reads the run folder's decisions;
  /// `tableName` is the arch name the exported metric tables carry.
  void setAnalysis(const RunAnalysisPtr& analysis, const QString& tableName = {});
  /// Accepts (true), rejects (false) or forgets (nullopt) the decision on the selected suspects,
  /// and saves the decisions.
  void decideSelected(std::optional<bool> accepted);
  /// Where Export Fixed Ground Truth… writes (a file dialog asks by default; tests set it).
  void setFolderChooser(std::function<QString()> choose) { chooseFolder_ = std::move(choose); }
  /// Writes the fixed annotation file, changes.md and changes.json of the accepted fixes into the
  /// chosen folder, off the GUI thread.
  void exportFixes();

  SuspectTableModel* model() const { return model_; }
  QTableView* table() const { return table_; }
  /// The line over the table: counts by kind, or why there is none.
  QString captionText() const;
  /// The line under it: the metrics with the accepted fixes beside the run's, or what is pending.
  QString metricsText() const;
  QPushButton* acceptButton() const { return accept_; }
  QPushButton* rejectButton() const { return reject_; }
  QPushButton* exportButton() const { return export_; }

 Q_SIGNALS:
  /// A suspect was double-clicked: the images of the suspects from it on, to walk on Inspect.
  void imagesRequested(const posescope::ImageQueue& queue);
  /// The decisions were read or written (saved = written), or that failed (error set).
  void decisionsSettled(bool saved, const QString& error);
  /// The metrics with the accepted fixes are shown (metricsText()), or why they are not.
  void metricsSettled();
  /// The export finished: what it wrote, or why it failed (error set).
  void exportFinished(const QString& folder, const QString& error);

 private:
  void showCaption();
  void readDecisions();
  void saveDecisions(const SuspectDecisions& decisions);
  void updateMetrics();
  void requestImagesFrom(int row);

  SuspectTableModel* model_ = nullptr;
  QTableView* table_ = nullptr;
  QLabel* caption_ = nullptr;
  QLabel* metrics_ = nullptr;
  QPushButton* accept_ = nullptr;
  QPushButton* reject_ = nullptr;
  QPushButton* undecide_ = nullptr;
  QPushButton* export_ = nullptr;
  RunAnalysisPtr analysis_;
  QString tableName_;
  std::function<QString()> chooseFolder_;
  LatestJob decisionsJob_;
  LatestJob metricsJob_;
};

}  // namespace posescope
