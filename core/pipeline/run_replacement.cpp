#include "pipeline/run_replacement.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/strings.h"
#include "pipeline/run_folder.h"
#include "pipeline/run_folder_read.h"
#include "pipeline/run_lock.h"

namespace posescope {

namespace fs = std::filesystem;

namespace {

// The user's own files in a run folder (core/report/run_views.h reads and writes them).
constexpr const char* kViewsFile = "views.json";
constexpr const char* kTagsFile = "tags.json";

std::string imagesText(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " image" : " images");
}

// The image ids tags.json names; unset when the file cannot be read as tags (it is then kept
// aside rather than judged).
std::optional<std::unordered_set<std::int64_t>> taggedImages(const fs::path& file) {
  try {
    const auto doc = nlohmann::json::parse(readTextFile(file.string()));
    std::unordered_set<std::int64_t> ids;
    for (const auto& tag : doc.at("tags")) ids.insert(tag.at("image_id").get<std::int64_t>());
    return ids;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::string stamp() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm local{};
  localtime_r(&now, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%d-%H%M%S", &local);
  return text;
}

}  // namespace

std::optional<std::string> runHeldIn(const std::string& dir) {
  const fs::path root(dir);
  std::error_code ec;
  // A run writes run.json before its first image: a folder without one (a run killed while it
  // started) holds nothing to lose.
  if (!fs::exists(root / runfiles::kSummary, ec)) return std::nullopt;
  if (runFolderBeingWritten(dir)) return "a run being written by another evaluation";
  try {
    const RunSummary s = readRunSummary(dir);
    if (s.state == RunState::Complete) return "a complete run of " + imagesText(s.imagesTotal);
    return "a" + std::string(s.state == RunState::Interrupted ? "n " : " ") +
           runStateName(s.state) + " run, " + std::to_string(s.imagesDone) + " of " +
           imagesText(s.imagesTotal) + " done";
  } catch (const Error&) {
    return "a run whose run.json cannot be read";
  }
}

void refuseToReplaceRun(const std::string& dir) {
  const auto held = runHeldIn(dir);
  if (!held) return;
  throw Error("run folder '" + dir + "' holds " + *held +
              ": continue it with 'posescope-cli eval --resume " + dir +
              "', or replace it (and its results) with --overwrite; nothing was written");
}

void refuseToExportOverARun(const std::string& out, bool folder) {
  if (folder) {
    if (const auto held = runHeldIn(out))
      throw Error("'" + out + "' holds " + *held +
                  ": the export would write over its results.json; give another --out");
    return;
  }
  const fs::path file(out);
  const std::string name = file.filename().string();
  const char* const runFiles[] = {runfiles::kSummary,
                                  runfiles::kRecords,
                                  runfiles::kResults,
                                  runfiles::kMetricsJson,
                                  runfiles::kMetricsMd,
                                  runfiles::kImageEval,
                                  runfiles::kAnalysis,
                                  runfiles::kConfig,
                                  runfiles::kArch,
                                  runfiles::kSkeleton,
                                  runfiles::kLog,
                                  kViewsFile,
                                  kTagsFile};
  const bool runFile = std::any_of(std::begin(runFiles), std::end(runFiles),
                                   [&](const char* n) { return name == n; });
  const std::string parent = file.parent_path().empty() ? "." : file.parent_path().string();
  if (runFile && runHeldIn(parent))
    throw Error("'" + out + "' is a file of the run in '" + parent +
                "': the export would replace it; give another --out");
}

std::vector<std::string> clearRunForReplacement(const std::string& dir,
                                                const std::vector<std::int64_t>& imageIds) {
  if (runFolderBeingWritten(dir))
    throw Error("run folder '" + dir + "' is being written by another evaluation");
  const fs::path root(dir);
  std::vector<std::string> said;
  std::error_code ec;
  for (const char* name :
       {runfiles::kSummary, runfiles::kRecords, runfiles::kResults, runfiles::kMetricsJson,
        runfiles::kMetricsMd, runfiles::kImageEval, runfiles::kAnalysis, runfiles::kConfig,
        runfiles::kArch, runfiles::kSkeleton}) {
    fs::remove(root / name, ec);
    if (ec) throw Error("cannot replace the run in '" + dir + "': " + name + ": " + ec.message());
  }
  if (fs::exists(root / kViewsFile, ec))
    said.push_back(std::string(kViewsFile) +
                   " kept: saved views are queries, they apply to the "
                   "new run");
  const fs::path tags = root / kTagsFile;
  if (fs::exists(tags, ec)) {
    const auto tagged = taggedImages(tags);
    const std::unordered_set<std::int64_t> images(imageIds.begin(), imageIds.end());
    const bool apply = tagged && std::all_of(tagged->begin(), tagged->end(),
                                             [&](std::int64_t id) { return images.count(id); });
    if (apply) {
      said.push_back(std::string(kTagsFile) + " kept: every tagged image is in the new run");
    } else {
      const fs::path aside = root / ("tags.replaced-" + stamp() + ".json");
      fs::rename(tags, aside, ec);
      if (ec) throw Error("cannot move " + tags.string() + " aside: " + ec.message());
      said.push_back(std::string(kTagsFile) + " moved aside to " + aside.string() +
                     (tagged ? ": it tags images the new run does not have"
                             : ": it could not be read as tags"));
    }
  }
  return said;
}

}  // namespace posescope
