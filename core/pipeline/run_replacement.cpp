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
#include "pipeline/run_resume.h"

namespace posescope {

namespace fs = std::filesystem;

namespace {

// The user's own files in a run folder (core/report/run_views.h reads and writes them).
constexpr const char* kViewsFile = "views.json";
constexpr const char* kTagsFile = "tags.json";

std::string imagesText(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " image" : " images");
}

// Whether tags.json still applies to a run over `images`: every tag names one of them by an
// integer id, and none names a prediction (a tag's "detection" is a position in the old run's
// results, which the new run replaces). A file that cannot be read as tags does not apply.
bool tagsApplyTo(const fs::path& file, const std::unordered_set<std::int64_t>& images,
                 std::string& why) {
  try {
    const auto doc = nlohmann::json::parse(readTextFile(file.string()));
    for (const auto& tag : doc.at("tags")) {
      if (tag.contains("detection")) {
        why = "it tags predictions of the run it replaces";
        return false;
      }
      const auto& id = tag.at("image_id");
      if (!id.is_number_integer() || !images.count(id.get<std::int64_t>())) {
        why = "it tags images the new run does not have";
        return false;
      }
    }
    return true;
  } catch (const std::exception&) {
    why = "it could not be read as tags";
    return false;
  }
}

// A file name in `dir` that nothing has: "tags.replaced-STAMP.json", else with "-2", "-3", ...
fs::path freeName(const fs::path& dir, const std::string& stem) {
  fs::path name = dir / (stem + ".json");
  std::error_code ec;
  for (int n = 2; fs::exists(name, ec); ++n)
    name = dir / (stem + "-" + std::to_string(n) + ".json");
  return name;
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
  // The way on depends on the run: a complete one has nothing to resume, a running one neither.
  std::string wayOn = "continue it with 'posescope-cli eval --resume " + dir +
                      "', or replace it (and its results) with --overwrite";
  if (runFolderBeingWritten(dir))
    wayOn = "wait for it to end, or give another --out";
  else if (runIsComplete(dir))
    wayOn = "replace it (and its results) with --overwrite, or give another --out";
  throw Error("run folder '" + dir + "' holds " + *held + ": " + wayOn + "; nothing was written");
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
  const fs::path root(dir);
  std::vector<std::string> said;
  std::error_code ec;
  // records.jsonl is the writer's, which has started it afresh.
  for (const char* name : {runfiles::kSummary, runfiles::kResults, runfiles::kMetricsJson,
                           runfiles::kMetricsMd, runfiles::kImageEval, runfiles::kAnalysis,
                           runfiles::kConfig, runfiles::kArch, runfiles::kSkeleton}) {
    fs::remove(root / name, ec);
    if (ec) throw Error("cannot replace the run in '" + dir + "': " + name + ": " + ec.message());
  }
  if (fs::exists(root / kViewsFile, ec))
    said.push_back(std::string(kViewsFile) +
                   " kept: saved views are queries, they apply to the "
                   "new run");
  const fs::path tags = root / kTagsFile;
  if (fs::exists(tags, ec)) {
    const std::unordered_set<std::int64_t> images(imageIds.begin(), imageIds.end());
    std::string why;
    if (tagsApplyTo(tags, images, why)) {
      said.push_back(std::string(kTagsFile) + " kept: every tagged image is in the new run");
    } else {
      const fs::path aside = freeName(root, "tags.replaced-" + stamp());
      fs::rename(tags, aside, ec);
      if (ec) throw Error("cannot move " + tags.string() + " aside: " + ec.message());
      said.push_back(std::string(kTagsFile) + " moved aside to " + aside.string() + ": " + why);
    }
  }
  return said;
}

}  // namespace posescope
