// Native networks without parity data: every registered model builds from the repository's
// configs with the output shapes the config implies; errors for unknown names, bad settings and
// mismatched checkpoints; the supernet's slicing against a LitePose built from the same arch;
// summaries and FP16 conversion.

#include <QDir>
#include <QTemporaryDir>

#include <torch/csrc/autograd/grad_mode.h>

#include "checkpoint/checkpoint_reader.h"
#include "checkpoint/state_dict_writer.h"
#include "common/errors.h"
#include "config/experiment.h"
#include "models/batchnorm_calibration.h"
#include "models/layers.h"
#include "models/native_net.h"
#include "models/pose_net.h"

#include <QtTest>

#include "random_weights.h"
#include "test_support.h"

using namespace posescope;
using posescope::test::randomise;
using posescope::test::stateOf;

namespace {

Experiment repoExperiment(const std::string& cfg, const std::string& arch,
                          std::vector<std::string> overrides = {}) {
  ExperimentSpec spec;
  spec.cfgFile = test::sourceDir() + "/configs/" + cfg;
  if (!arch.empty()) spec.archFile = test::sourceDir() + "/configs/" + arch;
  spec.overrides = std::move(overrides);
  return loadExperiment(spec);
}

}  // namespace

class TestModels : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void buildsFromRepoConfigs_data();
  void buildsFromRepoConfigs();
  void unknownModelNameListsKnownNames();
  void unsupportedDeconvKernelNamesKey();
  void supernetRefusesArchOutsideSearchSpace();
  void mismatchedArchRefusesCheckpoint();
  void supernetMatchesLitePoseOfSameArch();
  void summaryCountsEveryLayer();
  void fp16KeepsBatchNormFloat();
  void foldedBatchNormsKeepOutputsStateAndSummary_data();
  void foldedBatchNormsKeepOutputsStateAndSummary();
  void recalibrationChangesOnlyBatchNormStatistics();
};

void TestModels::initTestCase() {
  if (test::sourceDir().empty() ||
      !QDir(QString::fromStdString(test::sourceDir() + "/configs")).exists())
    QFAIL("POSESCOPE_SOURCE_DIR does not point at the repository (configs/ missing)");
  torch::manual_seed(7);
}

void TestModels::buildsFromRepoConfigs_data() {
  QTest::addColumn<QString>("cfg");
  QTest::addColumn<QString>("arch");
  QTest::addColumn<QString>("name");
  QTest::addColumn<int>("joints");
  QTest::newRow("coco mobile XS") << "coco/mobilenet/mobile.yaml"
                                  << "arch/search-XS.json"
                                  << "pose_mobilenet" << 17;
  QTest::newRow("coco mobile fixed_sample") << "coco/mobilenet/mobile.yaml"
                                            << ""
                                            << "pose_mobilenet" << 17;
  QTest::newRow("crowdpose mobile L") << "crowd_pose/mobilenet/mobile.yaml"
                                      << "arch/search-L.json"
                                      << "pose_mobilenet" << 14;
  QTest::newRow("coco supernet S") << "coco/mobilenet/supermobile.yaml"
                                   << "arch/search-S.json"
                                   << "pose_supermobilenet" << 17;
  QTest::newRow("crowdpose supernet fixed_sample") << "crowd_pose/mobilenet/supermobile.yaml"
                                                   << ""
                                                   << "pose_supermobilenet" << 14;
  QTest::newRow("crowdpose simplenet") << "crowd_pose/simplenet/simplenet.yaml"
                                       << ""
                                       << "pose_simplenet" << 14;
  QTest::newRow("crowdpose hrnet w16") << "crowd_pose/higher_hrnet/w16_512_adam_lr1e-3.yaml"
                                       << ""
                                       << "pose_higher_hrnet" << 14;
  QTest::newRow("coco hrnet w32") << "coco/higher_hrnet/w32_512_adam_lr1e-3.yaml"
                                  << ""
                                  << "pose_higher_hrnet" << 17;
}

void TestModels::buildsFromRepoConfigs() {
  QFETCH(QString, cfg);
  QFETCH(QString, arch);
  QFETCH(QString, name);
  QFETCH(int, joints);
  const Experiment e = repoExperiment(cfg.toStdString(), arch.toStdString());
  auto net = createPoseNet(e);
  QCOMPARE(QString::fromStdString(net->name()), name);
  QVERIFY(std::find(knownModelNames().begin(), knownModelNames().end(), name.toStdString()) !=
          knownModelNames().end());

  // Two output stages: heatmaps + per-joint tags at 1/4, heatmaps at 1/2 (WITH_AE_LOSS True,
  // False in these configs), for an input that is not square.
  QCOMPARE(e.cfg.getInt("MODEL.NUM_JOINTS"), joints);
  torch::NoGradGuard noGrad;
  const auto outputs = net->forward(torch::rand({1, 3, 128, 192}));
  QCOMPARE(outputs.size(), size_t{2});
  QCOMPARE(outputs[0].sizes().vec(), (std::vector<int64_t>{1, 2 * joints, 32, 48}));
  QCOMPARE(outputs[1].sizes().vec(), (std::vector<int64_t>{1, joints, 64, 96}));
  QVERIFY(torch::isfinite(outputs[0]).all().item<bool>());
}

void TestModels::unknownModelNameListsKnownNames() {
  const Experiment e =
      repoExperiment("coco/mobilenet/mobile.yaml", "", {"MODEL.NAME", "'pose_resnet'"});
  try {
    createPoseNet(e);
    QFAIL("an unknown MODEL.NAME was accepted");
  } catch (const ModelError& err) {
    const QString msg = err.what();
    QVERIFY2(msg.contains("pose_resnet"), qPrintable(msg));
    for (const char* known :
         {"pose_mobilenet", "pose_supermobilenet", "pose_simplenet", "pose_higher_hrnet"})
      QVERIFY2(msg.contains(known), qPrintable(msg));
  }
}

void TestModels::unsupportedDeconvKernelNamesKey() {
  const Experiment e = repoExperiment("coco/mobilenet/mobile.yaml", "arch/search-XS.json",
                                      {"MODEL.EXTRA.NUM_DECONV_KERNELS", "[5, 4, 4]"});
  QVERIFY_THROWS_EXCEPTION(ModelError, createPoseNet(e));
  try {
    createPoseNet(e);
  } catch (const ModelError& err) {
    QVERIFY2(QString(err.what()).contains("MODEL.EXTRA.NUM_DECONV_KERNELS"), err.what());
  }
}

void TestModels::supernetRefusesArchOutsideSearchSpace() {
  Experiment e = repoExperiment("crowd_pose/mobilenet/supermobile.yaml", "arch/search-M.json");
  e.arch->backbone[2].channel = 128;  // the supernet's third stage has 96 channels
  try {
    createPoseNet(e);
    QFAIL("an arch wider than the supernet was accepted");
  } catch (const ModelError& err) {
    QVERIFY2(QString(err.what()).contains("backbone_setting[2].channel"), err.what());
  }
}

void TestModels::mismatchedArchRefusesCheckpoint() {
  auto xs = createPoseNet(repoExperiment("coco/mobilenet/mobile.yaml", "arch/search-XS.json"));
  auto s = createPoseNet(repoExperiment("coco/mobilenet/mobile.yaml", "arch/search-S.json"));
  const StateDict xsState = stateOf(xs->module());

  // Through a file, as a user's checkpoint arrives.
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const std::string path = dir.filePath("xs.pth").toStdString();
  writeStateDict(path, xsState);
  const StateDict fromFile = readStateDict(path);
  QCOMPARE(fromFile.size(), xsState.size());
  loadStateDictStrict(xs->module(), fromFile, path);  // its own arch accepts it

  try {
    loadStateDictStrict(s->module(), fromFile, path);
    QFAIL("a search-XS checkpoint loaded into a search-S network");
  } catch (const CheckpointError& err) {
    const QString msg = err.what();
    QVERIFY2(msg.contains("xs.pth"), qPrintable(msg));
    QVERIFY2(msg.contains("shape", Qt::CaseInsensitive), qPrintable(msg));
  }
}

void TestModels::supernetMatchesLitePoseOfSameArch() {
  // search-M uses kernel 7 and expansion 6 everywhere, so a LitePose of that arch holds
  // exactly the supernet's leading slices; both must compute the same function.
  auto super =
      createPoseNet(repoExperiment("crowd_pose/mobilenet/supermobile.yaml", "arch/search-M.json"));
  auto lite =
      createPoseNet(repoExperiment("crowd_pose/mobilenet/mobile.yaml", "arch/search-M.json"));
  randomise(super->module());
  const StateDict superState = stateOf(super->module());
  StateDict sliced;
  for (const auto& [key, t] : stateOf(lite->module())) {
    const auto it = std::find_if(superState.begin(), superState.end(),
                                 [&key = key](const auto& kv) { return kv.first == key; });
    QVERIFY2(it != superState.end(), key.c_str());
    torch::Tensor v = it->second;
    QCOMPARE(v.dim(), t.dim());
    for (int64_t d = 0; d < v.dim(); ++d) {
      QVERIFY2(v.size(d) >= t.size(d), key.c_str());
      v = v.narrow(d, 0, t.size(d));
    }
    sliced.emplace_back(key, v.contiguous());
  }
  loadStateDictStrict(lite->module(), sliced, "sliced supernet");

  torch::NoGradGuard noGrad;
  const torch::Tensor x = torch::rand({1, 3, 128, 160});
  const auto a = super->forward(x);
  const auto b = lite->forward(x);
  QCOMPARE(a.size(), b.size());
  for (size_t k = 0; k < a.size(); ++k) {
    QCOMPARE(a[k].sizes().vec(), b[k].sizes().vec());
    const double diff = (a[k] - b[k]).abs().max().item<double>();
    const double scale = b[k].abs().max().item<double>();
    qInfo("output %zu: sliced vs supernet max diff %.3g (scale %.3g)", k, diff, scale);
    // The same convolutions on the same weights: bit for bit.
    QVERIFY2(diff == 0, qPrintable(QString::number(diff)));
  }

  // The active sub-network's parameters are the LitePose's (plus nothing of the transforms).
  const ModelSummary superSummary = summarizeModel(*super, 128, 128);
  const ModelSummary liteSummary = summarizeModel(*lite, 128, 128);
  QCOMPARE(superSummary.activeParameters, liteSummary.totalParameters);
  QVERIFY(superSummary.totalParameters > superSummary.activeParameters);
  QCOMPARE(superSummary.convMultiplyAdds, liteSummary.convMultiplyAdds);
}

void TestModels::summaryCountsEveryLayer() {
  auto net = createPoseNet(repoExperiment("coco/mobilenet/mobile.yaml", "arch/search-XS.json"));
  int64_t params = 0;
  for (const auto& p : net->module().parameters()) params += p.numel();
  const ModelSummary s = summarizeModel(*net, 256, 256);
  QCOMPARE(s.totalParameters, params);
  QCOMPARE(s.activeParameters, params);  // the forward uses every parameter once

  // Per-layer lines are named by state_dict prefixes and add up to the totals.
  int64_t allMacs = 0, layerParams = 0;
  bool sawFirstConv = false;
  for (const auto& l : s.layers) {
    layerParams += l.parameters;
    if (l.name == "first.0.0") {
      sawFirstConv = true;
      // 3x3 stride-2 conv, 3 -> 32 channels, on 256x256: 128*128*32 outputs x 27 MACs each.
      QCOMPARE(l.outputSize, (std::vector<int64_t>{1, 32, 128, 128}));
      QCOMPARE(l.multiplyAdds, int64_t{128} * 128 * 32 * 27);
      QCOMPARE(l.parameters, int64_t{32 * 3 * 3 * 3});
    }
  }
  QVERIFY(sawFirstConv);
  QCOMPARE(layerParams, params);
  for (const auto& l : s.layers) allMacs += l.multiplyAdds;
  QCOMPARE(allMacs, s.ptflopsMultiplyAdds);
  QVERIFY(s.convMultiplyAdds < s.ptflopsMultiplyAdds);

  const std::string text = formatModelSummary(s);
  QVERIFY(text.find("Total Parameters: " + std::to_string(params)) != std::string::npos);
  QVERIFY(text.find("first.0.0") != std::string::npos);
}

void TestModels::fp16KeepsBatchNormFloat() {
  auto net = createPoseNet(repoExperiment("coco/mobilenet/mobile.yaml", "arch/search-XS.json"));
  moveToDevice(*net, torch::Device(torch::kCPU), true);
  int halves = 0;
  for (const auto& m : net->module().named_modules()) {
    const bool isBn = dynamic_cast<models::BatchNorm2dImpl*>(m.value().get()) != nullptr;
    for (const auto& p : m.value()->named_parameters(false)) {
      QCOMPARE(p.value().scalar_type(), isBn ? torch::kFloat : torch::kHalf);
      if (!isBn) ++halves;
    }
    for (const auto& b : m.value()->named_buffers(false)) {
      if (b.key() == "num_batches_tracked")
        QCOMPARE(b.value().scalar_type(), torch::kLong);
      else
        QCOMPARE(b.value().scalar_type(), torch::kFloat);
    }
  }
  QVERIFY(halves > 0);
  // Back to float32 restores every floating tensor.
  moveToDevice(*net, torch::Device(torch::kCPU), false);
  for (const auto& p : net->module().parameters()) QCOMPARE(p.scalar_type(), torch::kFloat);
}

void TestModels::foldedBatchNormsKeepOutputsStateAndSummary_data() {
  QTest::addColumn<QString>("cfg");
  QTest::addColumn<QString>("arch");
  QTest::addColumn<bool>("folds");
  QTest::newRow("litepose") << "coco/mobilenet/mobile.yaml"
                            << "arch/search-XS.json" << true;
  QTest::newRow("simplenet") << "crowd_pose/simplenet/simplenet.yaml"
                             << "" << true;
  QTest::newRow("higher_hrnet") << "crowd_pose/higher_hrnet/w16_512_adam_lr1e-3.yaml"
                                << "" << true;
  // The supernet runs its sequences layer by layer on sliced weights: folding would bypass them.
  QTest::newRow("supernet") << "crowd_pose/mobilenet/supermobile.yaml"
                            << "arch/search-M.json" << false;
}

void TestModels::foldedBatchNormsKeepOutputsStateAndSummary() {
  QFETCH(QString, cfg);
  QFETCH(QString, arch);
  QFETCH(bool, folds);
  auto net = createPoseNet(repoExperiment(cfg.toStdString(), arch.toStdString()));
  randomise(net->module());
  net->module().eval();
  torch::NoGradGuard noGrad;
  const torch::Tensor x = torch::rand({1, 3, 128, 96});
  const auto before = net->forward(x);
  const StateDict stateBefore = stateOf(net->module());
  const ModelSummary summaryBefore = summarizeModel(*net, 128, 128);

  const int folded = net->foldBatchNormsForEvaluation();
  QCOMPARE(folded > 0, folds);
  const auto after = net->forward(x);
  QCOMPARE(after.size(), before.size());
  for (size_t k = 0; k < after.size(); ++k) {
    const double diff = (after[k] - before[k]).abs().max().item<double>();
    const double scale = before[k].abs().max().item<double>();
    qInfo("output %zu: folded vs apart max diff %.3g (scale %.3g)", k, diff, scale);
    // Float rounding of the folded weights: measured at most 1.04e-6 of the output's scale
    // (2026-12-06, the randomised networks here); held at twice that.
    QVERIFY2(diff <= 2e-6 * std::max(1.0, scale), qPrintable(QString::number(diff)));
  }
  const StateDict stateAfter = stateOf(net->module());
  QCOMPARE(stateAfter.size(), stateBefore.size());
  for (size_t i = 0; i < stateAfter.size(); ++i) {
    QCOMPARE(stateAfter[i].first, stateBefore[i].first);
    QVERIFY2(torch::equal(stateAfter[i].second, stateBefore[i].second),
             stateAfter[i].first.c_str());
  }
  const ModelSummary summaryAfter = summarizeModel(*net, 128, 128);
  QCOMPARE(summaryAfter.totalParameters, summaryBefore.totalParameters);
  QCOMPARE(summaryAfter.ptflopsMultiplyAdds, summaryBefore.ptflopsMultiplyAdds);
  QCOMPARE(summaryAfter.layers.size(), summaryBefore.layers.size());
}

void TestModels::recalibrationChangesOnlyBatchNormStatistics() {
  auto net =
      createPoseNet(repoExperiment("crowd_pose/mobilenet/supermobile.yaml", "arch/search-M.json"));
  randomise(net->module());
  net->module().eval();
  torch::NoGradGuard noGrad;
  const StateDict before = stateOf(net->module());

  // No calibration pass: nothing changes.
  { models::BatchNormCalibration calibration(net->module()); }
  StateDict after = stateOf(net->module());
  for (size_t i = 0; i < before.size(); ++i)
    QVERIFY2(torch::equal(after[i].second, before[i].second), before[i].first.c_str());

  // Three passes: the first BatchNorm's running mean is the mean of the three images' batch
  // means of its input (the first convolution's output), its variance the mean of their unbiased
  // variances; parameters and every other kind of buffer are untouched.
  std::vector<torch::Tensor> images;
  for (int i = 0; i < 3; ++i) images.push_back(torch::rand({1, 3, 96, 64}) * (i + 1));
  auto& firstConv = net->module().named_modules()["first.0.0"]->as<models::Conv2dImpl>()->weight;
  torch::Tensor expectedMean = torch::zeros({firstConv.size(0)});
  torch::Tensor expectedVar = torch::zeros({firstConv.size(0)});
  {
    models::BatchNormCalibration calibration(net->module());
    for (const auto& image : images) {
      const torch::Tensor conv =
          net->module().named_modules()["first.0.0"]->as<models::Conv2dImpl>()->forward(image);
      expectedMean += conv.mean({0, 2, 3}) / 3.0;
      expectedVar += conv.var({0, 2, 3}, /*unbiased=*/true) / 3.0;
      net->forward(image);
    }
    QCOMPARE(calibration.passes(), 3);
  }
  after = stateOf(net->module());
  int changed = 0;
  for (size_t i = 0; i < before.size(); ++i) {
    const std::string& key = before[i].first;
    const bool isStatistic = key.find("running_mean") != std::string::npos ||
                             key.find("running_var") != std::string::npos ||
                             key.find("num_batches_tracked") != std::string::npos;
    if (!isStatistic) {
      QVERIFY2(torch::equal(after[i].second, before[i].second), key.c_str());
    } else if (!torch::equal(after[i].second, before[i].second)) {
      ++changed;
    }
    if (key == "first.0.1.running_mean")
      QVERIFY2(torch::allclose(after[i].second, expectedMean, 1e-4, 1e-5), key.c_str());
    if (key == "first.0.1.running_var")
      QVERIFY2(torch::allclose(after[i].second, expectedVar, 1e-4, 1e-5), key.c_str());
    if (key == "first.0.1.num_batches_tracked")
      QCOMPARE(after[i].second.item<int64_t>(), before[i].second.item<int64_t>() + 3);
  }
  QVERIFY(changed > 0);
  // Back to evaluation: the same input gives the same output twice (statistics frozen again).
  const auto a = net->forward(images[0]);
  const auto b = net->forward(images[0]);
  QVERIFY(torch::equal(a[0], b[0]));
}

QTEST_GUILESS_MAIN(TestModels)
#include "tst_models.moc"
