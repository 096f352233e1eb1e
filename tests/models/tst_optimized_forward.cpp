// The optimised forward's graphs (models/optimized_pose_net.h) on the demo network: one graph per
// size class, compiled once however many threads ask for it, and every input it serves computed
// as the eager network computes it.

#include <QtTest>

#include <thread>

#include <c10/core/InferenceMode.h>

#include "checkpoint/checkpoint_reader.h"
#include "config/experiment.h"
#include "models/optimized_pose_net.h"
#include "models/pose_net.h"
#include "test_support.h"

using namespace posescope;

namespace {

// Float rounding, as the graph's own check allows it (3.6e-7 measured on LitePose-XS).
constexpr double kTolerance = 1e-4;

std::shared_ptr<PoseNet> demoNetwork() {
  ExperimentSpec spec;
  spec.cfgFile = test::sourceDir() + "/configs/demo/demo.yaml";
  spec.archFile = test::sourceDir() + "/configs/demo/demo-arch.json";
  const std::string weights = test::sourceDir() + "/resources/demo/demo_litepose.pth";
  std::shared_ptr<PoseNet> net = createPoseNet(loadExperiment(spec));
  loadStateDictStrict(net->module(), readStateDict(weights), weights);
  net->module().eval();
  net->foldBatchNormsForEvaluation();
  return net;
}

torch::Tensor imageOf(int64_t height, int64_t width, uint64_t seed) {
  return torch::randn({2, 3, height, width},
                      at::detail::createCPUGenerator(static_cast<int64_t>(seed)));
}

double largestDifference(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b) {
  if (a.size() != b.size()) return std::numeric_limits<double>::infinity();
  double worst = 0;
  for (size_t k = 0; k < a.size(); ++k) {
    if (a[k].sizes() != b[k].sizes()) return std::numeric_limits<double>::infinity();
    worst = std::max(worst, (a[k] - b[k]).abs().max().item<double>());
  }
  return worst;
}

}  // namespace

class TestOptimizedForward : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void oneGraphServesASizeClass() {
    const std::shared_ptr<PoseNet> eager = demoNetwork();
    models::OptimizedPoseNet optimized(eager);
    const c10::InferenceMode inference;
    // 192x224, then 64 rows and 128 columns more: both 0 and 32 modulo 64, one graph.
    for (const auto& [height, width] : {std::pair{192, 224}, std::pair{256, 352}}) {
      const torch::Tensor input = imageOf(height, width, 7);
      const double diff = largestDifference(optimized.forward(input), eager->forward(input));
      QVERIFY2(diff <= kTolerance,
               qPrintable(QString("%1x%2: %3").arg(height).arg(width).arg(diff)));
    }
    QVERIFY2(optimized.eagerReason().empty(), optimized.eagerReason().c_str());
    QCOMPARE(optimized.compilations().graphs, 1);
    QCOMPARE(optimized.compilations().sizeClassGraphs, 1);

    // 32 columns fewer: another size class, another graph, computed as eagerly.
    const torch::Tensor other = imageOf(192, 192, 8);
    QVERIFY(largestDifference(optimized.forward(other), eager->forward(other)) <= kTolerance);
    QCOMPARE(optimized.compilations().graphs, 2);
  }

  void anInputSmallerThanTheClassProbesGetsItsOwnGraph() {
    const std::shared_ptr<PoseNet> eager = demoNetwork();
    models::OptimizedPoseNet optimized(eager);
    const c10::InferenceMode inference;
    // 64x96: the larger probe (128x160) is not smaller, so it is traced at its own shape.
    const torch::Tensor input = imageOf(64, 96, 9);
    QVERIFY(largestDifference(optimized.forward(input), eager->forward(input)) <= kTolerance);
    QCOMPARE(optimized.compilations().graphs, 1);
    QCOMPARE(optimized.compilations().sizeClassGraphs, 0);
    const torch::Tensor wider = imageOf(64, 160, 10);  // same class, not the same shape
    QVERIFY(largestDifference(optimized.forward(wider), eager->forward(wider)) <= kTolerance);
    QCOMPARE(optimized.compilations().graphs, 2);
  }

  // An evaluation's CPU replicas share one OptimizedPoseNet: threads that meet a new shape
  // together wait for one compilation, and each gets what a lone caller gets.
  void threadsShareOneCompilation() {
    const std::shared_ptr<PoseNet> eager = demoNetwork();
    models::OptimizedPoseNet optimized(eager);
    constexpr int kThreads = 4;
    std::vector<torch::Tensor> inputs;
    for (int t = 0; t < kThreads; ++t) inputs.push_back(imageOf(128, 160, 20 + t));
    std::vector<std::vector<torch::Tensor>> outputs(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&, t] {
        const c10::InferenceMode inference;
        outputs[t] = optimized.forward(inputs[t]);
      });
    for (std::thread& thread : threads) thread.join();
    QCOMPARE(optimized.compilations().graphs, 1);
    const c10::InferenceMode inference;
    for (int t = 0; t < kThreads; ++t) {
      QVERIFY(largestDifference(outputs[t], eager->forward(inputs[t])) <= kTolerance);
      QCOMPARE(largestDifference(outputs[t], optimized.forward(inputs[t])), 0.0);
    }
  }
};

QTEST_GUILESS_MAIN(TestOptimizedForward)
#include "tst_optimized_forward.moc"
