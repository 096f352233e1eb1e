#include "search/evolution.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/errors.h"
#include "common/python_random.h"

namespace posescope::search {

namespace {

// Python 3's round(): halves go to the even neighbour.
int pythonRound(double value) {
  return static_cast<int>(std::nearbyint(value));
}

class Evolution {
 public:
  Evolution(const ArchManager& space, const EvolutionSettings& settings,
            const EfficiencyFunction& efficiency)
      : space_(space),
        settings_(settings),
        efficiency_(efficiency),
        random_(settings.seed),
        numpyRandom_(settings.seed) {}

  std::pair<ArchConfig, double> randomSample() {
    return drawWithinBudget([&] { return space_.randomSample(random_); });
  }

  std::pair<ArchConfig, double> mutateSample(const ArchConfig& parent) {
    return drawWithinBudget([&] {
      ArchConfig child = parent;
      const double p = settings_.mutateProbability;
      if (random_.random() < p) child.imgSize = space_.randomInputSize(random_);
      if (random_.random() < p)
        child.inputChannel = space_.randomChannel(space_.baseInputChannel(), random_);
      const auto& deconv = space_.baseDeconvFilters();
      for (std::size_t i = 0; i < deconv.size(); ++i)
        if (random_.random() < p)
          child.deconvSetting.at(i) = space_.randomChannel(deconv[i], random_);
      const auto& stages = space_.stages();
      for (std::size_t i = 0; i < stages.size(); ++i)
        if (random_.random() < p)
          child.backbone.at(i).channel = space_.randomChannel(stages[i].channel, random_);
      return child;
    });
  }

  // Only the list-valued keys cross over (deconv_setting, then backbone_setting, whole stages);
  // img_size and input_channel stay the first parent's, as in the reference.
  std::pair<ArchConfig, double> crossoverSample(const ArchConfig& first, const ArchConfig& second) {
    return drawWithinBudget([&] {
      ArchConfig child = first;
      for (std::size_t i = 0; i < child.deconvSetting.size(); ++i)
        child.deconvSetting[i] =
            random_.choiceIndex(2) == 0 ? first.deconvSetting[i] : second.deconvSetting.at(i);
      for (std::size_t i = 0; i < child.backbone.size(); ++i)
        child.backbone[i] = random_.choiceIndex(2) == 0 ? first.backbone[i] : second.backbone.at(i);
      return child;
    });
  }

  int parentIndex(int parents) { return static_cast<int>(numpyRandom_.randint(parents)); }

 private:
  template <class Draw>
  std::pair<ArchConfig, double> drawWithinBudget(Draw draw) {
    double smallest = INFINITY;
    for (int attempt = 0; attempt < settings_.maxDrawsPerSample; ++attempt) {
      ArchConfig arch = draw();
      const double e = efficiency_(arch);
      if (e <= settings_.efficiencyBudget) return {std::move(arch), e};
      smallest = std::min(smallest, e);
    }
    throw Error("no architecture within the efficiency budget " +
                std::to_string(settings_.efficiencyBudget) + " in " +
                std::to_string(settings_.maxDrawsPerSample) + " draws (the smallest drawn costs " +
                std::to_string(smallest) + "): raise the budget");
  }

  const ArchManager& space_;
  const EvolutionSettings& settings_;
  const EfficiencyFunction& efficiency_;
  PythonRandom random_;
  NumpyLegacyRandom numpyRandom_;
};

std::vector<Member> scored(std::vector<std::pair<ArchConfig, double>> children,
                           const AccuracyFunction& accuracy, int generation) {
  std::vector<ArchConfig> archs;
  archs.reserve(children.size());
  for (const auto& c : children) archs.push_back(c.first);
  const std::vector<double> scores = accuracy(archs, generation);
  if (scores.size() != archs.size())
    throw Error("the accuracy function returned " + std::to_string(scores.size()) + " scores for " +
                std::to_string(archs.size()) + " architectures");
  std::vector<Member> members;
  for (std::size_t i = 0; i < archs.size(); ++i)
    members.push_back({scores[i], std::move(children[i].first), children[i].second});
  return members;
}

}  // namespace

void checkEvolutionSettings(const EvolutionSettings& s) {
  auto require = [](bool ok, const std::string& what) {
    if (!ok) throw ConfigError(what);
  };
  require(s.populationSize >= 2,
          "--population must be at least 2, got " + std::to_string(s.populationSize));
  require(s.generations >= 0, "--generations must not be negative");
  require(s.parentRatio > 0 && s.parentRatio <= 1, "the parent ratio must be in (0, 1]");
  require(s.mutationRatio >= 0 && s.mutationRatio <= 1, "the mutation ratio must be in [0, 1]");
  require(s.mutateProbability >= 0 && s.mutateProbability <= 1,
          "the mutate probability must be in [0, 1]");
  require(pythonRound(s.parentRatio * s.populationSize) >= 1,
          "--population " + std::to_string(s.populationSize) + " leaves no parents at ratio " +
              std::to_string(s.parentRatio));
  require(s.maxDrawsPerSample > 0, "the draw limit must be positive");
}

std::vector<Member> rankedPopulation(std::vector<Member> population) {
  std::stable_sort(population.begin(), population.end(),
                   [](const Member& a, const Member& b) { return a.accuracy < b.accuracy; });
  std::reverse(population.begin(), population.end());
  return population;
}

EvolutionResult runRegularizedEvolution(const ArchManager& space, const EvolutionSettings& settings,
                                        const EfficiencyFunction& efficiency,
                                        const AccuracyFunction& accuracy,
                                        const GenerationCallback& onGeneration,
                                        const CancellationToken* cancel) {
  checkEvolutionSettings(settings);
  const int mutations = pythonRound(settings.mutationRatio * settings.populationSize);
  const int parentsSize = pythonRound(settings.parentRatio * settings.populationSize);
  Evolution evolution(space, settings, efficiency);

  std::vector<std::pair<ArchConfig, double>> children;
  children.reserve(static_cast<std::size_t>(std::max(settings.populationSize, 0)));
  for (int i = 0; i < settings.populationSize; ++i) children.push_back(evolution.randomSample());
  EvolutionResult result;
  result.population = scored(std::move(children), accuracy, 0);
  result.best.accuracy = -100;  // the reference's initial best_valids
  if (onGeneration) onGeneration(0, rankedPopulation(result.population));

  for (int generation = 1; generation <= settings.generations; ++generation) {
    if (cancel && cancel->isCancelled()) {
      result.cancelled = true;
      return result;
    }
    std::vector<Member> parents = rankedPopulation(std::move(result.population));
    parents.resize(static_cast<std::size_t>(parentsSize));
    if (parents.front().accuracy > result.best.accuracy) result.best = parents.front();

    children.clear();
    for (int i = 0; i < mutations; ++i)
      children.push_back(evolution.mutateSample(parents[evolution.parentIndex(parentsSize)].arch));
    for (int i = 0; i < settings.populationSize - mutations; ++i) {
      const ArchConfig& first = parents[evolution.parentIndex(parentsSize)].arch;
      const ArchConfig& second = parents[evolution.parentIndex(parentsSize)].arch;
      children.push_back(evolution.crossoverSample(first, second));
    }
    result.population = std::move(parents);
    for (Member& m : scored(std::move(children), accuracy, generation))
      result.population.push_back(std::move(m));
    if (onGeneration) onGeneration(generation, rankedPopulation(result.population));
  }
  return result;
}

}  // namespace posescope::search
