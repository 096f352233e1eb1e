#include "report/sweep_merge.h"

#include <filesystem>

#include "common/strings.h"
#include "pipeline/atomic_file.h"
#include "pipeline/run_merge.h"
#include "report/sweep_scores.h"

namespace posescope {

namespace fs = std::filesystem;

namespace {

SweepSummary readSweepSummary(const std::string& dir) {
  const std::string file = (fs::path(dir) / sweepfiles::kSummary).string();
  return sweepSummaryFromJsonText(readTextFile(file), file);
}

// The shards must list the same checkpoints under the same run folder names.
void checkSameCheckpoints(const SweepSummary& first, const std::string& firstDir,
                          const SweepSummary& other, const std::string& otherDir) {
  bool same = first.checkpoints.size() == other.checkpoints.size();
  for (size_t i = 0; same && i < first.checkpoints.size(); ++i)
    same = first.checkpoints[i].checkpoint == other.checkpoints[i].checkpoint &&
           first.checkpoints[i].runDir == other.checkpoints[i].runDir;
  if (!same)
    throw ShardMergeError("'" + firstDir + "' and '" + otherDir +
                          "' are sweeps of different checkpoints: not shards of one sweep");
  if (other.shard.empty())
    throw ShardMergeError("'" + otherDir + "' is a whole sweep, not a shard (sweep --shard K/N)");
}

}  // namespace

bool isSweepFolder(const std::string& dir) {
  return fs::exists(fs::path(dir) / sweepfiles::kSummary);
}

SweepSummary mergeSweepShards(const std::vector<std::string>& shardDirs, const std::string& outDir,
                              const BootstrapOptions& options,
                              const std::function<void(const std::string&)>& log) {
  if (shardDirs.empty()) throw ShardMergeError("no sweep shard folders to merge");
  std::vector<SweepSummary> shards;
  for (const std::string& dir : shardDirs) {
    shards.push_back(readSweepSummary(dir));
    checkSameCheckpoints(shards.front(), shardDirs.front(), shards.back(), dir);
  }
  if (isSweepFolder(outDir)) throw ShardMergeError("'" + outDir + "' holds a sweep already");
  std::error_code ec;
  fs::create_directories(outDir, ec);
  if (ec) throw Error("cannot create sweep folder '" + outDir + "': " + ec.message());
  for (const char* file : {sweepfiles::kConfig, sweepfiles::kArch}) {
    const fs::path from = fs::path(shardDirs.front()) / file;
    if (fs::exists(from))
      writeFileAtomically((fs::path(outDir) / file).string(), readTextFile(from.string()));
  }

  SweepSummary merged = shards.front();
  merged.shard.clear();
  for (size_t i = 0; i < merged.checkpoints.size(); ++i) {
    SweepCheckpoint& c = merged.checkpoints[i];
    std::vector<std::string> runs;
    c.problem.clear();
    for (size_t s = 0; s < shards.size(); ++s) {
      const SweepCheckpoint& part = shards[s].checkpoints[i];
      if (part.state == "failed" && c.problem.empty())
        c.problem = "shard " + shards[s].shard + " failed: " + part.problem;
      runs.push_back((fs::path(shardDirs[s]) / part.runDir).string());
    }
    if (c.problem.empty()) {
      try {
        if (log) log("merging the shards of " + c.checkpoint);
        mergeShardRuns(runs, (fs::path(outDir) / c.runDir).string(), log);
      } catch (const Error& e) {
        c.problem = e.what();
      }
    }
    c.state = c.problem.empty() ? "complete" : "failed";
  }
  scoreSweep(merged, outDir, options);
  writeFileAtomically((fs::path(outDir) / sweepfiles::kSummary).string(),
                      sweepSummaryToJsonText(merged));
  return merged;
}

}  // namespace posescope
