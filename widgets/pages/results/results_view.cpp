#include "widgets/pages/results/results_view.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "eval/keypoint_layout.h"
#include "pipeline/run_labels.h"
#include "pipeline/run_resume.h"
#include "widgets/common/ap_if_fixed_chart.h"
#include "widgets/common/joint_error_chart.h"
#include "widgets/common/table_views.h"
#include "widgets/common/view_query_bar.h"
#include "widgets/models/image_queue_proxy.h"
#include "widgets/models/metric_table_model.h"
#include "widgets/models/record_table_model.h"
#include "widgets/pages/results/curves_view.h"
#include "widgets/pages/results/evaluation_settings_panel.h"
#include "widgets/pages/results/run_summary_panel.h"
#include "widgets/pages/results/suspects_view.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_view_state.h"

namespace posescope {

ResultsView::ResultsView(QWidget* parent) : QWidget(parent) {
  summary_ = new RunSummaryPanel;
  metricModel_ = new MetricTableModel(this);
  recordModel_ = new RecordTableModel(this);

  metricTable_ = makeRowTable(metricModel_);
  metricTable_->setObjectName(QStringLiteral("metricTable"));
  metricTable_->setSelectionBehavior(QAbstractItemView::SelectItems);
  metricTable_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  metricTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  fitMetricTable();
  metricsNote_ = new QLabel(tr("No metrics yet."));
  metricsNote_->setWordWrap(true);

  auto* summaryBox = new QGroupBox(tr("Run summary"));
  auto* summaryLayout = new QVBoxLayout(summaryBox);
  summaryLayout->addWidget(summary_);
  resumeButton_ = new QPushButton(tr("Resume"));
  resumeButton_->setToolTip(
      tr("Continue this run from its last whole image, with the configuration, checkpoint and "
         "images it started with (as posescope-cli eval --resume); the results equal an "
         "uninterrupted run's."));
  resumeButton_->hide();
  connect(resumeButton_, &QPushButton::clicked, this, [this] { Q_EMIT resumeRequested(runDir_); });
  summaryLayout->addWidget(resumeButton_, 0, Qt::AlignLeft);
  metricsBox_ = new QGroupBox;
  auto* metricsLayout = new QVBoxLayout(metricsBox_);
  metricsLayout->addWidget(metricTable_);
  metricsLayout->addWidget(metricsNote_);
  settingsButton_ = new QToolButton;
  settingsButton_->setObjectName(QStringLiteral("evaluationSettingsButton"));
  settingsButton_->setText(tr("Evaluation Settings"));
  settingsButton_->setCheckable(true);
  settingsButton_->setToolTip(
      tr("Change OKS thresholds, sigmas, area ranges, maxDets or a minimum score and see the "
         "metrics, the per-image AP and the analysis again without running inference"));
  metricsLayout->addWidget(settingsButton_, 0, Qt::AlignLeft);
  metricsLayout->addStretch();

  auto* top = new QWidget;
  auto* topLayout = new QHBoxLayout(top);
  topLayout->setContentsMargins(0, 0, 0, 0);
  topLayout->addWidget(summaryBox, 2);
  topLayout->addWidget(metricsBox_, 3);

  // Sorted by value; the view's query hides the images it does not keep.
  auto* proxy = new ImageQueueProxy(RecordTableModel::ImageIdColumn, this);
  proxy->setSourceModel(recordModel_);
  recordTable_ = makeRowTable(proxy);
  recordTable_->setSortingEnabled(true);
  recordTable_->sortByColumn(-1, Qt::AscendingOrder);  // dataset order until a header is clicked
  recordTable_->setAlternatingRowColors(true);
  recordTable_->horizontalHeader()->resizeSection(RecordTableModel::FileColumn, 220);
  recordTable_->setToolTip(tr("Double-click an image to inspect it"));
  connect(recordTable_, &QAbstractItemView::activated, this, [this, proxy](const QModelIndex& i) {
    const QModelIndex source = proxy->mapToSource(i);
    const auto& records = recordModel_->records();
    if (source.isValid() && source.row() < static_cast<int>(records.size()))
      Q_EMIT imageActivated(records[static_cast<std::size_t>(source.row())].index);
  });
  recordsCaption_ = new QLabel(tr("<b>Images</b>"));
  recordsCaption_->setObjectName(QStringLiteral("recordsCaption"));
  recordsCaption_->setWordWrap(true);
  viewBar_ = new ViewQueryBar;
  auto* bottom = new QWidget;
  auto* bottomLayout = new QVBoxLayout(bottom);
  bottomLayout->setContentsMargins(0, 0, 0, 0);
  bottomLayout->addWidget(recordsCaption_);
  bottomLayout->addWidget(viewBar_);
  bottomLayout->addWidget(recordTable_, 1);

  tabs_ = new QTabWidget;
  tabs_->setObjectName(QStringLiteral("resultsTabs"));
  tabs_->addTab(bottom, tr("Images"));
  tabs_->addTab(buildAnalysisTab(), tr("Where the AP goes"));
  curvesView_ = new CurvesView;
  connect(curvesView_, &CurvesView::detectionsRequested, this, &ResultsView::detectionsRequested);
  tabs_->addTab(curvesView_, tr("Curves"));
  suspectsView_ = new SuspectsView;
  connect(suspectsView_, &SuspectsView::imagesRequested, this, &ResultsView::imagesRequested);
  tabs_->addTab(suspectsView_, tr("Annotation QA"));

  auto* splitter = new QSplitter(Qt::Vertical);
  splitter->addWidget(top);
  splitter->addWidget(tabs_);
  splitter->setStretchFactor(0, 0);
  splitter->setStretchFactor(1, 1);
  settingsPanel_ = new EvaluationSettingsPanel;
  settingsPanel_->hide();
  connect(settingsButton_, &QToolButton::toggled, settingsPanel_, &QWidget::setVisible);
  connect(settingsPanel_, &EvaluationSettingsPanel::settingsChanged, this,
          [this](const EvalParams& settings) {
            // Evaluated once a run is shown (the shell passes the request to the analysis).
            if (!document_ || document_->runDir().isEmpty()) return;
            settingsPanel_->setStatus(tr("Evaluating\u2026"));
            Q_EMIT evaluationRequested(settings);
          });
  // The settings beside the whole page: the metrics, the images and the charts stay in view.
  auto* besideSettings = new QSplitter(Qt::Horizontal);
  besideSettings->addWidget(splitter);
  besideSettings->addWidget(settingsPanel_);
  besideSettings->setStretchFactor(0, 1);
  besideSettings->setStretchFactor(1, 0);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(besideSettings);
  showMetricsOrigin(false);

  connect(recordModel_, &QAbstractItemModel::rowsInserted, this, &ResultsView::showRecordsCaption);
  connect(recordModel_, &QAbstractItemModel::modelReset, this, &ResultsView::showRecordsCaption);
}

// The AP-if-fixed chart beside the per-joint error chart, under a line saying what they show.
QWidget* ResultsView::buildAnalysisTab() {
  apChart_ = new ApIfFixedChart;
  jointChart_ = new JointErrorChart;
  connect(apChart_, &ApIfFixedChart::imagesRequested, this, &ResultsView::imagesRequested);
  connect(jointChart_, &JointErrorChart::imagesRequested, this, &ResultsView::imagesRequested);
  analysisNote_ = new QLabel;
  analysisNote_->setObjectName(QStringLiteral("analysisNote"));
  analysisNote_->setWordWrap(true);
  auto* charts = new QSplitter(Qt::Horizontal);
  charts->addWidget(apChart_);
  charts->addWidget(jointChart_);
  charts->setStretchFactor(0, 3);
  charts->setStretchFactor(1, 2);
  auto* tab = new QWidget;
  auto* layout = new QVBoxLayout(tab);
  layout->addWidget(analysisNote_);
  layout->addWidget(charts, 1);
  showAnalysis(nullptr);
  return tab;
}

void ResultsView::showAnalysis(const RunAnalysisPtr& analysis) {
  if (analysis && analysis->input && analysis->input.get() != settingsInput_) {
    // A new reading of the run: its settings start from valid.py's.
    settingsInput_ = analysis->input.get();
    EvalParams reference = evalParamsFor(analysis->input->layout);
    const KeypointLayout& layout = analysis->input->layout;
    ownSettings_ = QString::fromStdString(ownSettingsText(layout));
    runSettings_ = reference;
    if (!layout.isReference())
      summary_->setOwnSkeleton(tr("%1 keypoints of '%2'")
                                   .arg(layout.skeleton.joints.size())
                                   .arg(QString::fromStdString(layout.skeleton.name)));
    settingsPanel_->setReference(reference, analysis->analysis.jointNames, ownSettings_);
    if (!analysis->reevaluation || analysis->reevaluation->usesValidPySettings())
      showMetricsOrigin(false);
  }
  if (analysis && analysis->reevaluation) {
    const RunReevaluation& reevaluation = *analysis->reevaluation;
    settingsPanel_->setStatus(
        analysis->milliseconds > 0
            ? tr("Metrics and per-image AP evaluated in %1 ms, the error analysis beside them in "
                 "%2 ms (%3 images).")
                  .arg(reevaluation.milliseconds, 0, 'f', 0)
                  .arg(analysis->milliseconds, 0, 'f', 0)
                  .arg(reevaluation.rows.size())
            : tr("Metrics and per-image AP evaluated in %1 ms; the error analysis of these "
                 "settings was kept from before (%2 images).")
                  .arg(reevaluation.milliseconds, 0, 'f', 0)
                  .arg(reevaluation.rows.size()));
  }
  if (!analysis) {
    analysisNote_->setText(tr("The error analysis appears once a finished run is shown."));
    apChart_->setAnalysis(nullptr, nullptr);
    jointChart_->setAnalysis(nullptr);
    if (curvesView_) curvesView_->setAnalysis(nullptr);
    if (suspectsView_) suspectsView_->setAnalysis(nullptr);
    recordModel_->setApLost(nullptr);
    return;
  }
  analysisNote_->setText(
      tr("Keypoint error analysis (Ronchi & Perona, ICCV 2017; coco-analyze's definitions) of "
         "%1 detections%2. Hover a bar for its values; click it to inspect the images with that "
         "error, most of it first.")
          .arg(analysis->analysis.detections.size())
          .arg(analysis->usesDefaultParams()
                   ? QString()
                   : tr(" with changed settings (not posescope-cli analyze's)")));
  apChart_->setAnalysis(std::shared_ptr<const KeypointAnalysis>(analysis, &analysis->analysis),
                        std::shared_ptr<const Triage>(analysis, &analysis->triage),
                        analysis->tableAp,
                        !analysis->reevaluation || analysis->reevaluation->usesValidPySettings());
  recordModel_->setApLost(analysis->worstImages);
  jointChart_->setAnalysis(std::shared_ptr<const KeypointAnalysis>(analysis, &analysis->analysis));
  curvesView_->setAnalysis(analysis);
  suspectsView_->setAnalysis(analysis, tableName_);
}

void ResultsView::showReevaluation(const RunReevaluationPtr& reevaluation) {
  if (!reevaluation) return;
  metricModel_->setTable(reevaluation->table, tableName_);
  curvesView_->showTableCurves(reevaluation);
  recordModel_->setScores(reevaluation->rows);
  settingsPanel_->setStatus(tr("Metrics and per-image AP evaluated in %1 ms; analysing\u2026")
                                .arg(reevaluation->milliseconds, 0, 'f', 0));
  // A skeleton of the run's own is always "changed" from valid.py's: compared with the run's.
  const bool ownSettings = !ownSettings_.isEmpty() && runSettings_;
  QStringList changes;
  for (const auto& c :
       ownSettings ? differencesFrom(reevaluation->params, *runSettings_) : reevaluation->changes)
    changes << QString::fromStdString(c).toHtmlEscaped();
  const bool validPy = changes.isEmpty();
  showMetricsOrigin(!validPy);
  if (ownSettings) {
    metricsNote_->setText(
        changes.isEmpty()
            ? tr("Evaluated again with the run's settings (%1).").arg(ownSettings_.toHtmlEscaped())
            : tr("<span style='color:#c01c28'><b>Not the run's numbers</b>: evaluated again with "
                 "%1. Evaluation Settings \u2192 Back to the Run's Settings restores them.</span>")
                  .arg(changes.join(QStringLiteral("; "))));
  } else if (!validPy) {
    metricsNote_->setText(
        tr("<span style='color:#c01c28'><b>Not valid.py's numbers</b>: evaluated again with %1. "
           "Evaluation Settings \u2192 Back to valid.py's Settings restores them.</span>")
            .arg(changes.join(QStringLiteral("; "))));
  } else if (folderMetrics_ && folderMetrics_->values != reevaluation->table.values) {
    // Never expected: the run's own metrics and a fresh evaluation with the same settings.
    metricsNote_->setText(
        tr("<span style='color:#c01c28'>Evaluated again with valid.py's "
           "settings, but the values differ from the run folder's "
           "metrics.json.</span>"));
  } else {
    metricsNote_->setText(
        tr("Evaluated again with valid.py's settings: identical to the run "
           "folder's metrics.json."));
  }
  fitMetricTable();
}

void ResultsView::fitMetricTable() {
  metricTable_->resizeColumnsToContents();
  // Exactly the header, the values row and a horizontal scroll bar, measured with the stats'
  // names in the header: a narrow page (1280 px with the settings open) scrolls the columns but
  // never covers the values.
  metricTable_->setFixedHeight(metricTable_->horizontalHeader()->sizeHint().height() +
                               metricTable_->verticalHeader()->defaultSectionSize() +
                               2 * metricTable_->frameWidth() +
                               metricTable_->horizontalScrollBar()->sizeHint().height());
}

void ResultsView::showMetricsOrigin(bool changedSettings) {
  const bool validPys = ownSettings_.isEmpty();
  metricsBox_->setTitle(
      changedSettings ? (validPys ? tr("Metrics with changed evaluation settings (NOT valid.py's)")
                                  : tr("Metrics with changed evaluation settings (NOT the run's)"))
      : validPys      ? tr("Metrics (as valid.py prints them; hover for full precision)")
                      : tr("Metrics (%1; hover for full precision)").arg(ownSettings_));
  metricsBox_->setStyleSheet(
      changedSettings ? QStringLiteral("QGroupBox::title { color: #c01c28; }") : QString());
}

void ResultsView::forgetEvaluationSettings() {
  settingsInput_ = nullptr;
  ownSettings_.clear();
  runSettings_.reset();
  settingsPanel_->clear();
  showMetricsOrigin(false);
}

void ResultsView::showAnalysisRunning() {
  analysisNote_->setText(tr("Analysing the run's errors in the background\u2026"));
  const QString message = tr("Analysing\u2026");
  apChart_->setMessage(message);
  jointChart_->setMessage(message);
  curvesView_->setMessage(message);
}

void ResultsView::showAnalysisFailed(const QString& message) {
  settingsPanel_->setStatus(tr("Failed: %1").arg(message));
  analysisNote_->setText(
      tr("<span style='color:#c01c28'>No error analysis: %1</span>").arg(message.toHtmlEscaped()));
  apChart_->setAnalysis(nullptr, nullptr);
  jointChart_->setAnalysis(nullptr);
  curvesView_->setAnalysis(nullptr);
  suspectsView_->setAnalysis(nullptr);
  recordModel_->setApLost(nullptr);
  curvesView_->setMessage(tr("No error analysis: %1").arg(message));
}

void ResultsView::showRecordsCaption() {
  QString caption =
      tr("<b>Images</b> (%1; double-click one to inspect it)").arg(recordModel_->rowCount());
  if (partialScores_)
    caption += tr(" <span style='color:#c01c28'><b>Partial</b>: AP, GT people and mean OKS "
                  "as scored with the partial metrics, over the %1 images done</span>")
                   .arg(recordModel_->rowCount());
  recordsCaption_->setText(caption);
}

void ResultsView::beginRun(const QString& runDir) {
  runDir_ = runDir;
  partialScores_ = false;
  forgetEvaluationSettings();
  folderMetrics_.reset();
  resumeButton_->hide();
  summary_->clear();
  metricModel_->setTable(std::nullopt, {});
  metricsNote_->setText(tr("Metrics appear when the run completes."));
  recordModel_->clear();
}

void ResultsView::showStarted(const RunSummary& summary) {
  summary_->setSummary(summary, runDir_);
}

void ResultsView::appendRecord(const ImageRecord& record) {
  recordModel_->appendRecord(record);
}

void ResultsView::showFinished(const RunOutcome& outcome) {
  runDir_ = QString::fromStdString(outcome.runDir);
  summary_->setSummary(outcome.summary, runDir_);
  setMetrics(outcome.metrics, outcome.summary);
  offerResume(outcome.summary.state);
}

void ResultsView::showLoadedRun(const LoadedRun& run) {
  runDir_ = QString::fromStdString(run.dir);
  partialScores_ = false;  // set again once the folder read says whether they are partial
  forgetEvaluationSettings();
  if (document_ && document_->analysisBusy()) showAnalysisRunning();
  summary_->setSummary(run.summary, runDir_);
  recordModel_->setRecords(run.records);
  // Imported predictions have no times: their columns would show only zeros.
  for (int c = RecordTableModel::TotalMsColumn; c < RecordTableModel::FailureColumn; ++c)
    recordTable_->setColumnHidden(c, run.summary.imported);
  setMetrics(run.metrics, run.summary);
  offerResume(run.summary.state);
}

void ResultsView::offerResume(RunState state) {
  resumeButton_->setVisible(!runDir_.isEmpty() && runCanResume(state));
}

void ResultsView::setMetrics(const std::optional<MetricTable>& table, const RunSummary& summary) {
  // The CLI and valid.py name the row after MODEL.NAME (imported predictions: after their name).
  tableName_ = QString::fromStdString(runTableName(summary));
  folderMetrics_ = table;
  metricModel_->setTable(table, tableName_);
  if (table) {
    metricsNote_->setText(tr("%1 keypoint metrics over %2 image(s).")
                              .arg(QString::fromStdString(summary.datasetKind))
                              .arg(summary.imagesDone));
  } else if (summary.state == RunState::Cancelled) {
    metricsNote_->setText(tr("No metrics: the run was cancelled (its records are below)."));
  } else if (summary.state == RunState::Interrupted) {
    metricsNote_->setText(
        tr("No metrics: the run was interrupted (its records are below); Resume continues it."));
  } else if (summary.state == RunState::Failed) {
    metricsNote_->setText(
        tr("No metrics: the run failed: %1").arg(QString::fromStdString(summary.message)));
  } else {
    metricsNote_->setText(tr("No metrics in this run."));
  }
  fitMetricTable();
}

void ResultsView::showPartialMetrics(const OpenedRun& opened) {
  const RunSummary& summary = opened.run.summary;
  if (!opened.partialMetricsError.isEmpty()) {
    metricsNote_->setText(metricsNote_->text() + " " +
                          tr("The metrics of the images done could not be computed: %1")
                              .arg(opened.partialMetricsError));
    return;
  }
  if (!opened.partialMetrics) return;
  metricModel_->setTable(opened.partialMetrics, tableName_);
  metricsBox_->setTitle(
      tr("Partial metrics: %1 of %2 images").arg(summary.imagesDone).arg(summary.imagesTotal));
  metricsBox_->setStyleSheet(QStringLiteral("QGroupBox::title { color: #c01c28; }"));
  metricsNote_->setText(
      tr("<span style='color:#c01c28'><b>Partial</b>: the metrics of the %1 images the run did "
         "before it was %2, not of the %3 it was to evaluate; not comparable with a complete "
         "run's.%4</span>")
          .arg(summary.imagesDone)
          .arg(QString::fromStdString(runStateName(summary.state)))
          .arg(summary.imagesTotal)
          .arg(runCanResume(summary.state) ? tr(" Resume continues it.") : QString()));
  fitMetricTable();
}

void ResultsView::showTab(Tab tab) {
  tabs_->setCurrentIndex(static_cast<int>(tab));
}

void ResultsView::applyEvaluationSettings(const EvalParams& settings) {
  settingsButton_->setChecked(true);
  settingsPanel_->setSettings(settings);
}

QString ResultsView::metricsNote() const {
  return metricsNote_->text();
}

QAbstractItemModel* ResultsView::recordRows() const {
  return recordTable_->model();
}

bool ResultsView::selectImage(std::size_t datasetIndex) {
  const auto& records = recordModel_->records();
  for (std::size_t row = 0; row < records.size(); ++row) {
    if (records[row].index != datasetIndex) continue;
    const QModelIndex view = static_cast<QSortFilterProxyModel*>(recordTable_->model())
                                 ->mapFromSource(recordModel_->index(static_cast<int>(row), 0));
    recordTable_->selectRow(view.row());
    recordTable_->scrollTo(view);
    return true;
  }
  return false;
}

void ResultsView::followDocument(const RunDocument* document) {
  document_ = document;
  connect(document, &RunDocument::runStarted, this, &ResultsView::showStarted);
  connect(document, &RunDocument::runFinished, this, &ResultsView::showFinished);
  connect(document, &RunDocument::runningChanged, resumeButton_, &QWidget::setDisabled);
  // A run started (beginRun: no folder read back yet) resets the page; a folder read back shows
  // it. A run that fails to start leaves the run shown alone.
  connect(document, &RunDocument::runChanged, this, [this, document] {
    const OpenedRunPtr& opened = document->openedRun();
    if (!opened) {
      beginRun(document->runDir());
      return;
    }
    showLoadedRun(opened->run);
    showPartialMetrics(*opened);
    if (opened->inspect) recordModel_->setScores(opened->inspect->rows);
    partialScores_ = opened->partialImageScores;
    showRecordsCaption();
  });
  // Another process writes the run shown: its progress in the summary until it is read again.
  connect(document, &RunDocument::runFolderProgressed, this,
          [this](const QString& dir, const RunSummary& summary) {
            if (dir == runDir_) summary_->setSummary(summary, runDir_);
          });
  RunViewState* view = document->view();
  viewBar_->followView(view);
  connect(view, &RunViewState::viewChanged, this, [this, view] {
    static_cast<ImageQueueProxy*>(recordTable_->model())
        ->setImagesInView(view->filtering() ? std::optional<QSet<qint64>>(view->imagesInView())
                                            : std::nullopt);
  });
  connect(document, &RunDocument::reevaluationChanged, this,
          [this, document] { showReevaluation(document->reevaluation()); });
  connect(document, &RunDocument::recordArrived, this,
          [this](const ImageRecord& record) { appendRecord(record); });
  connect(document, &RunDocument::analysisBusyChanged, this, [this, document](bool busy) {
    if (!busy) return;
    // A re-evaluation keeps the charts of the run in view until its analysis arrives.
    const RunAnalysisPtr& shown = document->analysis();
    if (shown && settingsInput_ && shown->input.get() == settingsInput_)
      analysisNote_->setText(tr("Analysing again with the new evaluation settings\u2026"));
    else
      showAnalysisRunning();
  });
  connect(document, &RunDocument::analysisChanged, this,
          [this, document] { showAnalysis(document->analysis()); });
  connect(document, &RunDocument::analysisFailed, this,
          [this](const QString&, const QString& message) { showAnalysisFailed(message); });
  connect(document, &RunDocument::currentImageChanged, this, [this, document] {
    if (const auto index = document->currentImage()) selectImage(*index);
  });
  // A finished run's per-image AP / OKS arrive when it is read back for the Inspect page.
  connect(document, &RunDocument::inspectionChanged, this, [this, document] {
    if (const RunOverlayDataPtr& data = document->inspection()) recordModel_->setScores(data->rows);
  });
}

}  // namespace posescope
