// RunStore: a run folder read once and shared by whoever asks for it (at once or while it is
// read), read again only when its files changed or nobody held it any more; a folder that is no
// run refused with its name; answers never reach a receiver that is gone.

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

#include "widgets/analysis_run_fixture.h"
#include "widgets/session/run_store.h"

using namespace posescope;

namespace {

constexpr int kTimeoutMs = 60000;

// What one request got: the run or the failure's message.
struct Answer {
  OpenedRunPtr run;
  QString error;
  bool arrived = false;
};

std::shared_ptr<Answer> ask(RunStore& store, const QString& dir, QObject* receiver) {
  auto answer = std::make_shared<Answer>();
  store.request(
      dir, receiver,
      [answer](const OpenedRunPtr& run) {
        answer->run = run;
        answer->arrived = true;
      },
      [answer](const QString& error) {
        answer->error = error;
        answer->arrived = true;
      });
  return answer;
}

bool waitFor(const std::shared_ptr<Answer>& answer) {
  return QTest::qWaitFor([&] { return answer->arrived; }, kTimeoutMs);
}

}  // namespace

class TestRunStore : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString runDir_;

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    const QString annotations = dir_.filePath("annotations.json");
    runDir_ = dir_.filePath("run");
    test::writeAnalysisFixtureGroundTruth(annotations.toStdString());
    test::writeAnalysisFixtureRun(runDir_.toStdString(), annotations.toStdString());
  }

  void requestsWhileReadingShareOneRead() {
    RunStore store;
    // The same folder spelled two ways is one folder.
    const auto first = ask(store, runDir_, this);
    const auto second = ask(store, dir_.filePath("run/../run/"), this);
    QVERIFY(waitFor(first) && waitFor(second));
    QVERIFY(first->run);
    QCOMPARE(second->run, first->run);
    QCOMPARE(store.readCount(runDir_), 1);
    QCOMPARE(first->run->run.records.size(), std::size_t{7});
    QVERIFY(first->run->inspect);
  }

  void aHeldRunIsHandedAgainUnread() {
    RunStore store;
    const auto first = ask(store, runDir_, this);
    QVERIFY(waitFor(first) && first->run);
    QCOMPARE(store.find(runDir_), first->run);
    const auto again = ask(store, runDir_, this);
    QVERIFY(waitFor(again));
    QCOMPARE(again->run, first->run);
    QCOMPARE(store.readCount(runDir_), 1);
  }

  void aChangedFolderIsReadAgain() {
    RunStore store;
    const auto first = ask(store, runDir_, this);
    QVERIFY(waitFor(first) && first->run);
    {
      QFile log(runDir_ + "/log.txt");
      QVERIFY(log.open(QIODevice::Append));
      log.write("one more line, written after the run was read\n");
    }
    const auto after = ask(store, runDir_, this);
    QVERIFY(waitFor(after) && after->run);
    QVERIFY(after->run != first->run);
    QVERIFY(after->run->log.contains("one more line"));
    QCOMPARE(store.readCount(runDir_), 2);
  }

  void aRunNobodyHoldsIsFreed() {
    RunStore store;
    auto first = ask(store, runDir_, this);
    QVERIFY(waitFor(first) && first->run);
    std::weak_ptr<const OpenedRun> held = first->run;
    first.reset();
    QVERIFY(held.expired());
    QVERIFY(!store.find(runDir_));
    const auto again = ask(store, runDir_, this);
    QVERIFY(waitFor(again) && again->run);
    QCOMPARE(store.readCount(runDir_), 2);
  }

  void aFolderThatIsNoRunIsRefusedByName() {
    RunStore store;
    const QString missing = dir_.filePath("no-such-run");
    const auto answer = ask(store, missing, this);
    QVERIFY(waitFor(answer));
    QVERIFY(!answer->run);
    QVERIFY2(answer->error.contains(missing) && answer->error.contains("run.json"),
             qPrintable(answer->error));
    QVERIFY(!store.find(missing));
  }

  void aReceiverGoneHearsNothing() {
    RunStore store;
    auto gone = std::make_unique<QObject>();
    const auto unheard = ask(store, runDir_, gone.get());
    const auto heard = ask(store, runDir_, this);
    gone.reset();
    QVERIFY(waitFor(heard) && heard->run);
    QVERIFY(!unheard->arrived);
    QCOMPARE(store.readCount(runDir_), 1);
  }
};

QTEST_GUILESS_MAIN(TestRunStore)
#include "tst_run_store.moc"
