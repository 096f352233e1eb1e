// Sub-network extraction from a supernet (weight_transfer.py): the extract computes exactly what
// the supernet computes for the arch, for every kernel size; with the parity data, it equals the
// reference's own extract tensor for tensor and its golden outputs (BatchNorms apart and folded)
// within the float noise measured below.

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include <torch/csrc/autograd/grad_mode.h>

#include "checkpoint/checkpoint_reader.h"
#include "common/errors.h"
#include "config/experiment.h"
#include "models/pose_net.h"
#include "models/subnet_extraction.h"
#include "random_weights.h"
#include "test_support.h"

using namespace posescope;
using posescope::test::randomise;
using posescope::test::stateOf;

namespace {

// A sub-network with every kernel size and several expansions, inside the search space.
const char* const kMixedArch = R"({
  "img_size": 256, "input_channel": 16, "deconv_setting": [48, 40, 24],
  "backbone_setting": [
    {"num_blocks": 2, "stride": 2, "channel": 16, "block_setting": [[6, 7], [4, 5]]},
    {"num_blocks": 3, "stride": 2, "channel": 32, "block_setting": [[6, 3], [3, 5], [6, 7]]},
    {"num_blocks": 2, "stride": 2, "channel": 48, "block_setting": [[4, 3], [6, 5]]},
    {"num_blocks": 2, "stride": 1, "channel": 80, "block_setting": [[6, 7], [2, 3]]}
  ]})";

// Against the reference's golden outputs: the largest max abs difference measured over
// OMP_NUM_THREADS 1-8, 12 and 16 (2026-12-02, 2-core AMD EPYC, AVX2, OpenBLAS) is 1.79e-7 with
// the BatchNorms apart and 2.38e-7 folded; the tolerances are about 1.7x that, room for the order
// of float sums only.
constexpr double kExtractTolerance = 3e-7;
constexpr double kFoldedExtractTolerance = 4e-7;

Experiment supernetExperiment(const std::string& cfg, const std::string& arch) {
  ExperimentSpec spec;
  spec.cfgFile = cfg;
  spec.archFile = arch;
  return loadExperiment(spec);
}

double maxDifference(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b) {
  double diff = 0;
  for (size_t k = 0; k < a.size(); ++k)
    diff = std::max(diff, (a[k] - b[k]).abs().max().item<double>());
  return diff;
}

}  // namespace

class TestSubnetExtraction : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void extractComputesWhatTheSupernetComputes() {
    QTemporaryDir dir;
    const std::string arch = dir.filePath("mixed.json").toStdString();
    std::ofstream(arch) << kMixedArch;
    const Experiment superExp = supernetExperiment(
        test::sourceDir() + "/configs/crowd_pose/mobilenet/supermobile.yaml", arch);
    torch::manual_seed(3);
    auto super = createPoseNet(superExp);
    randomise(super->module());
    super->module().eval();
    const StateDict extracted = extractSubnetwork(superExp, stateOf(super->module()), "random");

    auto sub = createPoseNet(subnetworkExperiment(superExp));
    QCOMPARE(sub->name(), std::string("pose_mobilenet"));
    loadStateDictStrict(sub->module(), extracted, "extract");  // every key, every shape
    sub->module().eval();
    torch::NoGradGuard noGrad;
    const torch::Tensor x = torch::rand({1, 3, 128, 128});
    const auto a = super->forward(x);
    const auto b = sub->forward(x);
    QCOMPARE(a.size(), b.size());
    const double diff = maxDifference(a, b);
    qInfo("supernet vs extract, kernels 3/5/7: max abs diff %.3g", diff);
    // Exact: the extract runs the supernet's own convolutions on the same kernels (measured 0 at
    // every thread count, 2026-12-02, 2-core AMD EPYC, AVX2).
    QVERIFY2(diff == 0, qPrintable(QString::number(diff)));
  }

  void refusesWhatIsNotASupernet() {
    const Experiment lite =
        supernetExperiment(test::sourceDir() + "/configs/crowd_pose/mobilenet/mobile.yaml",
                           test::sourceDir() + "/configs/arch/search-M.json");
    try {
      extractSubnetwork(lite, {}, "x.pth");
      QFAIL("expected an error");
    } catch (const ModelError& e) {
      QVERIFY2(QString(e.what()).contains("pose_supermobilenet"), e.what());
    }
  }

  // The reference's weight_transfer on the parity supernet (search-M: every kernel is 7x7).
  void equalsTheReferenceExtract() {
    POSESCOPE_REQUIRE_PARITY(parity);
    const Experiment superExp =
        supernetExperiment(parity + "/configs/crowd_pose/mobilenet/supermobile.yaml",
                           parity + "/configs/arch/search-M.json");
    const std::string checkpoint = parity + "/models/supernet_m_crowdpose.pth";
    const StateDict extracted = extractSubnetwork(superExp, readStateDict(checkpoint), checkpoint);
    const StateDict reference =
        readStateDict(parity + "/search/supernet_m_crowdpose.to_search-M.pth");
    QCOMPARE(extracted.size(), reference.size());
    for (size_t i = 0; i < reference.size(); ++i) {
      QCOMPARE(extracted[i].first, reference[i].first);
      QCOMPARE(extracted[i].second.sizes().vec(), reference[i].second.sizes().vec());
      QVERIFY2(torch::equal(extracted[i].second, reference[i].second), reference[i].first.c_str());
    }

    auto sub = createPoseNet(subnetworkExperiment(superExp));
    loadStateDictStrict(sub->module(), extracted, "extract");
    sub->module().eval();
    const StateDict io = readTensorDict(parity + "/search/supernet_m_crowdpose.to_search-M.io.pth");
    torch::Tensor input;
    std::vector<torch::Tensor> expected(2);
    for (const auto& [key, tensor] : io) {
      if (key == "input") input = tensor;
      if (key == "output0") expected[0] = tensor;
      if (key == "output1") expected[1] = tensor;
    }
    QVERIFY(input.defined() && expected[0].defined() && expected[1].defined());
    torch::NoGradGuard noGrad;
    const double diff = maxDifference(sub->forward(input), expected);
    qInfo("extract vs the reference's golden outputs: max abs diff %.3g (tolerance %.2g)", diff,
          kExtractTolerance);
    QVERIFY2(diff <= kExtractTolerance, qPrintable(QString::number(diff)));
    // As eval runs it by default: BatchNorms folded into their convolutions.
    const int folded = sub->foldBatchNormsForEvaluation();
    QVERIFY(folded > 0);
    const double foldedDiff = maxDifference(sub->forward(input), expected);
    qInfo(
        "extract with %d BatchNorms folded vs the golden outputs: max abs diff %.3g "
        "(tolerance %.2g)",
        folded, foldedDiff, kFoldedExtractTolerance);
    QVERIFY2(foldedDiff <= kFoldedExtractTolerance, qPrintable(QString::number(foldedDiff)));
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestSubnetExtraction)
#include "tst_subnet_extraction.moc"
