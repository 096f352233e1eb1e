// Training pieces: the losses on hand-made tensors against hand-computed values, the target
// generators' peaks and indices, the flip augmentation's joint swap, and a few optimisation
// steps that must reduce the loss.

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <random>

#include <torch/nn/module.h>
#include <torch/optim/adam.h>
#include <torch/types.h>

#include <nlohmann/json.hpp>

#include "checkpoint/checkpoint_reader.h"
#include "common/errors.h"
#include "config/experiment.h"
#include "models/pose_net.h"
#include "synth/synth_dataset.h"
#include "test_support.h"
#include "train/losses.h"
#include "train/module_state.h"
#include "train/target_generators.h"
#include "train/trainer.h"
#include "train/training_data.h"

using namespace posescope;
using namespace posescope::train;

namespace {

// `jpeg` (a JPEG file's bytes) with an EXIF block saying "rotate 90° clockwise to show"
// (orientation 6) right after its start marker: what phone cameras write.
std::string withExifOrientation6(const std::string& jpeg) {
  // APP1: "Exif\0\0", a little-endian TIFF header, one IFD entry (0x0112, SHORT, 1, value 6).
  const unsigned char exif[] = {0xFF, 0xE1, 0x00, 0x22, 'E',  'x',  'i',  'f',  0x00,
                                0x00, 'I',  'I',  0x2A, 0x00, 0x08, 0x00, 0x00, 0x00,
                                0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00,
                                0x00, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
  return jpeg.substr(0, 2) + std::string(reinterpret_cast<const char*>(exif), sizeof exif) +
         jpeg.substr(2);
}

// B=1, one tag channel per joint, 2 joints on a 2x2 map: flat index = joint * 4 + y * 2 + x.
torch::Tensor joints(const std::vector<std::vector<std::pair<int, int>>>& people, int maxPeople,
                     int numJoints) {
  torch::Tensor j = torch::zeros({1, maxPeople, numJoints, 2}, torch::kLong);
  for (size_t p = 0; p < people.size(); ++p)
    for (size_t s = 0; s < people[p].size(); ++s) {
      j[0][p][s][0] = people[p][s].first;
      j[0][p][s][1] = people[p][s].second;
    }
  return j;
}

// The demo experiment with the demo arch at a 64-pixel input (same layers, 4x fewer pixels), so
// the training tests stay quick; the arch file is written into `root`.
ExperimentSpec demoSpec(const std::string& root) {
  const std::string src = posescope::test::sourceDir();
  std::ifstream in(src + "/configs/demo/demo-arch.json");
  nlohmann::json arch = nlohmann::json::parse(in);
  arch["img_size"] = 64;
  const std::string archFile = root + "/arch-64.json";
  std::ofstream(archFile) << arch.dump();
  ExperimentSpec spec;
  spec.cfgFile = src + "/configs/demo/demo.yaml";
  spec.archFile = archFile;
  spec.overrides = {"DATASET.ROOT", root};
  return spec;
}

std::pair<int, int> argmax2d(const torch::Tensor& map) {
  const int64_t w = map.size(1);
  const int64_t i = map.flatten().argmax().item<int64_t>();
  return {static_cast<int>(i % w), static_cast<int>(i / w)};
}

}  // namespace

class TestTrain : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void heatmapLossIsMaskedMean() {
    // pred - gt = 1 everywhere on joint 0, 2 on joint 1; mask keeps 3 of 4 pixels.
    const torch::Tensor gt = torch::zeros({1, 2, 2, 2});
    torch::Tensor pred = torch::ones({1, 2, 2, 2});
    pred[0][1] = 2.0;
    const torch::Tensor mask = torch::tensor({1.f, 1.f, 1.f, 0.f}).view({1, 2, 2});
    // joint 0: 3 * 1 / 4 = 0.75; joint 1: 3 * 4 / 4 = 3; mean over joints 1.875.
    const torch::Tensor loss = heatmapLoss(pred, gt, mask);
    QCOMPARE(loss.sizes().vec(), std::vector<int64_t>{1});
    QVERIFY(std::abs(loss.item<double>() - 1.875) < 1e-6);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             heatmapLoss(pred, torch::zeros({1, 2, 2, 3}), mask));
  }

  void aeLossExpAndMax() {
    // Tags (flattened 2 joints x 2x2): person A joints at indices 0 and 5 (tags 1, 3),
    // person B one joint at index 2 (tag 0.5).
    const torch::Tensor tags =
        torch::tensor({1.f, 0.f, 0.5f, 0.f, 0.f, 3.f, 0.f, 0.f}).view({1, 8});
    const torch::Tensor j = joints({{{0, 1}, {5, 1}}, {{2, 1}}}, 3, 2);
    // pull: A's tags {1, 3} around 2 -> 1; B -> 0; averaged over 2 people -> 0.5.
    // push exp: means 2 and 0.5, diff 1.5: 0.5 * (2 + 2 exp(-2.25) - 2) / 2.
    const PushPull e = aeLoss(tags, j, AeLossType::Exp);
    QVERIFY(std::abs(e.pull.item<double>() - 0.5) < 1e-6);
    QVERIFY(std::abs(e.push.item<double>() - 0.5 * std::exp(-2.25)) < 1e-6);
    // push max: 1 - |1.5| < 0 -> 0.
    const PushPull m = aeLoss(tags, j, AeLossType::Max);
    QVERIFY(std::abs(m.push.item<double>()) < 1e-7);
    QVERIFY(std::abs(m.pull.item<double>() - 0.5) < 1e-6);
    // Means 0.5 and 0.9: max push 0.5 * 2 * (1 - 0.4) / 2 = 0.3.
    const torch::Tensor close =
        torch::tensor({0.5f, 0.f, 0.9f, 0.f, 0.f, 0.5f, 0.f, 0.f}).view({1, 8});
    QVERIFY(std::abs(aeLoss(close, j, AeLossType::Max).push.item<double>() - 0.3) < 1e-6);
  }

  void aeLossSinglePersonHasNoPush() {
    const torch::Tensor tags = torch::tensor({1.f, 0.f, 2.f, 0.f}).view({1, 4});
    const PushPull e = aeLoss(tags, joints({{{0, 1}, {2, 1}}}, 2, 2), AeLossType::Exp);
    QCOMPARE(e.push.item<double>(), 0.0);
    QVERIFY(std::abs(e.pull.item<double>() - 0.25) < 1e-6);
    QVERIFY_THROWS_EXCEPTION(ConfigError, aeLossTypeFromName("square"));
  }

  void heatmapGeneratorPeaks() {
    const HeatmapGenerator gen(16, 2, 2.0);
    // Joint 0 at (5.7, 9.2) -> integer pixel (5, 9); joint 1 unlabelled; a second person's
    // joint 1 outside the map.
    const std::vector<PersonJoints> people = {{{5.7, 9.2, 2}, {3, 3, 0}},
                                              {{-20, 3, 2}, {40, 3, 2}}};
    const std::vector<float> maps = gen(people);
    QCOMPARE(maps.size(), size_t(2 * 16 * 16));
    const torch::Tensor t = torch::from_blob(const_cast<float*>(maps.data()), {2, 16, 16});
    QCOMPARE(argmax2d(t[0]), std::make_pair(5, 9));
    QCOMPARE(t[0][9][5].item<float>(), 1.0f);
    QVERIFY(std::abs(t[0][9][6].item<float>() - std::exp(-1.0 / 8)) < 1e-6);
    QVERIFY(std::abs(t[0][11][5].item<float>() - std::exp(-4.0 / 8)) < 1e-6);
    QCOMPARE(t[0][0][15].item<float>(), 0.0f);  // beyond the 3-sigma patch
    QCOMPARE(t[1].sum().item<float>(), 0.0f);
  }

  void jointsGeneratorPacksVisibleJoints() {
    const JointsGenerator gen(3, 3, 8, true);
    // Person 0: joint 0 unlabelled, joints 1 and 2 inside -> slots 0 and 1.
    const std::vector<PersonJoints> people = {{{1, 1, 0}, {2.9, 3.5, 2}, {7, 0, 1}},
                                              {{9, 1, 2}, {0, 0, 2}, {0, 0, 0}}};
    const std::vector<std::int64_t> out = gen(people);
    QCOMPARE(out.size(), size_t(3 * 3 * 2));
    QCOMPARE(out[0], std::int64_t(1 * 64 + 3 * 8 + 2));
    QCOMPARE(out[1], std::int64_t(1));
    QCOMPARE(out[2], std::int64_t(2 * 64 + 0 * 8 + 7));
    QCOMPARE(out[3], std::int64_t(1));
    QCOMPARE(out[5], std::int64_t(0));
    // Person 1: joint 0 outside the map, joint 1 at the origin -> slot 0.
    QCOMPARE(out[6], std::int64_t(1 * 64));
    QCOMPARE(out[7], std::int64_t(1));
    QCOMPARE(out[9], std::int64_t(0));
    const JointsGenerator shared(3, 3, 8, false);
    QCOMPARE(shared(people)[0], std::int64_t(3 * 8 + 2));
  }

  void cropAffineCentresTheCrop() {
    // A 200 x scale crop around (50, 40) onto 64 pixels: the centre maps to (32, 32).
    const std::vector<double> m = cropAffine(50, 40, 1.0, 64, 0);
    QVERIFY(std::abs(m[0] * 50 + m[1] * 40 + m[2] - 32) < 1e-9);
    QVERIFY(std::abs(m[3] * 50 + m[4] * 40 + m[5] - 32) < 1e-9);
    QVERIFY(std::abs(m[0] - 64.0 / 200) < 1e-12);
    // 90 degrees: a point right of the centre goes above it (the reference negates the angle).
    const std::vector<double> r = cropAffine(50, 40, 1.0, 64, 90);
    const double x = r[0] * 150 + r[1] * 40 + r[2], y = r[3] * 150 + r[4] * 40 + r[5];
    QVERIFY(std::abs(x - 32) < 1e-9);
    QVERIFY(std::abs(y - (32 - 32)) < 1e-9);
  }

  // LitePose's CocoDataset reads training images with IMREAD_IGNORE_ORIENTATION, as valid.py
  // reads evaluation images: an EXIF orientation tag changes nothing (cv::imread's default
  // turned such an image before).
  void trainingImagesIgnoreExifOrientation() {
    QTemporaryDir plainDir, taggedDir;
    for (QTemporaryDir* dir : {&plainDir, &taggedDir})
      synth::writeSynthSplit(dir->path().toStdString(), "train2017", 1, 9);
    const std::string image = "/images/train2017/000000000001.jpg";
    std::ifstream in(plainDir.path().toStdString() + image, std::ios::binary);
    const std::string jpeg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    QVERIFY(jpeg.size() > 2 && static_cast<unsigned char>(jpeg[1]) == 0xD8);
    std::ofstream(taggedDir.path().toStdString() + image, std::ios::binary)
        << withExifOrientation6(jpeg);
    const Experiment e = loadExperiment(demoSpec(plainDir.path().toStdString()));
    SampleOptions o = sampleOptionsFromConfig(e.cfg);
    o.augment = false;
    std::mt19937_64 rngA(1), rngB(1);
    const TrainingSample plain =
        TrainingDataset(plainDir.path().toStdString(), "train2017").sample(0, rngA, o);
    const TrainingSample tagged =
        TrainingDataset(taggedDir.path().toStdString(), "train2017").sample(0, rngB, o);
    QVERIFY(torch::equal(plain.image, tagged.image));
  }

  // With flip, heatmap channel flipIndex[j] is the mirror image of channel j without flip.
  void flipSwapsLeftAndRight() {
    QTemporaryDir dir;
    synth::writeSynthSplit(dir.path().toStdString(), "train2017", 2, 9);
    const TrainingDataset data(dir.path().toStdString(), "train2017");
    const Experiment e = loadExperiment(demoSpec(dir.path().toStdString()));
    SampleOptions o = sampleOptionsFromConfig(e.cfg);
    o.minScale = o.maxScale = 1.0;
    o.maxRotation = 0;
    o.maxTranslate = 0;
    std::mt19937_64 rng(1);
    o.flip = 0.0;
    const TrainingSample plain = data.sample(0, rng, o);
    o.flip = 1.0;
    const TrainingSample flipped = data.sample(0, rng, o);
    QCOMPARE(o.flipIndex[5], 6);
    const int res = o.outputSizes.back();
    int compared = 0;
    for (int j = 0; j < 17; ++j) {
      // Every joint centre (value 1) of channel j reappears in channel flipIndex[j] on the same
      // row, mirrored: x -> res - x - 1, give or take the truncation to whole pixels.
      const torch::Tensor ta = plain.heatmaps.back()[j].contiguous();
      const torch::Tensor tb = flipped.heatmaps.back()[o.flipIndex[j]].contiguous();
      const auto a = ta.accessor<float, 2>();
      const auto b = tb.accessor<float, 2>();
      for (int y = 0; y < res; ++y)
        for (int x = 0; x < res; ++x) {
          if (a[y][x] != 1.0f) continue;
          const int mx = res - 1 - x;
          bool found = false;
          for (int dx = -1; dx <= 1; ++dx)
            found = found || (mx + dx >= 0 && mx + dx < res && b[y][mx + dx] == 1.0f);
          QVERIFY2(found, ("joint " + std::to_string(j)).c_str());
          ++compared;
        }
    }
    QVERIFY(compared > 3);
    QVERIFY(torch::equal(plain.masks.back(), flipped.masks.back().flip({1})));
  }

  // The reference masks map pixels taken from outside the image; maskPadding = false keeps them.
  void paddingMaskFollowsTheOption() {
    QTemporaryDir dir;
    synth::writeSynthSplit(dir.path().toStdString(), "train2017", 1, 9);
    const TrainingDataset data(dir.path().toStdString(), "train2017");
    const Experiment e = loadExperiment(demoSpec(dir.path().toStdString()));
    SampleOptions o = sampleOptionsFromConfig(e.cfg);
    o.minScale = o.maxScale = 2.0;  // crop twice the short side: the borders lie outside
    o.maxRotation = 0;
    o.maxTranslate = 0;
    o.flip = 0;
    std::mt19937_64 rng(1);
    const TrainingSample masked = data.sample(0, rng, o);
    const float kept = masked.masks.back().mean().item<float>();
    QVERIFY2(kept > 0.1f && kept < 0.6f, std::to_string(kept).c_str());
    o.maskPadding = false;
    QCOMPARE(data.sample(0, rng, o).masks.back().min().item<float>(), 1.0f);
  }

  void fewStepsReduceTheLoss() {
    QTemporaryDir dir;
    synth::writeSynthSplit(dir.path().toStdString(), "train2017", 4, 5);
    const Experiment e = loadExperiment(demoSpec(dir.path().toStdString()));
    torch::manual_seed(1);
    auto net = createPoseNet(e);
    net->module().train();
    const TrainingDataset data(dir.path().toStdString(), "train2017");
    SampleOptions o = sampleOptionsFromConfig(e.cfg);
    o.augment = false;
    std::mt19937_64 rng(1);
    std::vector<TrainingSample> samples;
    for (size_t i = 0; i < data.size(); ++i) samples.push_back(data.sample(i, rng, o));
    const TrainingBatch batch = collate(samples);
    const MultiLoss loss(e.cfg);
    torch::optim::Adam adam(net->module().parameters(), torch::optim::AdamOptions(2e-3));
    double first = 0, last = 0;
    for (int step = 0; step < 12; ++step) {
      const auto stages =
          loss(net->forward(batch.images), batch.heatmaps, batch.masks, batch.joints);
      QCOMPARE(stages.size(), size_t(2));
      QVERIFY(stages[0].push.defined() && !stages[1].push.defined());
      const torch::Tensor total = MultiLoss::total(stages);
      (step == 0 ? first : last) = total.item<double>();
      adam.zero_grad();
      total.backward();
      adam.step();
    }
    QVERIFY2(last < 0.5 * first, (std::to_string(first) + " -> " + std::to_string(last)).c_str());
  }

  // runTraining writes a state_dict that loads strictly into a fresh network.
  void trainingWritesLoadableWeights() {
    QTemporaryDir dir;
    const std::string root = dir.path().toStdString();
    synth::writeSynthSplit(root, "train2017", 2, 5);
    const Experiment e = loadExperiment(demoSpec(root));
    TrainOptions o;
    o.weightsOut = root + "/w.pth";
    o.iterations = 2;
    o.batchSize = 2;
    o.warmup = 1;
    o.logEvery = 1;
    std::vector<std::string> lines;
    runTraining(e, o, [&](const std::string& l) { lines.push_back(l); });
    QVERIFY(lines.size() >= 3);
    const StateDict sd = readStateDict(o.weightsOut);
    auto fresh = createPoseNet(e);
    QCOMPARE(sd.size(), moduleStateDict(fresh->module()).size());
    loadStateDictStrict(fresh->module(), sd, o.weightsOut);
    o.iterations = 0;
    QVERIFY_THROWS_EXCEPTION(ConfigError, runTraining(e, o, [](const std::string&) {}));
  }

  // A supernet trains a drawn sub-network per step: weights outside the sub-network it is built
  // with (ArchManager.fixed_sample) change too, which training that one arch never does.
  void supernetTrainsDrawnSubnetworks() {
    QTemporaryDir dir;
    const std::string root = dir.path().toStdString();
    synth::writeSynthSplit(root, "train2017", 2, 5);
    const Experiment e = loadExperiment(
        {posescope::test::sourceDir() + "/configs/demo/demo-supernet.yaml",
         "",
         {"DATASET.ROOT", root, "DATASET.INPUT_SIZE", "64", "DATASET.OUTPUT_SIZE", "[16, 32]"}});
    TrainOptions o;
    o.weightsOut = root + "/super.pth";
    o.iterations = 3;
    o.batchSize = 1;
    o.warmup = 1;
    o.logEvery = 1;
    std::vector<std::string> lines;
    runTraining(e, o, [&](const std::string& l) { lines.push_back(l); });
    QVERIFY(std::any_of(lines.begin(), lines.end(),
                        [](const auto& l) { return l.find("supernet:") != std::string::npos; }));
    torch::manual_seed(static_cast<std::uint64_t>(o.seed));  // runTraining's initialisation
    auto initial = createPoseNet(e);
    const StateDict trained = readStateDict(o.weightsOut);
    const ArchConfig fixed = *e.effectiveArch();
    bool outsideChanged = false;
    for (const auto& p : initial->module().named_parameters()) {
      const std::string& key = p.key();
      for (std::size_t s = 0; s < fixed.backbone.size(); ++s) {
        const std::string prefix = "stage." + std::to_string(s) + ".";
        if (key.rfind(prefix, 0) != 0 || key.find("point_conv.0.weight") == std::string::npos)
          continue;
        const int width = fixed.backbone[s].channel;
        for (const auto& [name, tensor] : trained)
          if (name == key)
            outsideChanged =
                outsideChanged || !tensor.narrow(0, width, tensor.size(0) - width)
                                       .equal(p.value().narrow(0, width, tensor.size(0) - width));
      }
    }
    QVERIFY(outsideChanged);
  }
};

QTEST_GUILESS_MAIN(TestTrain)
#include "tst_train.moc"
