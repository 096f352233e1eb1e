// posescope-cli slurm against a real Slurm: a single-node cluster from Debian's packages runs a
// 3-shard evaluation of the demo as a job array, the merge job waits for it (afterok), and the
// merged run equals an unsharded run; a shard's task requeued while it runs continues its shard.
// Skips, saying why, where the daemons cannot start.

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

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

// The array job's id (1) and the merge job's (2) that `posescope-cli slurm` printed.
QRegularExpressionMatch jobIds(const QString& printed) {
  return QRegularExpression("eval job: (\\d+).*\\nmerge job: (\\d+)",
                            QRegularExpression::DotMatchesEverythingOption)
      .match(printed);
}

// "JobState=X" and "Reason=Y" of a job, from scontrol's one-line form.
QString jobField(const QString& show, const QString& field) {
  const auto match = QRegularExpression(field + "=(\\S+)").match(show);
  return match.hasMatch() ? match.captured(1) : QString();
}

}  // namespace

class TestSlurm : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  std::unique_ptr<SlurmCluster> cluster_;

  // Waits for job `id` to end (the bound only guards against a hang) and returns its state.
  QString waitForEnd(const QString& id) {
    QString state;
    const bool ended = SlurmCluster::waitFor(
        [&] {
          const QString show = cluster_->run("scontrol", {"-o", "show", "job", id});
          state = jobField(show, "JobState");
          if (jobField(show, "Reason") == "DependencyNeverSatisfied") state = "DEPENDENCY_FAILED";
          return !state.isEmpty() && state != "PENDING" && state != "RUNNING" &&
                 state != "CONFIGURING" && state != "COMPLETING" && state != "SUSPENDED";
        },
        600000);  // a guard against a hang (QTEST_FUNCTION_TIMEOUT is raised for this suite)
    return ended ? state : "did not end (" + state + ")";
  }

  // The Slurm logs of run folder `runDir`, for a failure message.
  static QString jobLogs(const QString& runDir) {
    QString logs;
    for (const QString& log : QDir(runDir + "/slurm").entryList({"*.log"}, QDir::Files))
      logs += "--- " + log + "\n" + fileBytes(runDir + "/slurm/" + log) + "\n";
    return logs;
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    QDir(dir_.path()).mkpath("slurm");
    if (const QString why = SlurmCluster::unavailable(); !why.isEmpty())
      POSESCOPE_SKIP_UNCHECKED("no single-node Slurm here: " + why);
    cluster_ = std::make_unique<SlurmCluster>(dir_.filePath("slurm"));
    const QString failed = cluster_->start();
    QVERIFY2(failed.isEmpty(), qPrintable("the single-node Slurm did not come up: " + failed));
    qputenv("SLURM_CONF", cluster_->config().toUtf8());
  }

  void threeShardJobArrayMergesToTheUnshardedRun() {
    SlurmCluster& cluster = *cluster_;
    const QString data = dir_.filePath("data");
    const CliRun made = posescope::test::makeDemoDataset(data, 9);
    QVERIFY2(made.exitCode == 0, qPrintable(explain(made)));
    const QStringList evalArgs = demoEvalArguments(data);

    const QString runDir = dir_.filePath("cluster-run");
    const CliRun submitted = runCli(
        QStringList{"slurm", "--shards", "3", "--time", "00:20:00", "--", "eval", "--out", runDir}
        << evalArgs);
    QVERIFY2(submitted.exitCode == 0, qPrintable(explain(submitted) + cluster.logs()));
    QVERIFY2(submitted.out.contains("run folder: " + runDir), qPrintable(submitted.out));
    const auto ids = jobIds(submitted.out);
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

    const QString state = waitForEnd(mergeJob);
    QVERIFY2(state == "COMPLETED",
             qPrintable("merge job " + state + "\n" + jobLogs(runDir) + cluster.logs()));

    // The same evaluation in one piece, here.
    const QString whole = dir_.filePath("whole");
    const CliRun unsharded = runCli(QStringList{"eval", "--out", whole} << evalArgs);
    QVERIFY2(unsharded.exitCode == 0, qPrintable(explain(unsharded)));
    for (const char* file : kMergedRunFiles)
      QVERIFY2(fileBytes(runDir + "/" + file) == fileBytes(whole + "/" + file), file);
    for (int k = 0; k < 3; ++k)
      QVERIFY(QFileInfo::exists(runDir + QString("/shards/%1/run.json").arg(k)));
  }

  // Issue 57: a task Slurm runs again (here scontrol requeue, as after a preemption) continues
  // its shard instead of starting it over, and the merged run still equals an unsharded one.
  void aRequeuedShardContinuesWhereItStopped() {
    SlurmCluster& cluster = *cluster_;
    const QString data = dir_.filePath("requeue-data");
    const CliRun made = posescope::test::makeDemoDataset(data, 30);
    QVERIFY2(made.exitCode == 0, qPrintable(explain(made)));
    const QStringList evalArgs = demoEvalArguments(data);
    const QString runDir = dir_.filePath("requeued-run");
    const CliRun submitted = runCli(
        QStringList{"slurm", "--shards", "2", "--time", "00:20:00", "--", "eval", "--out", runDir}
        << evalArgs);
    QVERIFY2(submitted.exitCode == 0, qPrintable(explain(submitted) + cluster.logs()));
    const auto ids = jobIds(submitted.out);
    QVERIFY2(ids.hasMatch(), qPrintable(submitted.out));
    const QString task = ids.captured(1) + "_0";

    // Once shard 0 has recorded two images its task is suspended (SIGSTOP: it cannot finish
    // meanwhile) and requeued; Slurm holds a suspended job it requeues (JobHeldAdmin) and defers
    // a requeued one by two minutes: both released here at once.
    const QString records = runDir + "/shards/0/records.jsonl";
    QVERIFY2(SlurmCluster::waitFor([&] { return fileBytes(records).count('\n') >= 2; }, 300000),
             qPrintable("shard 0 recorded no two images\n" + jobLogs(runDir) + cluster.logs()));
    cluster.run("scontrol", {"suspend", task});
    const int recordedBefore = static_cast<int>(fileBytes(records).count('\n'));
    QVERIFY2(!fileBytes(runDir + "/shards/0/run.json").contains("\"complete\""),
             "shard 0 was complete before it could be requeued");
    cluster.run("scontrol", {"requeue", task});
    const QString shardLog = runDir + "/slurm/shard-0.log";
    QVERIFY2(SlurmCluster::waitFor(
                 [&] {
                   cluster.run("scontrol", {"release", task});
                   cluster.run("scontrol", {"update", "JobId=" + task, "StartTime=now"});
                   return fileBytes(shardLog).contains("runs again");
                 },
                 300000),
             qPrintable("the requeued task did not start again\n" +
                        cluster.run("scontrol", {"-o", "show", "job", task}) + cluster.logs()));

    const QString state = waitForEnd(ids.captured(2));
    QVERIFY2(state == "COMPLETED",
             qPrintable("merge job " + state + "\n" +
                        cluster.run("scontrol", {"-o", "show", "job", ids.captured(1)}) + "\n" +
                        cluster.run("scontrol", {"-o", "show", "job", ids.captured(2)}) + "\n" +
                        jobLogs(runDir) + cluster.logs()));
    // Slurm may count more than one restart (a suspended job's requeue passes through a hold);
    // each attempt after the first resumes.
    const QRegularExpression again("task 0 runs again \\(restart [1-9][0-9]*\\): resuming " +
                                   QRegularExpression::escape(runDir + "/shards/0"));
    QVERIFY2(again.match(QString::fromUtf8(fileBytes(shardLog))).hasMatch(),
             fileBytes(shardLog).constData());
    // Each later attempt evaluated only what the ones before had not recorded: fewer than twice
    // the shard's 15 images in all.
    const auto resumed = QRegularExpression("resumed: (\\d+) images already done, (\\d+) to go")
                             .match(QString::fromUtf8(fileBytes(runDir + "/shards/0/log.txt")));
    QVERIFY2(resumed.hasMatch(), qPrintable(fileBytes(runDir + "/shards/0/log.txt")));
    QVERIFY(resumed.captured(1).toInt() >= recordedBefore);
    QCOMPARE(resumed.captured(1).toInt() + resumed.captured(2).toInt(), 15);

    const QString whole = dir_.filePath("requeue-whole");
    const CliRun unsharded = runCli(QStringList{"eval", "--out", whole} << evalArgs);
    QVERIFY2(unsharded.exitCode == 0, qPrintable(explain(unsharded)));
    for (const char* file : kMergedRunFiles)
      QVERIFY2(fileBytes(runDir + "/" + file) == fileBytes(whole + "/" + file), file);
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestSlurm)
#include "tst_slurm.moc"
