// posescope-cli import's core: predictions made elsewhere kept as a run folder that scores exactly
// as the given results file does (pycocotools' area rule for files with a bbox included), opens
// wherever an evaluation's folder does, and is never left half-written.

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <random>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/strings.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/results_io.h"
#include "pipeline/run_import.h"
#include "report/run_comparison.h"
#include "report/run_ground_truth.h"
#include "test_support.h"

using namespace posescope;
namespace fs = std::filesystem;

namespace {

void writeJson(const std::string& path, const nlohmann::json& doc) {
  std::ofstream out(path, std::ios::binary);
  out << doc.dump();
}

// A ground truth of `images` images, two people each, of `joints` joints named j0.. (or COCO's
// names with `cocoNames`), and a results file near it: each person found with jitter, and one
// false positive per image whose keypoints span a small box (a medium area) while its bbox, when
// `bbox` is set, is large: pycocotools' loadRes then puts it in area 'large'.
struct Synthetic {
  nlohmann::json gt;
  nlohmann::json results;
};

Synthetic makeSet(int images, std::size_t joints, bool bbox, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> unit(0, 1);
  nlohmann::json names = nlohmann::json::array();
  for (std::size_t k = 0; k < joints; ++k) names.push_back("j" + std::to_string(k));
  Synthetic s;
  s.gt = {{"images", nlohmann::json::array()},
          {"annotations", nlohmann::json::array()},
          {"categories", {{{"id", 1}, {"name", "animal"}, {"keypoints", names}}}}};
  s.results = nlohmann::json::array();
  int annotationId = 1;
  for (int i = 0; i < images; ++i) {
    const int imageId = 500 + 3 * i;
    s.gt["images"].push_back({{"id", imageId},
                              {"file_name", "img" + std::to_string(i) + ".jpg"},
                              {"width", 640},
                              {"height", 480}});
    for (int p = 0; p < 2; ++p) {
      const double x0 = 40 + 280 * p + 20 * unit(random), y0 = 40 + 30 * unit(random);
      const double size = 120 + 60 * unit(random);
      std::vector<double> truth, found;
      for (std::size_t k = 0; k < joints; ++k) {
        const double x = x0 + size * unit(random), y = y0 + size * unit(random);
        truth.insert(truth.end(), {x, y, 2.0});
        found.insert(found.end(),
                     {x + 12 * (unit(random) - 0.5), y + 12 * (unit(random) - 0.5), unit(random)});
      }
      s.gt["annotations"].push_back({{"id", annotationId++},
                                     {"image_id", imageId},
                                     {"category_id", 1},
                                     {"iscrowd", 0},
                                     {"num_keypoints", joints},
                                     {"area", size * size},
                                     {"bbox", {x0, y0, size, size}},
                                     {"keypoints", truth}});
      nlohmann::json entry = {{"image_id", imageId},
                              {"category_id", 1},
                              {"keypoints", found},
                              {"score", 0.3 + 0.7 * unit(random)}};
      if (bbox) entry["bbox"] = {x0 - 5, y0 - 5, size + 10, size + 10};
      s.results.push_back(entry);
    }
    std::vector<double> ghost;
    for (std::size_t k = 0; k < joints; ++k)
      ghost.insert(ghost.end(), {300 + 50 * unit(random), 300 + 50 * unit(random), 0.5});
    nlohmann::json entry = {
        {"image_id", imageId}, {"category_id", 1}, {"keypoints", ghost}, {"score", 0.95}};
    if (bbox) entry["bbox"] = {290, 290, 150, 150};
    s.results.push_back(entry);
  }
  return s;
}

// What `posescope-cli metrics` computes for the two files with `choice`.
MetricTable metricsOf(const std::string& gtFile, const std::string& resultsFile,
                      const LayoutChoice& choice) {
  const KeypointGroundTruth file = loadGroundTruth(gtFile);
  const KeypointLayout layout = resolveKeypointLayout(file, choice);
  return evaluateKeypoints(groundTruthOfLayout(file, layout),
                           detectionsOfLayout(loadResults(resultsFile), layout),
                           evalParamsFor(layout))
      .table;
}

LayoutChoice withSigmas(std::size_t joints) {
  LayoutChoice choice;
  choice.sigmas = std::vector<double>(joints, 0.07);
  for (std::size_t k = 0; k < joints; ++k) (*choice.sigmas)[k] = 0.05 + 0.01 * double(k);
  return choice;
}

void quiet(const std::string&) {}

// The folder's entries, to show that a failed import left nothing.
std::vector<std::string> entriesOf(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

class TestRunImport : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  std::string cocoGt_, cocoResults_, boxedResults_, sixGt_, sixResults_;

  std::string path(const std::string& name) const {
    return dir_.filePath(QString::fromStdString(name)).toStdString();
  }

  // Imports into a new folder under the test's folder and reads it back.
  LoadedRun import(const std::string& name, const std::string& gt, const std::string& results,
                   const LayoutChoice& choice = {}) {
    ImportOptions options;
    options.groundTruth = gt;
    options.results = results;
    options.layout = choice;
    return importPredictions(path("runs/" + name), options, quiet);
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    fs::create_directories(path("runs"));
    // COCO's 17 joints by name: scored as valid.py scores COCO.
    Synthetic coco = makeSet(12, 17, false, 7);
    const std::vector<std::string>& names = referenceSkeleton(EvalVariant::Coco).joints;
    coco.gt["categories"][0] = {{"id", 1}, {"name", "person"}, {"keypoints", names}};
    cocoGt_ = path("coco.gt.json");
    cocoResults_ = path("coco.results.json");
    writeJson(cocoGt_, coco.gt);
    writeJson(cocoResults_, coco.results);
    Synthetic boxed = makeSet(12, 17, true, 7);
    boxedResults_ = path("coco.boxed.json");
    writeJson(boxedResults_, boxed.results);
    const Synthetic six = makeSet(10, 6, false, 11);
    sixGt_ = path("six.gt.json");
    sixResults_ = path("six.results.json");
    writeJson(sixGt_, six.gt);
    writeJson(sixResults_, six.results);
  }

  void writesTheRunFolder() {
    const LoadedRun run = import("coco", cocoGt_, cocoResults_);
    for (const char* file :
         {runfiles::kSummary, runfiles::kSkeleton, runfiles::kResults, runfiles::kRecords,
          runfiles::kMetricsJson, runfiles::kMetricsMd, runfiles::kImageEval, runfiles::kAnalysis})
      QVERIFY2(fs::exists(fs::path(run.dir) / file), file);
    const RunSummary& s = run.summary;
    QCOMPARE(s.state, RunState::Complete);
    QVERIFY(s.imported);
    QCOMPARE(s.datasetKind, std::string("coco"));
    QCOMPARE(s.annotationFile, fs::absolute(cocoGt_).lexically_normal().string());
    QCOMPARE(s.archName, std::string("coco.results"));
    QCOMPARE(s.categoryId, 1);
    QVERIFY(!s.categoryRestricted);
    QCOMPARE(s.imagesTotal, size_t(12));
    QCOMPARE(s.imagesDone, size_t(12));
    QVERIFY(!s.startedAt.empty());
    QCOMPARE(s.inputs.size(), size_t(2));
    QCOMPARE(s.inputs[0].role, std::string("annotations"));
    QCOMPARE(s.inputs[0].sha256, sha256OfFile(cocoGt_));
    QCOMPARE(s.inputs[1].role, std::string("results"));
    QCOMPARE(s.inputs[1].sha256, sha256OfFile(cocoResults_));
    // Every ground-truth image, in file order, with its two people and the false positive.
    QCOMPARE(run.records.size(), size_t(12));
    for (std::size_t i = 0; i < run.records.size(); ++i) {
      const ImageRecord& r = run.records[i];
      QCOMPARE(r.index, i);
      QCOMPARE(r.imageId, std::int64_t(500 + 3 * i));
      QCOMPARE(r.file, "img" + std::to_string(i) + ".jpg");
      QCOMPARE(r.people.size(), size_t(3));
      QCOMPARE(r.people[0].joints.size(), size_t(17));
      QCOMPARE(r.people[0].joints[0][3], 0.f);
      QCOMPARE(r.times.totalMs(), 0.0);
    }
    // results.json is the file as given; skeleton.json COCO's joints with valid.py's sigmas.
    QCOMPARE(readTextFile(run.dir + "/results.json"), readTextFile(cocoResults_));
    const Skeleton skeleton = loadSkeletonFile(run.dir + "/skeleton.json");
    QVERIFY(skeleton.joints == referenceSkeleton(EvalVariant::Coco).joints);
    QVERIFY(skeleton.sigmas == referenceSkeleton(EvalVariant::Coco).sigmas);
    // No folder of the import is left beside it.
    QCOMPARE(entriesOf(fs::path(run.dir).parent_path()), std::vector<std::string>{"coco"});
  }

  void metricsEqualTheMetricsCommand() {
    const LoadedRun run = import("metrics", cocoGt_, cocoResults_);
    QVERIFY(run.metrics);
    const MetricTable direct = metricsOf(cocoGt_, cocoResults_, {});
    QVERIFY(run.metrics->names == direct.names);
    QVERIFY(run.metrics->values == direct.values);
  }

  void resultsWithABboxScoreAsGiven() {
    // pycocotools takes the area from bbox w*h: the false positives fall in 'large', not
    // 'medium', so AP (M) and AP (L) differ from the same detections without a box.
    const MetricTable boxed = metricsOf(cocoGt_, boxedResults_, {});
    const MetricTable plain = metricsOf(cocoGt_, cocoResults_, {});
    QVERIFY(boxed.values != plain.values);
    const LoadedRun run = import("boxed", cocoGt_, boxedResults_);
    QVERIFY(run.metrics->values == boxed.values);
    const RunEvaluationInput in = loadRunEvaluationInput(run);
    QCOMPARE(in.results.size(), size_t(36));
    QVERIFY(in.results[0].area.has_value());
    QCOMPARE(*in.results[0].area, *loadResults(boxedResults_)[0].area);
  }

  void imagesNamedByTheirFileStems() {
    // Ultralytics' predictions.json: image_id is the file name's stem, and every entry a bbox.
    nlohmann::json named = nlohmann::json::parse(readTextFile(boxedResults_));
    for (nlohmann::json& entry : named)
      entry["image_id"] = "img" + std::to_string((entry["image_id"].get<int>() - 500) / 3);
    const std::string file = path("coco.named.json");
    writeJson(file, named);
    const LoadedRun run = import("named", cocoGt_, file);
    QVERIFY(run.metrics->values == metricsOf(cocoGt_, boxedResults_, {}).values);
    // results.json names the images by id, with every other value as given.
    const auto kept = nlohmann::json::parse(readTextFile(run.dir + "/results.json"));
    const auto original = nlohmann::json::parse(readTextFile(boxedResults_));
    QCOMPARE(kept, original);
    QCOMPARE(run.records[4].people.size(), size_t(3));
  }

  void opensAsAnEvaluationsRunDoes() {
    const LoadedRun run = import("opened", cocoGt_, cocoResults_);
    const LoadedRun back = loadRunFolder(run.dir);
    QCOMPARE(back.records.size(), size_t(12));
    QVERIFY(back.summary.imported);
    const RunEvaluationInput in = loadRunEvaluationInput(back);
    QCOMPARE(in.variant, EvalVariant::Coco);
    QVERIFY(in.layout.isReference());
    QCOMPARE(in.groundTruth.images.size(), size_t(12));
    QCOMPARE(in.results.size(), size_t(36));
  }

  void sixJointsWithSigmas() {
    const LayoutChoice choice = withSigmas(6);
    const LoadedRun run = import("six-sigmas", sixGt_, sixResults_, choice);
    QVERIFY(run.metrics->values == metricsOf(sixGt_, sixResults_, choice).values);
    const Skeleton skeleton = loadSkeletonFile(run.dir + "/skeleton.json");
    QVERIFY(skeleton.sigmas == *choice.sigmas);
    QCOMPARE(run.records.front().people.front().joints.size(), size_t(6));
    const RunEvaluationInput in = loadRunEvaluationInput(run);
    QVERIFY(in.layout.skeleton.sigmas == *choice.sigmas);
    QVERIFY(!in.layout.isReference());
  }

  void sixJointsWithASkeletonFile() {
    const std::string file = path("six.skeleton.json");
    writeJson(file, {{"name", "six"},
                     {"keypoints", {"j0", "j1", "j2", "j3", "j4", "j5"}},
                     {"sigmas", {0.03, 0.04, 0.05, 0.06, 0.07, 0.08}},
                     {"limbs", nlohmann::json::array({nlohmann::json::array({"j0", "j1"}),
                                                      nlohmann::json::array({"j1", "j2"})})}});
    LayoutChoice choice;
    choice.skeletonFile = loadSkeletonFile(file);
    choice.skeletonSource = file;
    const LoadedRun run = import("six-file", sixGt_, sixResults_, choice);
    QVERIFY(run.metrics->values == metricsOf(sixGt_, sixResults_, choice).values);
    QCOMPARE(run.summary.inputs.back().role, std::string("skeleton"));
    QCOMPARE(run.summary.inputs.back().sha256, sha256OfFile(file));
    const Skeleton kept = loadSkeletonFile(run.dir + "/skeleton.json");
    QCOMPARE(kept.name, std::string("six"));
    QCOMPARE(kept.limbs.size(), size_t(2));
    QVERIFY(kept.sigmas == choice.skeletonFile->sigmas);
  }

  void oneCategoryOfTwo() {
    // People (COCO's joints) and six-joint animals in one file: --category 2 scores the animals.
    Synthetic people = makeSet(6, 17, false, 3);
    const Synthetic animals = makeSet(6, 6, false, 5);
    nlohmann::json gt = people.gt;
    gt["categories"][0] = {
        {"id", 1}, {"name", "person"}, {"keypoints", referenceSkeleton(EvalVariant::Coco).joints}};
    nlohmann::json animal = animals.gt["categories"][0];
    animal["id"] = 2;
    gt["categories"].push_back(animal);
    nlohmann::json results = people.results;
    for (nlohmann::json a : animals.gt["annotations"]) {
      a["id"] = a["id"].get<int>() + 1000;
      a["category_id"] = 2;
      gt["annotations"].push_back(a);
    }
    for (nlohmann::json r : animals.results) {
      r["category_id"] = 2;
      results.push_back(r);
    }
    const std::string gtFile = path("two.gt.json"), resultsFile = path("two.results.json");
    writeJson(gtFile, gt);
    writeJson(resultsFile, results);
    LayoutChoice choice = withSigmas(6);
    choice.categoryId = 2;
    const LoadedRun run = import("two", gtFile, resultsFile, choice);
    QVERIFY(run.summary.categoryRestricted);
    QCOMPARE(run.summary.categoryId, 2);
    QVERIFY(run.metrics->values == metricsOf(gtFile, resultsFile, choice).values);
    for (const ImageRecord& r : run.records) {
      QCOMPARE(r.people.size(), size_t(3));  // the animals' detections only
      QCOMPARE(r.people.front().joints.size(), size_t(6));
    }
    const RunEvaluationInput in = loadRunEvaluationInput(loadRunFolder(run.dir));
    QCOMPARE(in.results.size(), size_t(18));
    QVERIFY(in.layout.restricted);
  }

  void nothingIsLeftOnFailure_data() {
    QTest::addColumn<QString>("results");
    QTest::addColumn<bool>("sixJoints");
    QTest::addColumn<QString>("expected");
    QTest::newRow("malformed results") << "[{\"image_id\": 500," << false << "bad.results.json";
    QTest::newRow("unknown image") << R"([{"image_id": 9, "category_id": 1, "score": 1,
        "keypoints": [1,2,3, 1,2,3, 1,2,3, 1,2,3, 1,2,3, 1,2,3]}])"
                                   << true << "image_id 9";
    QTest::newRow("unknown sigmas") << "" << true << "--sigmas";
  }
  void nothingIsLeftOnFailure() {
    QFETCH(QString, results);
    QFETCH(bool, sixJoints);
    QFETCH(QString, expected);
    std::string resultsFile = sixResults_;
    LayoutChoice choice = sixJoints ? withSigmas(6) : LayoutChoice{};
    if (!results.isEmpty()) {
      resultsFile = path("bad.results.json");
      std::ofstream(resultsFile, std::ios::binary) << results.toStdString();
    } else {
      choice = {};
    }
    const fs::path parent = path("failed");
    fs::create_directories(parent);
    try {
      ImportOptions options;
      options.groundTruth = sixJoints ? sixGt_ : cocoGt_;
      options.results = resultsFile;
      options.layout = choice;
      importPredictions((parent / "run").string(), options, quiet);
      QFAIL("the import did not fail");
    } catch (const Error& e) {
      QVERIFY2(QString(e.what()).contains(expected), e.what());
      if (expected == "--sigmas") {
        // The message names the category, its joint count and both options.
        QVERIFY2(QString(e.what()).contains("category 1 ('animal') has 6 joints"), e.what());
        QVERIFY2(QString(e.what()).contains("--skeleton"), e.what());
      }
    }
    QVERIFY(entriesOf(parent).empty());
  }

  void refusesAFolderThatHoldsSomething() {
    const fs::path out = path("runs/occupied");
    fs::create_directories(out);
    std::ofstream(out / "note.txt") << "mine";
    ImportOptions options;
    options.groundTruth = cocoGt_;
    options.results = cocoResults_;
    QVERIFY_THROWS_EXCEPTION(Error, importPredictions(out.string(), options, quiet));
    QCOMPARE(entriesOf(out), std::vector<std::string>{"note.txt"});
    // An empty folder is taken, also named with a trailing slash.
    fs::create_directories(path("runs/empty"));
    QCOMPARE(importPredictions(path("runs/empty"), options, quiet).records.size(), size_t(12));
    QCOMPARE(importPredictions(path("runs/slashed/"), options, quiet).records.size(), size_t(12));
    QVERIFY(fs::exists(path("runs/slashed/run.json")));
  }

  void comparesWithAnotherRun() {
    const LoadedRun a = import("compare-a", cocoGt_, cocoResults_);
    const LoadedRun b = import("compare-b", cocoGt_, boxedResults_);
    const RunComparison self = compareRuns(a, a);
    QVERIFY(self.metrics);
    for (double d : self.metrics->delta) QCOMPARE(d, 0.0);
    // Imported runs have no model, device or timings: said once, not shown as zeros.
    const QString markdown = QString::fromStdString(formatComparisonMarkdown(self));
    QVERIFY2(markdown.contains("| Model | imported predictions (coco.results) | imported "
                               "predictions (coco.results) |"),
             qPrintable(markdown));
    QVERIFY2(!markdown.contains("Mean total (ms)"), qPrintable(markdown));
    QVERIFY2(markdown.contains("run A holds imported predictions"), qPrintable(markdown));
    QVERIFY(!self.images.front().msA && !self.images.front().msB);
    RunComparison c = compareRuns(a, b);
    QVERIFY(c.metrics);
    QVERIFY(c.metrics->b == b.metrics->values);
    BootstrapOptions options;
    options.resamples = 20;
    options.threads = 1;
    addSignificance(c, a, b, options);
    QVERIFY(c.significance);
    QVERIFY(c.errorProfile);
  }

  // Two other skeletons with pycocotools' own stats (tests/eval/fixtures/skeletons): a six-joint
  // mouse, and AP-10K's 17 animal joints in three species evaluated together.
  void otherSkeletonsScoreAsPycocotools_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("mouse6") << "mouse6";
    QTest::newRow("ap10k_like") << "ap10k_like";
  }
  void otherSkeletonsScoreAsPycocotools() {
    QFETCH(QString, name);
    const std::string base =
        posescope::test::sourceDir() + "/tests/eval/fixtures/skeletons/" + name.toStdString();
    LayoutChoice choice;
    choice.skeletonSource = base + ".skeleton.json";
    choice.skeletonFile = loadSkeletonFile(choice.skeletonSource);
    const LoadedRun run =
        import("skeleton-" + name.toStdString(), base + ".gt.json", base + ".results.json", choice);
    const auto stats = nlohmann::json::parse(readTextFile(base + ".stats.json"))
                           .at("stats")
                           .get<std::vector<double>>();
    QCOMPARE(run.metrics->values.size(), stats.size());
    for (std::size_t i = 0; i < stats.size(); ++i)
      QVERIFY2(std::abs(run.metrics->values[i] - stats[i]) <= 1e-12,
               qPrintable(QString::fromStdString(run.metrics->names[i])));
    // Read back, the run is scored with the file's sigmas without being told.
    QVERIFY(loadRunEvaluationInput(run).layout.skeleton.sigmas == choice.skeletonFile->sigmas);
  }

  // Results files as MMPose, Ultralytics and Detectron2 write them (tests/eval/fixtures/frameworks,
  // with pycocotools' own stats): imported, each scores as pycocotools scores it.
  void frameworkFilesScoreAsPycocotools_data() {
    QTest::addColumn<QString>("file");
    for (const char* file : {"mmpose.keypoints.json", "ultralytics.predictions.json",
                             "detectron2.coco_instances_results.json"})
      QTest::newRow(file) << file;
  }
  void frameworkFilesScoreAsPycocotools() {
    QFETCH(QString, file);
    const std::string dir = posescope::test::sourceDir() + "/tests/eval/fixtures/frameworks/";
    const LoadedRun run =
        import("framework-" + file.toStdString(), dir + "gt.json", dir + file.toStdString());
    const auto stats = nlohmann::json::parse(readTextFile(dir + "goldens.json"))
                           .at(file.toStdString())
                           .get<std::vector<double>>();
    QCOMPARE(run.metrics->values.size(), stats.size());
    for (std::size_t i = 0; i < stats.size(); ++i)
      QVERIFY2(std::abs(run.metrics->values[i] - stats[i]) <= 1e-12,
               qPrintable(QString::fromStdString(run.metrics->names[i])));
    // Every image named by its id in the run's results.json, extra keys (file_name) kept.
    const auto kept = nlohmann::json::parse(readTextFile(run.dir + "/results.json"));
    const auto given = nlohmann::json::parse(readTextFile(dir + file.toStdString()));
    QCOMPARE(kept.size(), given.size());
    for (std::size_t i = 0; i < kept.size(); ++i) {
      QVERIFY(kept[i]["image_id"].is_number_integer());
      QCOMPARE(kept[i].size(), given[i].size());
    }
    QCOMPARE(loadRunEvaluationInput(run).results.size(), given.size());
  }

  // The reference's parity sets (pycocotools' and crowdposetools' stats recorded in Python):
  // an imported run scores them as the Python evaluators did.
  void paritySetsScoreAsTheReference_data() {
    QTest::addColumn<QString>("name");
    for (const char* name : {"syn_coco_300", "syn_crowdpose_300", "real_coco4"})
      QTest::newRow(name) << name;
  }
  void paritySetsScoreAsTheReference() {
    POSESCOPE_REQUIRE_PARITY(parity);
    QFETCH(QString, name);
    const std::string base = parity + "/eval/" + name.toStdString();
    // The synthetic sets name their joints k0, k1, ...: the dataset says whose they are.
    LayoutChoice choice;
    choice.dataset = name.contains("crowdpose") ? EvalVariant::CrowdPose : EvalVariant::Coco;
    const LoadedRun run =
        import("parity-" + name.toStdString(), base + ".gt.json", base + ".results.json", choice);
    QVERIFY(run.metrics->values ==
            metricsOf(base + ".gt.json", base + ".results.json", choice).values);
    const auto expected = nlohmann::json::parse(readTextFile(base + ".stats.json"));
    const auto stats = expected.at("stats").get<std::vector<double>>();
    QCOMPARE(run.metrics->values.size(), stats.size());
    for (std::size_t i = 0; i < stats.size(); ++i)
      QVERIFY2(std::abs(run.metrics->values[i] - stats[i]) <= 1e-9,
               qPrintable(QString::fromStdString(run.metrics->names[i])));
    QCOMPARE(run.summary.datasetKind,
             std::string(name.contains("crowdpose") ? "crowd_pose" : "coco"));
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestRunImport)
#include "tst_run_import.moc"
