#pragma once
// Runs a search in its folder: the evolution draws, every new architecture is costed and
// evaluated once (in this process or by shard workers), scores are stored as they come, and a
// search started again on the same folder replays the evolution from its seed through the stored
// scores, so an interrupted search ends exactly as an uninterrupted one.

#include <functional>
#include <string>

#include "models/model_options.h"
#include "search/evolution.h"
#include "search/search_folder.h"

namespace posescope::search {

/// What evaluating one architecture measures; `candidateDir` is its folder, for its run.
struct Measurement {
  double accuracy = 0;
  double latencyMs = -1;
};
using MeasureFunction =
    std::function<Measurement(const ArchConfig& arch, const std::string& candidateDir)>;

/// Evaluates shard K of N of pending/generation-G.json and returns when all N have ended; throws
/// Error when one failed (its log named). Set for worker processes (--shards N > 1, Slurm jobs),
/// unset to evaluate in-process.
using ShardLauncher = std::function<void(int generation, int shards)>;

/// Progress after each generation, for the CLI's lines and the GUI's page.
struct SearchProgress {
  int generation = 0;
  int generations = 0;
  double bestAccuracy = 0;
  std::size_t evaluated = 0;       // distinct architectures scored so far
  std::size_t newlyEvaluated = 0;  // in this process (not from the folder)
  double elapsedSeconds = 0;
};
using ProgressFunction = std::function<void(const SearchProgress&)>;

struct SearchPlan {
  EvolutionSettings evolution;
  models::LitePoseOptions network;  // heads and deconvolutions; the arch comes from each candidate
  int shards = 1;
};

/// Runs (or resumes) the search in `folder`; writes result.json at the end.
EvolutionResult runSearch(SearchFolder& folder, const ArchManager& space, const SearchPlan& plan,
                          const MeasureFunction& measure, const ShardLauncher& launchShards,
                          const ProgressFunction& progress = {},
                          const CancellationToken* cancel = nullptr);

/// A shard worker: evaluates every `shards`-th architecture of pending/generation-G.json from
/// the `shard`-th that has no score yet, storing each score as it comes.
void evaluateShard(SearchFolder& folder, const SearchPlan& plan, int generation, int shard,
                   int shards, const MeasureFunction& measure);

/// Measures `arch` (in its candidate folder), costs it and stores its score as drawn in
/// `generation` (-1: an architecture edited by hand, outside the evolution). Returns the score.
CandidateScore evaluateCandidate(SearchFolder& folder, const SearchPlan& plan,
                                 const ArchConfig& arch, int generation,
                                 const MeasureFunction& measure);

/// Cost of `arch` under the plan's network settings.
ArchCost costOf(const SearchPlan& plan, const ArchConfig& arch);

}  // namespace posescope::search
