// posescope-cli's network commands that no other suite runs, as a user runs them: `bench` (its
// figures, present, positive and consistent with the images and threads asked; `--sweep`; bad
// arguments), `embed` and `extract` round trips checked with `verify-model`, and `eval
// --no-fold-bn` (the option reaches the network and changes the results by float noise only).
// Everything runs on the embedded demo model and a few generated images; no figure is timed.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <thread>

#include <torch/csrc/autograd/grad_mode.h>

#include "checkpoint/checkpoint_reader.h"
#include "checkpoint/state_dict_writer.h"
#include "cli_runner.h"
#include "config/experiment.h"
#include "models/pose_net.h"
#include "models/random_weights.h"
#include "pipeline/evaluator_options.h"
#include "test_files.h"
#include "test_support.h"

using namespace posescope;
using test::CliRun;
using test::runCli;

namespace {

using posescope::test::readQtJson;
using posescope::test::repoFile;

const QString kDemoCfg = QStringLiteral("configs/demo/demo.yaml");
const QString kDemoSupernetCfg = QStringLiteral("configs/demo/demo-supernet.yaml");
const QString kDemoArch = QStringLiteral("configs/demo/demo-arch.json");
const QString kDemoWeights = QStringLiteral("resources/demo/demo_litepose.pth");

// The replicas the CPU default runs (evaluator.cpp): one per core, at most kMaxDefaultCpuReplicas.
int defaultCpuReplicas() {
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  return std::min(cores, kMaxDefaultCpuReplicas);
}

// `bench`'s figures, read back from its output as a user would.
struct BenchFigures {
  QString device;
  int count = 0, images = 0, repeat = 0;
  double seconds = 0, rate = 0, wall = 0;
  QMap<QString, double> meanMs, sharePercent;
  double outsidePercent = -1;
};

BenchFigures parseBench(const QString& out) {
  BenchFigures f;
  const auto device =
      QRegularExpression(R"(^model .+, device (\S+)$)", QRegularExpression::MultilineOption)
          .match(out);
  if (device.hasMatch()) f.device = device.captured(1);
  const auto totals = QRegularExpression(R"(^(\d+) images \((\d+) x (\d+)\) in ([0-9.]+) s: )"
                                         R"(([0-9.]+) images/s; process wall ([0-9.]+) s)",
                                         QRegularExpression::MultilineOption)
                          .match(out);
  if (totals.hasMatch()) {
    f.count = totals.captured(1).toInt();
    f.images = totals.captured(2).toInt();
    f.repeat = totals.captured(3).toInt();
    f.seconds = totals.captured(4).toDouble();
    f.rate = totals.captured(5).toDouble();
    f.wall = totals.captured(6).toDouble();
  }
  auto stages =
      QRegularExpression(R"(^(\w+)\s+([0-9.]+)\s+([0-9.]+)%$)", QRegularExpression::MultilineOption)
          .globalMatch(out);
  while (stages.hasNext()) {
    const auto m = stages.next();
    f.meanMs[m.captured(1)] = m.captured(2).toDouble();
    f.sharePercent[m.captured(1)] = m.captured(3).toDouble();
  }
  const auto outside =
      QRegularExpression(R"(outside the network forward: ([0-9.]+)% of stage time)").match(out);
  if (outside.hasMatch()) f.outsidePercent = outside.captured(1).toDouble();
  return f;
}

QString readText(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The number the evaluation's log gives for "N BatchNorms folded into their convolutions"; -1
// when the line is missing.
int foldedBatchNorms(const QString& runDir) {
  const auto m = QRegularExpression(R"((\d+) BatchNorms folded into their convolutions)")
                     .match(readText(runDir + "/log.txt"));
  return m.hasMatch() ? m.captured(1).toInt() : -1;
}

}  // namespace

class TestCliNetworkCommands : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  QString data_;  // 3 generated val2017 images
  const int datasetImages_ = 3;

  QStringList benchArgs(const QStringList& extra) const {
    return QStringList{"bench", "--cfg", repoFile(kDemoCfg), "--superconfig", repoFile(kDemoArch)} +
           extra + QStringList{"DATASET.ROOT", data_, "TEST.MODEL_FILE", repoFile(kDemoWeights)};
  }

  // Checks one bench run's figures against what was asked: `images x repeat` evaluations on
  // `replicas` CPU networks.
  static void checkBenchFigures(const CliRun& r, int images, int repeat, int replicas) {
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    const BenchFigures f = parseBench(r.out);
    QCOMPARE(f.images, images);
    QCOMPARE(f.repeat, repeat);
    QCOMPARE(f.count, images * repeat);
    QStringList cpus;
    for (int i = 0; i < replicas; ++i) cpus << "cpu";
    QCOMPARE(f.device, cpus.join(','));
    QVERIFY2(f.seconds > 0 && f.rate > 0, qPrintable(r.out));
    // images/s is the count over the run's seconds, each printed to 2 decimals: their product is
    // the count within the rounding of both.
    QVERIFY2(std::abs(f.rate * f.seconds - f.count) <= 0.005 * (f.rate + f.seconds) + 1e-6,
             qPrintable(r.out));
    QVERIFY2(f.wall >= f.seconds - 0.01, qPrintable(r.out));  // the process wall contains the run
    QCOMPARE(f.meanMs.keys(),
             (QStringList{"decode", "forward", "group", "postprocess", "preprocess"}));
    double shares = 0;
    for (const QString& stage : f.meanMs.keys()) {
      QVERIFY2(f.meanMs[stage] >= 0 && f.sharePercent[stage] >= 0, qPrintable(r.out));
      shares += f.sharePercent[stage];
    }
    // Every image is decoded and goes through the network.
    QVERIFY2(f.meanMs["decode"] > 0 && f.meanMs["forward"] > 0, qPrintable(r.out));
    // Five shares rounded to 0.1 % add up to 100 within their rounding.
    QVERIFY2(std::abs(shares - 100.0) <= 0.26, qPrintable(r.out));
    QVERIFY2(std::abs(f.outsidePercent - (100.0 - f.sharePercent["forward"])) <= 0.11,
             qPrintable(r.out));
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    data_ = dir_.filePath("data");
    const CliRun made =
        runCli({"make-dataset", "--out", data_, "--images", QString::number(datasetImages_),
                "--split", "val2017", "--seed", "1"});
    QVERIFY2(made.exitCode == 0, qPrintable(made.err));
  }

  // ---- bench

  void benchReportsTheImagesAndThreadsAsked() {
    // The default: one network replica per core (at most 4), each image R times.
    checkBenchFigures(runCli(benchArgs({"--images", "2", "--repeat", "3"})), 2, 3,
                      defaultCpuReplicas());
    // --threads N is one network; more images than the dataset holds times the whole dataset.
    checkBenchFigures(runCli(benchArgs({"--images", "50", "--repeat", "2", "--threads", "1"})),
                      datasetImages_, 2, 1);
    // --no-fold-bn and --random-weights are accepted and time the same images.
    CliRun random = runCli({"bench", "--cfg", repoFile(kDemoCfg), "--superconfig",
                            repoFile(kDemoArch), "--images", "1", "--repeat", "2",
                            "--random-weights", "--no-fold-bn", "DATASET.ROOT", data_});
    checkBenchFigures(random, 1, 2, defaultCpuReplicas());
  }

  void benchSweepTimesEveryConfiguration() {
    const CliRun r =
        runCli(benchArgs({"--images", "1", "--repeat", "1", "--sweep", "--sweep-runs", "1"}));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains("median of 1 bench runs"), qPrintable(r.out));
    // The default, one network at every thread count 1..cores, and the spinning wait, each timed
    // quiet and beside a busy process.
    const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    QStringList expected = {"the default: "};
    for (int t = 1; t <= cores; ++t)
      expected << QString::number(t) + (t == 1 ? " thread" : " threads") + ", one network";
    expected << QString::number(cores) + " threads, libgomp's spinning wait";
    const QStringList lines = r.out.split('\n');
    QList<double> quiet;
    for (const QString& label : expected) {
      const auto row = std::find_if(lines.begin(), lines.end(),
                                    [&](const QString& l) { return l.startsWith(label); });
      QVERIFY2(row != lines.end(), qPrintable(label + " missing from:\n" + r.out));
      const auto m = QRegularExpression(R"(\s([0-9.]+)\s+([0-9.]+)$)").match(*row);
      QVERIFY2(m.hasMatch(), qPrintable(*row));
      QVERIFY2(m.captured(1).toDouble() > 0 && m.captured(2).toDouble() > 0, qPrintable(*row));
      quiet << m.captured(1).toDouble();
    }
    QVERIFY2(lines.first().contains(QString::number(cores) + " cores"), qPrintable(lines.first()));
    // "the default is Qx slower than the best quiet": the best row over the default's, >= 1.
    const auto ratio =
        QRegularExpression(R"(the default is ([0-9.]+)x slower than the best quiet, ([0-9.]+)x)")
            .match(r.out);
    QVERIFY2(ratio.hasMatch(), qPrintable(r.out));
    const double best = *std::max_element(quiet.begin(), quiet.end());
    const double ratioQuiet = ratio.captured(1).toDouble(), defaultRate = quiet.first();
    QVERIFY(ratioQuiet >= 1.0 && ratio.captured(2).toDouble() >= 1.0);
    // Within the rounding of the ratio and of both rates (2 decimals each).
    QVERIFY2(std::abs(ratioQuiet - best / defaultRate) <=
                 0.005 + 0.005 / defaultRate + 0.005 * best / (defaultRate * defaultRate) + 1e-9,
             qPrintable(r.out));
    // Run through posescope-cli, the sweep also times the start-up of both kinds of command.
    const auto startup =
        QRegularExpression(R"(posescope-cli --help\) ([0-9.]+) ms; .* )"
                           R"(\(posescope-cli bench --help, loads LibTorch\) ([0-9.]+) ms)")
            .match(r.out);
    QVERIFY2(startup.hasMatch(), qPrintable(r.out));
    QVERIFY(startup.captured(1).toDouble() > 0 && startup.captured(2).toDouble() > 0);
  }

  void benchRefusesBadArgumentsNamingThem() {
    struct Case {
      QStringList args;
      int exitCode;
      QString says;
    };
    const QList<Case> cases = {
        {benchArgs({"--repeat", "0"}), 2, "--images and --repeat must be 1 or more"},
        {benchArgs({"--images", "two"}), 2, "--images expects an integer, got 'two'"},
        {benchArgs({"--sweep", "--threads", "2"}), 2, "--sweep times every --threads itself"},
        {benchArgs({"--sweep", "--sweep-runs", "0"}), 2, "--sweep-runs must be 1 or more"},
        {{"bench", "--cfg", repoFile(kDemoCfg), "--superconfig", repoFile(kDemoArch),
          "DATASET.ROOT", dir_.filePath("nowhere"), "TEST.MODEL_FILE", repoFile(kDemoWeights)},
         3,
         "person_keypoints_val2017.json"},
    };
    for (const Case& c : cases) {
      const CliRun r = runCli(c.args);
      QVERIFY2(r.exitCode == c.exitCode, qPrintable(c.args.join(' ') + " exited " +
                                                    QString::number(r.exitCode) + ": " + r.err));
      QVERIFY2(r.err.contains(c.says), qPrintable(c.args.join(' ') + ": " + r.err));
    }

    // A dataset that lists no image: nothing to time, said with the annotation file's name.
    const QString empty = dir_.filePath("empty");
    QVERIFY(QDir().mkpath(empty + "/annotations"));
    QJsonObject annotations =
        readQtJson(data_ + "/annotations/person_keypoints_val2017.json").object();
    annotations["images"] = QJsonArray();
    annotations["annotations"] = QJsonArray();
    QFile file(empty + "/annotations/person_keypoints_val2017.json");
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(annotations).toJson());
    file.close();
    const CliRun none =
        runCli({"bench", "--cfg", repoFile(kDemoCfg), "--superconfig", repoFile(kDemoArch),
                "DATASET.ROOT", empty, "TEST.MODEL_FILE", repoFile(kDemoWeights)});
    QCOMPARE(none.exitCode, 3);
    QVERIFY2(none.err.contains("person_keypoints_val2017.json lists no image"),
             qPrintable(none.err));
  }

  // ---- embed and extract

  // The demo model embedded into the demo supernet and extracted again is the demo model, tensor
  // for tensor; verify-model runs the extracted network and the supernet's sub-network on an
  // input whose outputs the demo model recorded here, and a random supernet fails that check.
  void embedThenExtractGivesTheNetworkBack() {
    const QString supernet = dir_.filePath("embedded_supernet.pth");
    const CliRun embedded =
        runCli({"embed", "--cfg", repoFile(kDemoSupernetCfg), "--superconfig", repoFile(kDemoArch),
                "--weights", repoFile(kDemoWeights), "--out", supernet});
    QVERIFY2(embedded.exitCode == 0, qPrintable(embedded.err));
    QVERIFY2(embedded.out.contains("wrote " + supernet), qPrintable(embedded.out));

    const QString extracted = dir_.filePath("extracted.pth");
    const CliRun back = runCli({"extract", "--cfg", repoFile(kDemoSupernetCfg), "--superconfig",
                                repoFile(kDemoArch), "--checkpoint", supernet, "--out", extracted});
    QVERIFY2(back.exitCode == 0, qPrintable(back.err));
    QVERIFY2(back.out.contains("MODEL.NAME pose_mobilenet"), qPrintable(back.out));

    const StateDict demo = readStateDict(repoFile(kDemoWeights).toStdString());
    const StateDict got = readStateDict(extracted.toStdString());
    QCOMPARE(got.size(), demo.size());
    for (size_t i = 0; i < demo.size(); ++i) {
      QCOMPARE(got[i].first, demo[i].first);
      QVERIFY2(torch::equal(got[i].second, demo[i].second), demo[i].first.c_str());
    }

    // The demo model's outputs on a random input, as verify-model's IO.pth.
    const QString io = dir_.filePath("demo.io.pth");
    {
      auto net = createPoseNet(loadExperiment(
          {repoFile(kDemoCfg).toStdString(), repoFile(kDemoArch).toStdString(), {}}));
      loadStateDictStrict(net->module(), demo, "demo");
      net->module().eval();
      torch::NoGradGuard noGrad;
      torch::manual_seed(3);
      const torch::Tensor x = torch::rand({1, 3, 128, 128});
      StateDict record = {{"input", x}};
      const auto outputs = net->forward(x);
      QVERIFY(outputs.size() >= 2);
      for (size_t k = 0; k < outputs.size(); ++k)
        record.emplace_back("output" + std::to_string(k), outputs[k]);
      writeStateDict(io.toStdString(), record);
    }
    const auto verify = [&](const QString& cfg, const QString& checkpoint) {
      return runCli({"verify-model", "--cfg", repoFile(cfg), "--superconfig", repoFile(kDemoArch),
                     "--checkpoint", checkpoint, "--io", io, "--tol", "0"});
    };
    // The extracted weights, and the embedded supernet's demo-shaped sub-network (its widest),
    // compute the demo model exactly, as docs/search.md says (both measured 0, 2026-12-02, 2-core
    // AMD EPYC, AVX2): the same tensors through the same operations.
    for (const auto& [cfg, checkpoint] :
         {std::pair{kDemoCfg, extracted}, std::pair{kDemoSupernetCfg, supernet}}) {
      const CliRun v = verify(cfg, checkpoint);
      qInfo("verify-model %s:\n%s", qPrintable(QFileInfo(checkpoint).fileName()),
            qPrintable(v.out.trimmed()));
      QVERIFY2(v.exitCode == 0, qPrintable(v.out + v.err));
      QVERIFY2(v.out.contains("PASS"), qPrintable(v.out));
    }

    // The same check on a supernet that does not hold the demo model fails.
    const QString random = dir_.filePath("random_supernet.pth");
    {
      torch::manual_seed(5);
      auto net = createPoseNet(loadExperiment({repoFile(kDemoSupernetCfg).toStdString(), "", {}}));
      test::randomise(net->module());
      writeStateDict(random.toStdString(), test::stateOf(net->module()));
    }
    const CliRun wrong = verify(kDemoSupernetCfg, random);
    QVERIFY2(wrong.exitCode == 1, qPrintable(wrong.out + wrong.err));
    QVERIFY2(wrong.out.contains("ABOVE TOLERANCE") && wrong.out.contains("FAIL"),
             qPrintable(wrong.out));
  }

  // The other way round: a sub-network extracted from a random supernet, embedded into a fresh
  // supernet (other seeds give another fresh rest) and extracted again, is the same sub-network.
  void extractThenEmbedThenExtractIsStable() {
    const QString random = dir_.filePath("random_supernet.pth");
    QVERIFY2(QFile::exists(random), "made by embedThenExtractGivesTheNetworkBack");
    const QStringList supernetArgs = {"--cfg", repoFile(kDemoSupernetCfg), "--superconfig",
                                      repoFile(kDemoArch)};
    const QString sub = dir_.filePath("random_sub.pth");
    CliRun r = runCli(QStringList{"extract"} + supernetArgs +
                      QStringList{"--checkpoint", random, "--out", sub});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QStringList embeddedFiles;
    for (const QString& seed : {"1", "2"}) {
      const QString embedded = dir_.filePath("re_embedded" + seed + ".pth");
      r = runCli(QStringList{"embed"} + supernetArgs +
                 QStringList{"--weights", sub, "--out", embedded, "--seed", seed});
      QVERIFY2(r.exitCode == 0, qPrintable(r.err));
      const QString again = dir_.filePath("random_sub_again" + seed + ".pth");
      r = runCli(QStringList{"extract"} + supernetArgs +
                 QStringList{"--checkpoint", embedded, "--out", again});
      QVERIFY2(r.exitCode == 0, qPrintable(r.err));
      const StateDict a = readStateDict(sub.toStdString());
      const StateDict b = readStateDict(again.toStdString());
      QCOMPARE(b.size(), a.size());
      for (size_t i = 0; i < a.size(); ++i) {
        QCOMPARE(b[i].first, a[i].first);
        QVERIFY2(torch::equal(b[i].second, a[i].second), a[i].first.c_str());
      }
      embeddedFiles << embedded;
    }
    // The seed changes the fresh part of the supernet, not the embedded one.
    const StateDict s1 = readStateDict(embeddedFiles[0].toStdString());
    const StateDict s2 = readStateDict(embeddedFiles[1].toStdString());
    QCOMPARE(s1.size(), s2.size());
    bool differs = false;
    for (size_t i = 0; i < s1.size() && !differs; ++i)
      differs = !torch::equal(s1[i].second, s2[i].second);
    QVERIFY(differs);
  }

  // docs/search.md: only 7x7 depthwise kernels embed exactly; others are refused, naming the block.
  void embedRefusesSmallerKernelsNamingTheBlock() {
    QString arch = readText(repoFile(kDemoArch));
    QVERIFY(arch.contains("[4, 7]"));
    arch.replace(arch.indexOf("[4, 7]"), 6, "[4, 5]");
    const QString k5 = dir_.filePath("k5.json");
    QFile f(k5);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(arch.toUtf8());
    f.close();
    const QString out = dir_.filePath("k5_supernet.pth");
    const CliRun r = runCli({"embed", "--cfg", repoFile(kDemoSupernetCfg), "--superconfig", k5,
                             "--weights", repoFile(kDemoWeights), "--out", out});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(k5 + ": backbone_setting[0].block_setting[0] has kernel 5"),
             qPrintable(r.err));
    QVERIFY2(r.err.contains("only 7x7 depthwise kernels embed exactly"), qPrintable(r.err));
    QVERIFY(!QFile::exists(out));

    // Missing --superconfig and --weights are command-line errors.
    const CliRun noArch = runCli({"embed", "--cfg", repoFile(kDemoSupernetCfg), "--weights",
                                  repoFile(kDemoWeights), "--out", out});
    QCOMPARE(noArch.exitCode, 2);
    QVERIFY2(noArch.err.contains("embed needs --superconfig"), qPrintable(noArch.err));
    const CliRun noWeights = runCli({"embed", "--cfg", repoFile(kDemoSupernetCfg), "--superconfig",
                                     repoFile(kDemoArch), "--out", out});
    QCOMPARE(noWeights.exitCode, 2);
    QVERIFY2(noWeights.err.contains("--weights"), qPrintable(noWeights.err));
  }

  // ---- eval --no-fold-bn

  // Folding is observable in the run's log (how many BatchNorms were folded); the results of
  // both paths agree within float noise.
  void noFoldBnReachesTheNetworkAndChangesOnlyFloatNoise() {
    QMap<QString, QString> runs;
    for (const QString& mode : {QStringLiteral("folded"), QStringLiteral("unfolded")}) {
      const QString run = dir_.filePath("run_" + mode);
      QStringList args = {"eval",
                          "--quiet",
                          "--cfg",
                          repoFile(kDemoCfg),
                          "--superconfig",
                          repoFile(kDemoArch),
                          "--out",
                          run,
                          "DATASET.ROOT",
                          data_,
                          "TEST.MODEL_FILE",
                          repoFile(kDemoWeights)};
      if (mode == "unfolded") args.insert(1, "--no-fold-bn");
      const CliRun r = runCli(args);
      QVERIFY2(r.exitCode == 0, qPrintable(r.err));
      runs[mode] = run;
    }
    const int folded = foldedBatchNorms(runs["folded"]);
    QVERIFY2(folded > 0, qPrintable(readText(runs["folded"] + "/log.txt")));
    QCOMPARE(foldedBatchNorms(runs["unfolded"]), 0);

    const QJsonArray a = readQtJson(runs["folded"] + "/results.json").array();
    const QJsonArray b = readQtJson(runs["unfolded"] + "/results.json").array();
    QVERIFY(!a.isEmpty());
    QCOMPARE(b.size(), a.size());
    double keypointDiff = 0, scoreDiff = 0;
    for (qsizetype i = 0; i < a.size(); ++i) {
      const QJsonObject x = a[i].toObject(), y = b[i].toObject();
      QCOMPARE(y["image_id"].toInteger(), x["image_id"].toInteger());
      scoreDiff = std::max(scoreDiff, std::abs(x["score"].toDouble() - y["score"].toDouble()));
      const QJsonArray kx = x["keypoints"].toArray(), ky = y["keypoints"].toArray();
      QCOMPARE(ky.size(), kx.size());
      for (qsizetype k = 0; k < kx.size(); ++k)
        keypointDiff = std::max(keypointDiff, std::abs(kx[k].toDouble() - ky[k].toDouble()));
    }
    qInfo(
        "folded (%d BatchNorms) vs unfolded: %lld detections, max keypoint diff %.3g, max score "
        "diff %.3g",
        folded, static_cast<long long>(a.size()), keypointDiff, scoreDiff);
    // Measured 2.38e-7 px and 5.96e-8 (2026-12-02, 2-core AMD EPYC, AVX2; 37 BatchNorms, 22
    // detections): float rounding of the folded weights, far below a heatmap peak moving
    // (0.25 px at least). Held at four times that.
    QVERIFY2(keypointDiff <= 1e-6, qPrintable(QString::number(keypointDiff)));
    QVERIFY2(scoreDiff <= 2.4e-7, qPrintable(QString::number(scoreDiff)));
    // ... and not bit-identical: the unfolded network really computed each BatchNorm apart.
    QVERIFY(keypointDiff + scoreDiff > 0);
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestCliNetworkCommands)
#include "tst_cli_network_commands.moc"
