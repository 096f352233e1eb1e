// posescope-cli slurm against a real Slurm: a single-node cluster from Debian's packages runs a
// 3-shard evaluation of the demo as a job array, the merge job waits for it (afterok), and the
// merged run equals an unsharded run. Skips, saying why, where the daemons cannot start.

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "demo_eval.h"
#include "slurm_cluster.h"
#include "test_support.h"

namespace {

using posescope::test::CliRun;
using posescope::test::demoEvalArguments;
using posescope::test::explain;
using posescope::test::fileBytes;
using posescope::test::kMergedRunFiles;
using posescope::test::runCli;
using posescope::test::SlurmCluster;

// "JobState=X" and "Reason=Y" of a job, from scontrol's one-line form.
QString jobField(const QString& show, const QString& field) {
  const auto match = QRegularExpression(field + "=(\\S+)").match(show);
  return match.hasMatch() ? match.captured(1) : QString();
}

}  // namespace

class TestSlurm : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void threeShardJobArrayMergesToTheUnshardedRun() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QDir(dir.path()).mkpath("slurm");
    if (const QString why = SlurmCluster::unavailable(); !why.isEmpty())
      POSESCOPE_SKIP_UNCHECKED("no single-node Slurm here: " + why);
    SlurmCluster cluster(dir.filePath("slurm"));
    const QString failed = cluster.start();
    QVERIFY2(failed.isEmpty(), qPrintable("the single-node Slurm did not come up: " + failed));
    qputenv("SLURM_CONF", cluster.config().toUtf8());

    const QString data = dir.filePath("data");
    const CliRun made = posescope::test::makeDemoDataset(data, 9);
    QVERIFY2(made.exitCode == 0, qPrintable(explain(made)));
    const QStringList evalArgs = demoEvalArguments(data);

    const QString runDir = dir.filePath("cluster-run");
    const CliRun submitted = runCli(
        QStringList{"slurm", "--shards", "3", "--time", "00:20:00", "--", "eval", "--out", runDir}
        << evalArgs);
    QVERIFY2(submitted.exitCode == 0, qPrintable(explain(submitted) + cluster.logs()));
    QVERIFY2(submitted.out.contains("run folder: " + runDir), qPrintable(submitted.out));
    const auto ids = QRegularExpression("eval job: (\\d+).*\\nmerge job: (\\d+)",
                                        QRegularExpression::DotMatchesEverythingOption)
                         .match(submitted.out);
    QVERIFY2(ids.hasMatch(), qPrintable(submitted.out));
    const QString mergeJob = ids.captured(2);
    // The merge job waits for the array (afterok): scontrol knows it, in a real state, and while
    // it is pending that is because of the dependency.
    const QString pending = cluster.run("scontrol", {"-o", "show", "job", mergeJob});
    const QString mergeState = jobField(pending, "JobState");
    QVERIFY2(!mergeState.isEmpty(), qPrintable("scontrol shows no state for merge job " + mergeJob +
                                               ": '" + pending + "'"));
    QVERIFY2(mergeState != "PENDING" || pending.contains("Dependency=afterok:" + ids.captured(1)),
             qPrintable(pending));

    // Wait for the merge job to end (the bound only guards against a hang).
    QString state;
    const bool ended = SlurmCluster::waitFor(
        [&] {
          const QString show = cluster.run("scontrol", {"-o", "show", "job", mergeJob});
          state = jobField(show, "JobState");
          if (jobField(show, "Reason") == "DependencyNeverSatisfied") state = "DEPENDENCY_FAILED";
          return !state.isEmpty() && state != "PENDING" && state != "RUNNING" &&
                 state != "CONFIGURING" && state != "COMPLETING";
        },
        900000);
    QString jobLogs;
    for (const QString& log : QDir(runDir + "/slurm").entryList({"*.log"}, QDir::Files))
      jobLogs += "--- " + log + "\n" + fileBytes(runDir + "/slurm/" + log) + "\n";
    QVERIFY2(ended, qPrintable("the merge job did not end: " + state + "\n" + jobLogs));
    QVERIFY2(state == "COMPLETED",
             qPrintable("merge job " + state + "\n" + jobLogs + cluster.logs()));

    // The same evaluation in one piece, here.
    const QString whole = dir.filePath("whole");
    const CliRun unsharded = runCli(QStringList{"eval", "--out", whole} << evalArgs);
    QVERIFY2(unsharded.exitCode == 0, qPrintable(explain(unsharded)));
    for (const char* file : kMergedRunFiles)
      QVERIFY2(fileBytes(runDir + "/" + file) == fileBytes(whole + "/" + file), file);
    for (int k = 0; k < 3; ++k)
      QVERIFY(QFileInfo::exists(runDir + QString("/shards/%1/run.json").arg(k)));
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestSlurm)
#include "tst_slurm.moc"
