// Sharded evaluation: the partition of `eval --shard K/N`, shards merged back into a run folder
// equal to an unsharded run's (demo model and, with ../shared, the reference's parity cases),
// several network replicas in one process, and valid.py's fallback to model_best.pth.tar.

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <map>
#include <set>

#include "common/errors.h"
#include "common/strings.h"
#include "parity_cases.h"
#include "pipeline/evaluator.h"
#include "pipeline/model_file.h"
#include "pipeline/run_merge.h"
#include "pipeline/shard.h"
#include "synth/synth_dataset.h"
#include "test_support.h"

using namespace posescope;
namespace fs = std::filesystem;

namespace {

// The demo's val split (seed 1) is a prefix of scripts/demo's 200 images; 40 keep the suite quick.
constexpr int kDemoImages = 40;

// Files a finished run folder holds whose bytes depend only on the predictions (not on timings).
const std::vector<std::string> kPredictionFiles = {runfiles::kResults,   runfiles::kMetricsJson,
                                                   runfiles::kMetricsMd, runfiles::kImageEval,
                                                   runfiles::kAnalysis,  runfiles::kConfig};

ExperimentSpec demoSpec(const std::string& root) {
  const std::string src = posescope::test::sourceDir();
  ExperimentSpec spec;
  spec.cfgFile = src + "/configs/demo/demo.yaml";
  spec.archFile = src + "/configs/demo/demo-arch.json";
  spec.overrides = {"DATASET.ROOT", root, "TEST.MODEL_FILE",
                    src + "/resources/demo/demo_litepose.pth"};
  return spec;
}

EvaluatorOptions cpuOptions(const std::string& outDir) {
  EvaluatorOptions options;
  options.device = "cpu";
  options.torchThreads = 1;  // ctest runs suites side by side on 2 cores
  options.decodeWorkers = 1;
  options.outDir = outDir;
  return options;
}

EvaluationResult evaluate(const ExperimentSpec& spec, const EvaluatorOptions& options) {
  Evaluator evaluator(loadExperiment(spec), options);
  return evaluator.run();
}

// Same images, same people, same failures; timings may differ.
void compareRecords(const std::vector<ImageRecord>& a, const std::vector<ImageRecord>& b) {
  QCOMPARE(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    QCOMPARE(a[i].index, b[i].index);
    QCOMPARE(a[i].imageId, b[i].imageId);
    QCOMPARE(a[i].file, b[i].file);
    QCOMPARE(a[i].error, b[i].error);
    QCOMPARE(a[i].people.size(), b[i].people.size());
    for (size_t p = 0; p < a[i].people.size(); ++p) {
      QCOMPARE(a[i].people[p].score, b[i].people[p].score);
      QVERIFY(a[i].people[p].joints == b[i].people[p].joints);
    }
  }
}

void compareFiles(const std::string& dirA, const std::string& dirB,
                  const std::vector<std::string>& names) {
  for (const auto& name : names) {
    const std::string a = dirA + "/" + name, b = dirB + "/" + name;
    QVERIFY2(fs::exists(a) && fs::exists(b), qPrintable(QString::fromStdString(name)));
    QVERIFY2(readTextFile(a) == readTextFile(b),
             qPrintable(QString::fromStdString(name + " differs: " + a + " vs " + b)));
  }
}

}  // namespace

class TestShardMerge : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  std::string demoRoot_;
  std::map<std::string, std::string> unsharded_;  // source -> its unsharded run folder

  // The experiment of a row's source: "demo" or the name of a parity case.
  ExperimentSpec specFor(const std::string& source) {
    if (source == "demo") return demoSpec(demoRoot_);
    const std::string parity = posescope::test::parityDir();
    for (const auto& c : posescope::test::readRunCases(parity))
      if (c.name == source) return c.spec(parity);
    return {};
  }

  // The unsharded run of `source`, evaluated once for every N.
  std::string unshardedRun(const std::string& source) {
    if (!unsharded_.count(source)) {
      const std::string out =
          dir_.filePath(QString::fromStdString(source + "-whole")).toStdString();
      evaluate(specFor(source), cpuOptions(out));
      unsharded_[source] = out;
    }
    return unsharded_[source];
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    demoRoot_ = dir_.filePath("demo-data").toStdString();
    synth::writeSynthSplit(demoRoot_, "val2017", kDemoImages, 1);
  }

  void partitionCoversEveryImageOnce() {
    for (size_t total : {size_t(0), size_t(1), size_t(5), size_t(200)}) {
      for (size_t n = 1; n <= 8; ++n) {
        std::vector<int> seen(total, 0);
        for (size_t k = 0; k < n; ++k) {
          const auto positions = shardPositions({k, n}, total);
          QVERIFY(positions == shardPositions({k, n}, total));  // deterministic
          QVERIFY(std::is_sorted(positions.begin(), positions.end()));
          // Balanced: shard sizes differ by one at most.
          QVERIFY(positions.size() == total / n || positions.size() == total / n + 1);
          for (size_t p : positions) ++seen[p];
        }
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; }));
      }
    }
  }

  void shardSpecIsChecked() {
    const ShardSpec s = parseShardSpec("2/7");
    QCOMPARE(s.index, size_t(2));
    QCOMPARE(s.count, size_t(7));
    QCOMPARE(shardSpecText(s), std::string("2/7"));
    for (const char* bad : {"7/7", "8/7", "1/0", "a/2", "-1/2", "1", "", "1/2/3", " 1/2"}) {
      try {
        parseShardSpec(bad);
        QFAIL(bad);
      } catch (const ConfigError& e) {
        QVERIFY2(std::string(e.what()).find("--shard") != std::string::npos, e.what());
      }
    }
  }

  void shardsMergeToTheUnshardedRun_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("shards");
    std::vector<std::string> sources = {"demo"};
    const std::string parity = posescope::test::parityDir();
    if (!parity.empty())
      for (const auto& c : posescope::test::readRunCases(parity)) sources.push_back(c.name);
    else
      QTest::newRow("parity cases") << QString() << 0;  // skips, and the suite says so
    for (const auto& source : sources)
      for (int n : {1, 2, 3, 7})
        QTest::newRow(qPrintable(QString("%1 N=%2").arg(QString::fromStdString(source)).arg(n)))
            << QString::fromStdString(source) << n;
  }

  void shardsMergeToTheUnshardedRun() {
    QFETCH(QString, source);
    QFETCH(int, shards);
    if (source.isEmpty()) {
      POSESCOPE_REQUIRE_PARITY(parity);
    }
    const std::string name = source.toStdString();
    const ExperimentSpec spec = specFor(name);
    const std::string whole = unshardedRun(name);
    const std::string base = dir_.filePath(QString("%1-%2").arg(source).arg(shards)).toStdString();

    std::vector<std::string> shardDirs;
    size_t evaluated = 0;
    for (int k = 0; k < shards; ++k) {
      EvaluatorOptions options = cpuOptions(base + "/shard" + std::to_string(k));
      options.shard = ShardSpec{static_cast<size_t>(k), static_cast<size_t>(shards)};
      const EvaluationResult part = evaluate(spec, options);
      QCOMPARE(runStateName(part.summary.state), std::string("complete"));
      QVERIFY(!part.metrics);  // a shard is scored only once merged
      QVERIFY(part.summary.shard.has_value());
      QCOMPARE(part.summary.shard->index, size_t(k));
      evaluated += part.records.size();
      // The partial folder: records, results, run.json with the shard, config and arch.
      const LoadedRun folder = loadRunFolder(options.outDir);
      QVERIFY(folder.summary.shard.has_value());
      QCOMPARE(folder.summary.shard->count, size_t(shards));
      QCOMPARE(folder.records.size(), part.records.size());
      for (const char* file : {runfiles::kResults, runfiles::kConfig, runfiles::kArch})
        QVERIFY2(fs::exists(options.outDir + "/" + file), file);
      QVERIFY(!fs::exists(options.outDir + "/" + runfiles::kMetricsJson));
      shardDirs.push_back(options.outDir);
    }
    const LoadedRun reference = loadRunFolder(whole);
    QCOMPARE(evaluated, reference.records.size());

    // Shards given in any order merge into the unsharded order.
    std::reverse(shardDirs.begin(), shardDirs.end());
    const MergedRun merged = mergeShardRuns(shardDirs, base + "/merged");
    const LoadedRun joined = loadRunFolder(base + "/merged");
    QCOMPARE(runStateName(joined.summary.state), std::string("complete"));
    QVERIFY(!joined.summary.shard);
    QCOMPARE(joined.summary.imagesTotal, reference.summary.imagesTotal);
    QCOMPARE(joined.summary.imagesDone, reference.summary.imagesDone);
    QCOMPARE(joined.summary.imagesFailed, reference.summary.imagesFailed);
    compareRecords(joined.records, reference.records);
    QVERIFY(joined.metrics.has_value() && reference.metrics.has_value());
    QVERIFY(joined.metrics->values == reference.metrics->values);
    QCOMPARE(merged.metrics.markdown, reference.metricsMarkdown);
    compareFiles(base + "/merged", whole, kPredictionFiles);
  }

  void twoCpuReplicasEqualOne() {
    const ExperimentSpec spec = demoSpec(demoRoot_);
    const std::string one = dir_.filePath("replicas-1").toStdString();
    const std::string two = dir_.filePath("replicas-2").toStdString();
    const EvaluationResult a = evaluate(spec, cpuOptions(one));
    EvaluatorOptions options = cpuOptions(two);
    options.device = "cpu,cpu";
    options.torchThreads = 2;  // one thread per replica, as the single replica has
    const EvaluationResult b = evaluate(spec, options);
    QCOMPARE(b.summary.device, std::string("cpu,cpu"));
    compareRecords(b.records, a.records);
    compareFiles(two, one, kPredictionFiles);
  }

  void deviceListsAreChecked() {
    for (const char* bad : {"cpu,", "auto,cpu", "cpu,gpu", ",cpu", "cuda:x"}) {
      EvaluatorOptions options;
      options.device = bad;
      QVERIFY_THROWS_EXCEPTION(ConfigError, options.validate());
    }
  }

  void outputDirAsValidPy() {
    ConfigNode cfg = defaultConfig();
    ConfigValue v;
    v.data = std::string("out");
    cfg.set("OUTPUT_DIR", v);
    v.data = std::string("crowd:pose");
    cfg.set("DATASET.DATASET", v);
    v.data = std::string("pose_mobilenet");
    cfg.set("MODEL.NAME", v);
    QCOMPARE(validPyOutputDir(cfg, "/x/configs/mobile.lite.yaml"),
             std::string("out/crowd_pose/pose_mobilenet/mobile"));
    v.data = std::string("");
    cfg.set("OUTPUT_DIR", v);
    QCOMPARE(validPyOutputDir(cfg, "w32_512_adam_lr1e-3.yaml"),
             std::string("crowd_pose/pose_mobilenet/w32_512_adam_lr1e-3"));
  }

  void emptyModelFileLoadsModelBest() {
    // valid.py: OUTPUT_DIR/DATASET.DATASET/MODEL.NAME/<cfg name>/model_best.pth.tar.
    const std::string output = dir_.filePath("output").toStdString();
    ExperimentSpec spec = demoSpec(demoRoot_);
    const std::string weights = spec.overrides[3];
    spec.overrides = {"DATASET.ROOT", demoRoot_, "TEST.MODEL_FILE", "", "OUTPUT_DIR", output};

    try {  // no model_best.pth.tar yet: the error names the file valid.py would load
      Evaluator evaluator(loadExperiment(spec), cpuOptions(""));
      QFAIL("an empty TEST.MODEL_FILE without model_best.pth.tar must be refused");
    } catch (const CheckpointError& e) {
      QVERIFY2(std::string(e.what()).find(output + "/coco_kpt/pose_mobilenet/demo/"
                                                   "model_best.pth.tar") != std::string::npos,
               e.what());
    }

    const std::string best = output + "/coco_kpt/pose_mobilenet/demo/model_best.pth.tar";
    fs::create_directories(fs::path(best).parent_path());
    fs::copy_file(weights, best);
    EvaluatorOptions options = cpuOptions(dir_.filePath("model-best").toStdString());
    options.limit = 6;
    const EvaluationResult fromBest = evaluate(spec, options);
    EvaluatorOptions explicitOptions = cpuOptions(dir_.filePath("model-explicit").toStdString());
    explicitOptions.limit = 6;
    const EvaluationResult fromFile = evaluate(demoSpec(demoRoot_), explicitOptions);
    compareRecords(fromBest.records, fromFile.records);
    // The run folder's config names the file loaded, so the run can be reopened.
    const std::string config = readTextFile(options.outDir + "/" + runfiles::kConfig);
    QVERIFY2(config.find(best) != std::string::npos, config.c_str());
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestShardMerge)
#include "tst_shard_merge.moc"
