#include "pipeline/run_import.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <future>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/strings.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/results_io.h"
#include "pipeline/run_inputs.h"
#include "pipeline/run_metrics.h"

namespace posescope {

namespace {

namespace fs = std::filesystem;

std::string utcNow() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

fs::path absolutePath(const std::string& path) {
  return fs::absolute(fs::path(path)).lexically_normal();
}

// The folder must not hold anything yet: an import never mixes with another run's files.
void requireNewFolder(const fs::path& out, const std::string& given) {
  std::error_code ec;
  if (!fs::exists(out, ec)) return;
  if (!fs::is_directory(out, ec))
    throw Error("'" + given + "' exists and is not a folder; import writes a new run folder");
  if (!fs::is_empty(out, ec))
    throw Error("'" + given +
                "' already exists and is not empty; import writes a new run folder (give "
                "another --out or remove it)");
}

// One record per ground-truth image, in file order, with that image's detections of the layout
// (checked by checkDetections); throws EvalError naming the results file for a detection on an
// image the ground truth does not have.
std::vector<ImageRecord> recordsOf(const KeypointGroundTruth& gt, const KeypointLayout& layout,
                                   const std::vector<KeypointDetection>& detections,
                                   const std::string& resultsFile) {
  std::vector<ImageRecord> records(gt.images.size());
  std::unordered_map<std::int64_t, std::size_t> position;
  position.reserve(gt.images.size());
  for (std::size_t i = 0; i < gt.images.size(); ++i) {
    records[i].index = i;
    records[i].imageId = gt.images[i].id;
    records[i].file = gt.images[i].fileName;
    position.emplace(gt.images[i].id, i);
  }
  const std::size_t values = 3 * layout.skeleton.joints.size();
  const auto evaluated = [&](std::int64_t category) {
    for (std::int64_t id : layout.categoryIds)
      if (id == category) return true;
    return false;
  };
  for (std::size_t d = 0; d < detections.size(); ++d) {
    const KeypointDetection& detection = detections[d];
    const auto found = position.find(detection.imageId);
    // pycocotools' loadRes refuses results on images the ground truth does not have.
    if (found == position.end()) {
      throw EvalError(resultsFile + ": result[" + std::to_string(d) + "]: image_id " +
                      std::to_string(detection.imageId) + " is not an image of the ground truth " +
                      gt.source);
    }
    if (!evaluated(detection.categoryId)) continue;
    PersonPrediction person;
    person.score = detection.score;
    person.joints.reserve(values / 3);
    for (std::size_t k = 0; k < values; k += 3) {
      person.joints.push_back({static_cast<float>(detection.keypoints[k]),
                               static_cast<float>(detection.keypoints[k + 1]),
                               static_cast<float>(detection.keypoints[k + 2]), 0.f});
    }
    records[found->second].people.push_back(std::move(person));
  }
  return records;
}

// The results file with each string image id (Ultralytics' file name stems) replaced by the id
// it resolved to (`detections`, in file order); every other key and value as given.
std::string withImageIds(const std::string& path,
                         const std::vector<KeypointDetection>& detections) {
  nlohmann::ordered_json list = nlohmann::ordered_json::parse(readTextFile(path));
  for (std::size_t i = 0; i < list.size(); ++i)
    if (list[i]["image_id"].is_string()) list[i]["image_id"] = detections[i].imageId;
  return list.dump();
}

std::vector<RunInput> importInputs(const ImportOptions& options) {
  std::vector<RunInput> inputs;
  const std::pair<const char*, std::string> files[] = {{"annotations", options.groundTruth},
                                                       {"results", options.results},
                                                       {"skeleton", options.layout.skeletonSource}};
  for (const auto& [role, path] : files) {
    if (path.empty()) continue;
    inputs.push_back({role, absolutePath(path).string(), sha256OfFile(path)});
  }
  if (!options.imagesDir.empty())
    inputs.push_back({"images", absolutePath(options.imagesDir).string(), ""});
  return inputs;
}

// The folder being written, removed unless it was renamed into place. Named by the process and
// a count, so that imports running side by side (the GUI's) never share one.
class TemporaryRunFolder {
 public:
  explicit TemporaryRunFolder(const fs::path& out)
      : path_(out.parent_path() / ("." + out.filename().string() + ".importing-" +
                                   std::to_string(::getpid()) + "-" + std::to_string(++count_))) {
    std::error_code ec;
    fs::remove_all(path_, ec);  // left by a process of the same id that was killed
  }
  TemporaryRunFolder(const TemporaryRunFolder&) = delete;
  TemporaryRunFolder& operator=(const TemporaryRunFolder&) = delete;
  ~TemporaryRunFolder() {
    std::error_code ec;
    if (!kept_) fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }
  void moveTo(const fs::path& out, const std::string& given) {
    std::error_code ec;
    fs::rename(path_, out, ec);
    if (ec) throw Error("cannot move the imported run into '" + given + "': " + ec.message());
    kept_ = true;
  }

 private:
  static inline std::atomic<unsigned> count_{0};
  fs::path path_;
  bool kept_ = false;
};

}  // namespace

LoadedRun importPredictions(const std::string& outDir, const ImportOptions& options,
                            const std::function<void(const std::string&)>& log) {
  if (options.groundTruth.empty()) throw Error("import needs a ground truth file");
  if (options.results.empty()) throw Error("import needs a results file");
  fs::path out = absolutePath(outDir);
  if (out.filename().empty()) out = out.parent_path();  // "runs/new/": the folder itself
  requireNewFolder(out, outDir);
  if (!options.imagesDir.empty() && !fs::is_directory(options.imagesDir))
    throw Error("images folder '" + options.imagesDir + "' does not exist");

  // The two files are parsed at once: on a large set that halves the wait.
  // Image ids given as file name stems (Ultralytics) are resolved once the ground truth is read.
  auto pending =
      std::async(std::launch::async, [&] { return loadResultsWithImageNames(options.results); });
  const KeypointGroundTruth gt = loadGroundTruth(options.groundTruth);
  const KeypointLayout layout = resolveKeypointLayout(gt, options.layout);
  ResultsWithImageNames named = pending.get();
  const bool imagesByName = !named.imageNames.empty();
  const std::vector<KeypointDetection> detections = resolveImageNames(std::move(named), gt);
  // Refused here, naming the given file, rather than by the metrics on the run's copy of it.
  checkDetections(groundTruthOfLayout(gt, layout), detectionsOfLayout(detections, layout),
                  layout.skeleton.joints.size(), options.results);
  std::vector<ImageRecord> records = recordsOf(gt, layout, detections, options.results);

  RunSummary summary;
  summary.state = RunState::Complete;
  summary.imported = true;
  summary.archName =
      options.name.empty() ? fs::path(options.results).stem().string() : options.name;
  summary.datasetKind = layout.variant == EvalVariant::CrowdPose ? "crowd_pose" : "coco";
  summary.annotationFile = absolutePath(options.groundTruth).string();
  summary.categoryId = static_cast<int>(layout.categoryIds.front());
  summary.categoryRestricted = layout.restricted;
  summary.imagesTotal = summary.imagesDone = gt.images.size();
  summary.startedAt = utcNow();
  summary.inputs = importInputs(options);

  std::error_code ec;
  fs::create_directories(out.parent_path(), ec);
  TemporaryRunFolder folder(out);
  RunMetrics metrics;
  {
    RunWriter writer(folder.path().string());
    writer.appendLog("imported " + std::to_string(detections.size()) + " detections of " +
                     options.results + " on " + std::to_string(gt.images.size()) + " images of " +
                     summary.annotationFile + " (scored with " + layout.sigmasFrom + ")");
    // Formatting the records is single-threaded work: done beside the scoring.
    auto recordsWritten = std::async(std::launch::async, [&] {
      for (const ImageRecord& record : records) writer.appendRecord(record);
    });
    // The file as given: its bytes keep loadRes' area rule (bbox w*h when the first entry has a
    // box) and every value, so results.json scores exactly as the original does. Images named
    // by their file name stems get their ids, as every reader of a run's results expects.
    if (imagesByName) {
      writer.writeText(runfiles::kResults, withImageIds(options.results, detections));
    } else {
      fs::copy_file(options.results, folder.path() / runfiles::kResults,
                    fs::copy_options::overwrite_existing, ec);
      if (ec) throw Error("cannot copy '" + options.results + "' into the run: " + ec.message());
    }
    writer.writeText(runfiles::kSkeleton, formatSkeletonJson(layout.skeleton));
    writer.writeSummary(summary);
    const auto logBoth = [&](const std::string& line) {
      writer.appendLog(line);
      if (log) log(line);
    };
    metrics = computeRunMetrics(records, summary, true, summary.archName, &writer, logBoth);
    recordsWritten.get();
  }
  folder.moveTo(out, outDir);
  // What loadRunFolder would read back, without parsing the records again (a large set's
  // records.jsonl costs a third of the import).
  LoadedRun run;
  run.dir = outDir;
  run.summary = std::move(summary);
  run.records = std::move(records);
  run.metrics = std::move(metrics.table);
  run.metricsMarkdown = std::move(metrics.markdown);
  return run;
}

}  // namespace posescope
