// Benchmark (not a test): generates a COCO-like ground truth of 5,000 images with ~15,000
// keypoint results, writes both as JSON, then times loading and evaluating them.
// Usage: eval_benchmark [OUTDIR] [--threads N] [--repeat R]

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <string>

#include <nlohmann/json.hpp>

#include "bench_data.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/metric_table.h"
#include "eval/results_io.h"

int main(int argc, char** argv) {
  std::string dir = (std::filesystem::temp_directory_path() / "posescope-eval-bench").string();
  int threads = 0, repeat = 3;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--threads" && i + 1 < argc) {
      threads = std::atoi(argv[++i]);
    } else if (a == "--repeat" && i + 1 < argc) {
      repeat = std::atoi(argv[++i]);
    } else {
      dir = a;
    }
  }
  const auto [gtPath, dtPath] = benchdata::ensureData(dir);
  posescope::EvalOptions options;
  options.threads = threads;
  for (int r = 0; r < repeat; ++r) {
    const std::clock_t c0 = std::clock();
    const auto t0 = std::chrono::steady_clock::now();
    const auto gt = posescope::loadGroundTruth(gtPath);
    const auto t1 = std::chrono::steady_clock::now();
    const auto dets = posescope::loadResults(dtPath);
    const auto t2 = std::chrono::steady_clock::now();
    const auto summary =
        posescope::evaluateKeypoints(gt, dets, posescope::EvalVariant::Coco, options);
    const auto t3 = std::chrono::steady_clock::now();
    auto s = [](auto a, auto b) { return std::chrono::duration<double>(b - a).count(); };
    const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    std::printf(
        "%zu images, %zu people, %zu results: %.3f s (gt %.3f, results %.3f, eval %.3f); "
        "CPU time %.3f s\n",
        gt.images.size(), gt.annotations.size(), dets.size(), s(t0, t3), s(t0, t1), s(t1, t2),
        s(t2, t3), cpu);
    if (r == repeat - 1) std::cout << posescope::formatMarkdownTable(summary.table, "bench");
  }
  std::cout << "data: " << gtPath << " " << dtPath << "\n";
  return 0;
}
