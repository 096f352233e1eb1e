#include "search/search_run.h"

#include <chrono>
#include <set>

#include "common/errors.h"

namespace posescope::search {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

CandidateScore evaluateCandidate(SearchFolder& folder, const SearchPlan& plan,
                                 const ArchConfig& arch, int generation,
                                 const MeasureFunction& measure) {
  const auto start = Clock::now();
  const Measurement m = measure(arch, folder.candidateDir(candidateKey(arch)));
  CandidateScore score;
  score.arch = arch;
  score.accuracy = m.accuracy;
  score.latencyMs = m.latencyMs;
  score.cost = costOf(plan, arch);
  score.generation = generation;
  score.seconds = secondsSince(start);
  folder.store(score);
  return score;
}

ArchCost costOf(const SearchPlan& plan, const ArchConfig& arch) {
  models::LitePoseOptions options = plan.network;
  options.arch = arch;
  return poseMobilenetCost(options);
}

EvolutionResult runSearch(SearchFolder& folder, const ArchManager& space, const SearchPlan& plan,
                          const MeasureFunction& measure, const ShardLauncher& launchShards,
                          const ProgressFunction& progress, const CancellationToken* cancel) {
  const auto start = Clock::now();
  std::size_t newlyEvaluated = 0;
  const EfficiencyFunction efficiency = [&](const ArchConfig& arch) {
    return costOf(plan, arch).gmacs();
  };
  const AccuracyFunction accuracy = [&](const std::vector<ArchConfig>& archs, int generation) {
    std::vector<ArchConfig> pending;
    std::set<std::string> seen;
    for (const ArchConfig& a : archs) {
      const std::string key = candidateKey(a);
      if (!folder.cached(key) && seen.insert(key).second) pending.push_back(a);
    }
    if (!pending.empty() && launchShards) {
      folder.writePending(generation, pending);
      launchShards(generation, plan.shards);
      folder.reload();
    } else {
      for (const ArchConfig& a : pending) {
        if (cancel && cancel->isCancelled()) throw CancelledError("search cancelled");
        evaluateCandidate(folder, plan, a, generation, measure);
      }
    }
    newlyEvaluated += pending.size();
    std::vector<double> scores;
    for (const ArchConfig& a : archs) {
      const auto score = folder.cached(candidateKey(a));
      if (!score)
        throw Error("candidate " + candidateKey(a) + " of generation " +
                    std::to_string(generation) + " has no score in " +
                    folder.candidateDir(candidateKey(a)) + " after its shard ended");
      scores.push_back(score->accuracy);
    }
    return scores;
  };
  const GenerationCallback onGeneration = [&](int generation, const std::vector<Member>& ranked) {
    const double elapsed = secondsSince(start);
    folder.recordGeneration(generation, ranked, elapsed);
    if (progress)
      progress({generation, plan.evolution.generations, ranked.front().accuracy,
                folder.candidates().size(), newlyEvaluated, elapsed});
  };
  EvolutionResult result;
  try {
    result =
        runRegularizedEvolution(space, plan.evolution, efficiency, accuracy, onGeneration, cancel);
  } catch (const CancelledError&) {
    result.cancelled = true;
    return result;  // the scores stored so far resume the search
  }
  if (!result.cancelled) folder.writeResult(result);
  return result;
}

void evaluateShard(SearchFolder& folder, const SearchPlan& plan, int generation, int shard,
                   int shards, const MeasureFunction& measure) {
  if (shards < 1 || shard < 0 || shard >= shards)
    throw ConfigError("shard " + std::to_string(shard) + " of " + std::to_string(shards) +
                      " does not exist");
  const std::vector<ArchConfig> pending = folder.readPending(generation);
  for (std::size_t i = static_cast<std::size_t>(shard); i < pending.size();
       i += static_cast<std::size_t>(shards)) {
    const std::string key = candidateKey(pending[i]);
    if (folder.cached(key)) continue;  // a resumed worker
    evaluateCandidate(folder, plan, pending[i], generation, measure);
  }
}

}  // namespace posescope::search
