// The network forward alone, eager against optimised (models/optimized_pose_net.h), on one thread:
// per forward of a 2x3xHxW batch (an image and its flip, as valid.py's flip test), wall and thread
// CPU time, the two interleaved so a busy machine slows both alike. Not a test.
//   bench_forward CFG ARCH CHECKPOINT [HEIGHT WIDTH [ROUNDS]]
// ARCH may be "" (no arch file); CHECKPOINT "" runs seeded random weights.

#include <ATen/Parallel.h>
#include <time.h>
#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "checkpoint/checkpoint_reader.h"
#include "config/experiment.h"
#include "models/optimized_pose_net.h"
#include "models/pose_net.h"

using namespace posescope;

namespace {

double threadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

struct Times {
  std::vector<double> wall, cpu;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: bench_forward CFG ARCH CHECKPOINT [HEIGHT WIDTH [ROUNDS]]\n");
    return 2;
  }
  const int64_t height = argc > 5 ? std::atoll(argv[4]) : 256;
  const int64_t width = argc > 5 ? std::atoll(argv[5]) : 352;
  const int rounds = argc > 6 ? std::atoi(argv[6]) : 20;
  at::set_num_threads(1);
  ExperimentSpec spec;
  spec.cfgFile = argv[1];
  spec.archFile = argv[2];
  const Experiment experiment = loadExperiment(spec);
  torch::manual_seed(0);
  std::shared_ptr<PoseNet> eager = createPoseNet(experiment);
  if (std::string(argv[3]).size() > 0)
    loadStateDictStrict(eager->module(), readStateDict(argv[3]), argv[3]);
  eager->module().eval();
  const int folded = eager->foldBatchNormsForEvaluation();
  models::OptimizedPoseNet optimized(eager);

  c10::InferenceMode inference;
  const torch::Tensor input = torch::randn({2, 3, height, width});
  auto compileStart = std::chrono::steady_clock::now();
  optimized.forward(input);  // traces, optimises and checks the graph
  const double compileSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - compileStart).count();
  for (int i = 0; i < 2; ++i) eager->forward(input);

  Times eagerTimes, optimizedTimes;
  auto time = [&](PoseNet& net, Times& into) {
    const auto start = std::chrono::steady_clock::now();
    const double cpuStart = threadCpuSeconds();
    net.forward(input);
    into.cpu.push_back(threadCpuSeconds() - cpuStart);
    into.wall.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  };
  for (int r = 0; r < rounds; ++r) {
    time(*eager, eagerTimes);
    time(optimized, optimizedTimes);
  }
  std::printf("%s, input 2x3x%lldx%lld, 1 thread, %d BatchNorms folded, %d rounds\n",
              eager->name().c_str(), static_cast<long long>(height), static_cast<long long>(width),
              folded, rounds);
  std::printf("eager forward      median %7.1f ms wall, %7.1f ms CPU\n",
              1000 * median(eagerTimes.wall), 1000 * median(eagerTimes.cpu));
  const std::string reason = optimized.eagerReason();
  std::printf(
      "optimised forward  median %7.1f ms wall, %7.1f ms CPU (%s; compiled and checked "
      "in %.2f s)\n",
      1000 * median(optimizedTimes.wall), 1000 * median(optimizedTimes.cpu),
      reason.empty() ? "used" : ("not used: " + reason).c_str(), compileSeconds);
  std::printf("optimised against eager: %.2fx (wall), %.2fx (CPU)\n",
              median(eagerTimes.wall) / median(optimizedTimes.wall),
              median(eagerTimes.cpu) / median(optimizedTimes.cpu));
  return 0;
}
