// posescope-cli sweep on checkpoints made from the demo model, as a training leaves them: the
// sweep's run folders equal separate eval runs (metrics.json and results.json byte for byte),
// checkpoints are ordered by the epoch they record, a sweep killed half way (SIGKILL) resumes to
// the same numbers, and a checkpoint of another network or an unreadable file is a failed row
// naming the file and key while the others are evaluated (exit 3).

#include <signal.h>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

#include "checkpoint/checkpoint_reader.h"
#include "common/strings.h"
#include "demo_eval.h"
#include "pipeline/run_folder.h"
#include "pipeline/sweep_summary.h"
#include "test_support.h"
#include "training_checkpoints.h"

using namespace posescope;
using posescope::test::CliRun;
using posescope::test::explain;
using posescope::test::fileBytes;
using posescope::test::repoFile;
using posescope::test::runCli;

namespace {

constexpr int kImages = 4;

// The demo network on one thread and one decoding worker, as the eval runs compared with it.
QStringList demoArguments() {
  return {"--quiet",
          "--device",
          "cpu",
          "--threads",
          "1",
          "--workers",
          "1",
          "--limit",
          QString::number(kImages),
          "--cfg",
          repoFile("configs/demo/demo.yaml"),
          "--superconfig",
          repoFile("configs/demo/demo-arch.json")};
}

SweepSummary readSweep(const QString& dir) {
  const std::string file = (dir + "/sweep.json").toStdString();
  return sweepSummaryFromJsonText(readTextFile(file), file);
}

}  // namespace

class TestCliSweep : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString data_, training_;

  QString path(const QString& name) const { return dir_.filePath(name); }

  CliRun sweep(const QString& out, const QStringList& checkpoints) {
    return runCli(QStringList{"sweep", "--out", out, "--resamples", "50"}
                  << demoArguments() << "--checkpoints" << checkpoints << "DATASET.ROOT" << data_);
  }
  QStringList sweepOfTrainingArguments(const QString& out) {
    return QStringList{"sweep", "--out", out, "--resamples", "50", "--checkpoint-dir", training_}
           << demoArguments() << "DATASET.ROOT" << data_;
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    data_ = path("data");
    const CliRun made = posescope::test::makeDemoDataset(data_, kImages);
    QVERIFY2(made.exitCode == 0, qPrintable(explain(made)));
    // A training folder as LitePose leaves it: checkpoint.pth.tar (epoch 7), model_best.pth.tar
    // and final_state0.pth.tar (bare), here with weights that differ.
    training_ = path("training");
    QVERIFY(QDir().mkpath(training_));
    const StateDict demo =
        readStateDict(repoFile("resources/demo/demo_litepose.pth").toStdString());
    test::writeTrainingCheckpoint((training_ + "/checkpoint.pth.tar").toStdString(),
                                  test::withFirstConvolutionScaled(demo, 0.7), 7);
    writeStateDict((training_ + "/model_best.pth.tar").toStdString(), demo);
    writeStateDict((training_ + "/final_state0.pth.tar").toStdString(),
                   test::withFirstConvolutionScaled(demo, 1.5));
    QFile notes(training_ + "/log.txt");  // not a checkpoint: not picked
    QVERIFY(notes.open(QIODevice::WriteOnly));
  }

  void sweepEqualsSeparateEvals() {
    const QString out = path("sweep");
    QStringList args = sweepOfTrainingArguments(out);
    args.removeAll("--quiet");  // stderr says what the image cache saved
    const CliRun r = runCli(args);
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
    const SweepSummary summary = readSweep(out);
    QCOMPARE(summary.checkpoints.size(), size_t(3));
    // The epoch recorded first, then the bare state_dicts in name order.
    QCOMPARE(summary.checkpoints[0].runDir, std::string("checkpoint"));
    QCOMPARE(summary.checkpoints[0].epoch, std::optional<int>(7));
    QCOMPARE(summary.checkpoints[1].runDir, std::string("final_state0"));
    QCOMPARE(summary.checkpoints[2].runDir, std::string("model_best"));
    for (const SweepCheckpoint& c : summary.checkpoints) {
      QCOMPARE(c.state, std::string("complete"));
      const QString run = out + "/" + QString::fromStdString(c.runDir);
      const QString evalRun = path("eval-" + QString::fromStdString(c.runDir));
      const CliRun eval = runCli(QStringList{"eval", "--out", evalRun}
                                 << demoArguments() << "DATASET.ROOT" << data_ << "TEST.MODEL_FILE"
                                 << QString::fromStdString(c.checkpoint));
      QVERIFY2(eval.exitCode == 0, qPrintable(explain(eval)));
      for (const char* file : {"metrics.json", "results.json"}) {
        const QByteArray swept = fileBytes(run + "/" + file);
        QVERIFY(!swept.isEmpty());
        QVERIFY2(swept == fileBytes(evalRun + "/" + file), qPrintable(run + "/" + file));
      }
      // The eval of the training checkpoint records its epoch too.
      QCOMPARE(loadRunFolder(evalRun.toStdString()).summary.checkpointEpoch, c.epoch);
      QVERIFY(c.low[0] <= c.stats[0] && c.stats[0] <= c.high[0]);
    }
    // The weights differ, so the checkpoints score differently, and the best is named.
    QVERIFY(summary.checkpoints[0].stats[0] != summary.checkpoints[2].stats[0]);
    QVERIFY(summary.bestVsSecond);
    const auto& best = summary.checkpoints[summary.bestVsSecond->best];
    for (const SweepCheckpoint& c : summary.checkpoints) QVERIFY(best.stats[0] >= c.stats[0]);
    QVERIFY2(r.out.contains("best: " + QString::fromStdString(
                                           std::filesystem::path(best.checkpoint).filename())),
             qPrintable(r.out));
    QVERIFY2(
        QRegularExpression("\\ncheckpoint\\.pth\\.tar +7 +0\\.\\d{4} ").match(r.out).hasMatch(),
        qPrintable(r.out));
    // Each image was decoded once for the three checkpoints.
    QVERIFY2(r.err.contains(QString::number(2 * kImages) + " decodes saved"), qPrintable(r.err));
  }

  void killedSweepResumesToTheSameNumbers() {
    // SIGKILL once the second checkpoint's run has begun, then --resume until done.
    const QString reference = path("sweep");  // sweepEqualsSeparateEvals' uninterrupted sweep
    bool interrupted = false;
    for (int attempt = 0; attempt < 5 && !interrupted; ++attempt) {
      const QString out = path("killed-" + QString::number(attempt));
      QProcess p;
      p.setProgram(posescope::test::cliPath());
      p.setArguments(sweepOfTrainingArguments(out));
      p.start();
      QVERIFY(p.waitForStarted());
      const QString second = out + "/final_state0/records.jsonl";
      while (!(QFile::exists(second) && QFileInfo(second).size() > 0) && !p.waitForFinished(2)) {
      }
      if (p.state() == QProcess::NotRunning) continue;  // finished before the kill
      ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
      QVERIFY(p.waitForFinished(30000));
      const RunState state = loadRunFolder((out + "/final_state0").toStdString()).summary.state;
      if (state != RunState::Interrupted) continue;
      interrupted = true;
      QCOMPARE(readSweep(out).checkpoints[0].state, std::string("complete"));
      const CliRun r = runCli({"sweep", "--resume", out, "--resamples", "50"});
      QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
      QVERIFY2(r.err.contains("complete already"), qPrintable(r.err));  // the first checkpoint
      for (const SweepCheckpoint& c : readSweep(out).checkpoints) {
        QCOMPARE(c.state, std::string("complete"));
        const QString run = QString::fromStdString("/" + c.runDir);
        for (const char* file : {"/metrics.json", "/results.json"})
          QVERIFY2(fileBytes(out + run + file) == fileBytes(reference + run + file),
                   qPrintable(out + run + file));
      }
      QVERIFY2(loadRunFolder((out + "/final_state0").toStdString()).configYaml.size() > 0,
               "the resumed run keeps its config.yaml");
    }
    if (!interrupted)
      POSESCOPE_SKIP_UNCHECKED("every sweep finished before it could be killed half way");
  }

  void badCheckpointsAreFailedRows() {
    // A network of another shape (one tensor missing), and a file that is no checkpoint.
    StateDict other = readStateDict(repoFile("resources/demo/demo_litepose.pth").toStdString());
    const std::string missing = other.front().first;
    other.erase(other.begin());
    const QString otherFile = path("other.pth");
    writeStateDict(otherFile.toStdString(), other);
    const QString junk = path("junk.pth");
    QFile f(junk);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("not a checkpoint");
    f.close();
    const QString out = path("bad");
    const CliRun r = sweep(out, {otherFile, repoFile("resources/demo/demo_litepose.pth"), junk});
    QCOMPARE(r.exitCode, 3);
    const SweepSummary summary = readSweep(out);
    QCOMPARE(summary.checkpoints.size(), size_t(3));
    QCOMPARE(summary.checkpoints[0].state, std::string("failed"));
    QVERIFY2(summary.checkpoints[0].problem.find(otherFile.toStdString()) != std::string::npos &&
                 summary.checkpoints[0].problem.find(missing) != std::string::npos,
             summary.checkpoints[0].problem.c_str());
    QCOMPARE(summary.checkpoints[1].state, std::string("complete"));
    QCOMPARE(summary.checkpoints[2].state, std::string("failed"));
    QVERIFY(summary.checkpoints[2].problem.find(junk.toStdString()) != std::string::npos);
    QVERIFY2(r.out.contains("failed: checkpoint '" + otherFile), qPrintable(r.out));
    QVERIFY(!summary.bestVsSecond);  // one checkpoint evaluated: nothing to compare
  }

  void shardsMergeIntoTheWholeSweep() {
    // Shard K of every checkpoint, then merge joins each checkpoint's shards and scores them.
    QStringList shards;
    for (int k = 0; k < 2; ++k) {
      const QString out = path("shards/" + QString::number(k));
      QStringList args = sweepOfTrainingArguments(out);
      args << "--shard" << QString::number(k) + "/2";
      const CliRun r = runCli(args);
      QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
      QCOMPARE(readSweep(out).shard, QString::number(k).toStdString() + "/2");
      QVERIFY(!readSweep(out).bestVsSecond);  // a shard has no metrics
      shards << out;
    }
    const QString merged = path("merged");
    const CliRun r = runCli(QStringList{"merge", "--quiet", "--out", merged} << shards);
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
    QVERIFY2(r.out.contains("best: "), qPrintable(r.out));
    const SweepSummary whole = readSweep(path("sweep")), joined = readSweep(merged);
    QCOMPARE(joined.checkpoints.size(), whole.checkpoints.size());
    QVERIFY(joined.shard.empty());
    for (size_t i = 0; i < whole.checkpoints.size(); ++i) {
      QCOMPARE(joined.checkpoints[i].state, std::string("complete"));
      QCOMPARE(joined.checkpoints[i].stats, whole.checkpoints[i].stats);
      const QString run = "/" + QString::fromStdString(whole.checkpoints[i].runDir);
      QVERIFY(fileBytes(merged + run + "/results.json") ==
              fileBytes(path("sweep") + run + "/results.json"));
    }
    QCOMPARE(joined.bestVsSecond->best, whole.bestVsSecond->best);

    // slurm runs the same: sweep --shard per array task, then merge.
    const CliRun dry = runCli(QStringList{"slurm", "--shards", "2", "--dry-run", "--", "sweep"}
                              << sweepOfTrainingArguments(path("cluster")).mid(1));
    QVERIFY2(dry.exitCode == 0, qPrintable(explain(dry)));
    for (const QString& expected :
         {QString("' sweep '--resamples'"), QString("--shard \"${SLURM_ARRAY_TASK_ID}/2\""),
          QString("' merge '") + path("cluster") + "/shards/0'",
          QString("shard='") + path("cluster") + "/shards/'\"${SLURM_ARRAY_TASK_ID}\"",
          QString("--out \"$shard\""),
          // A task that runs again (a requeue) continues its shard of the sweep.
          QString("if [ -f \"$shard/sweep.json\" ]; then"), QString(" sweep --resume \"$shard\"")})
      QVERIFY2(dry.out.contains(expected), qPrintable(expected + "\n" + dry.out));
    QCOMPARE(
        runCli({"slurm", "--shards", "2", "--dry-run", "--", "sweep", "--cfg", "x.yaml"}).exitCode,
        2);  // a sweep needs its --out
  }

  void refusals() {
    CliRun r = runCli(QStringList{"sweep", "--out", path("none")} << demoArguments());
    QCOMPARE(r.exitCode, 2);  // no checkpoints
    r = runCli({"sweep", "--resume", path("sweep"), "--limit", "2"});
    QCOMPARE(r.exitCode, 2);
    r = runCli(sweepOfTrainingArguments(path("sweep")));
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains("--resume"), qPrintable(r.err));
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestCliSweep)
#include "tst_cli_sweep.moc"
