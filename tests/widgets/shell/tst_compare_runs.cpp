// Two setups compared from the window: the dialog's gating, and the window's flow from the dialog
// to the Compare page, refusals and cancels shown on the Run page.

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "pipeline/run_folder.h"
#include "report/run_comparison.h"
#include "widgets/demo_pair_fixture.h"
#include "widgets/pages/compare/compare_view.h"
#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/pages/run/run_progress_view.h"
#include "widgets/session/run_controller.h"
#include "widgets/session/run_pair.h"
#include "widgets/session/run_queue.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/compare_run_dialog.h"
#include "widgets/shell/main_window.h"

using namespace posescope;
using namespace posescope::test;

class TestCompareRuns : public QObject {
  Q_OBJECT
 private:
  DemoPairFixture pair_;

 private Q_SLOTS:
  void initTestCase() { pair_.setUp("tst_compare_runs"); }

  void dialogRunsOnlyComparablePairs() {
    CompareRunDialog dialog;
    dialog.setSetups(pair_.demoSetup(false), pair_.demoSetup(true));
    QVERIFY2(dialog.runButton()->isEnabled(), qPrintable(dialog.check().describe()));
    QVERIFY(dialog.pairErrorText().isEmpty());

    dialog.setupView(CompareRunDialog::B)->setDatasetRoot(pair_.otherRoot());
    QVERIFY(!dialog.runButton()->isEnabled());
    QVERIFY(dialog.pairErrorText().contains("different datasets"));

    dialog.setupView(CompareRunDialog::B)->setConfigFile(pair_.dir().filePath("missing.yaml"));
    QVERIFY(!dialog.runButton()->isEnabled());
    QVERIFY(dialog.pairErrorText().isEmpty());  // B's own error is shown on B's field instead
    QVERIFY(!dialog.setupView(CompareRunDialog::B)->fieldError(SetupField::Config).isEmpty());

    dialog.copyAToB();
    QCOMPARE(dialog.setup(CompareRunDialog::B).archFile,
             dialog.setup(CompareRunDialog::A).archFile);
    QCOMPARE(dialog.setup(CompareRunDialog::B).datasetRoot, pair_.root());
    QVERIFY(dialog.runButton()->isEnabled());
    QVERIFY(dialog.setupView(CompareRunDialog::A)->runButton()->isHidden());
  }

  void windowRunsThePairAndOpensCompare() {
    MainWindow window;
    const RunSetup a = pair_.demoSetup(false);
    window.runSetupView()->setSetup(a);
    CompareRunDialog* dialog = window.showRunPairDialog();
    QVERIFY(dialog);
    // A comes from the Experiment page; B (no earlier pair saved) starts as a copy of it.
    QCOMPARE(dialog->setup(CompareRunDialog::A).archFile, a.archFile);
    QCOMPARE(dialog->setup(CompareRunDialog::B).archFile, a.archFile);
    RunSetupView* b = dialog->setupView(CompareRunDialog::B);
    b->setArchFile(repoFile("configs/demo/demo-arch-tiny.json"));
    b->setCheckpoint(repoFile("resources/demo/demo_litepose_tiny.pth"));
    QVERIFY2(dialog->runButton()->isEnabled(), qPrintable(dialog->check().describe()));

    QSignalSpy compared(window.compareView(), &CompareView::comparisonChanged);
    QSignalSpy stopped(window.session()->queue(), &RunQueue::stopped);
    QSignalSpy starting(window.session()->queue(), &RunQueue::runStarting);
    // Once B has started, the pages show B (not A's finished outcome arriving late).
    QString notesWhileBRuns;
    QStringList runPageContexts;  // as each run starts (the window's own slot ran first)
    connect(window.session()->queue(), &RunQueue::runStarting, this,
            [&](int) { runPageContexts << window.runView()->folderText(); });
    // The pages reset when a run has really started (a start that fails leaves them alone).
    connect(window.session(), &RunSession::runStarted, this, [&] {
      if (runPageContexts.size() == 2)
        QTimer::singleShot(0, this, [&] { notesWhileBRuns = window.resultsView()->metricsNote(); });
    });
    const RunSetup bSetup = dialog->setup(CompareRunDialog::B);
    dialog->runButton()->click();  // starts the pair and closes (deletes) the dialog
    QVERIFY(window.session()->queue()->isActive());
    QCOMPARE(window.pages()->currentIndex(), int(MainWindow::RunPage));
    // B is checked first (network, checkpoint, dataset) so a bad B shows before A runs.
    QVERIFY2(window.runView()->folderText().startsWith(
                 "Comparison: checking run 2 of 2 (B: demo-arch-tiny)"),
             qPrintable(window.runView()->folderText()));
    QString error;
    QVERIFY(!window.startRunPair(a, bSetup, &error));  // one at a time
    QVERIFY2(error.contains("in progress"), qPrintable(error));
    QVERIFY(!window.startRun());
    QVERIFY(!window.compareView()->findChild<QPushButton*>("runPairButton")->isEnabled());
    // A second dialog refused meanwhile stays open with its fields and says why.
    CompareRunDialog* busy = window.showRunPairDialog();
    busy->runButton()->click();
    QVERIFY(busy->isVisible());
    QVERIFY2(busy->pairErrorText().contains("in progress"), qPrintable(busy->pairErrorText()));
    busy->reject();

    QTRY_VERIFY_WITH_TIMEOUT(!compared.isEmpty() || !stopped.isEmpty(), kPairRunTimeoutMs);
    QVERIFY2(stopped.isEmpty(), qPrintable(stopped.value(0).value(3).toString()));
    QCOMPARE(starting.count(), 2);
    QCOMPARE(runPageContexts.size(), 2);
    QVERIFY2(runPageContexts[0].startsWith("Comparison run 1 of 2 (A: demo-arch)"),
             qPrintable(runPageContexts[0]));
    QVERIFY2(runPageContexts[1].startsWith("Comparison run 2 of 2 (B: demo-arch-tiny)"),
             qPrintable(runPageContexts[1]));
    QVERIFY2(notesWhileBRuns.contains("appear when the run completes"),
             qPrintable(notesWhileBRuns));
    QCOMPARE(window.pages()->currentIndex(), int(MainWindow::ComparePage));
    const RunComparison* comparison = window.compareView()->comparison();
    QVERIFY(comparison);
    QCOMPARE(comparison->a.label, std::string("demo-arch"));
    QCOMPARE(comparison->b.label, std::string("demo-arch-tiny"));
    QCOMPARE(comparison->images.size(), size_t(kPairImages));
    // The metrics shown are those the two run folders hold.
    const QStringList dirs = window.session()->queue()->completedDirs();
    const LoadedRun runA = loadRunFolder(dirs[0].toStdString());
    const LoadedRun runB = loadRunFolder(dirs[1].toStdString());
    QVERIFY(comparison->metrics && runA.metrics && runB.metrics);
    // While B ran, the Run page kept A's AP in sight.
    const QString doneA =
        QString("done: A: demo-arch AP %1").arg(runA.metrics->values[0], 0, 'f', 3);
    QVERIFY2(runPageContexts[1].contains(doneA), qPrintable(runPageContexts[1]));
    QCOMPARE(comparison->metrics->a, runA.metrics->values);
    QCOMPARE(comparison->metrics->b, runB.metrics->values);
    QCOMPARE(QDir(QString::fromStdString(comparison->a.dir)).canonicalPath(),
             QDir(dirs[0]).canonicalPath());

    // A new window with nothing set up offers the last pair's A and B.
    {
      MainWindow fresh;
      CompareRunDialog* restored = fresh.showRunPairDialog();
      QCOMPARE(restored->setup(CompareRunDialog::A).archFile, a.archFile);
      QCOMPARE(restored->setup(CompareRunDialog::B).archFile,
               repoFile("configs/demo/demo-arch-tiny.json"));
      QVERIFY(restored->runButton()->isEnabled());
      restored->reject();
    }
    // The next dialog offers the last pair's B.
    CompareRunDialog* again = window.showRunPairDialog();
    QCOMPARE(again->setup(CompareRunDialog::B).archFile,
             repoFile("configs/demo/demo-arch-tiny.json"));
    again->reject();
  }

  void windowShowsWhyBCannotRun() {
    MainWindow window;
    RunSetup b = pair_.demoSetup(true);
    b.checkpoint = repoFile("resources/demo/demo_litepose.pth");  // weights of the other arch
    QString error;
    QVERIFY2(window.startRunPair(pair_.demoSetup(false), b, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(!window.session()->queue()->isActive(), kPairRunTimeoutMs);
    const QString shown = window.runView()->errorText();
    QVERIFY2(shown.startsWith("B: demo-arch-tiny cannot run, so no run was started.") &&
                 shown.contains("demo_litepose.pth"),
             qPrintable(shown));
    QCOMPARE(window.pages()->currentIndex(), int(MainWindow::RunPage));
    QVERIFY(!window.session()->controller()->isRunning());
  }

  void windowCancelWhileCheckingEndsTheBusyState() {
    MainWindow window;
    connect(window.session()->queue(), &RunQueue::checking, this,
            [&] { QTimer::singleShot(0, &window, [&] { window.cancelRun(); }); });
    QSignalSpy starting(window.session()->queue(), &RunQueue::runStarting);
    QString error;
    QVERIFY2(window.startRunPair(pair_.demoSetup(false), pair_.demoSetup(true), &error),
             qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(!window.session()->queue()->isActive(), kPairRunTimeoutMs);
    QCOMPARE(starting.count(), 0);
    QVERIFY2(window.runView()->stateText().contains("cancelled while checking B: demo-arch-tiny"),
             qPrintable(window.runView()->stateText()));
    QVERIFY(window.runView()->progressBar()->maximum() > 0);  // not busy any more
    QVERIFY(!window.runView()->cancelButton()->isEnabled());
    QVERIFY(!window.session()->controller()->isRunning());
  }

  void windowRefusesInvalidPairs() {
    MainWindow window;
    RunSetup b = pair_.demoSetup(true);
    b.datasetRoot = pair_.otherRoot();
    QString error;
    QVERIFY(!window.startRunPair(pair_.demoSetup(false), b, &error));
    QVERIFY2(error.contains("different datasets"), qPrintable(error));
    QVERIFY(!window.session()->queue()->isActive());
    QVERIFY(!window.session()->controller()->isRunning());
  }
};

QTEST_MAIN(TestCompareRuns)
#include "tst_compare_runs.moc"
