#pragma once
// The reference's regularized evolution (arch_search/evolution.py, EvolutionFinder), draw for
// draw: seeded alike, it visits the architectures the reference visits. A generation's children
// are drawn first and scored together, which changes nothing in the draws (accuracy draws no
// random number) and lets them be evaluated in parallel.

#include <cstdint>
#include <functional>
#include <vector>

#include "common/cancellation.h"
#include "config/arch_config.h"

namespace posescope::search {

/// EvolutionFinder's keyword arguments and search.py's efficiency constraint.
struct EvolutionSettings {
  int populationSize = 40;
  int generations = 40;  // max_time_budget
  double parentRatio = 0.25;
  double mutationRatio = 0.5;
  double mutateProbability = 0.1;
  double efficiencyBudget = 8.0;  // candidates with efficiency above it are drawn again
  /// Seeds both generators, as `random.seed(S); np.random.seed(S)` before the reference's search.
  std::uint32_t seed = 0;
  /// Draws of one sample before the budget is declared out of reach (the reference loops forever).
  int maxDrawsPerSample = 100000;
};

/// One member of the population: EvolutionFinder's (accuracy, sample, efficiency) tuple.
struct Member {
  double accuracy = 0;
  ArchConfig arch;
  double efficiency = 0;
};

/// Scores a batch of architectures (one generation's new ones), in order.
using AccuracyFunction =
    std::function<std::vector<double>(const std::vector<ArchConfig>& archs, int generation)>;
/// The efficiency compared with the budget (GMACs in the reference).
using EfficiencyFunction = std::function<double(const ArchConfig&)>;
/// Called after each generation (0 = the random population): the population as ranked then.
using GenerationCallback = std::function<void(int generation, const std::vector<Member>& ranked)>;

struct EvolutionResult {
  /// What run_evolution_search returns: the best parent ranked at the start of a generation (the
  /// reference never ranks the last generation's children).
  Member best;
  /// The population when the search ends: the last parents and their children.
  std::vector<Member> population;
  bool cancelled = false;
};

/// Checks the settings; throws ConfigError naming the option that is out of range.
void checkEvolutionSettings(const EvolutionSettings& settings);

/// Runs the search. Throws Error when no architecture within the budget turns up in
/// `maxDrawsPerSample` draws; returns early (cancelled = true) when `cancel` is set between
/// generations.
EvolutionResult runRegularizedEvolution(const ArchManager& space, const EvolutionSettings& settings,
                                        const EfficiencyFunction& efficiency,
                                        const AccuracyFunction& accuracy,
                                        const GenerationCallback& onGeneration = {},
                                        const CancellationToken* cancel = nullptr);

/// The population sorted as the reference ranks it: by accuracy, best first, and among equal
/// accuracies the later member first (sorted(...)[::-1] of a stable sort).
std::vector<Member> rankedPopulation(std::vector<Member> population);

}  // namespace posescope::search
