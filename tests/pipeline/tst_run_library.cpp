// The run library: every run folder under some folders read back as one row each (state, model,
// checkpoint and epoch, dataset, stats equal to metrics.json, costs, median forward time), shards
// not counted beside their merged run, damaged folders as rows that name the file, other folders
// searched but not listed.

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/strings.h"
#include "eval/keypoint_layout.h"
#include "pipeline/run_import.h"
#include "pipeline/run_library.h"
#include "pipeline/run_merge.h"
#include "pipeline/sweep_summary.h"

using namespace posescope;
namespace fs = std::filesystem;

namespace {

void writeFile(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// A ground truth of `images` images with one person of COCO's 17 joints each.
nlohmann::json groundTruth(int images) {
  nlohmann::json gt = {{"images", nlohmann::json::array()},
                       {"annotations", nlohmann::json::array()},
                       {"categories",
                        {{{"id", 1},
                          {"name", "person"},
                          {"keypoints", referenceSkeleton(EvalVariant::Coco).joints}}}}};
  for (int i = 0; i < images; ++i) {
    std::vector<double> keypoints;
    for (int k = 0; k < 17; ++k)
      keypoints.insert(keypoints.end(), {100.0 + 7 * k, 80.0 + 5 * k, 2});
    gt["images"].push_back({{"id", 10 + i},
                            {"file_name", std::to_string(i) + ".jpg"},
                            {"width", 400},
                            {"height", 300}});
    gt["annotations"].push_back({{"id", 1 + i},
                                 {"image_id", 10 + i},
                                 {"category_id", 1},
                                 {"iscrowd", 0},
                                 {"num_keypoints", 17},
                                 {"area", 9000.0},
                                 {"bbox", {100, 80, 112, 80}},
                                 {"keypoints", keypoints}});
  }
  return gt;
}

// The record of dataset image `index` of groundTruth(): the person found slightly off (by
// `offset` pixels) and `forwardMs` of forward time.
ImageRecord recordOf(std::size_t index, double forwardMs, float offset = 1.f) {
  ImageRecord r;
  r.index = index;
  r.imageId = 10 + static_cast<std::int64_t>(index);
  r.file = std::to_string(index) + ".jpg";
  PersonPrediction p;
  p.score = 0.9;
  for (int k = 0; k < 17; ++k)
    p.joints.push_back({100.f + 7.f * k + offset, 80.f + 5.f * k, 0.8f, 0.f});
  r.people.push_back(p);
  r.times = {1, 2, forwardMs, 3, 1};
  return r;
}

// A run as eval leaves it, complete unless `state` says otherwise.
struct RunSpec {
  RunState state = RunState::Complete;
  std::string message;
  std::vector<double> forwardMs = {10, 30, 20};
  std::optional<MetricTable> metrics = MetricTable{{"AP", "Ap .5", "AR"}, {0.5, 0.75, 0.625}};
  std::optional<int> epoch = 140;
  std::string checkpoint = "/ck/checkpoint.pth.tar";
  std::string annotations = "/data/person_keypoints_val2017.json";
  std::string annotationsSha = "0123456789abcdef0123456789abcdef";
  std::string startedAt = "2026-12-01T10:00:00Z";
};

void writeRun(const fs::path& dir, const RunSpec& spec) {
  RunWriter writer(dir.string());
  writer.writeText(runfiles::kConfig, "TEST:\n  FLIP_TEST: true\n");
  for (std::size_t i = 0; i < spec.forwardMs.size(); ++i)
    writer.appendRecord(recordOf(i, spec.forwardMs[i]));
  RunSummary s;
  s.state = spec.state;
  s.message = spec.message;
  s.modelName = "pose_mobilenet";
  s.archName = "LitePose-XS";
  s.parameters = 1700000;
  s.multiplyAdds = 1200000000;
  s.datasetKind = "coco";
  s.annotationFile = spec.annotations;
  s.imagesTotal = 5;
  s.imagesDone = spec.forwardMs.size();
  s.startedAt = spec.startedAt;
  s.checkpointEpoch = spec.epoch;
  s.inputs = {{"checkpoint", spec.checkpoint, "feed"},
              {"annotations", spec.annotations, spec.annotationsSha}};
  writer.writeSummary(s);
  if (spec.metrics) writer.writeMetrics(*spec.metrics, "| Arch | AP |\n");
}

const LibraryRun* rowNamed(const std::vector<LibraryRun>& rows, const std::string& name) {
  for (const auto& row : rows)
    if (row.name == name) return &row;
  return nullptr;
}

std::vector<std::string> namesOf(const std::vector<LibraryRun>& rows) {
  std::vector<std::string> names;
  for (const auto& row : rows) names.push_back(row.name);
  return names;
}

void quiet(const std::string&) {}

}  // namespace

class TestRunLibrary : public QObject {
  Q_OBJECT
  QTemporaryDir tmp_;

  fs::path path(const std::string& name) const {
    return fs::path(tmp_.filePath(QString::fromStdString(name)).toStdString());
  }

 private Q_SLOTS:
  void completeRunIsOneRowWithItsFiles() {
    writeRun(path("complete/runs/xs"), {});
    const auto rows = scanRunLibrary({path("complete/runs").string()});
    QCOMPARE(rows.size(), size_t(1));
    const LibraryRun& row = rows[0];
    QCOMPARE(row.dir, path("complete/runs/xs").string());
    QCOMPARE(row.name, std::string("xs"));
    QCOMPARE(row.state, std::string("complete"));
    QVERIFY(row.problem.empty());
    QCOMPARE(row.model, std::string("pose_mobilenet"));
    QCOMPARE(row.arch, std::string("LitePose-XS"));
    QVERIFY(!row.imported);
    QCOMPARE(row.checkpoint, std::string("checkpoint.pth.tar"));
    QCOMPARE(row.epoch, std::optional<int>(140));
    QCOMPARE(row.annotationFile, std::string("/data/person_keypoints_val2017.json"));
    QCOMPARE(row.annotationSha256, std::string("0123456789abcdef0123456789abcdef"));
    QCOMPARE(shortSha256(row.annotationSha256), std::string("0123456789ab"));
    QCOMPARE(row.images, size_t(3));
    QCOMPARE(row.imagesTotal, size_t(5));
    QCOMPARE(row.parameters, std::int64_t(1700000));
    QCOMPARE(row.multiplyAdds, std::int64_t(1200000000));
    QCOMPARE(row.msPerImage, std::optional<double>(20));
    QCOMPARE(row.startedAt, std::string("2026-12-01T10:00:00Z"));
    QVERIFY(row.sweep.empty());
    QVERIFY(row.shard.empty());
    // The stats are metrics.json's, names and values, in its order.
    const auto metrics = nlohmann::json::parse(readTextFile(row.dir + "/metrics.json"));
    QCOMPARE(row.statNames, metrics.at("names").get<std::vector<std::string>>());
    QCOMPARE(row.stats, metrics.at("stats").get<std::vector<double>>());
    QCOMPARE(row.stat("Ap .5"), std::optional<double>(0.75));
    QCOMPARE(row.stat("AP (M)"), std::optional<double>());
  }

  // The median over the images that ran: a failed image's record does not count, an even count
  // takes the mean of the middle two.
  void medianForwardTimeOfTheImagesThatRan() {
    const fs::path dir = path("median/run");
    {
      RunWriter writer(dir.string());
      for (double ms : {40.0, 10.0, 30.0, 20.0})
        writer.appendRecord(recordOf(static_cast<std::size_t>(ms), ms));
      ImageRecord failed = recordOf(7, 1000);
      failed.error = "image file '7.jpg' not found";
      writer.appendRecord(failed);
      RunSummary s;
      s.state = RunState::Complete;
      writer.writeSummary(s);
    }
    QCOMPARE(readLibraryRun(dir.string(), path("median").string()).msPerImage,
             std::optional<double>(25));
  }

  void incompleteRunsShowTheirState() {
    const fs::path lib = path("incomplete");
    writeRun(lib / "cancelled", {RunState::Cancelled, "cancelled by the user after 3 images"});
    writeRun(lib / "failed", {RunState::Failed, "CUDA out of memory"});
    RunSpec running;
    running.state = RunState::Running;
    running.metrics.reset();
    writeRun(lib / "killed", running);  // the writer is gone: interrupted
    {
      RunWriter writer((lib / "live").string());
      RunSummary s;
      s.state = RunState::Running;
      writer.writeSummary(s);
      const auto rows = scanRunLibrary({lib.string()});
      QCOMPARE(namesOf(rows), (std::vector<std::string>{"cancelled", "failed", "killed", "live"}));
      QCOMPARE(rowNamed(rows, "live")->state, std::string("running"));
    }
    const auto rows = scanRunLibrary({lib.string()});
    QCOMPARE(rowNamed(rows, "cancelled")->state, std::string("cancelled"));
    QCOMPARE(rowNamed(rows, "cancelled")->problem,
             std::string("cancelled by the user after 3 images"));
    QCOMPARE(rowNamed(rows, "failed")->state, std::string("failed"));
    QCOMPARE(rowNamed(rows, "failed")->problem, std::string("CUDA out of memory"));
    const LibraryRun* killed = rowNamed(rows, "killed");
    QCOMPARE(killed->state, std::string("interrupted"));
    QVERIFY2(QString::fromStdString(killed->problem).contains("--resume"), killed->problem.c_str());
    QVERIFY(killed->stats.empty());
    QCOMPARE(killed->msPerImage, std::optional<double>(20));
    QCOMPARE(rowNamed(rows, "live")->state, std::string("interrupted"));
  }

  void importedPredictionsAreRowsWithoutCosts() {
    const fs::path gt = path("imported/gt.json"), results = path("imported/results.json");
    writeFile(gt, groundTruth(3).dump());
    nlohmann::json detections = nlohmann::json::array();
    for (std::size_t i = 0; i < 3; ++i)
      for (const auto& entry : recordToResults(recordOf(i, 0), 1)) detections.push_back(entry);
    writeFile(results, detections.dump());
    ImportOptions options;
    options.groundTruth = gt.string();
    options.results = results.string();
    importPredictions(path("imported/lib/mmpose").string(), options, quiet);
    const auto rows = scanRunLibrary({path("imported/lib").string()});
    QCOMPARE(rows.size(), size_t(1));
    const LibraryRun& row = rows[0];
    QCOMPARE(row.state, std::string("complete"));
    QVERIFY(row.imported);
    QVERIFY(row.checkpoint.empty());
    QCOMPARE(row.parameters, std::int64_t(0));
    QCOMPARE(row.multiplyAdds, std::int64_t(0));
    QCOMPARE(row.msPerImage, std::optional<double>());
    QCOMPARE(row.images, size_t(3));
    QCOMPARE(row.annotationFile, gt.string());
    QCOMPARE(row.annotationSha256, sha256OfFile(gt.string()));
    const auto metrics = nlohmann::json::parse(readTextFile(row.dir + "/metrics.json"));
    QCOMPARE(row.stats, metrics.at("stats").get<std::vector<double>>());
    QCOMPARE(row.statNames.size(), size_t(10));
  }

  // Run folders at any depth, a sweep's runs carrying the sweep folder, path order.
  void nestedFoldersAndSweeps() {
    const fs::path lib = path("nested");
    writeRun(lib / "a/deep/er/run", {});
    SweepSummary sweep;
    sweep.statNames = {"AP"};
    for (const char* name : {"epoch_010", "epoch_140", "epoch_150", "epoch_160"}) {
      SweepCheckpoint checkpoint;
      checkpoint.checkpoint = "/train/" + std::string(name) + ".pth.tar";
      checkpoint.runDir = name;
      checkpoint.state = "complete";
      sweep.checkpoints.push_back(checkpoint);
    }
    // Two checkpoints that did not fit the architecture: one left no folder, one a folder that
    // its evaluation created before failing.
    for (std::size_t i : {2, 3}) {
      sweep.checkpoints[i].state = "failed";
      sweep.checkpoints[i].epoch = 150;
      sweep.checkpoints[i].problem =
          sweep.checkpoints[i].checkpoint + ": size mismatch for final_layers.0.weight";
    }
    writeFile(lib / "sweep" / sweepfiles::kSummary, sweepSummaryToJsonText(sweep));
    writeFile(lib / "sweep/epoch_160" / runfiles::kRecords, "");
    RunSpec early;
    early.epoch = 10;
    writeRun(lib / "sweep/epoch_010", early);
    writeRun(lib / "sweep/epoch_140", {});
    writeRun(lib / "top", {});
    const auto rows = scanRunLibrary({lib.string()});
    QCOMPARE(namesOf(rows),
             (std::vector<std::string>{"a/deep/er/run", "sweep/epoch_010", "sweep/epoch_140",
                                       "sweep/epoch_150", "sweep/epoch_160", "top"}));
    for (const char* name : {"sweep/epoch_150", "sweep/epoch_160"}) {
      const LibraryRun* failed = rowNamed(rows, name);
      QCOMPARE(failed->state, std::string("failed"));
      QVERIFY2(QString::fromStdString(failed->problem).contains("size mismatch"),
               failed->problem.c_str());
      QCOMPARE(failed->sweep, (lib / "sweep").string());
      QCOMPARE(failed->epoch, std::optional<int>(150));
      QVERIFY(failed->checkpoint.rfind("epoch_1", 0) == 0);
    }
    QCOMPARE(rowNamed(rows, "sweep/epoch_010")->sweep, (lib / "sweep").string());
    QCOMPARE(rowNamed(rows, "sweep/epoch_010")->epoch, std::optional<int>(10));
    QCOMPARE(rowNamed(rows, "sweep/epoch_140")->sweep, (lib / "sweep").string());
    QVERIFY(rowNamed(rows, "top")->sweep.empty());
    // A sweep's run given as the library folder still belongs to the sweep.
    const auto alone = scanRunLibrary({(lib / "sweep/epoch_140").string()});
    QCOMPARE(alone.size(), size_t(1));
    QCOMPARE(alone[0].name, std::string("epoch_140"));
    QCOMPARE(alone[0].sweep, (lib / "sweep").string());
    // Overlapping library folders list a run once.
    QCOMPARE(scanRunLibrary({lib.string(), (lib / "sweep").string()}).size(), size_t(6));
    // A damaged sweep.json: a row for the sweep folder naming it; its runs are still listed.
    writeFile(lib / "sweep" / sweepfiles::kSummary, "{\"checkpoints\": [");
    const auto damaged = scanRunLibrary({(lib / "sweep").string()});
    QCOMPARE(namesOf(damaged),
             (std::vector<std::string>{"sweep", "epoch_010", "epoch_140", "epoch_160"}));
    QCOMPARE(damaged[0].state, std::string("unreadable"));
    QVERIFY2(QString::fromStdString(damaged[0].problem).contains("sweep.json"),
             damaged[0].problem.c_str());
  }

  // The Slurm layout (RUN_DIR/shards/K and the merged RUN_DIR): the merged run is one row, its
  // shards none; the shards of a split not merged yet are rows of their own, saying so.
  void shardsAreNotCountedBesideTheirMergedRun() {
    const fs::path gt = path("shards/gt.json");
    writeFile(gt, groundTruth(4).dump());
    const auto writeShards = [&](const fs::path& runDir, std::vector<std::string>& dirs) {
      for (std::size_t k = 0; k < 2; ++k) {
        const fs::path dir = runDir / "shards" / std::to_string(k);
        RunWriter writer(dir.string());
        writer.writeText(runfiles::kConfig, "TEST:\n  FLIP_TEST: true\n");
        for (std::size_t i = k; i < 4; i += 2) writer.appendRecord(recordOf(i, 10.0 + i, 2.f));
        RunSummary s;
        s.state = RunState::Complete;
        s.modelName = "pose_mobilenet";
        s.datasetKind = "coco";
        s.annotationFile = gt.string();
        s.imagesTotal = s.imagesDone = 2;
        s.startedAt = "2026-12-01T10:00:00Z";
        s.inputs = {{"annotations", gt.string(), sha256OfFile(gt.string())}};
        s.shard = ShardIdentity{k, 2, 4, 4};
        writer.writeSummary(s);
        dirs.push_back(dir.string());
      }
    };
    const fs::path lib = path("shards/lib");
    std::vector<std::string> merged, unmerged;
    writeShards(lib / "merged", merged);
    mergeShardRuns(merged, (lib / "merged").string(), quiet);
    writeShards(lib / "unmerged", unmerged);
    const auto rows = scanRunLibrary({lib.string()});
    QCOMPARE(namesOf(rows),
             (std::vector<std::string>{"merged", "unmerged/shards/0", "unmerged/shards/1"}));
    const LibraryRun* run = rowNamed(rows, "merged");
    QCOMPARE(run->state, std::string("complete"));
    QVERIFY(run->shard.empty());
    QCOMPARE(run->images, size_t(4));
    QCOMPARE(run->msPerImage, std::optional<double>(11.5));
    QCOMPARE(run->stats.size(), size_t(10));
    QCOMPARE(rowNamed(rows, "unmerged/shards/0")->shard, std::string("0/2"));
    QCOMPARE(rowNamed(rows, "unmerged/shards/1")->shard, std::string("1/2"));
    QVERIFY(rowNamed(rows, "unmerged/shards/1")->stats.empty());
    // The shards of the merged run, listed without it, are rows.
    QCOMPARE(scanRunLibrary({(lib / "merged/shards").string()}).size(), size_t(2));
    // Moved since the merge (its log names folders that are gone): the shards of the same
    // evaluation are the merged run's.
    fs::create_directories(path("shards/moved"));
    fs::copy(lib / "merged", path("shards/moved/run"), fs::copy_options::recursive);
    QCOMPARE(namesOf(scanRunLibrary({path("shards/moved").string()})),
             (std::vector<std::string>{"run"}));
  }

  // Damaged and half-written run folders are rows naming the file; never an exception.
  void damagedFoldersAreUnreadableRows() {
    const fs::path lib = path("damaged");
    writeRun(lib / "bad_summary", {});
    writeFile(lib / "bad_summary" / runfiles::kSummary, "{\"state\": \"complete\", \"model\"");
    writeRun(lib / "bad_metrics", {});
    writeFile(lib / "bad_metrics" / runfiles::kMetricsJson, "{\"names\": [\"AP\"]}");
    writeRun(lib / "foreign_state", {});
    writeFile(lib / "foreign_state" / runfiles::kSummary, "{\"state\": \"paused\"}");
    writeFile(lib / "half_written" / runfiles::kRecords, "{\"index\": 0");
    writeFile(lib / "half_written" / runfiles::kConfig, "TEST: {}\n");
    const auto rows = scanRunLibrary({lib.string()});
    QCOMPARE(rows.size(), size_t(4));
    const std::pair<const char*, const char*> expected[] = {
        {"bad_summary", "bad_summary/run.json"},
        {"bad_metrics", "bad_metrics/metrics.json"},
        {"foreign_state", "paused"},
        {"half_written", "run.json"}};
    for (const auto& [name, mention] : expected) {
      const LibraryRun* row = rowNamed(rows, name);
      QVERIFY2(row, name);
      QCOMPARE(row->state, std::string("unreadable"));
      QVERIFY2(QString::fromStdString(row->problem).contains(mention), row->problem.c_str());
      QVERIFY(row->stats.empty());
    }
    // A folder whose writer has not yet written run.json is a run starting, not damage.
    RunWriter starting((lib / "starting").string());
    const LibraryRun row = readLibraryRun((lib / "starting").string(), lib.string());
    QCOMPARE(row.state, std::string("running"));
    QVERIFY2(QString::fromStdString(row.problem).contains("starting"), row.problem.c_str());
  }

  // A folder that is no run is not listed but searched below; hidden folders are not searched.
  void otherFoldersAreSearchedNotListed() {
    const fs::path lib = path("other");
    writeFile(lib / "experiment" / runfiles::kConfig, "MODEL:\n  NAME: pose_mobilenet\n");
    writeFile(lib / "experiment/notes.txt", "tried a larger learning rate\n");
    writeRun(lib / "experiment/run", {});
    writeRun(lib / ".hidden/run", {});
    QCOMPARE(namesOf(scanRunLibrary({lib.string()})), (std::vector<std::string>{"experiment/run"}));
    QVERIFY_THROWS_EXCEPTION(Error, scanRunLibrary({(lib / "experiment/notes.txt").string()}));
  }

  void aMissingLibraryFolderIsAnError() {
    try {
      scanRunLibrary({path("no-such-folder").string()});
      QFAIL("expected an error");
    } catch (const Error& e) {
      QVERIFY2(QString(e.what()).contains("no-such-folder"), e.what());
    }
  }

  void sortKeys() {
    const fs::path lib = path("sorted");
    RunSpec a, b, c;
    a.metrics = MetricTable{{"AP"}, {0.4}};
    a.epoch = 30;
    a.forwardMs = {5};
    a.startedAt = "2026-12-03T00:00:00Z";
    b.metrics = MetricTable{{"AP"}, {0.6}};
    b.epoch.reset();
    b.forwardMs = {50, 60};
    b.startedAt = "2026-12-01T00:00:00Z";
    c.metrics.reset();
    c.epoch = 10;
    c.forwardMs = {};
    c.startedAt = "2026-12-02T00:00:00Z";
    writeRun(lib / "a", a);
    writeRun(lib / "b", b);
    writeRun(lib / "c", c);
    auto rows = scanRunLibrary({lib.string()});
    const auto sorted = [&](const std::string& key) {
      sortLibrary(rows, key);
      return namesOf(rows);
    };
    using Names = std::vector<std::string>;
    QCOMPARE(sorted("AP"), (Names{"b", "a", "c"}));  // best first, no metrics last
    QCOMPARE(sorted("epoch"), (Names{"c", "a", "b"}));
    QCOMPARE(sorted("ms"), (Names{"a", "b", "c"}));
    QCOMPARE(sorted("images"), (Names{"c", "a", "b"}));
    QCOMPARE(sorted("date"), (Names{"b", "c", "a"}));
    QCOMPARE(sorted("run"), (Names{"a", "b", "c"}));
    QCOMPARE(sorted("AP (M)"), (Names{"a", "b", "c"}));  // a stat no row has: path order kept
    for (const auto& key : librarySortKeys()) sortLibrary(rows, key);
    try {
      sortLibrary(rows, "accuracy");
      QFAIL("expected an error");
    } catch (const Error& e) {
      const QString message = e.what();
      QVERIFY2(message.contains("'accuracy'") && message.contains("epoch") &&
                   message.contains("'AP (easy)'"),
               e.what());
    }
  }
};

QTEST_GUILESS_MAIN(TestRunLibrary)
#include "tst_run_library.moc"
