// One run folder shown on the Run, Results, Inspect and Timing pages, analysed, and compared on
// the Compare page (with another run, then with itself) is read once: every page reads runs
// through the session's RunStore.

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "widgets/analysis_run_fixture.h"
#include "widgets/models/record_table_model.h"
#include "widgets/pages/compare/compare_view.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/pages/run/run_progress_view.h"
#include "widgets/pages/timing/timing_view.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"
#include "widgets/session/run_store.h"
#include "widgets/shell/main_window.h"

using namespace posescope;

namespace {

constexpr int kTimeoutMs = 120000;

}  // namespace

class TestRunStorePages : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString runA_, runB_;

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_run_store_pages");
    QVERIFY(dir_.isValid());
    const QString annotations = dir_.filePath("annotations.json");
    runA_ = dir_.filePath("run-a");
    runB_ = dir_.filePath("run-b");
    test::writeAnalysisFixtureGroundTruth(annotations.toStdString());
    test::writeAnalysisFixtureRun(runA_.toStdString(), annotations.toStdString());
    test::writeAnalysisFixtureRun(runB_.toStdString(), annotations.toStdString());
  }

  void oneFolderOnFourPagesAndComparedIsReadOnce() {
    MainWindow window;
    RunSession* session = window.session();
    const RunStore* store = session->store();
    window.openRunFolder(runA_);

    // Shown on the Run, Results, Inspect and Timing pages, and analysed.
    auto* timing = window.findChild<TimingView*>();
    QVERIFY(timing);
    QTRY_COMPARE_WITH_TIMEOUT(window.resultsView()->recordModel()->rowCount(), 7, kTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(window.inspectView()->sharedData() != nullptr, kTimeoutMs);
    QCOMPARE(window.inspectView()->data().records.size(), std::size_t{7});
    QTRY_VERIFY_WITH_TIMEOUT(timing->runFolder().contains("run-a"), kTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(window.document()->analysis() != nullptr, kTimeoutMs);
    QVERIFY2(window.runView()->folderText().contains("run-a"),
             qPrintable(window.runView()->folderText()));
    QCOMPARE(store->readCount(runA_), 1);

    // Compared with another run: B is read, A is the run shown.
    session->openComparison(runA_, runB_);
    QVERIFY(
        QTest::qWaitFor([&] { return window.compareView()->comparison() != nullptr; }, kTimeoutMs));
    QCOMPARE(window.compareView()->comparison()->a.dir, window.document()->openedRun()->run.dir);
    // And with itself, side by side with the first comparison's B.
    session->openCompareSide(1, runA_);
    QVERIFY(QTest::qWaitFor(
        [&] {
          const RunComparison* shown = window.compareView()->comparison();
          return shown && shown->b.dir == shown->a.dir;
        },
        kTimeoutMs));

    QCOMPARE(store->readCount(runA_), 1);
    QCOMPARE(store->readCount(runB_), 1);
    // The pages and both sides of the comparison hold one copy of A's records.
    const OpenedRunPtr shown = window.document()->openedRun();
    QCOMPARE(store->find(runA_), shown);
    const ComparedRuns& compared = window.document()->comparedRuns();
    QVERIFY(compared.a && compared.b);
    QCOMPARE(compared.a->run.get(), &shown->run);
    QCOMPARE(compared.b->run.get(), &shown->run);
  }
};

QTEST_MAIN(TestRunStorePages)
#include "tst_run_store_pages.moc"
