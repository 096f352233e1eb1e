// posescope-cli bench: images per second and the per-stage split of an evaluation.

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <numeric>

#include "bench_sweep.h"
#include "commands.h"
#include "common/errors.h"
#include "data/keypoint_dataset.h"
#include "experiment_args.h"
#include "pipeline/evaluator.h"

namespace posescope::cli {

namespace {

// `raw` without the given flags and value options (with their values).
Args withoutOptions(const Args& raw, const std::vector<std::string>& flags,
                    const std::vector<std::string>& valueOptions) {
  Args kept;
  for (size_t i = 0; i < raw.size(); ++i) {
    if (std::find(flags.begin(), flags.end(), raw[i]) != flags.end()) continue;
    if (std::find(valueOptions.begin(), valueOptions.end(), raw[i]) != valueOptions.end()) {
      ++i;
      continue;
    }
    kept.push_back(raw[i]);
  }
  return kept;
}

}  // namespace

int runBench(const ParsedArgs& args) {
  const auto processStart = std::chrono::steady_clock::now();
  if (args.has("--sweep")) {
    const long runs = args.getInt("--sweep-runs");
    if (runs < 1) throw UsageError{"--sweep-runs must be 1 or more"};
    if (args.has("--threads")) throw UsageError{"--sweep times every --threads itself"};
    return runBenchSweep(withoutOptions(args.raw, {"--sweep"}, {"--sweep-runs"}),
                         static_cast<int>(runs));
  }
  const long images = args.getInt("--images");
  const long repeat = args.getInt("--repeat");
  if (images < 1 || repeat < 1) throw UsageError{"--images and --repeat must be 1 or more"};
  const Experiment experiment = loadExperiment(experimentSpecFrom(args));
  printWarnings(experiment);

  EvaluatorOptions options;
  options.device = args.get("--device", "auto");
  options.torchThreads = static_cast<int>(args.getInt("--threads", 0));
  options.randomWeights = args.has("--random-weights");
  options.foldBatchNorm = !args.has("--no-fold-bn");
  options.optimizedForward = !args.has("--exact");
  options.computeMetrics = false;
  const ConfigNode& cfg = experiment.cfg;
  const KeypointDataset dataset(datasetKindFromName(cfg.getString("DATASET.DATASET_TEST")),
                                cfg.getString("DATASET.ROOT"), cfg.getString("DATASET.TEST"));
  const size_t n = std::min<size_t>(static_cast<size_t>(images), dataset.size());
  if (n == 0) throw DatasetError(dataset.annotationFile() + " lists no image: nothing to time");
  for (long r = 0; r < repeat; ++r)
    for (size_t i = 0; i < n; ++i) options.subset.push_back(i);
  Evaluator runner(experiment, options);
  const auto runStart = std::chrono::steady_clock::now();
  const EvaluationResult result = runner.run();
  const double runSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - runStart).count();
  const double wallSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - processStart).count();

  const size_t count = result.records.size();
  std::vector<double> sums(stageNames().size(), 0.0);
  for (const auto& r : result.records)
    for (size_t s = 0; s < sums.size(); ++s) sums[s] += stageValue(r.times, s);
  const double total = std::accumulate(sums.begin(), sums.end(), 0.0);
  std::cout << std::fixed << std::setprecision(2);
  std::cout << "model " << result.summary.modelName << " (" << result.summary.archName
            << "), device " << result.summary.device << "\n";
  std::cout << count << " images (" << n << " x " << repeat << ") in " << runSeconds
            << " s: " << count / runSeconds << " images/s; process wall " << wallSeconds
            << " s (start, model build and checkpoint load included)\n";
  std::cout << "stage         mean ms   share\n";
  for (size_t s = 0; s < sums.size(); ++s) {
    std::cout << std::left << std::setw(12) << stageNames()[s] << std::right << std::setw(9)
              << sums[s] / count << std::setw(7) << std::setprecision(1)
              << (total > 0 ? 100.0 * sums[s] / total : 0) << "%" << std::setprecision(2) << "\n";
  }
  const double outside = total - sums[2];
  std::cout << "outside the network forward: " << std::setprecision(1)
            << (total > 0 ? 100.0 * outside / total : 0) << "% of stage time\n";
  return result.summary.imagesFailed > 0 ? kFailed : kOk;
}

}  // namespace posescope::cli
