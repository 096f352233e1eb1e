#include "main_window.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>

#include "compare_run_dialog.h"
#include "compare_view.h"
#include "device_choices.h"
#include "experiment_view.h"
#include "export_menu.h"
#include "inspect_data.h"
#include "inspect_view.h"
#include "maps_provider.h"
#include "pipeline/run_folder.h"
#include "record_table_model.h"
#include "results_view.h"
#include "run_controller.h"
#include "run_pair.h"
#include "run_progress_view.h"
#include "run_queue.h"
#include "run_setup_view.h"
#include "timing_view.h"

namespace posescope {

namespace {

constexpr int kMaxRecent = 10;
const char* const kRecentKey = "recentFiles";

}  // namespace

PathKind classifyPath(const QString& path) {
  const QFileInfo info(path);
  if (info.isDir())
    return QFileInfo::exists(QDir(path).filePath(QString::fromLatin1(runfiles::kSummary)))
               ? PathKind::RunFolder
               : PathKind::DatasetRoot;
  const QString name = info.fileName().toLower();
  if (name.endsWith(QLatin1String(".yaml")) || name.endsWith(QLatin1String(".yml")))
    return PathKind::Config;
  if (name.endsWith(QLatin1String(".json"))) return PathKind::Arch;
  if (name.endsWith(QLatin1String(".pth")) || name.endsWith(QLatin1String(".pth.tar")) ||
      name.endsWith(QLatin1String(".pt")))
    return PathKind::Checkpoint;
  return PathKind::Unknown;
}

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  reserveCoreForGui();
  controller_ = new RunController(this);
  setupView_ = new RunSetupView;
  experimentView_ = new ExperimentView;
  experimentView_->setInputsVisible(false);
  experimentView_->setPreviewOrientation(Qt::Vertical);
  runView_ = new RunProgressView;
  resultsView_ = new ResultsView;
  inspectView_ = new InspectView;
  timingView_ = new TimingView;
  compareView_ = new CompareView;
  exportMenu_ = new ExportMenu(this);
  runView_->setRecordModel(resultsView_->recordModel());

  auto* setupScroll = new QScrollArea;
  setupScroll->setWidget(setupView_);
  setupScroll->setWidgetResizable(true);
  setupScroll->setFrameShape(QFrame::NoFrame);
  auto* experimentPage = new QSplitter(Qt::Horizontal);
  experimentPage->addWidget(setupScroll);
  experimentPage->addWidget(experimentView_);
  experimentPage->setStretchFactor(0, 3);
  experimentPage->setStretchFactor(1, 2);

  pages_ = new QTabWidget;
  pages_->setDocumentMode(true);
  pages_->addTab(experimentPage, tr("&Experiment"));
  pages_->addTab(runView_, tr("&Run"));
  pages_->addTab(resultsView_, tr("Re&sults"));
  pages_->addTab(inspectView_, tr("&Inspect"));
  pages_->addTab(timingView_, tr("&Timing"));
  pages_->addTab(compareView_, tr("Com&pare"));
  setCentralWidget(pages_);
  setAcceptDrops(true);
  createMenus();
  connectRun();
  connectRunPair();
  timingView_->followRecordModel(resultsView_->recordModel());
  connect(timingView_, &TimingView::imageSelected, this,
          [this](qulonglong index) { selectImage(index); });
  connect(timingView_, &TimingView::imageActivated, this,
          [this](qulonglong index) { inspectImage(index); });
  connect(inspectView_, &InspectView::imageShown, this, [this](qulonglong index) {
    timingView_->selectImage(index);
    resultsView_->selectImage(index);
  });

  connect(setupView_, &RunSetupView::validated, this, [this] {
    experimentView_->showExperiment(setupView_->check().experiment);
    runAction_->setEnabled(setupView_->check().ok() && !controller_->isRunning());
    updateTitle();
  });
  connect(setupView_, &RunSetupView::runRequested, this, &MainWindow::startRun);

  QSettings settings;
  if (!restoreGeometry(settings.value("mainWindow/geometry").toByteArray())) resize(1280, 800);
  setupView_->validateNow();
  statusBar()->showMessage(
      tr("Set up a run (File \u2192 Open, or drop YAML / JSON / checkpoint files here), or open "
         "a run folder."));
}

MainWindow::~MainWindow() = default;

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  auto openWith = [this](const QString& title, const QString& filter) {
    const QString f = QFileDialog::getOpenFileName(this, title, QString(), filter);
    if (!f.isEmpty()) openFile(f);
  };
  file->addAction(tr("Open &Experiment YAML\u2026"), this,
                  [openWith, this] {
                    openWith(tr("Open experiment config"), tr("Experiment YAML (*.yaml *.yml)"));
                  })
      ->setShortcut(QKeySequence::Open);
  file->addAction(tr("Open &Architecture JSON\u2026"), this, [openWith, this] {
    openWith(tr("Open architecture"), tr("Architecture JSON (*.json)"));
  });
  file->addAction(tr("Open &Checkpoint\u2026"), this, [openWith, this] {
    openWith(tr("Open checkpoint"), tr("Checkpoints (*.pth *.pth.tar *.pt);;All files (*)"));
  });
  file->addAction(tr("&Clear Architecture"), this, [this] { setupView_->setArchFile({}); });
  file->addSeparator();
  file->addAction(tr("Open &Run Folder\u2026"), this,
                  [this] {
                    const QString dir =
                        QFileDialog::getExistingDirectory(this, tr("Open run folder"));
                    if (dir.isEmpty()) return;
                    QString error;
                    if (!openRunFolder(dir, &error))
                      QMessageBox::warning(this, tr("Cannot open the run folder"), error);
                  })
      ->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));
  file->addAction(tr("Com&pare Runs\u2026"), this, [this] {
    const QString a = QFileDialog::getExistingDirectory(this, tr("Compare: run folder A"));
    if (a.isEmpty()) return;
    const QString b = QFileDialog::getExistingDirectory(this, tr("Compare: run folder B"));
    if (b.isEmpty()) return;
    QString error;
    if (!compareRuns(a, b, &error)) QMessageBox::warning(this, tr("Cannot compare"), error);
  });
  recentMenu_ = file->addMenu(tr("Open Rece&nt"));
  rebuildRecentMenu();
  file->addSeparator();
  file->addAction(tr("&Quit"), this, &QWidget::close)->setShortcut(QKeySequence::Quit);

  exportMenu_->populate(menuBar()->addMenu(tr("E&xport")));

  QMenu* run = menuBar()->addMenu(tr("&Run"));
  runAction_ = run->addAction(tr("&Run Evaluation"), this, &MainWindow::startRun);
  runAction_->setShortcut(QKeySequence(tr("Ctrl+R")));
  runAction_->setEnabled(false);
  cancelAction_ = run->addAction(tr("&Cancel Run"), this, &MainWindow::cancelRun);
  cancelAction_->setShortcut(QKeySequence(tr("Ctrl+.")));
  cancelAction_->setEnabled(false);
  run->addSeparator();
  runPairAction_ =
      run->addAction(tr("Run &A and B to Compare\u2026"), this, [this] { showRunPairDialog(); });
  runPairAction_->setShortcut(QKeySequence(tr("Ctrl+Shift+R")));

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("Open &Demo"), this, [this] { openDemo(); });
  help->addAction(tr("&Compare Demo Architectures"), this, [this] { openDemoComparison(); });
  help->addAction(tr("&About PoseScope"), this, [this] {
    QMessageBox::about(this, tr("About PoseScope"),
                       tr("<b>PoseScope %1</b><p>Evaluates bottom-up multi-person pose "
                          "estimators (LitePose, HigherHRNet) as LitePose's valid.py does, and "
                          "shows the results image by image.</p>")
                           .arg(QApplication::applicationVersion()));
  });
}

void MainWindow::connectRun() {
  connect(controller_, &RunController::preparing, runView_, &RunProgressView::showPreparing);
  connect(controller_, &RunController::logLine, runView_, &RunProgressView::appendLog);
  connect(controller_, &RunController::started, this, [this](const RunSummary& summary) {
    runView_->showStarted(summary);
    resultsView_->showStarted(summary);
  });
  connect(controller_, &RunController::imageDone, this,
          [this](const ImageRecord& record, qulonglong done, qulonglong total) {
            runView_->showImage(done, total);
            resultsView_->appendRecord(record);
            inspectView_->appendRecord(record);
          });
  connect(controller_, &RunController::finished, this, &MainWindow::onFinished);
  connect(controller_, &RunController::runningChanged, experimentView_,
          &ExperimentView::setCostsPaused);
  connect(controller_, &RunController::failed, this, [this](const QString& message) {
    runView_->showFailed(message);
    pages_->setCurrentIndex(RunPage);
    statusBar()->showMessage(tr("The run failed; the Run page says what to fix."));
  });
  connect(controller_, &RunController::runningChanged, this, [this](bool running) {
    setupView_->setRunning(running);
    cancelAction_->setEnabled(running);
    runAction_->setEnabled(!running && setupView_->check().ok());
    runPairAction_->setEnabled(!running);
    compareView_->setRunPairEnabled(!running);
  });
  connect(runView_, &RunProgressView::cancelRequested, this, &MainWindow::cancelRun);
}

void MainWindow::connectRunPair() {
  // Created after connectRun on purpose: slots run in connection order, so onFinished shows run
  // A's outcome before the queue starts run B and prepares the pages for it.
  queue_ = new RunQueue(controller_, this);
  connect(queue_, &RunQueue::runStarting, this,
          [this](int index, int count, const QString& label, const QString& runDir) {
            pairChecking_ = false;
            if (index == 0) pairResults_.clear();
            QString context =
                tr("Comparison run %1 of %2 (%3)").arg(index + 1).arg(count).arg(label);
            // What the runs before it gave stays in sight while this one runs.
            if (!pairResults_.isEmpty())
              context += tr(" \u00b7 done: %1").arg(pairResults_.join(QStringLiteral(", ")));
            prepareViewsForRun(runDir, context);
            pages_->setCurrentIndex(RunPage);
            statusBar()->showMessage(tr("%1 into %2").arg(context, runDir));
          });
  connect(queue_, &RunQueue::allCompleted, this, [this](const QStringList& dirs) {
    QString error;
    if (dirs.size() == 2 && compareRuns(dirs[0], dirs[1], &error)) return;
    statusBar()->showMessage(tr("Both runs completed but cannot be compared: %1").arg(error));
  });
  connect(queue_, &RunQueue::checking, this, [this](int index, int count, const QString& label) {
    const QString context = tr("Comparison: checking run %1 of %2 (%3) before any run starts")
                                .arg(index + 1)
                                .arg(count)
                                .arg(label);
    pairChecking_ = true;
    runView_->reset(QString(), context);
    runView_->showPreparing();
    pages_->setCurrentIndex(RunPage);
    statusBar()->showMessage(context);
  });
  connect(queue_, &RunQueue::stopped, this,
          [this](int index, const QString& label, RunQueue::StopReason why, const QString& reason) {
            QString message;
            switch (why) {
              case RunQueue::StopReason::Cancelled:
                message = tr("Comparison stopped: %1.").arg(reason);
                if (pairChecking_)  // no run outcome will end the Run page's busy state
                  runView_->showStopped(
                      tr("Comparison cancelled while checking %1; no run was started.").arg(label));
                break;
              case RunQueue::StopReason::RunFailed:  // the Run page shows the worker's message
                message =
                    tr("Comparison stopped: run %1 failed (the Run page says why).").arg(label);
                break;
              case RunQueue::StopReason::CheckFailed:
                runView_->showFailed(
                    tr("%1 cannot run, so no run was started.\n%2").arg(label, reason));
                pages_->setCurrentIndex(RunPage);
                message =
                    tr("Comparison not started: %1 cannot run (the Run page says why).").arg(label);
                break;
            }
            pairChecking_ = false;
            if (why != RunQueue::StopReason::CheckFailed && index + 1 < queue_->size())
              message += tr(" The runs after it were not started.");
            statusBar()->showMessage(message);
          });
  connect(compareView_, &CompareView::runPairRequested, this, [this] { showRunPairDialog(); });
}

void MainWindow::prepareViewsForRun(const QString& runDir, const QString& context) {
  runView_->reset(runDir, context);
  resultsView_->beginRun(runDir);
  inspectView_->clear();
}

bool MainWindow::startRun() {
  setupView_->validateNow();
  if (controller_->isRunning() || queue_->isActive() || !setupView_->check().ok()) return false;
  const RunSetup setup = setupView_->setup();
  const QString runDir = newRunFolder(setup);
  prepareViewsForRun(runDir);
  if (!controller_->start(experimentSpecFor(setup), evaluatorOptionsFor(setup, runDir)))
    return false;
  saveSettings();
  pages_->setCurrentIndex(RunPage);
  statusBar()->showMessage(tr("Running into %1").arg(runDir));
  return true;
}

CompareRunDialog* MainWindow::showRunPairDialog() {
  auto* dialog = new CompareRunDialog(this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  const QSettings settings;
  // A: the Experiment page's setup when it is valid, else the last pair's A.
  setupView_->validateNow();
  const RunSetup current = setupView_->setup();
  const RunSetup a =
      setupView_->check().ok()
          ? current
          : loadRunSetup(settings, QStringLiteral("pair/A"), current).value_or(current);
  dialog->setSetups(a, loadRunSetup(settings, QStringLiteral("pair/B"), a).value_or(a));
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
  auto fail = [this, error](const QString& message) {
    if (error) *error = message;
    statusBar()->showMessage(QString(message).replace('\n', ' '));
    return false;
  };
  {  // remembered even when refused, so the next dialog offers what was typed
    QSettings settings;
    saveRunSetup(settings, QStringLiteral("pair/A"), a);
    saveRunSetup(settings, QStringLiteral("pair/B"), b);
  }
  if (controller_->isRunning() || queue_->isActive())
    return fail(tr("A run is in progress; wait for it to end or cancel it first."));
  const RunPairCheck check = checkRunPair(a, b, availableDevices());
  if (!check.ok()) return fail(check.describe());
  if (!queue_->start(queuedRunPair(a, b))) return fail(tr("The two runs could not be started."));
  return true;
}

void MainWindow::cancelRun() {
  if (queue_->isActive())
    queue_->cancel();
  else
    controller_->cancel();
}

void MainWindow::onFinished(const RunOutcome& outcome) {
  if (queue_->isActive() && outcome.metrics && !outcome.metrics->values.empty())
    pairResults_ << tr("%1 %2 %3")
                        .arg(queue_->label(queue_->currentIndex()),
                             QString::fromStdString(outcome.metrics->names.front()))
                        .arg(outcome.metrics->values.front(), 0, 'f', 3);
  runView_->showFinished(outcome);
  resultsView_->showFinished(outcome);
  const QString dir = QString::fromStdString(outcome.runDir);
  if (outcome.summary.state == "complete") {
    pages_->setCurrentIndex(ResultsPage);
    statusBar()->showMessage(tr("Run complete: %1").arg(dir));
  } else {
    statusBar()->showMessage(
        tr("Run %1: %2").arg(QString::fromStdString(outcome.summary.state), dir));
  }
  if (!dir.isEmpty()) {
    rememberRecent(dir);
    // Not while a run pair goes on: the reading would slow the next run's timings, and the
    // Inspect page will show the next run anyway.
    if (!queue_->hasMoreRuns()) loadInspectionInBackground(dir);
  }
}

namespace {

// The demo's run setup: its config, arch, checkpoint and dataset, the device kept from `current`.
RunSetup demoRunSetup(const DemoFiles& demo, const RunSetup& current) {
  RunSetup s;
  s.configFile = demo.config;
  s.archFile = demo.arch;
  s.checkpoint = demo.checkpoint;
  s.datasetRoot = demo.datasetRoot;
  s.device = current.device;
  s.outputDir = QFileInfo(demo.runDir).absolutePath() + "/runs";
  return s;
}

// The Inspect page's data of a finished run, read back off the GUI thread: the ground truth and
// per-image evaluation of a large dataset take long enough to freeze the window.
struct LoadedInspection {
  std::optional<InspectData> data;
  std::string runDir;
  QString error;
};

LoadedInspection loadInspection(const QString& dir) {
  LoadedInspection out;
  try {
    const LoadedRun run = loadRunFolder(dir.toStdString());
    out.runDir = run.dir;
    out.data = loadInspectData(run);
  } catch (const std::exception& e) {
    out.error = QString::fromStdString(e.what());
  }
  return out;
}

}  // namespace

void MainWindow::loadInspectionInBackground(const QString& dir) {
  auto* watcher = new QFutureWatcher<LoadedInspection>(this);
  connect(watcher, &QFutureWatcher<LoadedInspection>::finished, this, [this, watcher] {
    watcher->deleteLater();
    LoadedInspection loaded = watcher->result();
    if (!loaded.data) {
      statusBar()->showMessage(tr("Cannot inspect the run: %1").arg(loaded.error));
      return;
    }
    // A newer run has started (or failed) meanwhile: its pages must not show this run.
    const auto same = [](const QString& x, const QString& y) {
      return QFileInfo(x).canonicalFilePath() == QFileInfo(y).canonicalFilePath();
    };
    if (controller_->isRunning() ||
        !same(QString::fromStdString(loaded.runDir), controller_->runDir()))
      return;
    const std::string device = loaded.data->device;
    inspectView_->setData(std::move(*loaded.data),
                          std::make_unique<EvaluatorMapsProvider>(loaded.runDir, device));
  });
  watcher->setFuture(QtConcurrent::run(loadInspection, dir));
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

bool MainWindow::compareRuns(const QString& dirA, const QString& dirB, QString* error) {
  if (!compareView_->openRuns(dirA, dirB, error)) return false;
  pages_->setCurrentIndex(ComparePage);
  statusBar()->showMessage(tr("Comparing %1 (A) with %2 (B)").arg(dirA, dirB));
  return true;
}

bool MainWindow::openRunFolder(const QString& dir, QString* error) {
  try {
    const LoadedRun run = loadRunFolder(dir.toStdString());
    resultsView_->showLoadedRun(run);
    QString inspectError;
    if (!inspectView_->setRun(run, &inspectError))
      statusBar()->showMessage(tr("The Inspect page cannot show this run: %1").arg(inspectError));
    QFile log(QDir(dir).filePath(QString::fromLatin1(runfiles::kLog)));
    runView_->showLoadedLog(
        dir, QString::fromStdString(run.summary.state),
        log.open(QIODevice::ReadOnly) ? QString::fromUtf8(log.readAll()) : QString());
    pages_->setCurrentIndex(ResultsPage);
    statusBar()->showMessage(
        tr("Opened run folder %1 (%2)").arg(dir, QString::fromStdString(run.summary.state)));
    rememberRecent(dir);
    return true;
  } catch (const std::exception& e) {
    const QString message =
        tr("%1\nChoose a folder written by PoseScope or posescope-cli eval (it holds run.json).")
            .arg(QString::fromStdString(e.what()));
    if (error) *error = message;
    statusBar()->showMessage(QString(message).replace('\n', ' '));
    return false;
  }
}

bool MainWindow::openFile(const QString& path) {
  switch (classifyPath(path)) {
    case PathKind::Config:
      setupView_->setConfigFile(path);
      break;
    case PathKind::Arch:
      setupView_->setArchFile(path);
      break;
    case PathKind::Checkpoint:
      setupView_->setCheckpoint(path);
      break;
    case PathKind::DatasetRoot:
      setupView_->setDatasetRoot(path);
      break;
    case PathKind::RunFolder:
      return openRunFolder(path);
    case PathKind::Unknown:
      statusBar()->showMessage(tr("%1: not an experiment YAML, architecture JSON, checkpoint "
                                  "(*.pth, *.pth.tar, *.pt) or folder")
                                   .arg(path));
      return false;
  }
  pages_->setCurrentIndex(ExperimentPage);
  rememberRecent(path);
  return true;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (!event->mimeData()->hasUrls()) return;
  for (const QUrl& url : event->mimeData()->urls()) {
    if (classifyPath(url.toLocalFile()) != PathKind::Unknown) {
      event->acceptProposedAction();
      return;
    }
  }
}

void MainWindow::dropEvent(QDropEvent* event) {
  for (const QUrl& url : event->mimeData()->urls()) openFile(url.toLocalFile());
  event->acceptProposedAction();
}

void MainWindow::closeEvent(QCloseEvent* event) {
  saveSettings();
  cancelRun();  // also stops a run pair; the controller's destructor waits for the forward pass
                // or check in flight
  event->accept();
}

void MainWindow::saveSettings() const {
  QSettings settings;
  settings.setValue("mainWindow/geometry", saveGeometry());
  saveRunSetup(settings, QStringLiteral("setup"), setupView_->setup());
}

void MainWindow::restoreLastSetup() {
  if (const auto s = loadRunSetup(QSettings(), QStringLiteral("setup"), setupView_->setup()))
    setupView_->setSetup(*s);
}

void MainWindow::rememberRecent(const QString& path) {
  QSettings settings;
  QStringList recent = settings.value(kRecentKey).toStringList();
  const QString absolute = QFileInfo(path).absoluteFilePath();
  recent.removeAll(absolute);
  recent.prepend(absolute);
  while (recent.size() > kMaxRecent) recent.removeLast();
  settings.setValue(kRecentKey, recent);
  rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
  recentMenu_->clear();
  const QStringList recent = QSettings().value(kRecentKey).toStringList();
  for (const QString& path : recent)
    recentMenu_->addAction(path, this, [this, path] { openFile(path); });
  recentMenu_->setEnabled(!recent.isEmpty());
}

void MainWindow::updateTitle() {
  const QString cfg = setupView_->setup().configFile;
  setWindowTitle(cfg.isEmpty() ? tr("PoseScope")
                               : tr("%1 \u2014 PoseScope").arg(QFileInfo(cfg).fileName()));
}

void MainWindow::prepareDemo(const std::function<void(const DemoFiles&)>& then) {
  const DemoFiles demo = locateDemoFiles(QCoreApplication::applicationDirPath());
  if (demo.config.isEmpty()) {
    QMessageBox::warning(this, tr("Open Demo"),
                         tr("The demo files (configs/demo, resources/demo) were not found next to "
                            "the application; set POSESCOPE_DATA_DIR to the PoseScope source "
                            "folder."));
    return;
  }
  if (controller_->isRunning() || queue_->isActive()) {
    statusBar()->showMessage(tr("A run is in progress; cancel it before opening the demo."));
    return;
  }
  statusBar()->showMessage(
      tr("Preparing the synthetic demo dataset in %1\u2026").arg(demo.datasetRoot));
  // Generating 200 images takes a few seconds: off the GUI thread, then the run starts.
  auto* watcher = new QFutureWatcher<QString>(this);
  connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, demo, then] {
    watcher->deleteLater();
    const QString error = watcher->result();
    if (!error.isEmpty()) {
      QMessageBox::warning(this, tr("Open Demo"),
                           tr("The demo dataset could not be written: %1").arg(error));
      return;
    }
    then(demo);
  });
  watcher->setFuture(QtConcurrent::run(ensureDemoDataset, demo));
}

void MainWindow::openDemo() {
  prepareDemo([this](const DemoFiles& demo) {
    setupView_->setSetup(demoRunSetup(demo, setupView_->setup()));
    if (!startRun())
      statusBar()->showMessage(tr("The demo setup is not valid; see the Experiment page."));
  });
}

void MainWindow::openDemoComparison() {
  prepareDemo([this](const DemoFiles& demo) {
    const RunSetup a = demoRunSetup(demo, setupView_->setup());
    RunSetup b = a;
    b.archFile = demo.tinyArch;
    b.checkpoint = demo.tinyCheckpoint;
    setupView_->setSetup(a);
    QString error;
    if (!startRunPair(a, b, &error))
      QMessageBox::warning(this, tr("Compare Demo Architectures"), error);
  });
}

}  // namespace posescope
