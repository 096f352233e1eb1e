// Nothing lost on a re-run (issue 57): eval into a folder that holds a run is refused, naming it
// and how to continue or replace it; --resume of a complete run does nothing and says so;
// --overwrite replaces the run, keeps the saved views, and keeps the tags only when every tagged
// image is in the new run (else moves them aside under a name it says).

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "demo_eval.h"
#include "test_support.h"

namespace {

using posescope::test::CliRun;
using posescope::test::demoEvalArguments;
using posescope::test::explain;
using posescope::test::fileBytes;
using posescope::test::runCli;

void writeFile(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(bytes);
}

// The image ids of a run's records.jsonl, in order.
QList<qint64> recordedImages(const QString& runDir) {
  QList<qint64> ids;
  const QRegularExpression id("\"image_id\":\\s*(\\d+)");
  for (const QByteArray& line : fileBytes(runDir + "/records.jsonl").split('\n'))
    if (const auto m = id.match(QString::fromUtf8(line)); m.hasMatch())
      ids << m.captured(1).toLongLong();
  return ids;
}

}  // namespace

class TestCliRerun : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;
  QString data_;

  CliRun eval(const QStringList& before) {
    return runCli(QStringList{"eval"} << before << demoEvalArguments(data_));
  }

  // A complete 4-image run with a saved view and a tag on its last image.
  QString completeRun(const QString& name) {
    const QString run = tmp_.filePath(name);
    const CliRun made = eval({"--out", run, "--limit", "4"});
    if (made.exitCode != 0) qWarning("%s", qPrintable(explain(made)));
    const QList<qint64> images = recordedImages(run);
    if (images.size() == 4) {
      writeFile(run + "/views.json", R"({"views": {"large": "area > 9216"}})");
      writeFile(
          run + "/tags.json",
          QString(R"({"tags": [{"image_id": %1, "tag": "blurred"}]})").arg(images.last()).toUtf8());
    }
    return run;
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    data_ = tmp_.filePath("data");
    const CliRun made = posescope::test::makeDemoDataset(data_, 6);
    QVERIFY2(made.exitCode == 0, qPrintable(explain(made)));
  }

  void evalIntoAFinishedRunIsRefusedAndChangesNothing() {
    const QString run = completeRun("finished");
    QCOMPARE(recordedImages(run).size(), 4);
    const QByteArray results = fileBytes(run + "/results.json");
    const QByteArray tags = fileBytes(run + "/tags.json");
    const CliRun again = eval({"--out", run, "--limit", "2"});
    QCOMPARE(again.exitCode, 3);
    // A complete run has nothing to resume: the ways on are to replace it or go elsewhere.
    for (const QString& said : {"run folder '" + run + "' holds a complete run of 4 images",
                                QString("--overwrite, or give another --out")})
      QVERIFY2(again.err.contains(said), qPrintable(again.err));
    QVERIFY2(!again.err.contains("--resume"), qPrintable(again.err));
    QCOMPARE(fileBytes(run + "/results.json"), results);
    QCOMPARE(fileBytes(run + "/tags.json"), tags);
    QCOMPARE(recordedImages(run).size(), 4);
  }

  void resumingACompleteRunDoesNothingAndSucceeds() {
    const QString run = completeRun("resumed");
    const QByteArray records = fileBytes(run + "/records.jsonl");
    const CliRun resumed = runCli({"eval", "--resume", run, "--quiet"});
    QVERIFY2(resumed.exitCode == 0, qPrintable(explain(resumed)));
    QVERIFY2(resumed.err.contains("is complete already: nothing to resume"),
             qPrintable(resumed.err));
    QCOMPARE(fileBytes(run + "/records.jsonl"), records);
  }

  void resumingAFolderWithoutARunIsRefused() {
    const QString empty = tmp_.filePath("no-run");
    QVERIFY(QDir().mkpath(empty));
    const CliRun resumed = runCli({"eval", "--resume", empty, "--quiet"});
    QCOMPARE(resumed.exitCode, 3);
    QVERIFY2(resumed.err.contains(empty), qPrintable(resumed.err));
  }

  void overwriteKeepsViewsAndMovesAsideTagsOfImagesItNoLongerHas() {
    const QString run = completeRun("replaced");
    const QByteArray views = fileBytes(run + "/views.json");
    const QByteArray tags = fileBytes(run + "/tags.json");
    const CliRun replaced = eval({"--out", run, "--limit", "2", "--overwrite"});
    QVERIFY2(replaced.exitCode == 0, qPrintable(explain(replaced)));
    QCOMPARE(recordedImages(run).size(), 2);
    QCOMPARE(fileBytes(run + "/views.json"), views);
    QVERIFY(!QFileInfo::exists(run + "/tags.json"));
    const QStringList aside = QDir(run).entryList({"tags.replaced-*.json"}, QDir::Files);
    QCOMPARE(aside.size(), 1);
    QCOMPARE(fileBytes(run + "/" + aside.first()), tags);
    const QString log = QString::fromUtf8(fileBytes(run + "/log.txt"));
    QVERIFY2(log.contains("replacing the run in " + run), qPrintable(log));
    QVERIFY2(log.contains("tags.json moved aside to " + run + "/" + aside.first()),
             qPrintable(log));
    QVERIFY2(log.contains("views.json kept"), qPrintable(log));
  }

  void overwriteKeepsTagsThatStillApply() {
    const QString run = completeRun("widened");
    const QByteArray tags = fileBytes(run + "/tags.json");
    const CliRun replaced = eval({"--out", run, "--limit", "5", "--overwrite"});
    QVERIFY2(replaced.exitCode == 0, qPrintable(explain(replaced)));
    QCOMPARE(recordedImages(run).size(), 5);
    QCOMPARE(fileBytes(run + "/tags.json"), tags);
    QVERIFY(QDir(run).entryList({"tags.replaced-*.json"}, QDir::Files).isEmpty());
  }

  // A tag on a prediction names a position in the old run's results: it does not apply to the
  // new run, whose predictions are others. Replaced twice, both files set aside are kept (the
  // second under a name of its own when the two moves fall in one second).
  void overwriteMovesAsideTagsOfPredictionsUnderNamesOfTheirOwn() {
    const QString run = completeRun("predictions-tagged");
    const QByteArray tags = QString(R"({"tags": [{"image_id": %1, "detection": 0, "tag": "x"}]})")
                                .arg(recordedImages(run).first())
                                .toUtf8();
    writeFile(run + "/tags.json", tags);
    CliRun replaced = eval({"--out", run, "--limit", "4", "--overwrite"});
    QVERIFY2(replaced.exitCode == 0, qPrintable(explain(replaced)));
    QVERIFY2(QString::fromUtf8(fileBytes(run + "/log.txt"))
                 .contains("it tags predictions of the run it replaces"),
             fileBytes(run + "/log.txt").constData());
    writeFile(run + "/tags.json", tags);
    replaced = eval({"--out", run, "--limit", "4", "--overwrite"});
    QVERIFY2(replaced.exitCode == 0, qPrintable(explain(replaced)));
    const QStringList aside = QDir(run).entryList({"tags.replaced-*.json"}, QDir::Files);
    QCOMPARE(aside.size(), 2);
    for (const QString& file : aside) QCOMPARE(fileBytes(run + "/" + file), tags);
  }

  // An export aimed at a run folder, or at one of its files, would replace the run's results.
  void exportsIntoARunFolderAreRefused() {
    const QString run = completeRun("exported");
    const QByteArray results = fileBytes(run + "/results.json");
    const CliRun subset =
        runCli({"export", run, "--what", "subset", "--where", "id > 0", "--out", run});
    QCOMPARE(subset.exitCode, 3);
    QVERIFY2(subset.err.contains("'" + run + "' holds a complete run of 4 images"),
             qPrintable(subset.err));
    const CliRun file =
        runCli({"export", run, "--what", "results", "--out", run + "/results.json"});
    QCOMPARE(file.exitCode, 3);
    QVERIFY2(file.err.contains("is a file of the run in"), qPrintable(file.err));
    QCOMPARE(fileBytes(run + "/results.json"), results);
  }

  // The Slurm scripts: a task that runs again resumes its shard; a merge run twice leaves the
  // complete run as it is (what a real Slurm does with them: tst_slurm).
  void slurmTasksResumeTheirShardWhenTheyRunAgain() {
    const QString run = tmp_.filePath("cluster");
    const CliRun dry =
        runCli(QStringList{"slurm", "--shards", "2", "--dry-run", "--", "eval", "--out", run}
               << demoEvalArguments(data_));
    QVERIFY2(dry.exitCode == 0, qPrintable(explain(dry)));
    QVERIFY2(dry.out.contains("if [ -f \"$shard/run.json\" ]; then") &&
                 dry.out.contains(" eval --resume \"$shard\""),
             qPrintable(dry.out));
    QVERIFY2(dry.out.contains("merged already: " + run + " is complete"), qPrintable(dry.out));
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestCliRerun)
#include "tst_cli_rerun.moc"
