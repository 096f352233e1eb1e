#include "widgets/shell/main_window.h"

#include <QCloseEvent>
#include <QCoreApplication>
#include <QDateTime>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <algorithm>

#include "widgets/models/record_table_model.h"
#include "widgets/pages/compare/compare_view.h"
#include "widgets/pages/experiment/experiment_setup_page.h"
#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/pages/run/run_progress_view.h"
#include "widgets/pages/search/search_view.h"
#include "widgets/pages/timing/timing_view.h"
#include "widgets/session/path_kind.h"
#include "widgets/session/run_session.h"
#include "widgets/session/search_session.h"
#include "widgets/shell/compare_run_dialog.h"
#include "widgets/shell/export_actions.h"
#include "widgets/shell/main_menus.h"
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
  runView_->setRecordModel(resultsView_->recordModel());
  timingView_->followRecordModel(resultsView_->recordModel());

  pages_ = new QTabWidget;
  pages_->setDocumentMode(true);
  experimentPage_ = new ExperimentSetupPage;
  setupView_ = experimentPage_->setupView();
  pages_->addTab(experimentPage_, tr("&Experiment"));
  pages_->addTab(runView_, tr("&Run"));
  pages_->addTab(resultsView_, tr("Re&sults"));
  pages_->addTab(inspectView_, tr("&Inspect"));
  pages_->addTab(timingView_, tr("&Timing"));
  pages_->addTab(compareView_, tr("Com&pare"));
  pages_->addTab(searchView_, tr("Searc&h"));
  setCentralWidget(pages_);
  setAcceptDrops(true);
  exportActions_ = new ExportActions(
      this, ExportSources{pages_, resultsView_, inspectView_, timingView_, compareView_});
  compareView_->setExportMenu(exportActions_->comparisonMenu());
  menus_ = new MainMenus(this, exportActions_, session_->recentFiles());
  status_ = new SessionStatus(session_, this, pages_);
  connectSession();
  connectPagesToEachOther();

  if (!restoreGeometry(QSettings().value("mainWindow/geometry").toByteArray())) resize(1280, 800);
  setupView_->validateNow();
  statusBar()->showMessage(
      tr("Set up a run (File \u2192 Open, or drop YAML / JSON / checkpoint files here), or open "
         "a run folder."));
}

MainWindow::~MainWindow() = default;

ExperimentView* MainWindow::experimentView() const {
  return experimentPage_->experimentView();
}

// The pages follow the session themselves; the window switches pages and says what happens.
void MainWindow::connectSession() {
  runView_->followSession(session_);
  resultsView_->followSession(session_);
  inspectView_->followSession(session_);
  compareView_->followSession(session_);
  connect(session_, &RunSession::busyChanged, this, [this](bool busy) {
    experimentPage_->setRunning(busy);
    menus_->setRunState(busy, setupView_->canRun());
  });
  connect(session_, &RunSession::recentFilesChanged, menus_, &MainMenus::setRecentFiles);
}

void MainWindow::showStatus(const QString& message, int page) {
  status_->show(message, page);
}

void MainWindow::connectPagesToEachOther() {
  connect(timingView_, &TimingView::imageSelected, this,
          [this](qulonglong index) { selectImage(index); });
  connect(timingView_, &TimingView::imageActivated, this,
          [this](qulonglong index) { inspectImage(index); });
  connect(resultsView_, &ResultsView::imageActivated, this,
          [this](qulonglong index) { inspectImage(index); });
  // A bar of the analysis charts: its images as a queue on the Inspect page.
  connect(resultsView_, &ResultsView::imagesRequested, this,
          [this](const QString& title, const QList<qint64>& ids) {
            inspectView_->showImageQueue(title, ids);
            pages_->setCurrentWidget(inspectView_);
          });
  connect(inspectView_, &InspectView::imageShown, this, [this](qulonglong index) {
    timingView_->selectImage(index);
    resultsView_->selectImage(index);
  });
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
  connect(setupView_, &RunSetupView::runRequested, this, &MainWindow::startRun);
  connect(runView_, &RunProgressView::cancelRequested, this, &MainWindow::cancelRun);
  connect(resultsView_, &ResultsView::resumeRequested, this, &MainWindow::resumeRun);
  connect(compareView_, &CompareView::runPairRequested, this, [this] { showRunPairDialog(); });
  connect(compareView_, &CompareView::runFolderChosen, status_, &SessionStatus::warnOnNextFailure);
  connect(searchView_, &SearchView::openFolderRequested, this, &MainWindow::chooseSearchFolder);
  connect(searchView_, &SearchView::openRunRequested, this, [this](const QString& runDir) {
    openRunFolder(runDir, WarnOnFailure);
    pages_->setCurrentIndex(InspectPage);
  });
  connect(searchView_, &SearchView::compareRequested, this,
          [this](const QString& a, const QString& b) { compareRuns(a, b, WarnOnFailure); });
}

void MainWindow::openSearchFolder(const QString& dir) {
  searchSession_->openFolder(dir);
  pages_->setCurrentIndex(SearchPage);
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
  if (inspectView_->data().recordOf(datasetIndex) == nullptr) return false;
  pages_->setCurrentIndex(InspectPage);
  return inspectView_->showImage(datasetIndex);
}

bool MainWindow::selectImage(std::size_t datasetIndex) {
  const bool inResults = resultsView_->selectImage(datasetIndex);
  timingView_->selectImage(datasetIndex);
  if (inspectView_->currentImage() != datasetIndex) inspectView_->showImage(datasetIndex);
  return inResults;
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
  const PathKind kind = classifyPath(path);
  if (kind == PathKind::RunFolder) {
    openRunFolder(path);
    return true;
  }
  if (!setupView_->setPath(kind, path)) {
    showStatus(tr("%1: not an experiment YAML, architecture JSON, checkpoint (*.pth, *.pth.tar, "
                  "*.pt) or folder")
                   .arg(path));
    return false;
  }
  pages_->setCurrentIndex(ExperimentPage);
  session_->rememberRecent(path);
  return true;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (std::any_of(urls.begin(), urls.end(), [](const QUrl& url) {
        return classifyPath(url.toLocalFile()) != PathKind::Unknown;
      }))
    event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  for (const QUrl& url : event->mimeData()->urls()) openFile(url.toLocalFile());
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

void MainWindow::openDemo() {
  session_->prepareDemo(QCoreApplication::applicationDirPath(), [this](const DemoFiles& demo) {
    setupView_->setSetup(demoRunSetup(demo, setupView_->setup().device));
    if (!startRun()) showStatus(tr("The demo setup is not valid; see the Experiment page."));
  });
}

void MainWindow::openDemoComparison() {
  session_->prepareDemo(QCoreApplication::applicationDirPath(), [this](const DemoFiles& demo) {
    const auto [a, b] = demoComparisonSetups(demo, setupView_->setup().device);
    setupView_->setSetup(a);
    QString error;
    if (!startRunPair(a, b, &error))
      QMessageBox::warning(this, tr("Compare Demo Architectures"), error);
  });
}

void MainWindow::openSearchDemo() {
  if (searchSession_->isRunning()) {
    showStatus(tr("A search is running: cancel it on the Search page before the demo search."),
               SearchPage);
    return;
  }
  session_->prepareDemo(QCoreApplication::applicationDirPath(), [this](const DemoFiles& demo) {
    if (!QFileInfo::exists(demo.supernet)) {
      QMessageBox::warning(this, tr("Search Demo"),
                           tr("The demo supernet %1 is missing.").arg(demo.supernet));
      return;
    }
    const QString dir =
        demo.searchesDir + "/" + QDateTime::currentDateTime().toString("yyyyMMdd-HHmmss");
    searchSession_->start(demoSearchArguments(demo, dir), dir);
    showStatus(tr("Search Demo: searching the demo supernet into %1").arg(dir), SearchPage);
  });
}

}  // namespace posescope
