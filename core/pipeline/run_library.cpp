#include "pipeline/run_library.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>

#include "common/errors.h"
#include "common/strings.h"
#include "eval/summarize.h"
#include "pipeline/run_folder.h"
#include "pipeline/run_folder_read.h"
#include "pipeline/run_lock.h"
#include "pipeline/sweep_summary.h"

namespace posescope {

namespace {

namespace fs = std::filesystem;

constexpr const char* kUnreadable = "unreadable";

// What a row is besides itself: the evaluation a shard or a merged run belongs to and the shard
// folders a merged run was made from, so that a shard is not counted beside that run.
struct ScannedRun {
  LibraryRun row;
  std::string evaluation;  // set for shards and merged runs only
  bool merged = false;
  std::vector<std::string> shardDirs;  // a merged run's shards, as its log names them
};

bool isRunFolder(const fs::path& dir) {
  std::error_code ec;
  return fs::exists(dir / runfiles::kSummary, ec) || fs::exists(dir / runfiles::kRecords, ec) ||
         fs::exists(dir / kRunLockFile, ec);
}

// The median forward milliseconds per image of records.jsonl, read without parsing the records:
// the writer dumps each record's keys in order (error, file, image_id, index, ms, people) and a
// key's quotes cannot occur unescaped inside a string, so the "forward" after "ms":{ is the
// timing. Failed images (an "error" key) and zero timings (imported predictions) do not count.
std::optional<double> medianForwardMs(const fs::path& records) {
  std::ifstream in(records, std::ios::binary);
  if (!in) return std::nullopt;
  static const std::string timings = "\"ms\":{", forward = "\"forward\":", error = "\"error\":";
  std::vector<double> ms;
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t timingsAt = line.find(timings);
    if (timingsAt == std::string::npos) continue;
    const std::size_t errorAt = line.find(error);
    if (errorAt != std::string::npos && errorAt < timingsAt) continue;
    const std::size_t forwardAt = line.find(forward, timingsAt);
    if (forwardAt == std::string::npos) continue;
    const char* begin = line.data() + forwardAt + forward.size();
    double value = 0;
    const auto parsed = std::from_chars(begin, line.data() + line.size(), value);
    if (parsed.ec == std::errc() && value > 0) ms.push_back(value);
  }
  if (ms.empty()) return std::nullopt;
  const std::size_t middle = ms.size() / 2;
  std::nth_element(ms.begin(), ms.begin() + static_cast<std::ptrdiff_t>(middle), ms.end());
  const double upper = ms[middle];
  if (ms.size() % 2 == 1) return upper;
  const double lower =
      *std::max_element(ms.begin(), ms.begin() + static_cast<std::ptrdiff_t>(middle));
  return (lower + upper) / 2;
}

// The shard folders a merged run's log.txt names, as merge was given them (mergeShardRuns logs
// "merging N shards ..." first, then "shard K/N: DIR, R images, device D, W s" for each); empty
// when the log does not start so (the run was not merged).
std::vector<std::string> mergedShardDirs(const fs::path& log) {
  std::ifstream in(log, std::ios::binary);
  std::string line;
  if (!std::getline(in, line) || line.rfind("merging ", 0) != 0) return {};
  static const std::regex shardLine(R"(shard \d+/\d+: (.*), \d+ images, device .*, [-\d.]+ s)");
  std::vector<std::string> dirs;
  std::smatch match;
  while (std::getline(in, line))
    if (std::regex_match(line, match, shardLine)) dirs.push_back(match[1]);
  return dirs;
}

// The non-empty components of `path`, "." dropped.
std::vector<std::string> componentsOf(const fs::path& path) {
  std::vector<std::string> parts;
  for (const auto& part : path.lexically_normal())
    if (!part.empty() && part != ".") parts.push_back(part.string());
  return parts;
}

// Whether the folder found at `dir` (absolute) is the one merge was given as `logged`: the same
// path, or, for a path relative to where merge ran, the same last components.
bool isLoggedFolder(const fs::path& dir, const std::string& logged) {
  const std::vector<std::string> found = componentsOf(dir), named = componentsOf(logged);
  if (fs::path(logged).is_absolute()) return found == named;
  return !named.empty() && named.size() <= found.size() &&
         std::equal(named.rbegin(), named.rend(), found.rbegin());
}

// What must agree for shards to be one evaluation, as merge checks it (run_merge.cpp).
std::string evaluationOf(const fs::path& dir, const RunSummary& s, std::size_t selectedImages) {
  std::error_code ec;
  std::string text = fs::exists(dir / runfiles::kConfig, ec)
                         ? readTextFile((dir / runfiles::kConfig).string())
                         : std::string();
  text += "\n" + s.modelName + "\n" + s.archName + "\n" + s.datasetKind + "\n" + s.annotationFile +
          "\n" + std::to_string(selectedImages) + "\n";
  for (const auto& input : s.inputs) text += input.role + " " + input.path + " " + input.sha256;
  return text;
}

std::string displayName(const fs::path& dir, const fs::path& libraryFolder) {
  const fs::path relative = dir.lexically_relative(libraryFolder);
  if (relative.empty() || relative == ".") return dir.filename().string();
  return relative.generic_string();
}

ScannedRun scanRun(const fs::path& dir, const fs::path& libraryFolder) {
  ScannedRun scanned;
  LibraryRun& row = scanned.row;
  row.dir = dir.string();
  row.name = displayName(dir, libraryFolder);
  try {
    std::error_code ec;
    if (!fs::exists(dir / runfiles::kSummary, ec) && runFolderBeingWritten(row.dir)) {
      // A writer has created the folder and not yet written run.json: a run starting.
      row.state = runStateName(RunState::Running);
      row.problem = std::string("starting (no ") + runfiles::kSummary + " yet)";
      return scanned;
    }
    const RunSummary s = readRunSummary(row.dir);
    row.state = runStateName(s.state);
    row.problem = s.message;
    row.model = s.modelName;
    row.arch = s.archName;
    row.imported = s.imported;
    row.epoch = s.checkpointEpoch;
    row.annotationFile = s.annotationFile;
    if (const RunInput* checkpoint = recordedInput(s.inputs, "checkpoint"))
      row.checkpoint = fs::path(checkpoint->path).filename().string();
    if (const RunInput* annotations = recordedInput(s.inputs, "annotations"))
      row.annotationSha256 = annotations->sha256;
    row.images = s.imagesDone;
    row.imagesTotal = s.imagesTotal;
    row.parameters = s.parameters;
    row.multiplyAdds = s.multiplyAdds;
    row.startedAt = s.startedAt;
    if (s.shard) {
      row.shard = std::to_string(s.shard->index) + "/" + std::to_string(s.shard->count);
      scanned.evaluation = evaluationOf(dir, s, s.shard->selectedImages);
    } else if (auto shardDirs = mergedShardDirs(dir / runfiles::kLog); !shardDirs.empty()) {
      scanned.merged = true;
      scanned.shardDirs = std::move(shardDirs);
      scanned.evaluation = evaluationOf(dir, s, s.imagesTotal);
    }
    if (const auto metrics = readRunMetricTable(row.dir)) {
      row.statNames = metrics->names;
      row.stats = metrics->values;
    }
    if (!s.imported) row.msPerImage = medianForwardMs(dir / runfiles::kRecords);
  } catch (const std::exception& e) {
    row.state = kUnreadable;
    row.problem = e.what();
    row.statNames.clear();
    row.stats.clear();
  }
  return scanned;
}

// The nearest folder at or above `dir` that holds a sweep's sweep.json; empty when none.
std::string sweepAbove(const fs::path& dir) {
  std::error_code ec;
  for (fs::path at = dir; !at.empty(); at = at.parent_path()) {
    if (fs::exists(at / sweepfiles::kSummary, ec)) return at.string();
    if (at == at.parent_path()) break;
  }
  return {};
}

// The run folders at and below `dir`, with the sweep each belongs to; a folder that cannot be
// listed is an unreadable row (it may hold runs).
struct Walk {
  fs::path libraryFolder;
  std::set<fs::path> visited;  // canonical paths: links and overlapping folders counted once
  std::vector<ScannedRun> runs;
  // Run folders whose row the sweep's sweep.json gives (failed before run.json was written).
  std::set<fs::path> givenBySweep;

  ScannedRun rowWithoutRun(const fs::path& dir, const std::string& state,
                           const std::string& problem) const {
    ScannedRun scanned;
    scanned.row.dir = dir.string();
    scanned.row.name = displayName(dir, libraryFolder);
    scanned.row.state = state;
    scanned.row.problem = problem;
    return scanned;
  }

  // The checkpoints of the sweep in `sweepDir` that failed without a run (a checkpoint that
  // does not fit the architecture or cannot be read), as failed rows naming the checkpoint; a
  // sweep.json that cannot be read is an unreadable row.
  void addFailedCheckpoints(const fs::path& sweepDir) {
    const fs::path file = sweepDir / sweepfiles::kSummary;
    try {
      const SweepSummary sweep =
          sweepSummaryFromJsonText(readTextFile(file.string()), file.string());
      for (const SweepCheckpoint& checkpoint : sweep.checkpoints) {
        const fs::path runDir = (sweepDir / checkpoint.runDir).lexically_normal();
        std::error_code ec;
        if (checkpoint.state != runStateName(RunState::Failed) ||
            fs::exists(runDir / runfiles::kSummary, ec))
          continue;
        ScannedRun failed = rowWithoutRun(runDir, checkpoint.state, checkpoint.problem);
        failed.row.checkpoint = fs::path(checkpoint.checkpoint).filename().string();
        failed.row.epoch = checkpoint.epoch;
        failed.row.sweep = sweepDir.string();
        givenBySweep.insert(runDir);
        runs.push_back(std::move(failed));
      }
    } catch (const Error& e) {
      runs.push_back(rowWithoutRun(sweepDir, kUnreadable, e.what()));
    }
  }

  void visit(const fs::path& dir, std::string sweep) {
    std::error_code ec;
    const fs::path canonical = fs::canonical(dir, ec);
    if (!visited.insert(ec ? dir : canonical).second) return;
    if (fs::exists(dir / sweepfiles::kSummary, ec)) {
      sweep = dir.string();
      addFailedCheckpoints(dir);
    }
    if (isRunFolder(dir) && !givenBySweep.count(dir.lexically_normal())) {
      runs.push_back(scanRun(dir, libraryFolder));
      runs.back().row.sweep = sweep;
    }
    std::vector<fs::path> children;
    fs::directory_iterator it(dir, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
      const std::string name = it->path().filename().string();
      std::error_code typeError;
      if (!name.empty() && name[0] != '.' && it->is_directory(typeError))
        children.push_back(it->path());
    }
    if (ec)
      runs.push_back(rowWithoutRun(
          dir, kUnreadable, "'" + dir.string() + "': cannot list the folder: " + ec.message()));
    std::sort(children.begin(), children.end());
    for (const auto& child : children) visit(child, sweep);
  }
};

// Each sortable value of a row, unset when the row has none.
using SortValue = std::function<std::optional<double>(const LibraryRun&)>;

std::optional<double> known(double value) {
  return value > 0 ? std::optional<double>(value) : std::nullopt;
}

const std::map<std::string, SortValue>& numericKeys() {
  static const std::map<std::string, SortValue> keys = {
      {"epoch",
       [](const LibraryRun& r) {
         return r.epoch ? std::optional<double>(*r.epoch) : std::nullopt;
       }},
      {"images", [](const LibraryRun& r) { return std::optional<double>(double(r.images)); }},
      {"params", [](const LibraryRun& r) { return known(double(r.parameters)); }},
      {"macs", [](const LibraryRun& r) { return known(double(r.multiplyAdds)); }},
      {"ms", [](const LibraryRun& r) { return r.msPerImage; }},
  };
  return keys;
}

const std::map<std::string, std::function<std::string(const LibraryRun&)>>& textKeys() {
  static const std::map<std::string, std::function<std::string(const LibraryRun&)>> keys = {
      {"run", [](const LibraryRun& r) { return r.name; }},
      {"state", [](const LibraryRun& r) { return r.state; }},
      {"date", [](const LibraryRun& r) { return r.startedAt; }},
  };
  return keys;
}

// Sorts by `value`, ascending or descending, rows without one last; ties keep path order.
void sortBy(std::vector<LibraryRun>& rows, const SortValue& value, bool descending) {
  std::stable_sort(rows.begin(), rows.end(), [&](const LibraryRun& a, const LibraryRun& b) {
    const auto va = value(a), vb = value(b);
    if (!va || !vb) return va.has_value() && !vb.has_value();
    return descending ? *va > *vb : *va < *vb;
  });
}

}  // namespace

std::optional<double> LibraryRun::stat(const std::string& statName) const {
  for (std::size_t i = 0; i < statNames.size() && i < stats.size(); ++i)
    if (statNames[i] == statName) return stats[i];
  return std::nullopt;
}

std::string shortSha256(const std::string& sha256) {
  return sha256.substr(0, 12);
}

LibraryRun readLibraryRun(const std::string& dir, const std::string& libraryFolder) {
  return scanRun(fs::absolute(dir).lexically_normal(),
                 fs::absolute(libraryFolder).lexically_normal())
      .row;
}

std::vector<LibraryRun> scanRunLibrary(const std::vector<std::string>& folders) {
  Walk walk;
  for (const auto& folder : folders) {
    std::error_code ec;
    if (!fs::exists(folder, ec)) throw Error("run library folder '" + folder + "' does not exist");
    if (!fs::is_directory(folder, ec))
      throw Error("run library folder '" + folder + "' is not a folder");
    walk.libraryFolder = fs::absolute(folder).lexically_normal();
    if (walk.libraryFolder.filename().empty())  // "runs/" names the folder "runs"
      walk.libraryFolder = walk.libraryFolder.parent_path();
    const std::size_t first = walk.runs.size();
    walk.visit(walk.libraryFolder, sweepAbove(walk.libraryFolder));
    // Path order, with the rows a sweep.json gave among the folders' own.
    std::stable_sort(walk.runs.begin() + static_cast<std::ptrdiff_t>(first), walk.runs.end(),
                     [](const ScannedRun& a, const ScannedRun& b) {
                       return fs::path(a.row.dir) < fs::path(b.row.dir);
                     });
  }
  std::vector<ScannedRun>& scanned = walk.runs;
  // A merged run hides the shards its log names; when none of them is in the library (the
  // folders moved since the merge), the shards of the same evaluation.
  std::vector<bool> hidden(scanned.size(), false);
  for (const auto& merged : scanned) {
    if (!merged.merged) continue;
    std::vector<std::size_t> named, sameEvaluation;
    for (std::size_t i = 0; i < scanned.size(); ++i) {
      const ScannedRun& shard = scanned[i];
      if (shard.row.shard.empty() || shard.evaluation != merged.evaluation) continue;
      if (std::any_of(
              merged.shardDirs.begin(), merged.shardDirs.end(),
              [&](const std::string& logged) { return isLoggedFolder(shard.row.dir, logged); }))
        named.push_back(i);
      else
        sameEvaluation.push_back(i);
    }
    for (std::size_t i : named.empty() ? sameEvaluation : named) hidden[i] = true;
  }
  std::vector<LibraryRun> rows;
  rows.reserve(scanned.size());
  for (std::size_t i = 0; i < scanned.size(); ++i)
    if (!hidden[i]) rows.push_back(std::move(scanned[i].row));
  return rows;
}

std::vector<std::string> librarySortKeys() {
  return {"run", "state", "epoch", "images", "params", "macs", "ms", "date"};
}

void sortLibrary(std::vector<LibraryRun>& rows, const std::string& key) {
  if (const auto text = textKeys().find(key); text != textKeys().end()) {
    // Rows without the text (a run with no date) last.
    std::stable_sort(rows.begin(), rows.end(), [&](const LibraryRun& a, const LibraryRun& b) {
      const std::string ta = text->second(a), tb = text->second(b);
      return std::make_pair(ta.empty(), ta) < std::make_pair(tb.empty(), tb);
    });
    return;
  }
  if (const auto numeric = numericKeys().find(key); numeric != numericKeys().end()) {
    sortBy(rows, numeric->second, false);
    return;
  }
  std::vector<std::string> stats = statNames(EvalVariant::Coco);
  for (const auto& name : statNames(EvalVariant::CrowdPose))
    if (std::find(stats.begin(), stats.end(), name) == stats.end()) stats.push_back(name);
  for (const auto& row : rows)
    for (const auto& name : row.statNames)
      if (std::find(stats.begin(), stats.end(), name) == stats.end()) stats.push_back(name);
  if (std::find(stats.begin(), stats.end(), key) == stats.end()) {
    std::string valid;
    for (const auto& name : librarySortKeys()) valid += (valid.empty() ? "" : ", ") + name;
    for (const auto& name : stats) valid += ", '" + name + "'";
    throw Error("unknown sort key '" + key + "' (valid: " + valid + ")");
  }
  sortBy(
      rows, [&](const LibraryRun& r) { return r.stat(key); }, true);
}

}  // namespace posescope
