#pragma once
// The Results page: run summary, valid.py's metric table, the per-image records, where the AP
// goes (the error analysis' charts) and the precision-recall curves.

#include <QWidget>
#include <optional>

#include "eval/eval_params.h"

#include "widgets/session/run_analysis.h"
#include "widgets/session/run_types.h"
#include "widgets/session/triage_queues.h"

class QAbstractItemModel;
class QLabel;
class QPushButton;
class QGroupBox;
class QTabWidget;
class QTableView;
class QToolButton;

namespace posescope {

class ApIfFixedChart;
class CurvesView;
class SuspectsView;
class EvaluationSettingsPanel;
class RunDocument;
class JointErrorChart;
class MetricTableModel;
struct OpenedRun;
class RecordTableModel;
class RunSummaryPanel;
class ViewQueryBar;

/// Shows a run live (records appended as they arrive) or as loaded from its folder. Never throws.
class ResultsView : public QWidget {
  Q_OBJECT
 public:
  explicit ResultsView(QWidget* parent = nullptr);

  /// Follows `document`: the run shown (in progress or read back), its analysis, re-evaluation
  /// and current image.
  void followDocument(const RunDocument* document);

  /// Clears everything for a new run into `runDir`.
  void beginRun(const QString& runDir);
  void showStarted(const RunSummary& summary);
  void appendRecord(const ImageRecord& record);
  void showFinished(const RunOutcome& outcome);
  /// Shows a run folder read back with loadRunFolder.
  void showLoadedRun(const LoadedRun& run);

  MetricTableModel* metricModel() const { return metricModel_; }
  RecordTableModel* recordModel() const { return recordModel_; }
  /// The per-image table as shown (sorted, and filtered by the view).
  QAbstractItemModel* recordRows() const;
  /// The view's query bar above the per-image table (the document's RunViewState, shared with
  /// the Inspect page).
  ViewQueryBar* viewBar() const { return viewBar_; }
  RunSummaryPanel* summaryPanel() const { return summary_; }
  ApIfFixedChart* apChart() const { return apChart_; }
  JointErrorChart* jointChart() const { return jointChart_; }
  /// The precision-recall curves of the analysis shown.
  CurvesView* curvesView() const { return curvesView_; }
  /// The suspected annotation errors of the analysis shown.
  SuspectsView* suspectsView() const { return suspectsView_; }
  /// The tabs under the summary: Images, Where the AP goes, Curves, Annotation QA.
  QTabWidget* detailTabs() const { return tabs_; }
  enum Tab { ImagesTab, AnalysisTab, CurvesTab, AnnotationQaTab };
  void showTab(Tab tab);
  /// Opens the evaluation settings beside the page on `settings` and evaluates the run shown
  /// with them, as the user's changes in the panel do.
  void applyEvaluationSettings(const EvalParams& settings);

  /// Shows the error analysis of the run shown in the charts; nullptr clears them. The first
  /// analysis of a run folder read starts the evaluation settings from valid.py's.
  void showAnalysis(const RunAnalysisPtr& analysis);
  /// Shows the run's metric table and per-image AP / OKS evaluated with other settings (or with
  /// valid.py's again), marked plainly when they are not valid.py's.
  void showReevaluation(const RunReevaluationPtr& reevaluation);
  /// The arch name of the metric table (MODEL.NAME), as valid.py prints it.
  QString tableName() const { return tableName_; }
  EvaluationSettingsPanel* settingsPanel() const { return settingsPanel_; }
  /// Shows or hides the evaluation settings beside the page (the Metrics box's button).
  QToolButton* settingsButton() const { return settingsButton_; }
  /// Shows that the analysis is being computed.
  void showAnalysisRunning();
  /// Shows why the analysis could not be computed (names the file).
  void showAnalysisFailed(const QString& message);
  /// Resume, shown under the summary while the run shown can be resumed (interrupted, cancelled,
  /// failed) and enabled while no run goes.
  QPushButton* resumeButton() const { return resumeButton_; }
  /// The metrics caption ("no metrics: the run was cancelled", ...).
  QString metricsNote() const;
  /// Selects and scrolls to the row of dataset image `datasetIndex`; false when it has no row.
  bool selectImage(std::size_t datasetIndex);

 Q_SIGNALS:
  /// The user double-clicked (or pressed Enter on) the row of dataset image `datasetIndex`: the
  /// shell shows it on the Inspect page.
  void imageActivated(qulonglong datasetIndex);
  /// The user pressed Resume: continue the run folder `runDir` (RunSession::resumeRun).
  void resumeRequested(const QString& runDir);
  /// The user clicked a bar of the analysis charts: the images with that error, in the order to
  /// inspect them, with their key (the shell shows them as a queue on the Inspect page).
  void imagesRequested(const posescope::ImageQueue& queue);
  /// The user clicked the PR curve: the images of the detection there and of those ranked after
  /// it, `person` the detection among its image's people (CurvesView::detectionsRequested).
  void detectionsRequested(const QString& title, const QList<qint64>& imageIds, int person);
  /// The user changed the evaluation settings of the run shown: evaluate it again with them
  /// (RunAnalysisSession::reevaluate); the page shows the answer when the document has it.
  void evaluationRequested(const posescope::EvalParams& settings);

 private:
  void setMetrics(const std::optional<MetricTable>& table, const RunSummary& summary);
  // The metric table of the images a run did before it stopped, marked partial (not the run's:
  // exports and comparisons keep using metrics.json, which such a run does not have).
  void showPartialMetrics(const OpenedRun& opened);
  /// Titles the Metrics box as valid.py's metrics or, in red, as changed settings' metrics.
  void showMetricsOrigin(bool changedSettings);
  /// Columns fitted to the stats shown, the height to the header, the values and a scroll bar.
  void fitMetricTable();
  /// Forgets a re-evaluation and the settings of the run shown before (a run starts or opens).
  void forgetEvaluationSettings();
  /// Shows Resume when the run shown, now in `state`, can be continued.
  void offerResume(RunState state);
  /// Counts the images above their table and says when their scores are partial.
  void showRecordsCaption();
  QWidget* buildAnalysisTab();

  QString runDir_;  // of the summary shown, what Resume continues
  QString tableName_;
  std::optional<MetricTable> folderMetrics_;  // the run folder's own (valid.py's) metrics
  const void* settingsInput_ = nullptr;       // the reading the settings panel was started for
  const RunDocument* document_ = nullptr;     // what the page shows
  RunSummaryPanel* summary_ = nullptr;
  QGroupBox* metricsBox_ = nullptr;
  QToolButton* settingsButton_ = nullptr;
  EvaluationSettingsPanel* settingsPanel_ = nullptr;
  QPushButton* resumeButton_ = nullptr;
  MetricTableModel* metricModel_ = nullptr;
  RecordTableModel* recordModel_ = nullptr;
  QTableView* metricTable_ = nullptr;
  QString ownSettings_;  // what a run beyond valid.py's datasets is scored with (ownSettingsText)
  std::optional<EvalParams> runSettings_;  // the settings the run shown was scored with
  QTableView* recordTable_ = nullptr;
  QLabel* metricsNote_ = nullptr;
  QLabel* recordsCaption_ = nullptr;
  // The images' AP and OKS are those of an interrupted run's partial scoring.
  bool partialScores_ = false;
  ViewQueryBar* viewBar_ = nullptr;
  QTabWidget* tabs_ = nullptr;
  QLabel* analysisNote_ = nullptr;
  ApIfFixedChart* apChart_ = nullptr;
  JointErrorChart* jointChart_ = nullptr;
  CurvesView* curvesView_ = nullptr;
  SuspectsView* suspectsView_ = nullptr;
};

}  // namespace posescope
