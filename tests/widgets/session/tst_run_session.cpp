// RunSession without a window: a run started, read back for inspection and remembered; one run
// at a time; run folders and comparisons read in the background; recent files; the pair offered.
// Runs the committed demo model on a dataset the test generates (demo_pair_fixture.h).

#include <QDir>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>
#include <optional>

#include "report/report_fixtures.h"
#include "widgets/demo_pair_fixture.h"
#include "widgets/session/run_controller.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"

using namespace posescope;
using namespace posescope::test;

namespace {

// Two fixture runs of one image to compare, in `a` ("search-XS", per-image AP `apA`) and `b`
// ("search-S", `apB`).
void writeComparedPair(const QString& a, const QString& b, double apA = 0.5, double apB = 0.5) {
  test::FixtureImage one;
  one.id = 1;
  one.oks = 0.7;
  one.ap = apA;
  test::writeFixtureRun(a.toStdString(), "search-XS", {one}, test::cocoNames(),
                        std::vector<double>(10, 0.4));
  one.ap = apB;
  test::writeFixtureRun(b.toStdString(), "search-S", {one}, test::cocoNames(),
                        std::vector<double>(10, 0.6));
}

// session.openComparison(a, b) and the comparison read; nullopt and `error` set when it failed.
std::optional<OpenedComparison> comparisonOf(RunSession& session, const QString& a,
                                             const QString& b, QString& error) {
  QSignalSpy compared(&session, &RunSession::comparisonOpened);
  QSignalSpy failed(&session, &RunSession::comparisonFailed);
  session.openComparison(a, b);
  if (!QTest::qWaitFor([&] { return !compared.isEmpty() || !failed.isEmpty(); },
                       kPairRunTimeoutMs)) {
    error = QStringLiteral("no answer in %1 ms").arg(kPairRunTimeoutMs);
    return std::nullopt;
  }
  if (!failed.isEmpty()) {
    error = failed.first().first().toString();
    return std::nullopt;
  }
  return compared.first().first().value<OpenedComparison>();
}

}  // namespace

class TestRunSession : public QObject {
  Q_OBJECT
 private:
  DemoPairFixture pair_;
  QString runDir_;  // startedRunIsReadBackAndRemembered's run, once it passed

  RunSetup demoSetup() { return pair_.demoSetup(false); }

  // A finished demo run: startedRunIsReadBackAndRemembered's, or one made here when that function
  // failed or did not run, so that each function stands alone. Empty when no run finished.
  QString finishedRun() {
    if (!runDir_.isEmpty()) return runDir_;
    RunSession session;
    QSignalSpy preparing(&session, &RunSession::runPreparing);
    QSignalSpy finished(session.controller(), &RunController::finished);
    if (!session.startRun(demoSetup()) ||
        !QTest::qWaitFor([&] { return !finished.isEmpty(); }, kPairRunTimeoutMs))
      return {};
    const auto outcome = finished.first().first().value<RunOutcome>();
    if (outcome.summary.state != RunState::Complete) return {};
    runDir_ = preparing.first().value(0).toString();
    return runDir_;
  }

 private Q_SLOTS:
  void initTestCase() { pair_.setUp("tst_run_session"); }

  void startedRunIsReadBackAndRemembered() {
    RunSession session;
    QSignalSpy preparing(&session, &RunSession::runPreparing);
    QSignalSpy finished(session.controller(), &RunController::finished);
    QSignalSpy failed(session.controller(), &RunController::failed);
    QSignalSpy inspected(&session, &RunSession::inspectionLoaded);
    QVERIFY(session.startRun(demoSetup()));
    QVERIFY(session.isBusy());
    QCOMPARE(preparing.count(), 1);
    const QString runDir = preparing.first().value(0).toString();
    QVERIFY(runDir.startsWith(pair_.dir().path()));
    QVERIFY(preparing.first().value(1).toString().isEmpty());  // a single run: no pair context
    // One run at a time: neither another run nor a pair starts meanwhile.
    QVERIFY(!session.startRun(demoSetup()));
    QString error;
    QVERIFY(!session.startRunPair(demoSetup(), demoSetup(), &error));
    QVERIFY2(error.contains("in progress"), qPrintable(error));

    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), kPairRunTimeoutMs);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    QVERIFY(!session.isBusy());
    // The finished run is read back off the GUI thread for the Inspect page, and remembered.
    QTRY_VERIFY_WITH_TIMEOUT(!inspected.isEmpty(), kPairRunTimeoutMs);
    const RunOverlayData& data = *inspected.first().first().value<RunOverlayDataPtr>();
    QCOMPARE(data.records.size(), size_t(kPairImages));
    QCOMPARE(QDir(QString::fromStdString(data.runDir)).canonicalPath(),
             QDir(runDir).canonicalPath());
    QCOMPARE(session.recentFiles().value(0), QDir(runDir).absolutePath());
    runDir_ = runDir;
  }

  void cancelStopsTheRun() {
    RunSession session;
    QSignalSpy finished(session.controller(), &RunController::finished);
    connect(session.controller(), &RunController::started, &session, [&] { session.cancel(); });
    QVERIFY(session.startRun(demoSetup()));
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), kPairRunTimeoutMs);
    const auto outcome = finished.first().first().value<RunOutcome>();
    QCOMPARE(runStateName(outcome.summary.state), std::string("cancelled"));
    QVERIFY(!session.isBusy());
  }

  void runFolderIsReadInTheBackground() {
    const QString runDir = finishedRun();
    QVERIFY2(!runDir.isEmpty(), "no demo run finished");
    RunSession session;
    QSignalSpy opened(&session, &RunSession::runFolderOpened);
    QSignalSpy failed(&session, &RunSession::runFolderFailed);
    Qt::HANDLE readOn = nullptr;
    connect(&session, &RunSession::runFolderOpened, this,
            [&] { readOn = QThread::currentThreadId(); });
    session.openRunFolder(runDir);
    QVERIFY(opened.isEmpty());  // nothing is read before the event loop runs
    QTRY_VERIFY_WITH_TIMEOUT(!opened.isEmpty() || !failed.isEmpty(), kPairRunTimeoutMs);
    QVERIFY(failed.isEmpty());
    QCOMPARE(readOn, QThread::currentThreadId());  // delivered on the GUI thread
    const OpenedRun& run = *opened.first().first().value<OpenedRunPtr>();
    QCOMPARE(run.run.records.size(), size_t(kPairImages));
    QVERIFY(run.log.contains("model"));
    QVERIFY2(run.inspect, qPrintable(run.inspectError));
    QCOMPARE(run.inspect->records.size(), size_t(kPairImages));

    session.openRunFolder(pair_.root());  // a dataset, not a run folder
    QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), kPairRunTimeoutMs);
    QCOMPARE(failed.first().value(0).toString(), pair_.root());
    QVERIFY2(failed.first().value(1).toString().contains("run.json"),
             qPrintable(failed.first().value(1).toString()));
  }

  void comparisonsAreReadInTheBackground() {
    const QString a = pair_.dir().filePath("cmpA"), b = pair_.dir().filePath("cmpB");
    writeComparedPair(a, b);
    RunSession session;
    QString error;
    const auto opened = comparisonOf(session, a, b, error);
    QVERIFY2(opened, qPrintable(error));
    QCOMPARE(opened->comparison.a.label, std::string("search-XS"));
    QCOMPARE(opened->comparison.b.label, std::string("search-S"));
    QVERIFY(opened->comparison.metrics.has_value());

    QSignalSpy side(&session, &RunSession::compareSideOpened);
    QSignalSpy failed(&session, &RunSession::comparisonFailed);

    session.openCompareSide(1, b);
    QTRY_VERIFY_WITH_TIMEOUT(!side.isEmpty(), kPairRunTimeoutMs);
    QCOMPARE(side.first().value(0).toInt(), 1);
    session.openComparison(a, pair_.dir().filePath("missing"));
    QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), kPairRunTimeoutMs);
    QVERIFY2(failed.first().first().toString().contains("missing"),
             qPrintable(failed.first().first().toString()));
  }

  // Issue 39: a 5,000-image run is tens of megabytes; the run the window shows is compared as it
  // is held, and a folder compared with itself is read once.
  void theShownRunIsComparedWithoutReadingItAgain() {
    const QString a = pair_.dir().filePath("sharedA"), b = pair_.dir().filePath("sharedB");
    writeComparedPair(a, b);
    RunSession session;
    QSignalSpy opened(&session, &RunSession::runFolderOpened);
    session.openRunFolder(a);
    QTRY_VERIFY_WITH_TIMEOUT(!opened.isEmpty(), kPairRunTimeoutMs);
    const OpenedRunPtr shown = session.document()->openedRun();
    QVERIFY(shown);

    QString error;
    auto pair = comparisonOf(session, a, b, error);
    QVERIFY2(pair, qPrintable(error));
    QCOMPARE(pair->a.run.get(), &shown->run);
    QCOMPARE(pair->a.images, shown->inspect);
    QCOMPARE(pair->comparison.b.label, std::string("search-S"));

    pair = comparisonOf(session, b, b, error);
    QVERIFY2(pair, qPrintable(error));
    QCOMPARE(pair->a.run, pair->b.run);  // read once, not twice
    QVERIFY(pair->a.run.get() != &shown->run);
  }

  // A run whose dataset cannot be read has no overlay data: its side holds image_eval.jsonl read
  // in the background, so comparing (on the GUI thread, when a side is replaced) reads no file. A
  // malformed one is a warning on its side, not a refused comparison.
  void aSideWithoutOverlaysComparesPerImageWithoutReadingAgain() {
    const QString a = pair_.dir().filePath("plainA"), b = pair_.dir().filePath("plainB");
    writeComparedPair(a, b, 0.5, 0.75);
    // A's config cannot be read: no dataset, no overlay data.
    QFile config(a + "/config.yaml");
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write("DATASET: [unclosed\n");
    config.close();
    RunSession session;
    QString error;
    auto pair = comparisonOf(session, a, b, error);
    QVERIFY2(pair, qPrintable(error));
    QVERIFY(!pair->a.images && pair->a.evaluations);
    QCOMPARE(pair->comparison.images.size(), std::size_t(1));
    QCOMPARE(pair->comparison.images.front().deltaAp.value_or(0), 0.25);

    // Swapped on the GUI thread after A's image_eval.jsonl went bad: the comparison is made from
    // what the sides hold, not from the files.
    QFile broken(a + "/image_eval.jsonl");
    QVERIFY(broken.open(QIODevice::WriteOnly | QIODevice::Truncate));
    broken.write("{not json\n");
    broken.close();
    session.document()->setComparison(*pair);
    session.document()->swapComparison();
    QVERIFY(session.document()->comparison());
    QCOMPARE(session.document()->comparison()->images.front().deltaAp.value_or(0), -0.25);

    pair = comparisonOf(session, a, b, error);
    QVERIFY2(pair, qPrintable(error));
    QVERIFY2(pair->a.warnings.join('\n').contains("image_eval.jsonl"),
             qPrintable(pair->a.warnings.join('\n')));
    QVERIFY(!pair->comparison.images.front().apA);
  }

  void recentFilesKeepTheTenNewest() {
    QSettings().clear();
    RunSession session;
    QSignalSpy changed(&session, &RunSession::recentFilesChanged);
    for (int i = 0; i < 12; ++i)
      session.rememberRecent(pair_.dir().filePath(QString("f%1").arg(i)));
    session.rememberRecent(pair_.dir().filePath("f5"));  // again: moves to the front, not twice
    const QStringList recent = session.recentFiles();
    QCOMPARE(recent.size(), 10);
    QCOMPARE(recent.first(), pair_.dir().filePath("f5"));
    QCOMPARE(recent.count(pair_.dir().filePath("f5")), 1);
    QVERIFY(!recent.contains(pair_.dir().filePath("f0")));
    QCOMPARE(changed.count(), 13);
    QCOMPARE(changed.last().first().toStringList(), recent);
  }

  void pairOfferedFollowsTheLastPair() {
    QSettings().clear();
    RunSession session;
    const RunSetup current = demoSetup();
    // Nothing saved: A is the current setup, B a copy of it.
    auto [a, b] = session.pairToOffer(current, false);
    QCOMPARE(a.archFile, current.archFile);
    QCOMPARE(b.archFile, current.archFile);
    // A refused pair is remembered all the same; an invalid current setup offers its A.
    RunSetup tiny = current;
    tiny.archFile = repoFile("configs/demo/demo-arch-tiny.json");
    RunSetup otherA = current;
    otherA.checkpoint = pair_.dir().filePath("missing.pth");
    QVERIFY(!session.startRunPair(otherA, tiny));
    std::tie(a, b) = session.pairToOffer(RunSetup{}, false);
    QCOMPARE(a.checkpoint, otherA.checkpoint);
    QCOMPARE(b.archFile, tiny.archFile);
    std::tie(a, b) = session.pairToOffer(current, true);  // a valid current setup is A
    QCOMPARE(a.checkpoint, current.checkpoint);
  }
};

QTEST_MAIN(TestRunSession)
#include "tst_run_session.moc"
