// Embedding a trained sub-network into a supernet (posescope-cli embed): extraction gives the
// weights back, and every sub-network that contains the embedded one (wider, deeper, a larger
// expansion) computes what the embedded network computes.

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <iterator>

#include <torch/csrc/autograd/grad_mode.h>

#include "checkpoint/checkpoint_reader.h"
#include "common/errors.h"
#include "config/experiment.h"
#include "models/pose_net.h"
#include "models/subnet_embedding.h"
#include "models/subnet_extraction.h"
#include "test_support.h"

using namespace posescope;

namespace {

// The demo supernet made wider and deeper than the demo model, so that extra channels, blocks
// and hidden channels all exist around the embedded demo network.
const std::vector<std::string> kLargerSupernet = {
    "MODEL.EXTRA.SUPERNET_INPUT_CHANNEL",  "24",
    "MODEL.EXTRA.SUPERNET_STAGE_CHANNELS", "[32, 48, 64, 80]",
    "MODEL.EXTRA.SUPERNET_STAGE_BLOCKS",   "[3, 4, 4, 3]",
    "MODEL.EXTRA.SEARCH_STAGE_BLOCKS",     "[3, 4, 4, 3]",
    "MODEL.EXTRA.NUM_DECONV_FILTERS",      "[40, 32, 24]"};

// Wider than the demo everywhere, one block more per stage, expansion 6 where the demo has 4.
const char* const kContainingArch = R"({
  "img_size": 128, "input_channel": 24, "deconv_setting": [40, 32, 24],
  "backbone_setting": [
    {"num_blocks": 3, "stride": 2, "channel": 32, "block_setting": [[6, 7], [6, 7], [6, 7]]},
    {"num_blocks": 4, "stride": 2, "channel": 48,
     "block_setting": [[6, 7], [6, 7], [6, 7], [6, 7]]},
    {"num_blocks": 4, "stride": 2, "channel": 64,
     "block_setting": [[6, 7], [6, 7], [6, 7], [6, 7]]},
    {"num_blocks": 3, "stride": 1, "channel": 80, "block_setting": [[6, 7], [6, 7], [6, 7]]}
  ]})";

Experiment supernetExperiment(const std::string& arch) {
  ExperimentSpec spec;
  spec.cfgFile = test::sourceDir() + "/configs/demo/demo-supernet.yaml";
  spec.archFile = arch;
  spec.overrides = kLargerSupernet;
  return loadExperiment(spec);
}

std::string demoArch() {
  return test::sourceDir() + "/configs/demo/demo-arch.json";
}

std::string demoWeights() {
  return test::sourceDir() + "/resources/demo/demo_litepose.pth";
}

}  // namespace

class TestSubnetEmbedding : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void extractGivesTheEmbeddedWeightsBack() {
    const Experiment superExp = supernetExperiment(demoArch());
    const StateDict demo = readStateDict(demoWeights());
    const StateDict supernet = embedSubnetwork(superExp, demo, demoWeights(), 1);
    const StateDict back = extractSubnetwork(superExp, supernet, "embedded");
    QCOMPARE(back.size(), demo.size());
    for (size_t i = 0; i < demo.size(); ++i) {
      QCOMPARE(back[i].first, demo[i].first);
      QVERIFY2(torch::equal(back[i].second, demo[i].second), demo[i].first.c_str());
    }
  }

  void containingSubnetworksComputeTheEmbeddedNetwork() {
    QTemporaryDir dir;
    const std::string containing = dir.filePath("containing.json").toStdString();
    std::ofstream(containing) << kContainingArch;
    const Experiment embedExp = supernetExperiment(demoArch());
    const StateDict supernet =
        embedSubnetwork(embedExp, readStateDict(demoWeights()), demoWeights(), 1);

    const Experiment demoExp = subnetworkExperiment(embedExp);
    auto demo = createPoseNet(demoExp);
    loadStateDictStrict(demo->module(), readStateDict(demoWeights()), demoWeights());
    auto super = createPoseNet(supernetExperiment(containing));
    loadStateDictStrict(super->module(), supernet, "embedded");
    demo->module().eval();
    super->module().eval();

    torch::NoGradGuard noGrad;
    torch::manual_seed(2);
    const torch::Tensor x = torch::rand({1, 3, 128, 128});
    const auto expected = demo->forward(x);
    const auto actual = super->forward(x);
    QCOMPARE(actual.size(), expected.size());
    double diff = 0, scale = 0;
    for (size_t k = 0; k < expected.size(); ++k) {
      diff = std::max(diff, (actual[k] - expected[k]).abs().max().item<double>());
      scale = std::max(scale, expected[k].abs().max().item<double>());
    }
    qInfo("containing sub-network vs the demo model: max abs diff %.3g (outputs up to %.3g)", diff,
          scale);
    QVERIFY(scale > 0.1);  // the outputs are not trivially zero
    QVERIFY2(diff <= 1e-4, qPrintable(QString::number(diff)));

    // A fresh supernet (no embedding) computes something else: the check above can fail.
    torch::manual_seed(1);
    auto fresh = createPoseNet(supernetExperiment(containing));
    fresh->module().eval();
    QVERIFY((fresh->forward(x)[0] - expected[0]).abs().max().item<double>() > 1e-2);
  }

  void refusesSmallerKernelsNamingTheBlock() {
    QTemporaryDir dir;
    const std::string arch = dir.filePath("k5.json").toStdString();
    std::ifstream in(demoArch());
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    text.replace(text.find("[4, 7]"), 6, "[4, 5]");
    std::ofstream(arch) << text;
    try {
      embedSubnetwork(supernetExperiment(arch), readStateDict(demoWeights()), demoWeights(), 1);
      QFAIL("expected an error");
    } catch (const ModelError& e) {
      QVERIFY2(QString(e.what()).contains(QString::fromStdString(arch) +
                                          ": backbone_setting[0].block_setting[0] has kernel 5"),
               e.what());
    }
  }

  void refusesWeightsOfAnotherArchNamingTheFile() {
    const std::string tiny = test::sourceDir() + "/resources/demo/demo_litepose_tiny.pth";
    try {
      embedSubnetwork(supernetExperiment(demoArch()), readStateDict(tiny), tiny, 1);
      QFAIL("expected an error");
    } catch (const CheckpointError& e) {
      QVERIFY2(QString(e.what()).contains("demo_litepose_tiny.pth"), e.what());
    }
  }
};

QTEST_GUILESS_MAIN(TestSubnetEmbedding)
#include "tst_subnet_embedding.moc"
