// Which checkpoints a sweep takes from a training output folder, the run folder names it gives
// them, and their order by epoch.

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "common/errors.h"
#include "pipeline/sweep_checkpoints.h"

using namespace posescope;

class TestSweepCheckpoints : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void trainingFolderCheckpoints() {
    QTemporaryDir dir;
    for (const char* name : {"checkpoint.pth.tar", "model_best.pth.tar", "final_state0.pth.tar",
                             "epoch_3.pth", "log.txt", "events.out.tfevents"}) {
      QFile f(dir.filePath(name));
      QVERIFY(f.open(QIODevice::WriteOnly));
    }
    QVERIFY(QDir(dir.path()).mkdir("sub.pth"));  // a folder, not a checkpoint
    const auto files = trainingCheckpointFiles(dir.path().toStdString());
    QCOMPARE(files.size(), size_t(4));
    QCOMPARE(files[0], dir.filePath("checkpoint.pth.tar").toStdString());
    QCOMPARE(files[3], dir.filePath("model_best.pth.tar").toStdString());
    QVERIFY_THROWS_EXCEPTION(Error, trainingCheckpointFiles(dir.filePath("nothing").toStdString()));
    QTemporaryDir empty;
    QVERIFY_THROWS_EXCEPTION(Error, trainingCheckpointFiles(empty.path().toStdString()));
  }

  void runNamesAreUnique() {
    const auto names = sweepRunNames(
        {"/a/checkpoint.pth.tar", "/b/checkpoint.pth", "/c/model.pt", "/d/checkpoint", "/e/.pth"});
    QCOMPARE(names, (std::vector<std::string>{"checkpoint", "checkpoint-2", "model", "checkpoint-3",
                                              ".pth"}));
  }

  void epochOrderKeepsTheOthersAfter() {
    std::vector<SweepCheckpoint> c(4);
    c[0].checkpoint = "model_best";
    c[1].checkpoint = "late";
    c[1].epoch = 9;
    c[2].checkpoint = "final";
    c[3].checkpoint = "early";
    c[3].epoch = 2;
    sortByEpoch(c);
    QCOMPARE(c[0].checkpoint, std::string("early"));
    QCOMPARE(c[1].checkpoint, std::string("late"));
    QCOMPARE(c[2].checkpoint, std::string("model_best"));
    QCOMPARE(c[3].checkpoint, std::string("final"));
  }
};

QTEST_GUILESS_MAIN(TestSweepCheckpoints)
#include "tst_sweep_checkpoints.moc"
