// posescope-cli search on a supernet, as users run it: candidates scored within the budget, a
// search run again or killed and run again ends as an uninterrupted one, two local shards and two
// tasks of a real single-node Slurm's job arrays end as one process, and bad inputs are refused
// naming what is wrong. The supernet is the demo's
// configuration with seeded random weights, written here.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <signal.h>

#include <nlohmann/json.hpp>

#include "built_programs.h"
#include "checkpoint/checkpoint_reader.h"
#include "checkpoint/state_dict_writer.h"
#include "cli/slurm_cluster.h"
#include "cli_runner.h"
#include "config/arch_config.h"
#include "config/experiment.h"
#include "config/search_space.h"
#include "models/pose_net.h"
#include "models/random_weights.h"
#include "test_files.h"
#include "test_support.h"

using namespace posescope;
using nlohmann::json;

namespace {

using posescope::test::readJson;

QStringList scoreFiles(const QString& searchDir) {
  QStringList files;
  const QDir candidates(searchDir + "/candidates");
  for (const QString& key : candidates.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
    if (QFile::exists(candidates.filePath(key + "/score.json")))
      files << candidates.filePath(key + "/score.json");
  return files;
}

}  // namespace

class TestCliSearch : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  QString config_, data_, supernet_;
  const double budgetGmacs_ = 0.3;

  QStringList searchArgs(const QString& out) const {
    return {"search",
            "--cfg",
            config_,
            "--checkpoint",
            supernet_,
            "--budget-macs",
            QString::number(budgetGmacs_),
            "--population",
            "4",
            "--generations",
            "2",
            "--seed",
            "3",
            "--limit-images",
            "2",
            "--calibration",
            "2",
            "--no-latency",
            "--threads",
            "1",
            "--quiet",
            "--out",
            out,
            "DATASET.ROOT",
            data_};
  }

  json populationOf(const QString& searchDir) const {
    const json result = readJson(searchDir + "/result.json");
    return {result.value("population", json()), result.value("best", json()).value("key", "")};
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    config_ = QString::fromStdString(test::sourceDir()) + "/configs/demo/demo-supernet.yaml";
    data_ = dir_.filePath("data");
    for (const auto& [split, images] : {std::pair{"val2017", "3"}, std::pair{"train2017", "2"}}) {
      const auto made = test::runCli(
          {"make-dataset", "--out", data_, "--images", images, "--split", split, "--seed", "1"});
      QVERIFY2(made.exitCode == 0, qPrintable(made.err));
    }
    torch::manual_seed(5);
    const Experiment e = loadExperiment({config_.toStdString(), "", {}});
    auto net = createPoseNet(e);
    test::randomise(net->module());
    supernet_ = dir_.filePath("supernet.pth");
    writeStateDict(supernet_.toStdString(), test::stateOf(net->module()));
  }

  void searchScoresCandidatesWithinTheBudget() {
    const QString out = dir_.filePath("one");
    const auto run = test::runCli(searchArgs(out));
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains("best (search.py's pick)"), qPrintable(run.out));
    const QStringList scores = scoreFiles(out);
    QVERIFY(scores.size() >= 4);
    for (const QString& file : scores) {
      const json score = readJson(file);
      QVERIFY2(score.at("gmacs").get<double>() <= budgetGmacs_, qPrintable(file));
      const QString candidate = QFileInfo(file).path();
      QVERIFY(QFile::exists(candidate + "/weights.pth"));
      QVERIFY(QFile::exists(candidate + "/arch.json"));
      // The candidate's evaluation is an ordinary run folder, with metrics.
      QVERIFY2(QFile::exists(candidate + "/run/metrics.json"), qPrintable(candidate));
    }
    QFile generations(out + "/generations.jsonl");
    QVERIFY(generations.open(QIODevice::ReadOnly));
    QCOMPARE(generations.readAll().count('\n'), 3);  // the random population and 2 generations
    QVERIFY(!readJson(out + "/result.json").at("pareto_front").empty());
  }

  void runningAgainEvaluatesNothingNew() {
    const QString out = dir_.filePath("one");
    const json before = populationOf(out);
    QMap<QString, QDateTime> written;
    for (const QString& f : scoreFiles(out)) written[f] = QFileInfo(f).lastModified();
    const auto run = test::runCli(searchArgs(out));
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(populationOf(out), before);
    for (const QString& f : scoreFiles(out)) QCOMPARE(QFileInfo(f).lastModified(), written[f]);
  }

  void killedSearchResumesToTheSameResult() {
    const QString out = dir_.filePath("killed");
    QProcess search;
    search.start(posescope::test::cliPath(), searchArgs(out));
    QVERIFY(search.waitForStarted());
    QElapsedTimer waited;
    waited.start();
    while (scoreFiles(out).size() < 2 && waited.elapsed() < 300000) QThread::msleep(50);
    QVERIFY(search.state() == QProcess::Running);
    ::kill(static_cast<pid_t>(search.processId()), SIGKILL);
    search.waitForFinished();
    const auto scored = scoreFiles(out).size();
    QVERIFY(scored >= 2 && scored < scoreFiles(dir_.filePath("one")).size());
    const auto run = test::runCli(searchArgs(out));
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(populationOf(out), populationOf(dir_.filePath("one")));
  }

  void twoShardsEndAsOneProcess() {
    const QString out = dir_.filePath("shards");
    const auto run = test::runCli(searchArgs(out) << "--shards"
                                                  << "2");
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(populationOf(out), populationOf(dir_.filePath("one")));
    QVERIFY(QFile::exists(out + "/pending/generation-0.shard-1.log"));
  }

  // Local shard workers run with the search's --threads. The launcher once kept the count by
  // reference to a variable whose scope had ended before the search called it (AddressSanitizer's
  // stack-use-after-scope in scripts/sanitize-network, which runs this function sanitized).
  void shardWorkersKeepThreadCountPastItsScope() {
    const QString out = dir_.filePath("shards-threads");
    QStringList args = searchArgs(out);
    args[args.indexOf("--threads") + 1] = "2";
    const auto run = test::runCli(args << "--shards"
                                       << "2");
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QStringList scores = scoreFiles(out);
    QVERIFY(scores.size() >= 4);
    for (const QString& score : scores) {
      const QByteArray log = test::fileBytes(QFileInfo(score).path() + "/run/log.txt");
      QVERIFY2(log.contains("threads: 2 intra-op"), log.constData());
    }
  }

  // --slurm: each generation's new candidates as a two-task job array, sbatch --wait between.
  void slurmJobArraysEndAsOneProcess() {
    QTemporaryDir clusterDir;
    QVERIFY(clusterDir.isValid());
    if (const QString why = test::SlurmCluster::unavailable(); !why.isEmpty())
      POSESCOPE_SKIP_UNCHECKED("no single-node Slurm here: " + why);
    test::SlurmCluster cluster(clusterDir.path());
    const QString failed = cluster.start();
    QVERIFY2(failed.isEmpty(), qPrintable("the single-node Slurm did not come up: " + failed));
    qputenv("SLURM_CONF", cluster.config().toUtf8());
    const QString out = dir_.filePath("slurm");
    const auto run = test::runCli(searchArgs(out) << "--shards"
                                                  << "2"
                                                  << "--slurm"
                                                  << "--time"
                                                  << "00:20:00");
    qunsetenv("SLURM_CONF");
    QVERIFY2(run.exitCode == 0, qPrintable(run.err + cluster.logs()));
    QCOMPARE(populationOf(out), populationOf(dir_.filePath("one")));
    QVERIFY(QFile::exists(out + "/slurm/generation-0.sbatch"));
    QVERIFY(QFile::exists(out + "/slurm/generation-0.shard-1.log"));
    QVERIFY(!QFile::exists(out + "/pending/generation-0.shard-0.log"));  // no local worker ran
  }

  // Slurm's options without --slurm are a mistake, not ignored.
  void slurmOptionsNeedSlurm() {
    const auto run = test::runCli(searchArgs(dir_.filePath("no-slurm")) << "--partition"
                                                                        << "gpu");
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("--partition needs --slurm"), qPrintable(run.err));
  }

  // extract --calibration N re-estimates the BatchNorm statistics and changes nothing else.
  void extractWithCalibrationChangesOnlyBatchNormStatistics() {
    const QString arch = dir_.filePath("arch.json");
    QFile file(arch);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const ArchManager space =
        archManagerFromConfig(loadExperiment({config_.toStdString(), "", {}}).cfg);
    file.write(archToJsonText(space.fixedSample(128, 0.5)).c_str());
    file.close();
    const QStringList common = {"extract", "--cfg",        config_,  "--superconfig",
                                arch,      "--checkpoint", supernet_};
    const QString plain = dir_.filePath("plain.pth"), calibrated = dir_.filePath("calibrated.pth");
    auto run = test::runCli(QStringList(common) << "--out" << plain << "DATASET.ROOT" << data_);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    run = test::runCli(QStringList(common) << "--out" << calibrated << "--calibration"
                                           << "2"
                                           << "DATASET.ROOT" << data_);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains("BatchNorm statistics from 2 images of train2017"),
             qPrintable(run.out));
    const StateDict a = readStateDict(plain.toStdString());
    const StateDict b = readStateDict(calibrated.toStdString());
    QCOMPARE(a.size(), b.size());
    int changedStatistics = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      QCOMPARE(a[i].first, b[i].first);
      const std::string& key = a[i].first;
      const bool statistic = key.find("running_mean") != std::string::npos ||
                             key.find("running_var") != std::string::npos ||
                             key.find("num_batches_tracked") != std::string::npos;
      const bool same = a[i].second.equal(b[i].second);
      if (!statistic) QVERIFY2(same, key.c_str());
      changedStatistics += statistic && !same;
    }
    QVERIFY(changedStatistics > 0);
  }

  void badInputsAreRefusedNamingWhatIsWrong() {
    QStringList args = searchArgs(dir_.filePath("bad"));
    args[args.indexOf("--budget-macs") + 1] = "lots";
    auto run = test::runCli(args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("--budget-macs"), qPrintable(run.err));

    args = searchArgs(dir_.filePath("bad"));
    args[args.indexOf("--cfg") + 1] =
        QString::fromStdString(test::sourceDir()) + "/configs/demo/demo.yaml";
    run = test::runCli(args);
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains("pose_supermobilenet"), qPrintable(run.err));

    args = searchArgs(dir_.filePath("one"));
    args[args.indexOf("--seed") + 1] = "4";
    run = test::runCli(args);
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains("seed is 3 there and 4 now"), qPrintable(run.err));

    args = searchArgs(dir_.filePath("bad2"));
    args[args.indexOf("--budget-macs") + 1] = "0.0001";
    run = test::runCli(args, 120000);
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains("budget"), qPrintable(run.err));
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestCliSearch)
#include "tst_cli_search.moc"
