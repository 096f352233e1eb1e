#include "widgets/shell/main_window.h"

#include <QCloseEvent>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>

#include "widgets/models/record_table_model.h"
#include "widgets/pages/compare/canvas_pair.h"
#include "widgets/pages/compare/compare_view.h"
#include "widgets/pages/experiment/experiment_setup_page.h"
#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/pages/run/run_progress_view.h"
#include "widgets/pages/runs/runs_view.h"
#include "widgets/pages/search/search_view.h"
#include "widgets/pages/timing/timing_view.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_library_session.h"
#include "widgets/session/run_session.h"
#include "widgets/session/search_session.h"
#include "widgets/shell/compare_run_dialog.h"
#include "widgets/shell/demo_launcher.h"
#include "widgets/shell/dropped_paths.h"
#include "widgets/shell/export_actions.h"
#include "widgets/shell/main_menus.h"
#include "widgets/shell/open_predictions_dialog.h"
#include "widgets/shell/page_requests.h"
#include "widgets/shell/session_status.h"

namespace posescope {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  session_ = new RunSession(this);
  runView_ = new RunProgressView;
  resultsView_ = new ResultsView;
  inspectView_ = new InspectView;
  timingView_ = new TimingView;
  compareView_ = new CompareView;
  // $POSESCOPE_CLI: another posescope-cli than the one next to this executable (tests use it).
  searchSession_ = new SearchSession(
      qEnvironmentVariable("POSESCOPE_CLI",
                           SearchSession::cliNextTo(QCoreApplication::applicationDirPath())),
      this);
  searchView_ = new SearchView(searchSession_);
  runLibrary_ = new RunLibrarySession(this);
  runsView_ = new RunsView(runLibrary_);
  // The Run page's "Images so far" is the Results page's table (its scores included).
  runView_->setRecordModel(resultsView_->recordModel());

  pages_ = new QTabWidget;
  pages_->setDocumentMode(true);
  experimentPage_ = new ExperimentSetupPage;
  setupView_ = experimentPage_->setupView();
  pages_->addTab(experimentPage_, tr("&Experiment"));
  pages_->addTab(runView_, tr("Ru&n"));
  pages_->addTab(resultsView_, tr("Re&sults"));
  pages_->addTab(inspectView_, tr("&Inspect"));
  pages_->addTab(timingView_, tr("&Timing"));
  pages_->addTab(compareView_, tr("Com&pare"));
  pages_->addTab(searchView_, tr("Sear&ch"));
  pages_->addTab(runsView_, tr("R&uns"));
  setCentralWidget(pages_);
  setAcceptDrops(true);
  exportActions_ = new ExportActions(
      this, document(), ExportViews{pages_, resultsView_, inspectView_, timingView_, compareView_});
  compareView_->setExportMenu(exportActions_->comparisonMenu());
  demos_ = new DemoLauncher(this, searchSession_);
  menus_ = new MainMenus(this, exportActions_, session_->recentFiles());
  status_ = new SessionStatus(session_, this, pages_);
  connectSession();
  connectSetup();
  connectPageRequests(this, timingView_, searchView_, status_);

  if (!restoreGeometry(QSettings().value("mainWindow/geometry").toByteArray())) resize(1280, 800);
  setupView_->validateNow();
  statusBar()->showMessage(
      tr("Set up a run (File \u2192 Open, or drop YAML / JSON / checkpoint files here), or open "
         "a run folder."));
}

MainWindow::~MainWindow() = default;

RunDocument* MainWindow::document() const {
  return session_->document();
}

// The pages follow the document, and ask for work by signal (page_requests.cpp); the window says
// what happens.
void MainWindow::connectSession() {
  runView_->followDocument(document());
  resultsView_->followDocument(document());
  inspectView_->followDocument(document());
  timingView_->followDocument(document());
  compareView_->followDocument(document());
  connect(session_, &RunSession::busyChanged, this, [this](bool busy) {
    experimentPage_->setRunning(busy);
    menus_->setRunState(busy, setupView_->canRun());
  });
  connect(session_, &RunSession::recentFilesChanged, menus_, &MainMenus::setRecentFiles);
  // Display filters reset or kept for another run (Inspect) or pair of runs (Compare).
  connect(inspectView_, &InspectView::displayFiltersFollowedRun, status_,
          &SessionStatus::appendAfterCurrent);
  connect(compareView_->canvasPair(), &CanvasPair::displayFiltersFollowedRuns, status_,
          &SessionStatus::appendAfterCurrent);
}

// The setup's checks follow into the menus, the status bar and the title.
void MainWindow::connectSetup() {
  connect(setupView_, &RunSetupView::validated, this, [this] {
    menus_->setRunState(session_->isBusy(), setupView_->canRun());
    status_->clearRunFailure();  // the setup changed: the failure message is history
    updateTitle();
  });
  connect(setupView_, &RunSetupView::checkpointChecked, this,
          [this] { menus_->setRunState(session_->isBusy(), setupView_->canRun()); });
  connect(session_, &RunSession::runStartFailed, this, [this](int field, const QString& message) {
    setupView_->showStartError(static_cast<SetupField>(field), message);
  });
}

void MainWindow::showStatus(const QString& message, int page) {
  status_->show(message, page);
}

void MainWindow::chooseRunsFolder() {
  const QString dir =
      QFileDialog::getExistingDirectory(this, tr("Add a folder of run folders to the run library"));
  if (dir.isEmpty()) return;
  runLibrary_->addFolder(dir);
  showPage(RunsPage);
}

void MainWindow::openSearchFolder(const QString& dir) {
  searchSession_->openFolder(dir);
  showPage(SearchPage);
}

void MainWindow::chooseSearchFolder() {
  const QString dir = QFileDialog::getExistingDirectory(
      this, tr("Open search folder (posescope-cli search --out)"));
  if (!dir.isEmpty()) openSearchFolder(dir);
}

bool MainWindow::startRun() {
  setupView_->validateNow();
  if (session_->isBusy() || !setupView_->canRun()) return false;
  if (!session_->startRun(setupView_->setup())) return false;
  saveSettings();
  return true;
}

OpenPredictionsDialog* MainWindow::showOpenPredictionsDialog(const QString& resultsFile) {
  auto* dialog = new OpenPredictionsDialog(
      QStandardPaths::writableLocation(QStandardPaths::AppDataLocation), this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setWindowModality(Qt::WindowModal);
  if (!resultsFile.isEmpty()) dialog->setResultsFile(resultsFile);
  connect(dialog, &OpenPredictionsDialog::imported, this,
          [this](const QString& runDir) { openRunFolder(runDir, WarnOnFailure); });
  dialog->show();
  return dialog;
}

CompareRunDialog* MainWindow::showRunPairDialog() {
  auto* dialog = new CompareRunDialog(this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  setupView_->validateNow();
  const auto [a, b] = session_->pairToOffer(setupView_->setup(), setupView_->check().ok());
  dialog->setSetups(a, b);
  connect(dialog, &CompareRunDialog::runRequested, this, [this, dialog] {
    QString error;
    if (startRunPair(dialog->setup(CompareRunDialog::A), dialog->setup(CompareRunDialog::B),
                     &error))
      dialog->accept();
    else
      dialog->showRunError(error);
  });
  dialog->open();
  return dialog;
}

bool MainWindow::startRunPair(const RunSetup& a, const RunSetup& b, QString* error) {
  QString why;
  if (session_->startRunPair(a, b, &why)) return true;
  showStatus(QString(why).replace('\n', ' '));
  if (error) *error = why;
  return false;
}

bool MainWindow::resumeRun(const QString& dir) {
  if (session_->resumeRun(dir)) return true;
  showStatus(
      tr("A run is in progress; wait for it to end or cancel it before resuming %1.").arg(dir));
  return false;
}

void MainWindow::cancelRun() {
  session_->cancel();
}

bool MainWindow::inspectImage(std::size_t datasetIndex) {
  // The Inspect page's records: those of a run in progress too, which the document has not.
  if (inspectView_->data().recordOf(datasetIndex) == nullptr) return false;
  showPage(InspectPage);
  document()->setCurrentImage(datasetIndex);
  return true;
}

void MainWindow::showPage(Page page) {
  pages_->setCurrentIndex(page);
}

void MainWindow::showDetailTab(DetailTab tab) {
  switch (tab) {
    case ImagesTab:
      return resultsView_->showTab(ResultsView::ImagesTab);
    case AnnotationQaTab:
      return resultsView_->showTab(ResultsView::AnnotationQaTab);
    case SummaryTab:
      return compareView_->showDetail(CompareView::SummaryDetail);
    case TimingTab:
      return compareView_->showDetail(CompareView::TimingDetail);
    case AnalysisTab:
      resultsView_->showTab(ResultsView::AnalysisTab);
      return compareView_->showDetail(CompareView::AnalysisDetail);
    case CurvesTab:
      resultsView_->showTab(ResultsView::CurvesTab);
      return compareView_->showDetail(CompareView::CurvesDetail);
  }
}

void MainWindow::reevaluate(const EvalParams& settings) {
  resultsView_->applyEvaluationSettings(settings);
}

void MainWindow::compareRuns(const QString& dirA, const QString& dirB, FailureReport report) {
  if (report == WarnOnFailure) status_->warnOnNextFailure();
  showStatus(tr("Reading %1 and %2\u2026").arg(dirA, dirB));
  session_->openComparison(dirA, dirB);
}

void MainWindow::openRunFolder(const QString& dir, FailureReport report) {
  if (report == WarnOnFailure) status_->warnOnNextFailure();
  showStatus(tr("Reading %1\u2026").arg(dir));
  session_->openRunFolder(dir);
}

bool MainWindow::openFile(const QString& path) {
  return openPathIn(this, path);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (canOpenAny(event->mimeData()->urls())) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  openDropped(this, event->mimeData()->urls());
  event->acceptProposedAction();
}

void MainWindow::closeEvent(QCloseEvent* event) {
  saveSettings();
  cancelRun();  // the controller's destructor waits for the forward pass or check in flight
  event->accept();
}

void MainWindow::saveSettings() const {
  QSettings settings;
  settings.setValue("mainWindow/geometry", saveGeometry());
  experimentPage_->saveSetup(settings);
}

void MainWindow::restoreLastSetup() {
  experimentPage_->restoreSetup(QSettings());
}

void MainWindow::updateTitle() {
  const QString cfg = setupView_->setup().configFile;
  setWindowTitle(cfg.isEmpty() ? tr("PoseScope")
                               : tr("%1 \u2014 PoseScope").arg(QFileInfo(cfg).fileName()));
}

}  // namespace posescope
