// Two processes, one run folder (issue 39): the window shows a run folder while
// `posescope-cli eval --resume` finishes it in another process. The run reads as running while the
// other process holds the folder's lock, then the folder is read again, complete, every image
// recorded once; the window never writes into it.

#include <signal.h>

#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

#include "built_programs.h"
#include "cli/demo_eval.h"
#include "widgets/session/run_session.h"

using namespace posescope;

namespace {

constexpr int kImages = 300;
constexpr int kTimeoutMs = 300000;

int recordLines(const QString& run) {
  QFile f(run + "/records.jsonl");
  if (!f.open(QIODevice::ReadOnly)) return 0;
  return f.readAll().count('\n');
}

}  // namespace

class TestRunFolderWatcher : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_run_folder_watcher");
    qRegisterMetaType<OpenedRunPtr>();
    QVERIFY(tmp_.isValid());
    data_ = tmp_.filePath("data");
    const auto made = test::makeDemoDataset(data_, kImages);
    QVERIFY2(made.exitCode == 0, qPrintable(made.err));
  }

  void aRunFinishedByAnotherProcessIsReadAgain() {
    // An interrupted run: killed once it has recorded a few images.
    const QString run = tmp_.filePath("run");
    QProcess first;
    first.start(test::cliPath(),
                QStringList{"eval", "--out", run} + test::demoEvalArguments(data_));
    QVERIFY(first.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(recordLines(run) >= 10 || first.state() == QProcess::NotRunning,
                             kTimeoutMs);
    QVERIFY2(first.state() == QProcess::Running, "the run ended before it could be killed");
    ::kill(static_cast<pid_t>(first.processId()), SIGKILL);
    QVERIFY(first.waitForFinished(30000));

    RunSession session;
    QList<RunState> statesShown;
    std::size_t records = 0;
    std::set<std::int64_t> ids;
    connect(&session, &RunSession::runFolderOpened, this, [&](const OpenedRunPtr& opened) {
      statesShown << opened->run.summary.state;
      records = opened->run.records.size();
      ids.clear();
      for (const ImageRecord& r : opened->run.records) ids.insert(r.imageId);
    });
    QSignalSpy progressed(&session, &RunSession::runFolderProgressed);
    session.openRunFolder(run);
    QTRY_COMPARE_WITH_TIMEOUT(statesShown.size(), 1, kTimeoutMs);
    QCOMPARE(statesShown.first(), RunState::Interrupted);

    QProcess resume;
    resume.start(test::cliPath(),
                 {"eval", "--quiet", "--threads", "1", "--workers", "1", "--resume", run});
    QVERIFY(resume.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(!statesShown.isEmpty() && statesShown.last() == RunState::Complete,
                             kTimeoutMs);
    QVERIFY(resume.state() == QProcess::NotRunning || resume.waitForFinished(kTimeoutMs));
    QCOMPARE(resume.exitCode(), 0);
    // While the other process wrote the folder, the window showed the run as running.
    QVERIFY2(statesShown.contains(RunState::Running),
             qPrintable(QString("states shown: %1").arg(statesShown.size())));
    QCOMPARE(records, std::size_t(kImages));
    QCOMPARE(ids.size(), std::size_t(kImages));  // every image once, none lost or doubled
    qInfo("%d images; %d states shown, %d progress updates while the other process ran",
          static_cast<int>(records), static_cast<int>(statesShown.size()),
          static_cast<int>(progressed.size()));
  }

 private:
  QTemporaryDir tmp_;
  QString data_;
};

QTEST_GUILESS_MAIN(TestRunFolderWatcher)
#include "tst_run_folder_watcher.moc"
