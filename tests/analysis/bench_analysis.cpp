// Benchmark (not a test): the keypoint error analysis and the paired bootstrap on the generated
// 5,000-image set (~15,000 results), and, given the CLI, `--help`, `metrics` and `analyze` end to
// end.
// Usage: analysis_benchmark [OUTDIR] [--threads N] [--cli PATH/posescope-cli]

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "analysis/image_ranking.h"
#include "analysis/keypoint_analysis.h"
#include "analysis/paired_bootstrap.h"
#include "analysis/resampled_metrics.h"
#include "analysis/triage.h"
#include "eval/bench_data.h"
#include "eval/ground_truth.h"
#include "eval/results_io.h"

namespace {

double seconds(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace posescope;
  std::string dir = (std::filesystem::temp_directory_path() / "posescope-eval-bench").string();
  std::string cli;
  int threads = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--threads" && i + 1 < argc) {
      threads = std::atoi(argv[++i]);
    } else if (a == "--cli" && i + 1 < argc) {
      cli = argv[++i];
    } else {
      dir = a;
    }
  }
  const auto [gtPath, dtPath] = benchdata::ensureData(dir);

  const std::clock_t c0 = std::clock();
  const auto t0 = std::chrono::steady_clock::now();
  const auto gt = loadGroundTruth(gtPath);
  const auto results = loadResults(dtPath);
  const auto t1 = std::chrono::steady_clock::now();
  AnalysisOptions options;
  options.threads = threads;
  const KeypointAnalysis analysis =
      analyzeKeypoints(gt, results, analysisParamsFor(EvalVariant::Coco), options);
  const Triage triage = buildTriage(analysis, gt);
  const auto t2 = std::chrono::steady_clock::now();
  const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  std::printf(
      "analysis of %zu results on %zu images: %.3f s wall (JSON loading %.3f s, analysis "
      "and triage %.3f s); CPU time %.3f s\n",
      results.size(), gt.images.size(), seconds(t0, t2), seconds(t0, t1), seconds(t1, t2), cpu);

  // B: the same results with every score halved for half of the images (a different ranking).
  std::vector<KeypointDetection> worse = results;
  for (auto& d : worse) {
    if (d.imageId % 2 == 0) d.score *= 0.5;
  }
  const auto t3 = std::chrono::steady_clock::now();
  const ResampledMetrics a(gt, results, evalParamsFor(EvalVariant::Coco), threads);
  const ResampledMetrics b(gt, worse, evalParamsFor(EvalVariant::Coco), threads);
  BootstrapOptions bootstrap;
  bootstrap.threads = threads;
  const auto comparison = pairedBootstrap(a, b, bootstrap);
  const auto t4 = std::chrono::steady_clock::now();
  std::printf("paired bootstrap, %d resamples: %.3f s; AP B - A %+.4f, 95 %% CI [%+.4f, %+.4f]\n",
              bootstrap.resamples, seconds(t3, t4), comparison.stats[0].delta,
              comparison.stats[0].low, comparison.stats[0].high);

  const auto t5 = std::chrono::steady_clock::now();
  const auto ranked = rankImages(a, ImageOrder::ApLost, threads);
  std::printf("images ranked by AP lost, %zu images: %.3f s; worst image %lld, %+.5f AP\n",
              ranked.size(), seconds(t5, std::chrono::steady_clock::now()),
              static_cast<long long>(ranked.front().imageId), ranked.front().apLost);

  if (!cli.empty()) {
    // Process start included: what a user waits for (through /bin/sh, a millisecond or two).
    const std::string files = " --gt " + gtPath + " --dt " + dtPath;
    const std::pair<const char*, std::string> commands[] = {
        {"posescope-cli --help", cli + " --help > /dev/null"},
        {"posescope-cli metrics", cli + " metrics" + files + " > /dev/null"},
        {"posescope-cli analyze --json", cli + " analyze" + files + " --json > /dev/null"}};
    for (const auto& [name, command] : commands) {
      std::vector<double> runs;
      for (int r = 0; r < 5; ++r) {
        const auto s0 = std::chrono::steady_clock::now();
        if (std::system(command.c_str()) != 0) {
          std::fprintf(stderr, "failed: %s\n", command.c_str());
          return 1;
        }
        runs.push_back(seconds(s0, std::chrono::steady_clock::now()));
      }
      std::sort(runs.begin(), runs.end());
      std::printf("%s, end to end: median %.3f s of 5 (min %.3f, max %.3f)\n", name, runs[2],
                  runs[0], runs[4]);
    }
  }
  std::printf("data: %s %s\n", gtPath.c_str(), dtPath.c_str());
  return 0;
}
