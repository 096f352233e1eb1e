// Benchmark (not a test): loads the generated 5,000-image ground truth and results files into
// the eval structs with core/eval's hand-written pull reader and with simdjson's On-Demand API
// (tests/eval/simdjson_loaders.cpp, same fields, same checks), checks both give identical
// structs, and prints the median wall and CPU time of each over R interleaved runs.
// Usage: json_loader_benchmark [OUTDIR] [--repeat R]

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "bench_data.h"
#include "eval/ground_truth.h"
#include "eval/results_io.h"
#include "simdjson_loaders.h"

namespace {

struct Timing {
  std::vector<double> wallMs, cpuMs;
  void add(const std::function<void()>& f) {
    const std::clock_t c0 = std::clock();
    const auto t0 = std::chrono::steady_clock::now();
    f();
    const auto t1 = std::chrono::steady_clock::now();
    wallMs.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    cpuMs.push_back(1000.0 * static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC);
  }
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

bool sameGt(const posescope::KeypointGroundTruth& a, const posescope::KeypointGroundTruth& b) {
  if (a.images.size() != b.images.size() || a.annotations.size() != b.annotations.size() ||
      a.categories.size() != b.categories.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.images.size(); ++i) {
    const auto &x = a.images[i], &y = b.images[i];
    if (x.id != y.id || x.fileName != y.fileName || x.width != y.width || x.height != y.height ||
        x.crowdIndex != y.crowdIndex) {
      return false;
    }
  }
  for (std::size_t i = 0; i < a.annotations.size(); ++i) {
    const auto &x = a.annotations[i], &y = b.annotations[i];
    if (x.id != y.id || x.imageId != y.imageId || x.categoryId != y.categoryId ||
        x.keypoints != y.keypoints || x.bbox != y.bbox || x.area != y.area ||
        x.numKeypoints != y.numKeypoints || x.isCrowd != y.isCrowd) {
      return false;
    }
  }
  for (std::size_t i = 0; i < a.categories.size(); ++i) {
    const auto &x = a.categories[i], &y = b.categories[i];
    if (x.id != y.id || x.name != y.name || x.keypoints != y.keypoints) return false;
  }
  return true;
}

bool sameResults(const std::vector<posescope::KeypointDetection>& a,
                 const std::vector<posescope::KeypointDetection>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].imageId != b[i].imageId || a[i].categoryId != b[i].categoryId ||
        a[i].keypoints != b[i].keypoints || a[i].score != b[i].score || a[i].area != b[i].area) {
      return false;
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = (std::filesystem::temp_directory_path() / "posescope-eval-bench").string();
  int repeat = 9;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--repeat" && i + 1 < argc) {
      repeat = std::max(1, std::atoi(argv[++i]));
    } else {
      dir = a;
    }
  }
  const auto [gtPath, dtPath] = benchdata::ensureData(dir);
  const double gtMb = static_cast<double>(std::filesystem::file_size(gtPath)) / 1e6;
  const double dtMb = static_cast<double>(std::filesystem::file_size(dtPath)) / 1e6;

  // Same structs from both readers, or the timings compare different work.
  const auto gtA = posescope::loadGroundTruth(gtPath);
  const auto gtB = simdjsonloaders::loadGroundTruth(gtPath);
  const auto dtA = posescope::loadResults(dtPath);
  const auto dtB = simdjsonloaders::loadResults(dtPath);
  if (!sameGt(gtA, gtB) || !sameResults(dtA, dtB)) {
    std::fprintf(stderr, "the two readers disagree\n");
    return 1;
  }
  std::printf("ground truth %s: %.1f MB, %zu images, %zu people\n", gtPath.c_str(), gtMb,
              gtA.images.size(), gtA.annotations.size());
  std::printf("results %s: %.1f MB, %zu results\n", dtPath.c_str(), dtMb, dtA.size());

  // Interleaved, so that a change in the machine's load falls on both readers alike.
  Timing handGt, handDt, simdGt, simdDt;
  for (int r = 0; r < repeat; ++r) {
    handGt.add([&] { (void)posescope::loadGroundTruth(gtPath); });
    simdGt.add([&] { (void)simdjsonloaders::loadGroundTruth(gtPath); });
    handDt.add([&] { (void)posescope::loadResults(dtPath); });
    simdDt.add([&] { (void)simdjsonloaders::loadResults(dtPath); });
  }
  std::printf("median of %d runs, file to structs (wall ms / CPU ms / MB/s of wall):\n", repeat);
  auto row = [&](const char* name, const Timing& gt, const Timing& dt) {
    const double gw = median(gt.wallMs), dw = median(dt.wallMs);
    std::printf("  %-22s gt %7.1f / %7.1f / %6.0f   results %7.1f / %7.1f / %6.0f   both %7.1f\n",
                name, gw, median(gt.cpuMs), gtMb / gw * 1e3, dw, median(dt.cpuMs), dtMb / dw * 1e3,
                gw + dw);
  };
  row("hand-written reader", handGt, handDt);
  row("simdjson On-Demand", simdGt, simdDt);
  std::printf("hand-written / simdjson wall time: gt %.2f, results %.2f\n",
              median(handGt.wallMs) / median(simdGt.wallMs),
              median(handDt.wallMs) / median(simdDt.wallMs));
  return 0;
}
