// posescope-cli eval --shard, merge and slurm --dry-run as users and schedulers run them: shards
// merged into a run equal to an unsharded one that compare opens, and merge refusing shards that
// do not belong together (exit 3, naming the problem).

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "demo_eval.h"
#include "test_support.h"

namespace {

using posescope::test::CliRun;
using posescope::test::demoEvalArguments;
using posescope::test::explain;
using posescope::test::fileBytes;
using posescope::test::kMergedRunFiles;
using posescope::test::runCli;

}  // namespace

class TestCliShards : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString data_;

  // eval of the demo model on the generated split, with `extra` arguments.
  CliRun eval(const QString& out, const QStringList& extra) {
    return runCli(QStringList{"eval", "--out", out} << demoEvalArguments(data_, extra));
  }
  QString path(const QString& name) const { return dir_.filePath(name); }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    data_ = dir_.filePath("data");
    const CliRun made = posescope::test::makeDemoDataset(data_, 10);
    QVERIFY2(made.exitCode == 0, qPrintable(explain(made)));
    const CliRun whole = eval(path("whole"), {});
    QVERIFY2(whole.exitCode == 0, qPrintable(explain(whole)));
    for (int k = 0; k < 3; ++k) {
      const CliRun shard = eval(path(QString("s%1").arg(k)), {"--shard", QString("%1/3").arg(k)});
      QVERIFY2(shard.exitCode == 0, qPrintable(explain(shard)));
      QVERIFY2(shard.out.isEmpty(), qPrintable(shard.out));  // no metric table for a part
    }
  }

  void mergedRunEqualsUnshardedRun() {
    const CliRun merged =
        runCli({"merge", "--quiet", path("s2"), path("s0"), path("s1"), "--out", path("merged")});
    QVERIFY2(merged.exitCode == 0, qPrintable(explain(merged)));
    QCOMPARE(merged.out, QString::fromUtf8(fileBytes(path("whole/metrics.md"))));
    for (const char* file : kMergedRunFiles)
      QVERIFY2(fileBytes(path("merged/") + file) == fileBytes(path("whole/") + file), file);
    // Opened like any other run.
    const CliRun compared = runCli({"compare", "--no-bootstrap", path("whole"), path("merged")});
    QVERIFY2(compared.exitCode == 0, qPrintable(explain(compared)));
    const CliRun exported =
        runCli({"export", path("merged"), "--what", "metrics", "--format", "csv"});
    QVERIFY2(exported.exitCode == 0, qPrintable(explain(exported)));
  }

  void resumedShardKeepsItsImages() {
    // A shard stopped after its first image: --resume evaluates the rest of that shard (not of
    // a selection cut to the shard's size), so it merges into the unsharded run.
    QVERIFY(QDir().mkpath(path("s1-resumed")));
    for (const QString& file : QDir(path("s1")).entryList(QDir::Files))
      QVERIFY(QFile::copy(path("s1/") + file, path("s1-resumed/") + file));
    QFile summary(path("s1-resumed/run.json"));
    QVERIFY(summary.open(QIODevice::ReadOnly));
    QJsonObject json = QJsonDocument::fromJson(summary.readAll()).object();
    summary.close();
    json["state"] = "cancelled";
    json["images_done"] = 1;
    QVERIFY(summary.open(QIODevice::WriteOnly | QIODevice::Truncate));
    summary.write(QJsonDocument(json).toJson());
    summary.close();
    QFile records(path("s1-resumed/records.jsonl"));
    QVERIFY(records.open(QIODevice::ReadOnly));
    const QByteArray first = records.readLine();
    records.close();
    QVERIFY(records.open(QIODevice::WriteOnly | QIODevice::Truncate));
    records.write(first);
    records.close();

    const CliRun resumed = runCli({"eval", "--quiet", "--resume", path("s1-resumed")});
    QVERIFY2(resumed.exitCode == 0, qPrintable(explain(resumed)));
    const CliRun merged = runCli({"merge", "--quiet", path("s0"), path("s1-resumed"), path("s2"),
                                  "--out", path("merged-resumed")});
    QVERIFY2(merged.exitCode == 0, qPrintable(explain(merged)));
    QVERIFY(fileBytes(path("merged-resumed/results.json")) ==
            fileBytes(path("whole/results.json")));
  }

  void mergeRefusesShardsThatDoNotBelongTogether() {
    struct Case {
      const char* name;
      QStringList dirs;
      const char* says;
    };
    // A shard of another split (N = 2) and one of another config (no flip test).
    const CliRun otherSplit = eval(path("half0"), {"--shard", "0/2"});
    QVERIFY2(otherSplit.exitCode == 0, qPrintable(explain(otherSplit)));
    const CliRun otherConfig = eval(path("noflip1"), {"--shard", "1/3", "TEST.FLIP_TEST", "False"});
    QVERIFY2(otherConfig.exitCode == 0, qPrintable(explain(otherConfig)));

    // A shard whose checkpoint changed on disk between shards: same paths, another digest.
    QVERIFY(QDir().mkpath(path("s1-other-weights")));
    for (const QString& file : QDir(path("s1")).entryList(QDir::Files))
      QVERIFY(QFile::copy(path("s1/") + file, path("s1-other-weights/") + file));
    QFile summary(path("s1-other-weights/run.json"));
    QVERIFY(summary.open(QIODevice::ReadOnly));
    QString json = QString::fromUtf8(summary.readAll());
    summary.close();
    const QRegularExpression checkpointDigest(
        "(\"checkpoint\":\\s*\\{[^}]*\"sha256\":\\s*\")[0-9a-f]+");
    QVERIFY2(json.contains(checkpointDigest), qPrintable(json));
    json.replace(checkpointDigest, "\\1" + QString(64, '0'));
    QVERIFY(summary.open(QIODevice::WriteOnly | QIODevice::Truncate));
    summary.write(json.toUtf8());
    summary.close();

    const std::vector<Case> cases = {
        {"missing", {path("s0"), path("s2")}, "missing"},
        {"duplicate", {path("s0"), path("s1"), path("s1"), path("s2")}, "given twice"},
        {"other split", {path("s0"), path("s1"), path("half0")}, "one of 3"},
        {"other config", {path("s0"), path("noflip1"), path("s2")}, "config.yaml"},
        {"other checkpoint", {path("s0"), path("s1-other-weights"), path("s2")}, "run inputs"},
        {"not a shard", {path("whole")}, "not a shard"},
        {"not a run", {path("data")}, "not a PoseScope run folder"},
    };
    for (const auto& c : cases) {
      const CliRun r = runCli(QStringList{"merge"} << c.dirs << "--out" << path("refused"));
      QVERIFY2(r.exitCode == 3, qPrintable(QString(c.name) + "\n" + explain(r)));
      QVERIFY2(r.err.contains(c.says), qPrintable(QString(c.name) + "\n" + r.err));
      QVERIFY2(!QFileInfo::exists(path("refused/run.json")), c.name);
    }
    // A folder that already holds a run is not overwritten.
    const CliRun onto =
        runCli({"merge", path("s0"), path("s1"), path("s2"), "--out", path("whole")});
    QCOMPARE(onto.exitCode, 3);
    QVERIFY2(onto.err.contains("already holds a run"), qPrintable(onto.err));
    // Bad command lines.
    QCOMPARE(runCli({"merge", path("s0")}).exitCode, 2);
    QCOMPARE(runCli({"merge", "--out", path("x")}).exitCode, 2);
    QCOMPARE(eval(path("bad"), {"--shard", "3/3"}).exitCode, 3);
  }

  void slurmDryRunPrintsBothJobs() {
    const CliRun r = runCli({"slurm", "--shards", "3", "--partition", "gpu", "--time", "00:30:00",
                             "--gpus-per-task", "1", "--dry-run", "--", "eval", "--cfg", "exp.yaml",
                             "--out", path("cluster run"), "--device", "cuda"});
    // A path with a space cannot be carried by #SBATCH lines: refused before anything is written.
    QCOMPARE(r.exitCode, 3);
    const CliRun ok = runCli({"slurm", "--shards", "3", "--partition", "gpu", "--time", "00:30:00",
                              "--gpus-per-task", "1", "--dry-run", "--", "--cfg", "exp.yaml",
                              "--out", path("cluster"), "--device", "cuda"});
    QVERIFY2(ok.exitCode == 0, qPrintable(explain(ok)));
    for (const QString& expected :
         {QString("#SBATCH --array=0-2"), QString("#SBATCH --partition=gpu"),
          QString("#SBATCH --time=00:30:00"), QString("#SBATCH --gpus-per-task=1"),
          QString("--shard \"${SLURM_ARRAY_TASK_ID}/3\""), QString("' merge '"),
          QString("--dependency=afterok:"), QString("'") + path("cluster") + "/shards/2'",
          QString("'--device' 'cuda'")})
      QVERIFY2(ok.out.contains(expected), qPrintable(expected + "\n" + ok.out));
    QVERIFY(!QFileInfo::exists(path("cluster")));  // a dry run writes nothing
    QCOMPARE(runCli({"slurm", "--dry-run", "--", "--cfg", "x.yaml"}).exitCode, 2);
    QCOMPARE(
        runCli({"slurm", "--shards", "2", "--dry-run", "--", "--cfg", "x.yaml", "--shard", "0/2"})
            .exitCode,
        2);
    QCOMPARE(runCli({"slurm", "--shards", "2", "--dry-run"}).exitCode, 2);
  }
};

QTEST_GUILESS_MAIN(TestCliShards)
#include "tst_cli_shards.moc"
