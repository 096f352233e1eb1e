#include "pipeline/run_merge.h"

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>

#include "common/strings.h"
#include "pipeline/shard.h"

namespace posescope {

namespace {

namespace fs = std::filesystem;

// One shard folder read back, with the files merge compares.
struct ShardRun {
  LoadedRun run;
  ShardIdentity shard;
  std::string archJson;  // "" when the run has no arch.json
};

std::string join(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (const auto& part : parts) out += (out.empty() ? "" : separator) + part;
  return out;
}

std::string optionalText(const fs::path& path) {
  return fs::exists(path) ? readTextFile(path.string()) : std::string();
}

ShardRun readShard(const std::string& dir) {
  ShardRun s;
  s.run = loadRunFolder(dir);
  if (!s.run.summary.shard)
    throw ShardMergeError("'" + dir + "' is not a shard: its " + runfiles::kSummary +
                          " has no 'shard' (posescope-cli eval --shard K/N writes one)");
  s.shard = *s.run.summary.shard;
  if (s.run.summary.state != RunState::Complete)
    throw ShardMergeError("'" + dir + "' (shard " + std::to_string(s.shard.index) + "/" +
                          std::to_string(s.shard.count) + ") is " +
                          runStateName(s.run.summary.state) +
                          ", not complete: run that shard again before merging");
  s.archJson = optionalText(fs::path(dir) / runfiles::kArch);
  return s;
}

// "line L: 'text'" of the first line where `a` and `b` differ.
std::string firstDifference(const std::string& a, const std::string& b) {
  std::istringstream sa(a), sb(b);
  std::string la, lb;
  for (int line = 1;; ++line) {
    const bool ha = static_cast<bool>(std::getline(sa, la));
    const bool hb = static_cast<bool>(std::getline(sb, lb));
    if (!ha && !hb) return "same lines, different line endings";
    if (!ha || !hb || la != lb)
      return "line " + std::to_string(line) + ": '" + (ha ? la : "<end>") + "' vs '" +
             (hb ? lb : "<end>") + "'";
  }
}

void requireSame(const std::string& what, const std::string& a, const std::string& b,
                 const ShardRun& first, const ShardRun& other) {
  if (a == b) return;
  throw ShardMergeError("'" + other.run.dir + "' and '" + first.run.dir +
                        "' are not shards of one evaluation: their " + what + " differ (" +
                        firstDifference(b, a) + ")");
}

// Every field of the two shards that must agree for their records to be one run.
void requireSameEvaluation(const ShardRun& first, const ShardRun& other) {
  const RunSummary& a = first.run.summary;
  const RunSummary& b = other.run.summary;
  if (other.shard.count != first.shard.count)
    throw ShardMergeError("'" + other.run.dir + "' is shard " + std::to_string(other.shard.index) +
                          " of " + std::to_string(other.shard.count) + " but '" + first.run.dir +
                          "' is one of " + std::to_string(first.shard.count) +
                          ": give the shards of one split");
  requireSame(std::string(runfiles::kConfig) + " files", first.run.configYaml, other.run.configYaml,
              first, other);
  requireSame(std::string(runfiles::kArch) + " files", first.archJson, other.archJson, first,
              other);
  requireSame("models", a.modelName + " (" + a.archName + ")",
              b.modelName + " (" + b.archName + ")", first, other);
  requireSame("datasets", a.datasetKind + " " + a.annotationFile,
              b.datasetKind + " " + b.annotationFile, first, other);
  const auto selection = [](const ShardIdentity& s) {
    return std::to_string(s.selectedImages) + " of " + std::to_string(s.datasetImages) + " images";
  };
  requireSame("image selections", selection(first.shard), selection(other.shard), first, other);
  // The digests catch a checkpoint or annotation file replaced between shards at the same path.
  const auto inputs = [](const RunSummary& s) {
    std::string text;
    for (const auto& input : s.inputs)
      text += input.role + " " + input.path + " sha256 " + input.sha256 + "\n";
    return text;
  };
  requireSame("run inputs (run.json 'inputs')", inputs(a), inputs(b), first, other);
}

// Seconds since the epoch of run.json's "started_at" (UTC); -1 when it is not of that form.
double epochSeconds(const std::string& iso) {
  std::tm tm{};
  std::istringstream in(iso);
  in >> std::get_time(&tm, "%Y-%m-%dT%H:%M:%SZ");
  if (in.fail()) return -1;
  return static_cast<double>(timegm(&tm));
}

// The merged run's summary: totals over the shards, the earliest start and, as wall time, the
// span from the first shard's start to the last one's end (what a user waited once all ran).
RunSummary mergedSummary(const std::vector<ShardRun>& shards) {
  RunSummary s = shards.front().run.summary;
  s.shard.reset();
  s.state = RunState::Complete;
  s.message.clear();
  s.imagesTotal = shards.front().shard.selectedImages;
  s.imagesDone = 0;
  s.imagesFailed = 0;
  std::vector<std::string> devices;
  double first = -1, last = -1;
  bool timesKnown = true;
  for (const auto& shard : shards) {
    const RunSummary& r = shard.run.summary;
    s.imagesDone += r.imagesDone;
    s.imagesFailed += r.imagesFailed;
    if (std::find(devices.begin(), devices.end(), r.device) == devices.end())
      devices.push_back(r.device);
    const double start = epochSeconds(r.startedAt);
    if (start < 0) timesKnown = false;
    if (first < 0 || start < first) {
      first = start;
      s.startedAt = r.startedAt;
    }
    last = std::max(last, start + r.wallSeconds);
  }
  s.device = join(devices, ",");
  if (timesKnown) s.wallSeconds = last - first;
  return s;
}

}  // namespace

MergedRun mergeShardRuns(const std::vector<std::string>& shardDirs, const std::string& outDir,
                         const std::function<void(const std::string&)>& log) {
  const auto note = [&](const std::string& line) {
    if (log) log(line);
  };
  if (shardDirs.empty()) throw ShardMergeError("no shard folders to merge");
  if (fs::exists(fs::path(outDir) / runfiles::kSummary))
    throw ShardMergeError("'" + outDir + "' already holds a run (" + runfiles::kSummary +
                          "): merge into a new folder");

  std::vector<ShardRun> given;
  given.reserve(shardDirs.size());
  for (const auto& dir : shardDirs) given.push_back(readShard(dir));
  for (const auto& shard : given) requireSameEvaluation(given.front(), shard);

  // Exactly one folder per index 0..N-1.
  const size_t count = given.front().shard.count;
  std::map<size_t, const ShardRun*> byIndex;
  for (const auto& shard : given) {
    const auto [it, inserted] = byIndex.emplace(shard.shard.index, &shard);
    if (!inserted)
      throw ShardMergeError("shard " + std::to_string(shard.shard.index) + "/" +
                            std::to_string(count) + " is given twice: '" + it->second->run.dir +
                            "' and '" + shard.run.dir + "'");
  }
  std::vector<std::string> missing;
  for (size_t k = 0; k < count; ++k)
    if (!byIndex.count(k)) missing.push_back(std::to_string(k));
  if (!missing.empty())
    throw ShardMergeError("shard(s) " + join(missing, ", ") + " of " + std::to_string(count) +
                          " missing: merge needs every shard 0.." + std::to_string(count - 1));

  std::vector<ShardRun> shards;
  shards.reserve(byIndex.size());
  for (const auto& [index, shard] : byIndex) shards.push_back(*shard);
  // eval's selections (--limit) are in dataset order; a resumed shard appended the images it
  // finished later after the earlier ones, so its records.jsonl need not be in that order.
  for (auto& shard : shards)
    std::stable_sort(shard.run.records.begin(), shard.run.records.end(),
                     [](const ImageRecord& a, const ImageRecord& b) { return a.index < b.index; });
  const size_t total = shards.front().shard.selectedImages;
  for (const auto& shard : shards) {
    const size_t expected = shardPositions({shard.shard.index, count}, total).size();
    if (shard.run.records.size() != expected)
      throw ShardMergeError(
          "'" + shard.run.dir + "' holds " + std::to_string(shard.run.records.size()) +
          " records but shard " + std::to_string(shard.shard.index) + "/" + std::to_string(count) +
          " of " + std::to_string(total) + " images has " + std::to_string(expected));
  }

  // The unsharded order: position p was evaluated by shard p % N as its (p / N)-th image.
  std::vector<ImageRecord> records;
  records.reserve(total);
  std::set<size_t> seen;
  for (size_t p = 0; p < total; ++p) {
    const ShardRun& shard = shards[p % count];
    records.push_back(shard.run.records[p / count]);
    if (!seen.insert(records.back().index).second)
      throw ShardMergeError("'" + shard.run.dir + "' evaluated dataset image " +
                            std::to_string(records.back().index) +
                            ", which another shard evaluated too");
  }

  MergedRun merged;
  merged.summary = mergedSummary(shards);
  const ShardRun& first = shards.front();
  RunWriter writer(outDir);
  const auto logBoth = [&](const std::string& line) {
    writer.appendLog(line);
    note(line);
  };
  writer.writeText(runfiles::kConfig, first.run.configYaml);
  if (!first.archJson.empty()) writer.writeText(runfiles::kArch, first.archJson);
  // While it writes, the folder holds none of the records yet: a reader counts them as they come.
  RunSummary running = merged.summary;
  running.state = RunState::Running;
  running.imagesDone = 0;
  running.imagesFailed = 0;
  writer.writeSummary(running);
  logBoth("merging " + std::to_string(count) + " shards of " + std::to_string(total) + " images (" +
          merged.summary.modelName + ", " + merged.summary.annotationFile + ")");
  for (const auto& shard : shards) {
    std::ostringstream line;
    line << "shard " << shard.shard.index << "/" << count << ": " << shard.run.dir << ", "
         << shard.run.records.size() << " images, device " << shard.run.summary.device << ", "
         << std::fixed << std::setprecision(1) << shard.run.summary.wallSeconds << " s";
    logBoth(line.str());
  }
  for (const auto& record : records) writer.appendRecord(record);
  writer.writeResults(records, merged.summary.categoryId);
  try {
    merged.metrics = computeRunMetrics(records, merged.summary, total == first.shard.datasetImages,
                                       merged.summary.modelName, &writer, logBoth);
  } catch (const std::exception& e) {
    RunSummary failed = merged.summary;
    failed.state = RunState::Failed;
    failed.message = e.what();
    writer.writeSummary(failed);
    throw;
  }
  writer.writeSummary(merged.summary);
  return merged;
}

}  // namespace posescope
