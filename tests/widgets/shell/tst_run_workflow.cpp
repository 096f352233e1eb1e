// The GUI run workflow end to end on a dataset and checkpoint the test generates: the form's
// validation gates Run; a run on the worker thread gives the table `posescope-cli eval` prints;
// Cancel leaves a cancelled run folder; worker errors show what to fix; run folders reopen; the
// GUI thread stays responsive during a run.

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include "built_programs.h"
#include "common/errors.h"
#include "pipeline/evaluator.h"
#include "pipeline/run_folder.h"
#include "synthetic_fixture.h"
#include "test_files.h"
#include "test_support.h"
#include "widgets/lateness_probe.h"
#include "widgets/models/metric_table_model.h"
#include "widgets/models/record_table_model.h"
#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/pages/results/run_summary_panel.h"
#include "widgets/pages/run/run_progress_view.h"
#include "widgets/session/checkpoint_check.h"
#include "widgets/session/run_controller.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/main_window.h"

using namespace posescope;

namespace {

constexpr int kImages = 8;
constexpr int kMissing = 2;  // listed in the annotations, never written: one failed record
constexpr int kRunTimeoutMs = 240000;

using posescope::test::repoFile;

// Waits for the window's run to end; returns the outcome, or fails with the worker's message.
bool waitForRun(MainWindow& window, RunOutcome* outcome, QString* failure) {
  QSignalSpy finished(window.session()->controller(), &RunController::finished);
  QSignalSpy failed(window.session()->controller(), &RunController::failed);
  QElapsedTimer clock;
  clock.start();
  while (finished.isEmpty() && failed.isEmpty() && clock.elapsed() < kRunTimeoutMs)
    QTest::qWait(20);
  if (!failed.isEmpty()) {
    *failure = failed.first().first().toString();
    return false;
  }
  if (finished.isEmpty()) {
    *failure = "the run did not end in time";
    return false;
  }
  *outcome = finished.first().first().value<RunOutcome>();
  return true;
}

// The values line of valid.py's Markdown table, as cells (arch first).
QStringList markdownValues(const QString& markdown) {
  const QStringList lines = markdown.split('\n', Qt::SkipEmptyParts);
  if (lines.size() < 3) return {};
  QStringList cells = lines[2].split('|', Qt::SkipEmptyParts);
  for (QString& c : cells) c = c.trimmed();
  return cells;
}

}  // namespace

class TestRunWorkflow : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString root_;
  QString checkpoint_;
  QString guiRunDir_;
  QString cliRunDir_;
  std::optional<MetricTable> guiMetrics_;

  // posescope-cli eval on the window's inputs into `dir`, with its defaults (device, replicas,
  // threads): `dir`, its table in `printed`; empty with the reason in `error` when it failed.
  QString cliRun(const QString& dir, QString* printed, QString* error) {
    QProcess cli;
    cli.start(posescope::test::cliPath(),
              {"eval", "--cfg", repoFile("configs/coco/mobilenet/mobile.yaml"), "--superconfig",
               repoFile("configs/arch/search-XS.json"), "--out", dir, "--device", "cpu", "--quiet",
               "TEST.FLIP_TEST", "True", "DATASET.ROOT", root_, "TEST.MODEL_FILE", checkpoint_});
    if (!cli.waitForFinished(kRunTimeoutMs) || cli.exitCode() != 0) {
      *error = QString::fromUtf8(cli.readAllStandardError());
      return {};
    }
    *printed = QString::fromUtf8(cli.readAllStandardOutput());
    return dir;
  }

  // runGivesTheCliTable's GUI and CLI runs, or made here when it failed or did not run, so that
  // each function stands alone; false with the reason in `error` when a run failed.
  bool guiAndCliRuns(QString* error) {
    if (!guiRunDir_.isEmpty() && !cliRunDir_.isEmpty() && guiMetrics_) return true;
    MainWindow window;
    fillValid(window, dir_.filePath("runs-again"));
    RunOutcome outcome;
    if (!window.startRun() || !waitForRun(window, &outcome, error) || !outcome.metrics)
      return false;
    guiRunDir_ = QString::fromStdString(outcome.runDir);
    guiMetrics_ = outcome.metrics;
    QString printed;
    cliRunDir_ = cliRun(dir_.filePath("cli-run-again"), &printed, error);
    return !cliRunDir_.isEmpty();
  }

  void fillValid(MainWindow& window, const QString& outDir) {
    RunSetupView* setup = window.runSetupView();
    RunSetup s;
    s.configFile = repoFile("configs/coco/mobilenet/mobile.yaml");
    s.archFile = repoFile("configs/arch/search-XS.json");
    s.checkpoint = checkpoint_;
    s.datasetRoot = root_;
    s.overrides = QStringList{"TEST.FLIP_TEST", "True"};
    s.device = "cpu";
    s.outputDir = outDir;
    setup->setSetup(s);
  }

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_run_workflow");
    QSettings().clear();
    QVERIFY(dir_.isValid());
    root_ = QString::fromStdString(
        posescope::test::makeSyntheticCoco(dir_.path(), kImages, 17, kMissing));
    checkpoint_ = dir_.filePath("random.pth");
    ExperimentSpec spec;
    spec.cfgFile = repoFile("configs/coco/mobilenet/mobile.yaml").toStdString();
    spec.archFile = repoFile("configs/arch/search-XS.json").toStdString();
    posescope::test::writeRandomCheckpoint(checkpoint_.toStdString(), spec);
  }

  void invalidInputsDisableRunAndShowErrors() {
    MainWindow window;
    RunSetupView* setup = window.runSetupView();
    QVERIFY(!setup->runButton()->isEnabled());
    QVERIFY(!setup->fieldError(SetupField::Config).isEmpty());

    fillValid(window, dir_.filePath("runs-invalid"));
    QVERIFY2(setup->check().ok(), qPrintable(setup->check().errors.values().join("; ")));
    QVERIFY(setup->runButton()->isEnabled());
    for (auto f :
         {SetupField::Config, SetupField::Arch, SetupField::Checkpoint, SetupField::DatasetRoot,
          SetupField::Overrides, SetupField::Device, SetupField::Output})
      QVERIFY(setup->fieldError(f).isEmpty());

    // Each bad field disables Run and puts a message naming the problem under that field.
    setup->setCheckpoint(dir_.filePath("missing.pth"));
    QVERIFY(!setup->runButton()->isEnabled());
    QVERIFY2(setup->fieldError(SetupField::Checkpoint).contains("missing.pth"),
             qPrintable(setup->fieldError(SetupField::Checkpoint)));
    setup->setCheckpoint(checkpoint_);
    QVERIFY(setup->runButton()->isEnabled());

    setup->setDatasetRoot(dir_.filePath("nowhere"));
    QVERIFY(!setup->runButton()->isEnabled());
    QVERIFY2(setup->fieldError(SetupField::DatasetRoot).contains("person_keypoints_val2017.json"),
             qPrintable(setup->fieldError(SetupField::DatasetRoot)));
    setup->setDatasetRoot(root_);

    QTemporaryDir tmp;
    const QString badArch = tmp.filePath("bad.json");
    QFile f(badArch);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"img_size\": ");
    f.close();
    setup->setArchFile(badArch);
    QVERIFY(!setup->runButton()->isEnabled());
    QVERIFY2(setup->fieldError(SetupField::Arch).contains("bad.json"),
             qPrintable(setup->fieldError(SetupField::Arch)));
    QVERIFY(setup->fieldError(SetupField::Config).isEmpty());
    setup->setArchFile(repoFile("configs/arch/search-XS.json"));

    setup->setOverrides({"TEST.NO_SUCH_KEY", "1"});
    QVERIFY(!setup->runButton()->isEnabled());
    QVERIFY2(setup->fieldError(SetupField::Overrides).contains("NO_SUCH_KEY"),
             qPrintable(setup->fieldError(SetupField::Overrides)));
    setup->setOverrides({"TEST.FLIP_TEST", ""});
    QVERIFY(setup->fieldError(SetupField::Overrides).contains("no value"));
    setup->setOverrides({});

    // Refused once LibTorch has said which devices there are (the network engine, loaded in the
    // background).
    setup->setDevice("cuda:7");
    QTRY_VERIFY_WITH_TIMEOUT(!setup->runButton()->isEnabled(), 60000);
    QVERIFY(setup->fieldError(SetupField::Device).contains("cuda:7"));
    setup->setDevice("cpu");

    setup->setConfigFile(dir_.filePath("nope.yaml"));
    QVERIFY(!setup->runButton()->isEnabled());
    QVERIFY(setup->fieldError(SetupField::Config).contains("nope.yaml"));
    QVERIFY(!window.startRun());
    QVERIFY(!window.session()->controller()->isRunning());

    setup->setConfigFile(repoFile("configs/coco/mobilenet/mobile.yaml"));
    QVERIFY2(setup->runButton()->isEnabled(),
             qPrintable(setup->check().errors.values().join("; ")));
  }

  void filesRouteByType() {
    MainWindow window;
    QCOMPARE(classifyPath(checkpoint_), PathKind::Checkpoint);
    QCOMPARE(classifyPath("a/b/model.pth.tar"), PathKind::Checkpoint);
    QCOMPARE(classifyPath("x.pt"), PathKind::Checkpoint);
    QCOMPARE(classifyPath(root_), PathKind::DatasetRoot);
    QVERIFY(window.openFile(checkpoint_));
    QCOMPARE(window.runSetupView()->setup().checkpoint, checkpoint_);
    QVERIFY(window.openFile(repoFile("configs/coco/mobilenet/mobile.yaml")));
    QVERIFY(window.openFile(root_));
    QCOMPARE(window.runSetupView()->setup().datasetRoot, root_);
    QVERIFY(!window.openFile(repoFile("README.md")));
    // The last setup is kept in QSettings and restored by the next window.
    window.saveSettings();
    MainWindow next;
    next.restoreLastSetup();
    QCOMPARE(next.runSetupView()->setup().checkpoint, checkpoint_);
    QCOMPARE(next.runSetupView()->setup().datasetRoot, root_);
  }

  void runGivesTheCliTable() {
    MainWindow window;
    QAbstractItemModelTester metricTester(window.resultsView()->metricModel(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester recordTester(window.resultsView()->recordModel(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    fillValid(window, dir_.filePath("runs"));
    QSignalSpy images(window.session()->controller(), &RunController::imageDone);
    QVERIFY(window.startRun());
    QVERIFY(window.session()->controller()->isRunning());
    QVERIFY(!window.runSetupView()->runButton()->isEnabled());
    QVERIFY(!window.startRun());  // one run at a time
    RunOutcome outcome;
    QString failure;
    QVERIFY2(waitForRun(window, &outcome, &failure), qPrintable(failure));
    QCOMPARE(runStateName(outcome.summary.state), std::string("complete"));
    QVERIFY(outcome.metrics.has_value());
    QCOMPARE(images.count(), kImages);
    QCOMPARE(window.resultsView()->recordModel()->rowCount(), kImages);
    QCOMPARE(window.resultsView()
                 ->recordModel()
                 ->index(kMissing, RecordTableModel::FailureColumn)
                 .data()
                 .toString()
                 .isEmpty(),
             false);
    QCOMPARE(window.pages()->currentIndex(), int(MainWindow::ResultsPage));
    QVERIFY(window.runSetupView()->runButton()->isEnabled());
    guiRunDir_ = QString::fromStdString(outcome.runDir);
    guiMetrics_ = outcome.metrics;
    const auto* panel = window.resultsView()->summaryPanel();
    QVERIFY(panel->value(RunSummaryPanel::Row::State).startsWith("complete"));
    // The CPU default: one network replica per core (at most 4).
    const int replicas = std::min(QThread::idealThreadCount(), kMaxDefaultCpuReplicas);
    QCOMPARE(panel->value(RunSummaryPanel::Row::Device),
             replicas == 1 ? QString("cpu") : QString("cpu, %1 network replicas").arg(replicas));
    QCOMPARE(panel->value(RunSummaryPanel::Row::Images), QString("%1 of %1").arg(kImages));
    QCOMPARE(panel->value(RunSummaryPanel::Row::Failed), QString("1"));

    // posescope-cli eval on the same inputs, with the same defaults (device, replicas, threads).
    QString printed, error;
    cliRunDir_ = cliRun(dir_.filePath("cli-run"), &printed, &error);
    QVERIFY2(!cliRunDir_.isEmpty(), qPrintable(error));
    QCOMPARE(QString::fromStdString(outcome.metricsMarkdown), printed);

    // The table the window shows is the one the CLI printed, cell by cell.
    const QStringList cells = markdownValues(printed);
    const MetricTableModel* model = window.resultsView()->metricModel();
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->columnCount(), cells.size());
    for (int c = 0; c < cells.size(); ++c) QCOMPARE(model->index(0, c).data().toString(), cells[c]);
    const LoadedRun cliRun = loadRunFolder(cliRunDir_.toStdString());
    QVERIFY(cliRun.metrics.has_value());
    for (int c = 1; c < model->columnCount(); ++c)
      QCOMPARE(model->index(0, c).data(Qt::UserRole).toDouble(),
               cliRun.metrics->values[static_cast<size_t>(c - 1)]);

    // The log pane has the lines the CLI writes (model line, then the table).
    const QString log = window.runView()->logText();
    QVERIFY2(log.contains("model pose_mobilenet"), qPrintable(log));
    QVERIFY(log.contains(cells.join(" | ")));
    QVERIFY(log.contains("run folder: " + guiRunDir_));
  }

  void openRunFolderShowsItsTable() {
    QString error;
    QVERIFY2(guiAndCliRuns(&error), qPrintable(error));
    for (const QString& dir : {guiRunDir_, cliRunDir_}) {
      MainWindow window;
      QAbstractItemModelTester tester(window.resultsView()->metricModel(),
                                      QAbstractItemModelTester::FailureReportingMode::QtTest);
      QSignalSpy opened(window.session(), &RunSession::runFolderOpened);
      QSignalSpy failed(window.session(), &RunSession::runFolderFailed);
      window.openRunFolder(dir);  // read in the background
      QTRY_VERIFY_WITH_TIMEOUT(!opened.isEmpty() || !failed.isEmpty(), kRunTimeoutMs);
      QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(1).toString()));
      const MetricTableModel* model = window.resultsView()->metricModel();
      QCOMPARE(model->rowCount(), 1);
      for (int c = 1; c < model->columnCount(); ++c)
        QCOMPARE(model->index(0, c).data(Qt::UserRole).toDouble(),
                 guiMetrics_->values[static_cast<size_t>(c - 1)]);
      QCOMPARE(window.resultsView()->recordModel()->rowCount(), kImages);
      QVERIFY(window.resultsView()
                  ->summaryPanel()
                  ->value(RunSummaryPanel::Row::State)
                  .startsWith("complete"));
      QVERIFY(window.runView()->logText().contains("model pose_mobilenet"));
      QCOMPARE(window.inspectView()->data().records.size(), size_t(kImages));
      QCOMPARE(window.pages()->currentIndex(), int(MainWindow::ResultsPage));
    }
    MainWindow window;
    QSignalSpy failed(window.session(), &RunSession::runFolderFailed);
    window.openRunFolder(root_);
    QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), kRunTimeoutMs);
    const QString notARun = failed.first().value(1).toString();
    QVERIFY2(notARun.contains("run.json"), qPrintable(notARun));
  }

  void cancelLeavesACancelledRunFolder() {
    MainWindow window;
    fillValid(window, dir_.filePath("runs-cancel"));
    bool cancelled = false;
    connect(window.session()->controller(), &RunController::imageDone, &window,
            [&](const ImageRecord&, qulonglong done, qulonglong) {
              if (done == 1 && !cancelled) {
                cancelled = true;
                window.runView()->cancelButton()->click();
              }
            });
    RunOutcome outcome;
    // The click follows the first image's signal through the GUI thread's queue: on a busy
    // machine the run may end before it is handled (seen once in three stressed rounds). Such a
    // run shows nothing about cancelling, and another is started.
    for (int attempt = 0; attempt < 5; ++attempt) {
      cancelled = false;
      QVERIFY(window.startRun());
      QString failure;
      QVERIFY2(waitForRun(window, &outcome, &failure), qPrintable(failure));
      if (outcome.summary.state != RunState::Complete) break;
    }
    // Not a time limit: the Evaluator checks the token between images, so the run ends
    // cancelled before its last image, with exactly the records of the images it finished.
    qInfo("cancelled after image 1 was shown: %zu of %d images done", outcome.summary.imagesDone,
          kImages);
    QCOMPARE(runStateName(outcome.summary.state), std::string("cancelled"));
    QVERIFY(outcome.summary.imagesDone < size_t(kImages));
    QVERIFY(!outcome.metrics.has_value());
    const LoadedRun run = loadRunFolder(outcome.runDir);
    QCOMPARE(runStateName(run.summary.state), std::string("cancelled"));
    QCOMPARE(run.records.size(), outcome.summary.imagesDone);
    QVERIFY(window.runView()->stateText().contains("Cancelled"));
    QVERIFY(window.resultsView()->metricsNote().contains("cancelled"));
    QVERIFY(window.runSetupView()->runButton()->isEnabled());
  }

  // Issue 15, item 4: a run that fails to start leaves the run shown, says what failed next to
  // the input concerned, leaves no run folder and no stale status.
  void workerErrorsSayWhatToFix() {
    MainWindow window;
    fillValid(window, dir_.filePath("runs-error"));
    window.runSetupView()->setOverrides({"TEST.FLIP_TEST", "False"});
    QVERIFY(window.startRun());
    RunOutcome outcome;
    QString failure;
    QVERIFY2(waitForRun(window, &outcome, &failure), qPrintable(failure));
    const QString shownRun = window.document()->runDir();
    QTRY_VERIFY_WITH_TIMEOUT(!window.inspectView()->data().rows.empty(), kRunTimeoutMs);
    const std::size_t shownImages = window.inspectView()->data().records.size();

    // A valid arch, but not the one the checkpoint was trained with: the worker's Evaluator
    // construction throws CheckpointError (the form's own background check, which would find it
    // first, is kept from starting here).
    window.runSetupView()->checkpointCheck()->setSettleMs(3600 * 1000);
    window.runSetupView()->setArchFile(repoFile("configs/arch/search-S.json"));
    QVERIFY(window.runSetupView()->runButton()->isEnabled());
    QVERIFY(window.startRun());
    const QString failedDir = window.session()->controller()->runDir();
    QVERIFY(!waitForRun(window, &outcome, &failure));
    QVERIFY2(failure.contains("checkpoint") && failure.contains("random.pth"), qPrintable(failure));
    QCOMPARE(window.runView()->errorText(), failure);
    QVERIFY2(!window.runView()->progressBar()->text().contains("/"),
             qPrintable(window.runView()->progressBar()->text()));
    // Said next to the checkpoint, on the Experiment page.
    QCOMPARE(window.pages()->currentIndex(), int(MainWindow::ExperimentPage));
    QCOMPARE(window.runSetupView()->fieldError(SetupField::Checkpoint), failure);
    QVERIFY(window.statusBar()->currentMessage().contains("did not start"));
    // The run shown before stays, and the failed run left no folder.
    QCOMPARE(window.document()->runDir(), shownRun);
    QCOMPARE(window.resultsView()->recordModel()->rowCount(), int(shownImages));
    QCOMPARE(window.inspectView()->data().records.size(), shownImages);
    QVERIFY2(!QFileInfo::exists(failedDir), qPrintable(failedDir));
    QVERIFY(!window.session()->controller()->isRunning());
    QVERIFY(window.runSetupView()->runButton()->isEnabled());

    // The app stays usable: the corrected setup runs, and the failure is no longer reported.
    window.runSetupView()->setArchFile(repoFile("configs/arch/search-XS.json"));
    QVERIFY(!window.statusBar()->currentMessage().contains("did not start"));
    QVERIFY(window.runSetupView()->fieldError(SetupField::Checkpoint).isEmpty());
    QVERIFY(window.startRun());
    QVERIFY2(waitForRun(window, &outcome, &failure), qPrintable(failure));
    QCOMPARE(runStateName(outcome.summary.state), std::string("complete"));
    QVERIFY(window.runView()->errorText().isEmpty());
  }

  void guiThreadStaysResponsive() {
    MainWindow window;
    window.show();
    fillValid(window, dir_.filePath("runs-responsive"));
    test::LatenessProbe probe;
    QVERIFY(window.startRun());
    RunOutcome outcome;
    QString failure;
    QVERIFY2(waitForRun(window, &outcome, &failure), qPrintable(failure));
    probe.stop();
    qInfo("GUI timer: %d ticks over %lld ms, worst lateness %lld ms", probe.ticks(),
          static_cast<long long>(probe.elapsedMs()), static_cast<long long>(probe.worstMs()));
    // Not a speed check (bench_gui_long_run prints the lateness figure: 14 ms quiet, 28 ms beside
    // one busy process, 2026-12-01): the run must not happen on the GUI thread. Work done there
    // would hold the timer for a large part of the run, whatever the load, while load alone
    // stretches the run as much as it delays the timer (37 ms of a 1,709 ms run at load 5,
    // 2026-12-02).
    QVERIFY(probe.ticks() > 10);
    QVERIFY2(probe.worstMs() < probe.elapsedMs() / 3,
             qPrintable(QString("worst lateness %1 ms of a %2 ms run")
                            .arg(probe.worstMs())
                            .arg(probe.elapsedMs())));
  }
};

QTEST_MAIN(TestRunWorkflow)
#include "tst_run_workflow.moc"
