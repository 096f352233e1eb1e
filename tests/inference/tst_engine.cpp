// HeatmapParser::parse on synthetic maps with two people, and PoseInference end to end with a
// small fake network (flip in the same batch, stage averaging, final predictions).

#include <QtTest>

#include <cmath>
#include <functional>
#include <stdexcept>
#include <vector>

#include <torch/nn/module.h>
#include <torch/types.h>
#include <opencv2/core.hpp>

#include "common/errors.h"
#include "inference/heatmap_parser.h"
#include "inference/inference_options.h"
#include "inference/multi_stage_outputs.h"
#include "inference/pose_inference.h"
#include "models/pose_net.h"

using namespace posescope;

namespace {

constexpr int64_t kJoints = 17;

struct Person {
  std::vector<int64_t> x, y;  // per joint, map pixels
  float peak = 1.0f;
  float tag = 0.0f;
};

// Gaussian peak (sigma 1.5) of `peak` at (cx, cy) into a HxW plane, keeping the larger value.
void drawPeak(float* plane, int64_t H, int64_t W, int64_t cx, int64_t cy, float peak) {
  for (int64_t y = std::max<int64_t>(0, cy - 8); y < std::min(H, cy + 9); ++y) {
    for (int64_t x = std::max<int64_t>(0, cx - 8); x < std::min(W, cx + 9); ++x) {
      const double d2 = double((x - cx) * (x - cx) + (y - cy) * (y - cy));
      const float v = peak * static_cast<float>(std::exp(-d2 / (2 * 1.5 * 1.5)));
      plane[y * W + x] = std::max(plane[y * W + x], v);
    }
  }
}

// A box of tag value `tag` of the given radius around (cx, cy).
void drawTag(float* plane, int64_t H, int64_t W, int64_t cx, int64_t cy, int64_t radius,
             float tag) {
  for (int64_t y = std::max<int64_t>(0, cy - radius); y <= std::min(H - 1, cy + radius); ++y)
    for (int64_t x = std::max<int64_t>(0, cx - radius); x <= std::min(W - 1, cx + radius); ++x)
      plane[y * W + x] = tag;
}

// Two people: A (tag 1, peaks 1.0) from (ax, ay), B (tag 3, peaks 0.8) from (bx, by); joint j is
// `step` * (j % 4, j) further on.
std::vector<Person> twoPeopleAt(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t step) {
  Person a, b;
  a.peak = 1.0f;
  a.tag = 1.0f;
  b.peak = 0.8f;
  b.tag = 3.0f;
  for (int64_t j = 0; j < kJoints; ++j) {
    a.x.push_back(ax + (j % 4) * step);
    a.y.push_back(ay + j * step);
    b.x.push_back(bx + (j % 4) * step);
    b.y.push_back(by + j * step);
  }
  return {a, b};
}

// Two people in a 64x64 map: A left, B right.
std::vector<Person> twoPeople() {
  return twoPeopleAt(10, 8, 44, 6, 3);
}

ParserOptions parserOptions() {
  ParserOptions o;
  o.numJoints = kJoints;
  o.maxNumPeople = 30;
  o.detectionThreshold = 0.1;
  o.tagThreshold = 1.0;
  o.nmsKernel = 5;
  o.nmsPadding = 2;
  o.jointOrder = jointOrderFor(kJoints, false, true);
  return o;
}

// The shipped LitePose config's options (coco/mobilenet/mobile.yaml) without flip/projection.
InferenceOptions engineOptions() {
  InferenceOptions o;
  o.inputSize = 256;
  o.scaleFactors = {1.0};
  o.flipTest = false;
  o.project2image = false;
  o.lossWithHeatmaps = {true, true};
  o.lossWithAe = {true, false};
  o.testWithHeatmaps = {true, true};
  o.testWithAe = {true, false};
  o.numJoints = kJoints;
  o.flipIndex = flipIndexFor("coco_kpt", false);
  o.parser = parserOptions();
  return o;
}

// A network with LitePose's output layout: stage 0 at 1/4 (17 heatmaps, all zero, + 17 tag maps),
// stage 1 at 1/2 (17 heatmaps). People are given in stage-1 pixels of a 384x256 input and scaled
// with the input. The second image of a batch must be the first one flipped; its outputs are the
// first one's, mirrored with left/right joints swapped (what a flip-equivariant network gives).
class FakeNet : public PoseNet {
 public:
  explicit FakeNet(std::vector<Person> people) : people_(std::move(people)) {}

  std::vector<torch::Tensor> forward(const torch::Tensor& input) override {
    ++calls;
    if (onForward) onForward();
    lastBatch = input.size(0);
    if (input.size(0) == 2 && !torch::equal(input[1], input[0].flip({2}))) {
      throw std::runtime_error("the second image is not the flipped first one");
    }
    const int64_t H1 = input.size(2) / 2, W1 = input.size(3) / 2;
    const int64_t H0 = input.size(2) / 4, W0 = input.size(3) / 4;
    const double k = static_cast<double>(W1) / 192.0;
    torch::Tensor s0 = torch::zeros({1, 2 * kJoints, H0, W0});
    torch::Tensor s1 = torch::zeros({1, kJoints, H1, W1});
    float* p0 = s0.data_ptr<float>();
    float* p1 = s1.data_ptr<float>();
    for (const Person& p : people_) {
      for (int64_t j = 0; j < kJoints; ++j) {
        const int64_t x = std::llround(p.x[j] * k), y = std::llround(p.y[j] * k);
        drawPeak(p1 + j * H1 * W1, H1, W1, x, y, p.peak);
        drawTag(p0 + (kJoints + j) * H0 * W0, H0, W0, x / 2, y / 2, 3, p.tag);
      }
    }
    if (input.size(0) == 1) return {s0, s1};
    const torch::Tensor flip = torch::tensor(flipIndexFor("coco", false), torch::kLong);
    const torch::Tensor flip0 = torch::cat({flip, flip + kJoints});
    return {torch::cat({s0, s0.index_select(1, flip0).flip({3})}),
            torch::cat({s1, s1.index_select(1, flip).flip({3})})};
  }
  torch::nn::Module& module() override { return module_; }
  std::string name() const override { return "fake"; }

  int calls = 0;
  int64_t lastBatch = 0;
  std::function<void()> onForward;  // called at the start of every forward

 private:
  std::vector<Person> people_;
  torch::nn::Module module_;
};

// Image-space people for FakeNet's people: stage-1 maps of a 640x480 image are 192x128 and map
// back with x = 3.75 x' - 40, y = 3.75 y'; adjust adds 0.25 (symmetric peaks).
float imageX(int64_t mapX) {
  return static_cast<float>(3.75 * (mapX + 0.25) - 40.0);
}
float imageY(int64_t mapY) {
  return static_cast<float>(3.75 * (mapY + 0.25));
}

std::vector<Person> enginePeople() {
  return twoPeopleAt(40, 14, 130, 12, 6);
}

cv::Mat testImage() {
  cv::Mat img(480, 640, CV_8UC3);
  cv::randu(img, cv::Scalar::all(0), cv::Scalar::all(255));
  return img;
}

void checkEnginePeople(const InferenceResult& r) {
  const std::vector<Person> truth = enginePeople();
  QCOMPARE(r.people.size(), size_t(2));
  for (size_t p = 0; p < 2; ++p) {
    QCOMPARE(r.people[p].joints.size(), size_t(kJoints));
    // Stage 0 heatmaps are zero: the stage average halves the peaks.
    QVERIFY(std::abs(r.people[p].score - truth[p].peak / 2) < 1e-6f);
    for (int64_t j = 0; j < kJoints; ++j) {
      const Keypoint& k = r.people[p].joints[j];
      QVERIFY2(std::abs(k.x - imageX(truth[p].x[j])) < 1e-3f, qPrintable(QString("x %1").arg(k.x)));
      QVERIFY2(std::abs(k.y - imageY(truth[p].y[j])) < 1e-3f, qPrintable(QString("y %1").arg(k.y)));
      QCOMPARE(k.score, truth[p].peak / 2);
      QCOMPARE(k.tag, truth[p].tag);
    }
  }
}

}  // namespace

class TestEngine : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void parseRecoversTwoPeople() {
    const int64_t H = 64, W = 64;
    torch::Tensor det = torch::zeros({1, kJoints, H, W});
    torch::Tensor tags = torch::zeros({1, kJoints, H, W, 1});
    const std::vector<Person> people = twoPeople();
    for (const Person& p : people) {
      for (int64_t j = 0; j < kJoints; ++j) {
        drawPeak(det.data_ptr<float>() + j * H * W, H, W, p.x[j], p.y[j], p.peak);
        drawTag(tags.data_ptr<float>() + j * H * W, H, W, p.x[j], p.y[j], 3, p.tag);
      }
    }
    const HeatmapParser parser(parserOptions());
    const ParsedPeople out = parser.parse(det, tags, true, true);
    QCOMPARE(out.people.count(), int64_t(2));
    QCOMPARE(out.scores.size(), size_t(2));
    QCOMPARE(out.scores[0], 1.0f);
    QVERIFY(std::abs(out.scores[1] - 0.8f) < 1e-6f);
    for (int64_t p = 0; p < 2; ++p) {
      for (int64_t j = 0; j < kJoints; ++j) {
        const float* row = out.people.joint(p, j);
        // Symmetric peaks: neither neighbour is larger, so adjust gives x - 0.25 + 0.5.
        QCOMPARE(row[0], people[p].x[j] + 0.25f);
        QCOMPARE(row[1], people[p].y[j] + 0.25f);
        QCOMPARE(row[2], people[p].peak);
        QCOMPARE(row[3], people[p].tag);
      }
    }
    // Without adjust the integer peak positions come back.
    const ParsedPeople raw = parser.parse(det, tags, false, false);
    QCOMPARE(raw.people.joint(1, 4)[0], static_cast<float>(people[1].x[4]));
    QCOMPARE(raw.people.joint(1, 4)[1], static_cast<float>(people[1].y[4]));
  }

  void parseRefinesMissingJoint() {
    // B's joint 9 is below the detection threshold (0.05) but carries B's tag: refine finds it.
    const int64_t H = 64, W = 64;
    torch::Tensor det = torch::zeros({1, kJoints, H, W});
    torch::Tensor tags = torch::zeros({1, kJoints, H, W, 1});
    std::vector<Person> people = twoPeople();
    people[1].peak = 0.8f;
    for (size_t p = 0; p < people.size(); ++p) {
      for (int64_t j = 0; j < kJoints; ++j) {
        const float peak = (p == 1 && j == 9) ? 0.05f : people[p].peak;
        drawPeak(det.data_ptr<float>() + j * H * W, H, W, people[p].x[j], people[p].y[j], peak);
        drawTag(tags.data_ptr<float>() + j * H * W, H, W, people[p].x[j], people[p].y[j], 3,
                people[p].tag);
      }
    }
    const HeatmapParser parser(parserOptions());
    const ParsedPeople out = parser.parse(det, tags, true, true);
    QCOMPARE(out.people.count(), int64_t(2));
    // The score is taken before refine: 16 joints of 0.8 and one 0.
    QVERIFY(std::abs(out.scores[1] - 0.8f * 16 / 17) < 1e-6f);
    const float* row = out.people.joint(1, 9);
    QCOMPARE(row[0], people[1].x[9] + 0.25f);
    QCOMPARE(row[1], people[1].y[9] + 0.25f);
    QCOMPARE(row[2], 0.05f);
    const ParsedPeople noRefine = parser.parse(det, tags, true, false);
    QCOMPARE(noRefine.people.joint(1, 9)[2], 0.0f);
  }

  void engineFindsPeopleInImageCoordinates() {
    FakeNet net(enginePeople());
    PoseInference engine(net, engineOptions(), torch::kCPU);
    const InferenceResult r = engine.run(testImage(), true);
    QCOMPARE(net.lastBatch, int64_t(1));
    checkEnginePeople(r);
    QCOMPARE(r.heatmaps.shape, (std::vector<int64_t>{1, kJoints, 128, 192}));
    QCOMPARE(r.tags.shape, (std::vector<int64_t>{1, kJoints, 128, 192, 1}));
    QCOMPARE(r.heatmaps.values.size(), size_t(kJoints * 128 * 192));
    QVERIFY(std::abs(r.mapToImage[0] - 3.75) < 1e-9 && std::abs(r.mapToImage[2] + 40) < 1e-9);
    QVERIFY(r.times.forwardMs >= 0 && r.times.groupMs >= 0);
  }

  void flipRunsInOneBatchWithSameResult() {
    FakeNet net(enginePeople());
    InferenceOptions o = engineOptions();
    o.flipTest = true;
    PoseInference engine(net, o, torch::kCPU);
    const InferenceResult r = engine.run(testImage(), true);
    QCOMPARE(net.calls, 1);
    QCOMPARE(net.lastBatch, int64_t(2));
    checkEnginePeople(r);
    QCOMPARE(r.tags.shape, (std::vector<int64_t>{1, kJoints, 128, 192, 2}));
  }

  void multiScaleAndProjectionSizes() {
    FakeNet net(enginePeople());
    InferenceOptions o = engineOptions();
    o.scaleFactors = {0.5, 1.0};
    PoseInference engine(net, o, torch::kCPU);
    const InferenceResult r = engine.run(testImage(), true);
    QCOMPARE(net.calls, 2);
    QCOMPARE(r.heatmaps.shape, (std::vector<int64_t>{1, kJoints, 128, 192}));
    QCOMPARE(r.tags.shape, (std::vector<int64_t>{1, kJoints, 128, 192, 1}));
    QCOMPARE(r.people.size(), size_t(2));

    o.project2image = true;
    PoseInference projected(net, o, torch::kCPU);
    const InferenceResult rp = projected.run(testImage(), true);
    QCOMPARE(rp.heatmaps.shape, (std::vector<int64_t>{1, kJoints, 256, 384}));
    QVERIFY(std::abs(rp.mapToImage[0] - 1.875) < 1e-9);
    QVERIFY(!rp.people.empty());
  }

  void cancelStopsBetweenScalesAndBeforeGrouping() {
    FakeNet net(enginePeople());
    InferenceOptions o = engineOptions();
    o.scaleFactors = {0.5, 1.0};
    PoseInference engine(net, o, torch::kCPU);
    CancellationToken token;
    // Cancelled during the first scale's forward: the second forward never runs.
    net.onForward = [&] { token.cancel(); };
    QVERIFY_THROWS_EXCEPTION(CancelledError, engine.run(testImage(), false, &token));
    QCOMPARE(net.calls, 1);
    // Cancelled during the last forward: grouping does not run either.
    token.reset();
    net.calls = 0;
    net.onForward = [&] {
      if (net.calls == 2) token.cancel();
    };
    QVERIFY_THROWS_EXCEPTION(CancelledError, engine.run(testImage(), false, &token));
    QCOMPARE(net.calls, 2);
    // A token that is never set changes nothing.
    token.reset();
    net.onForward = nullptr;
    QCOMPARE(engine.run(testImage(), false, &token).people.size(), size_t(2));
  }

  // The tag maps of an image and its flip are stacked on a last axis, as valid.py's torch.cat
  // does it; on the CPU by PoseScope's own loop, which must give the same values bit for bit.
  void finalMapsStackTagsAsTorchCat() {
    InferenceOptions options;
    AggregatedMaps acc;
    acc.heatmaps = torch::rand({1, 3, 5, 7});
    for (int d = 0; d < 3; ++d) acc.tags.push_back(torch::randn({1, 3, 5, 7}).unsqueeze(4));
    acc.tags[1] = acc.tags[1].transpose(2, 3).contiguous().transpose(2, 3);  // not contiguous
    const auto [heatmaps, tags] = finalMaps(options, acc);
    QVERIFY(tags.is_contiguous());
    QVERIFY(torch::equal(tags, torch::cat(acc.tags, 4)));
    QVERIFY(torch::equal(heatmaps, acc.heatmaps));
  }

  void rejectsBadInputAndOptions() {
    FakeNet net(enginePeople());
    PoseInference engine(net, engineOptions(), torch::kCPU);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, engine.run(cv::Mat(10, 10, CV_8UC1)));
    InferenceOptions bad = engineOptions();
    bad.scaleFactors = {2.0, 0.5};
    QVERIFY_THROWS_EXCEPTION(ConfigError, PoseInference(net, bad, torch::kCPU));
  }
};

QTEST_GUILESS_MAIN(TestEngine)
#include "tst_engine.moc"
