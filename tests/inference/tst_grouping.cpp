// group.py's pieces on small hand-made inputs: NMS, top-k, match_by_tag, adjust, the person
// scores, refine, and numpy's float32 summation order.

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <torch/types.h>

#include "inference/grouping.h"
#include "inference/heatmap_parser.h"
#include "inference/inference_options.h"

using namespace posescope;

namespace {

struct TestParserOptions : ParserOptions {
  TestParserOptions withNms(int64_t kernel) const {
    TestParserOptions o = *this;
    o.nmsKernel = kernel;
    o.nmsPadding = kernel / 2;
    return o;
  }
};

TestParserOptions smallOptions(int64_t joints, int64_t k) {
  TestParserOptions o;
  o.numJoints = joints;
  o.maxNumPeople = k;
  o.detectionThreshold = 0.1;
  o.tagThreshold = 1.0;
  o.nmsKernel = 3;
  o.nmsPadding = 1;
  for (int64_t j = 0; j < joints; ++j) o.jointOrder.push_back(j);
  return o;
}

ParserOptions cocoOptions() {
  ParserOptions o = smallOptions(17, 3);
  o.jointOrder = jointOrderFor(17, false, true);
  return o;
}

// Candidates for 17 joints, k per joint, one tag value each; all values 0 until set.
struct CandidateBuilder {
  JointCandidates c;
  explicit CandidateBuilder(int64_t k) {
    c.numJoints = 17;
    c.k = k;
    c.tagDim = 1;
    c.x.assign(17 * k, 0);
    c.y.assign(17 * k, 0);
    c.values.assign(17 * k, 0.0f);
    c.tags.assign(17 * k, 0.0f);
  }
  CandidateBuilder& set(int64_t joint, int64_t slot, int64_t x, int64_t y, float v, float tag) {
    const int64_t at = joint * c.k + slot;
    c.x[at] = x;
    c.y[at] = y;
    c.values[at] = v;
    c.tags[at] = tag;
    return *this;
  }
};

void compareJoint(const GroupedPeople& people, int64_t p, int64_t j, float x, float y, float score,
                  float tag) {
  const float* row = people.joint(p, j);
  if (row[0] != x || row[1] != y || row[2] != score || row[3] != tag) {
    QFAIL(qPrintable(QString("person %1 joint %2: (%3, %4, %5, %6) instead of (%7, %8, %9, %10)")
                         .arg(p)
                         .arg(j)
                         .arg(row[0])
                         .arg(row[1])
                         .arg(row[2])
                         .arg(row[3])
                         .arg(x)
                         .arg(y)
                         .arg(score)
                         .arg(tag)));
  }
}

MapView view(const std::vector<float>& data, int64_t c, int64_t h, int64_t w, int64_t d = 1) {
  MapView v;
  v.data = data.data();
  v.channels = c;
  v.height = h;
  v.width = w;
  v.depth = d;
  return v;
}

}  // namespace

class TestGrouping : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void nmsKeepsLocalMaxima() {
    const HeatmapParser parser(smallOptions(1, 2));
    const torch::Tensor det = torch::tensor({0.1f, 0.2f, 0.1f, 0.0f,  //
                                             0.2f, 0.9f, 0.3f, 0.0f,  //
                                             0.0f, 0.3f, 0.3f, 0.5f,  //
                                             0.0f, 0.0f, 0.4f, 0.2f})
                                  .view({1, 1, 4, 4});
    const torch::Tensor out = parser.nms(det).view({-1});
    for (int i = 0; i < 16; ++i) {
      const float expected = i == 5 ? 0.9f : (i == 11 ? 0.5f : 0.0f);
      QCOMPARE(out[i].item<float>(), expected);
    }
  }

  void nmsKeepsEqualNeighbours() {
    const HeatmapParser parser(smallOptions(1, 2));
    const torch::Tensor det =
        torch::tensor({0.5f, 0.5f, 0.0f, 0.0f, 0.1f, 0.0f, 0.0f, 0.0f, 0.0f}).view({1, 1, 3, 3});
    const torch::Tensor out = parser.nms(det).view({-1});
    QCOMPARE(out[0].item<float>(), 0.5f);
    QCOMPARE(out[1].item<float>(), 0.5f);
    QCOMPARE(out[4].item<float>(), 0.0f);
  }

  void topKGathersLocationsAndTags() {
    const HeatmapParser parser(smallOptions(2, 2));
    torch::Tensor det = torch::zeros({1, 2, 3, 3});
    det[0][0][0][2] = 0.8f;  // x = 2, y = 0
    det[0][0][2][0] = 0.6f;  // x = 0, y = 2
    det[0][1][1][1] = 0.7f;
    // tag = 100 * joint + 10 * y + x
    torch::Tensor tags = torch::zeros({1, 2, 3, 3, 1});
    for (int j = 0; j < 2; ++j)
      for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 3; ++x) tags[0][j][y][x][0] = 100.0f * j + 10.0f * y + x;
    const JointCandidates c = parser.topK(det, tags);
    QCOMPARE(c.k, int64_t(2));
    QCOMPARE(c.tagDim, int64_t(1));
    QCOMPARE(c.values[0], 0.8f);
    QCOMPARE(c.x[0], int64_t(2));
    QCOMPARE(c.y[0], int64_t(0));
    QCOMPARE(c.tags[0], 2.0f);
    QCOMPARE(c.values[1], 0.6f);
    QCOMPARE(c.x[1], int64_t(0));
    QCOMPARE(c.y[1], int64_t(2));
    QCOMPARE(c.tags[1], 20.0f);
    QCOMPARE(c.values[2], 0.7f);
    QCOMPARE(c.x[2], int64_t(1));
    QCOMPARE(c.y[2], int64_t(1));
    QCOMPARE(c.tags[2], 111.0f);
    // Nothing else is above the detection threshold (0.1).
    QCOMPARE(c.values[3], -std::numeric_limits<float>::infinity());
  }

  void nmsPlaneEqualsMaxPool() {
    // Quantised random maps have many plateaus; the separable NMS must equal max-pool + eq.
    std::mt19937 rng(3);
    std::uniform_int_distribution<int> level(0, 6);
    for (int64_t kernel : {3, 5}) {
      const HeatmapParser parser(smallOptions(2, 2).withNms(kernel));
      torch::Tensor det = torch::empty({1, 2, 13, 17});
      for (int64_t i = 0; i < det.numel(); ++i) det.data_ptr<float>()[i] = level(rng) / 6.0f - 0.2f;
      const torch::Tensor expected = parser.nms(det).contiguous();
      std::vector<float> out(13 * 17);
      for (int64_t j = 0; j < 2; ++j) {
        nmsPlane(det.data_ptr<float>() + j * 13 * 17, 13, 17, kernel, kernel / 2, out.data());
        for (int64_t q = 0; q < 13 * 17; ++q) {
          const float e = expected.data_ptr<float>()[j * 13 * 17 + q];
          QCOMPARE(out[q], e);
          QCOMPARE(std::signbit(out[q]), std::signbit(e));
        }
      }
    }
  }

  void topKMatchesTorchAboveThreshold() {
    // Random maps with many equal values: every candidate above the threshold comes out as
    // torch.topk of the NMS'd map orders it (ties included).
    std::mt19937 rng(11);
    std::uniform_int_distribution<int> level(0, 9);
    for (int64_t k : {3, 8, 40}) {
      ParserOptions o = smallOptions(3, k);
      o.detectionThreshold = 0.25;
      const HeatmapParser parser(o);
      torch::Tensor det = torch::empty({1, 3, 24, 20});
      for (int64_t i = 0; i < det.numel(); ++i) det.data_ptr<float>()[i] = level(rng) / 9.0f;
      const torch::Tensor tags = torch::arange(3 * 24 * 20, torch::kFloat).view({1, 3, 24, 20, 1});
      const JointCandidates c = parser.topK(det, tags);
      const auto top = parser.nms(det).view({1, 3, -1}).topk(k, 2);
      const torch::Tensor values = std::get<0>(top).contiguous();
      const torch::Tensor indices = std::get<1>(top).contiguous();
      for (int64_t j = 0; j < 3; ++j) {
        for (int64_t i = 0; i < k; ++i) {
          const int64_t at = j * k + i;
          const float v = values.data_ptr<float>()[at];
          if (!(v > 0.25)) {
            QCOMPARE(c.values[at], -std::numeric_limits<float>::infinity());
            continue;
          }
          const int64_t q = indices.data_ptr<int64_t>()[at];
          QCOMPARE(c.values[at], v);
          QCOMPARE(c.x[at], q % 20);
          QCOMPARE(c.y[at], q / 20);
          QCOMPARE(c.tags[at], static_cast<float>(j * 24 * 20 + q));
        }
      }
    }
  }

  void topKSharesOneTagMapWithoutTagPerJoint() {
    ParserOptions o = smallOptions(2, 1);
    o.tagPerJoint = false;
    const HeatmapParser parser(o);
    torch::Tensor det = torch::zeros({1, 2, 3, 3});
    det[0][0][1][2] = 0.8f;
    det[0][1][2][1] = 0.7f;
    const torch::Tensor tags = torch::arange(9, torch::kFloat).view({1, 1, 3, 3, 1});
    const JointCandidates c = parser.topK(det, tags);
    QCOMPARE(c.tags[0], 5.0f);
    QCOMPARE(c.tags[1], 7.0f);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             parser.topK(det, torch::zeros({1, 2, 3, 3, 1})));
  }

  void matchGroupsByTag() {
    CandidateBuilder b(3);
    b.set(0, 0, 5, 5, 0.9f, 1.0f).set(0, 1, 20, 5, 0.8f, 5.0f).set(0, 2, 0, 0, 0.05f, 9.0f);
    b.set(1, 0, 4, 4, 0.7f, 5.2f).set(1, 1, 6, 4, 0.6f, 0.9f);
    b.set(5, 0, 8, 8, 0.4f, 1.05f);
    b.set(11, 0, 7, 9, 0.5f, 9.0f);  // 3.9 from the closest mean: a new person
    const GroupedPeople people = matchByTag(b.c, cocoOptions());
    QCOMPARE(people.count(), int64_t(3));
    QCOMPARE(people.rowSize(), int64_t(4));
    compareJoint(people, 0, 0, 5, 5, 0.9f, 1.0f);
    compareJoint(people, 0, 1, 6, 4, 0.6f, 0.9f);
    compareJoint(people, 0, 5, 8, 8, 0.4f, 1.05f);
    compareJoint(people, 0, 2, 0, 0, 0, 0);
    compareJoint(people, 1, 0, 20, 5, 0.8f, 5.0f);
    compareJoint(people, 1, 1, 4, 4, 0.7f, 5.2f);
    compareJoint(people, 1, 5, 0, 0, 0, 0);
    compareJoint(people, 2, 11, 7, 9, 0.5f, 9.0f);
    compareJoint(people, 2, 0, 0, 0, 0, 0);
  }

  void matchThresholdComparesInDouble() {
    // 0.1f is 0.100000001... once widened: above a 0.1 threshold, as in the reference.
    CandidateBuilder b(2);
    b.set(0, 0, 1, 1, 0.1f, 1.0f).set(0, 1, 2, 2, 0.0999f, 2.0f);
    const GroupedPeople people = matchByTag(b.c, cocoOptions());
    QCOMPARE(people.count(), int64_t(1));
    compareJoint(people, 0, 0, 1, 1, 0.1f, 1.0f);
  }

  void matchSameKeyOverwrites() {
    // Two noses with the same tag value share one dictionary key: the second replaces the first.
    CandidateBuilder b(2);
    b.set(0, 0, 1, 1, 0.9f, 2.0f).set(0, 1, 3, 3, 0.8f, 2.0f);
    b.set(1, 0, 4, 4, 0.7f, 2.0f);
    const GroupedPeople people = matchByTag(b.c, cocoOptions());
    QCOMPARE(people.count(), int64_t(1));
    compareJoint(people, 0, 0, 3, 3, 0.8f, 2.0f);
    compareJoint(people, 0, 1, 4, 4, 0.7f, 2.0f);
  }

  void matchRoundsHalfToEven() {
    // One person (mean tag 1.0); candidates at distance 0.5 (value 0.3) and 0.8 (value 0.9).
    // round(0.5) = 0 gives costs -0.3 and 99.1: the first candidate joins the person.
    CandidateBuilder b(2);
    b.set(0, 0, 1, 1, 0.9f, 1.0f);
    b.set(1, 0, 2, 2, 0.9f, 0.2f).set(1, 1, 3, 3, 0.3f, 1.5f);
    const GroupedPeople people = matchByTag(b.c, cocoOptions());
    QCOMPARE(people.count(), int64_t(2));
    compareJoint(people, 0, 1, 3, 3, 0.3f, 1.5f);
    compareJoint(people, 1, 1, 2, 2, 0.9f, 0.2f);
  }

  void matchIgnoreTooMuch() {
    ParserOptions o = cocoOptions();
    o.maxNumPeople = 2;
    o.ignoreTooMuch = true;
    CandidateBuilder b(2);
    b.set(0, 0, 1, 1, 0.9f, 1.0f).set(0, 1, 9, 9, 0.8f, 5.0f);
    b.set(1, 0, 2, 2, 0.7f, 1.1f);
    const GroupedPeople people = matchByTag(b.c, o);
    QCOMPARE(people.count(), int64_t(2));
    compareJoint(people, 0, 1, 0, 0, 0, 0);
    o.ignoreTooMuch = false;
    compareJoint(matchByTag(b.c, o), 0, 1, 2, 2, 0.7f, 1.1f);
  }

  void adjustMovesTowardsLargerNeighbour() {
    GroupedPeople people;
    people.numJoints = 1;
    people.tagDim = 1;
    people.data = {2, 1, 0.9f, 3.0f};
    std::vector<float> det(16, 0.0f);
    det[1 * 4 + 3] = 0.5f;  // right of (2, 1)
    det[1 * 4 + 1] = 0.2f;  // left
    det[2 * 4 + 2] = 0.1f;  // below
    det[0 * 4 + 2] = 0.3f;  // above
    adjustPeople(people, view(det, 1, 4, 4));
    QCOMPARE(people.data[0], 2.75f);
    QCOMPARE(people.data[1], 1.25f);
    QCOMPARE(people.data[2], 0.9f);
  }

  void adjustAtBorderAndSkipsMissingJoints() {
    GroupedPeople people;
    people.numJoints = 2;
    people.tagDim = 1;
    people.data = {3, 0, 0.9f, 0.0f, 1, 1, 0.0f, 0.0f};
    std::vector<float> det(32, 0.0f);
    det[2] = 0.4f;  // left of (3, 0); the right neighbour is the pixel itself (0)
    adjustPeople(people, view(det, 2, 4, 4));
    QCOMPARE(people.data[0], 3.25f);  // 3 - 0.25 + 0.5
    QCOMPARE(people.data[1], 0.25f);  // equal neighbours (itself): -0.25
    QCOMPARE(people.data[4], 1.0f);
    QCOMPARE(people.data[5], 1.0f);
  }

  void personScoresAreMeans() {
    GroupedPeople people;
    people.numJoints = 3;
    people.tagDim = 1;
    people.data = {0,      0, 0.5f, 0, 0, 0, 0.25f, 0, 0, 0, 0.0f, 0,
                   /**/ 0, 0, 0.3f, 0, 0, 0, 0.3f,  0, 0, 0, 0.3f, 0};
    const std::vector<float> scores = personScores(people);
    QCOMPARE(scores.size(), size_t(2));
    QCOMPARE(scores[0], 0.25f);
    QCOMPARE(scores[1], static_cast<float>(static_cast<double>(0.3f + 0.3f + 0.3f) / 3.0));
  }

  void pairwiseSumOrder() {
    // 2^24 followed by sixteen ones. Sequentially every +1 is lost; numpy's pairwise order keeps
    // eight partial sums (2^24 + 1 -> 2^24 in lane 0, 2 in lanes 1..7), combines them to
    // 2^24 + 14 and adds the last one: 2^24 + 15 rounds to even, 2^24 + 16.
    std::vector<float> v(17, 1.0f);
    v[0] = 16777216.0f;
    QCOMPARE(numpyPairwiseSum(v.data(), 17, 1), 16777232.0f);
    QCOMPARE(numpyPairwiseSum(v.data(), 5, 1), 16777216.0f);
    std::vector<float> strided{1, -1, 2, -1, 3, -1};
    QCOMPARE(numpyPairwiseSum(strided.data(), 3, 2), 6.0f);
  }

  void refineFillsMissingJoint() {
    // Joint 0 detected at (1, 1) with tag 3. Joint 1: a strong peak whose tag is 4 away
    // (0.9 - 4) and a weaker one with a close tag (0.5 - round(0.2)): the weaker one wins.
    GroupedPeople people;
    people.numJoints = 2;
    people.tagDim = 1;
    people.data = {1.75f, 1.25f, 0.8f, 3.0f, 0, 0, 0, 0};
    std::vector<float> det(32, 0.0f);
    std::vector<float> tags(32, 0.0f);
    det[0 * 16 + 1 * 4 + 1] = 0.8f;
    tags[0 * 16 + 1 * 4 + 1] = 3.0f;
    det[16 + 0 * 4 + 3] = 0.9f;
    tags[16 + 0 * 4 + 3] = 7.0f;
    det[16 + 3 * 4 + 0] = 0.5f;
    tags[16 + 3 * 4 + 0] = 3.2f;
    refinePeople(people, view(det, 2, 4, 4), view(tags, 2, 4, 4));
    // x: right neighbour 0 is not above 0.5 -> 0.5 - 0.25; y: the pixel itself (0.5, clamped
    // below) beats the one above (0) -> 3.5 + 0.25.
    QCOMPARE(people.data[4], 0.25f);
    QCOMPARE(people.data[5], 3.75f);
    QCOMPARE(people.data[6], 0.5f);
    QCOMPARE(people.data[7], 0.0f);
    QCOMPARE(people.data[0], 1.75f);  // detected joints are left alone
  }

  void refineTiesTakeFirstIndexAcrossTiles() {
    // 16x16 maps (four 8x8 tiles). Pixels 70 (tile 0) and 200 (tile 3) both score 0.5. Pixel 220
    // in tile 3 has 0.9 with a tag 0.6 away (score 0.9 - 1), which lifts tile 3's bound above
    // tile 0's, so tile 3 is searched first; argmax still keeps the first index, 70.
    const int64_t H = 16, W = 16;
    GroupedPeople people;
    people.numJoints = 2;
    people.tagDim = 1;
    people.data = {0.25f, 0.25f, 0.7f, 1.0f, 0, 0, 0, 0};
    std::vector<float> det(2 * H * W, 0.0f);
    std::vector<float> tags(2 * H * W, 5.0f);
    tags[0] = 1.0f;
    const int64_t off = H * W;
    det[off + 70] = 0.5f;
    tags[off + 70] = 1.0f;
    det[off + 200] = 0.5f;
    tags[off + 200] = 1.0f;
    det[off + 220] = 0.9f;
    tags[off + 220] = 1.6f;
    refinePeople(people, view(det, 2, H, W), view(tags, 2, H, W));
    QCOMPARE(people.data[6], 0.5f);
    // index 70 = (x 6, y 4); both x neighbours 0 -> 6.25; both y neighbours 0 -> 4.25.
    QCOMPARE(people.data[4], 6.25f);
    QCOMPARE(people.data[5], 4.25f);
  }

  void refineMatchesBruteForce() {
    // Random maps, two tags per pixel, several people: the pruned search must give the plain
    // argmax (first index on ties) of det - round(|tag - mean tag|).
    const int64_t J = 3, H = 20, W = 30, T = 2;
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::uniform_real_distribution<float> tagDist(0.0f, 3.0f);
    std::vector<float> det(J * H * W), tags(J * H * W * T);
    for (float& v : det) v = std::round(unit(rng) * 8.0f) / 8.0f;  // many exact ties
    for (float& v : tags) v = tagDist(rng);
    GroupedPeople people;
    people.numJoints = J;
    people.tagDim = T;
    const float detected[4][J] = {{1, 0, 0}, {0, 1, 0}, {1, 0, 1}, {0, 0, 1}};
    for (int p = 0; p < 4; ++p) {
      for (int64_t j = 0; j < J; ++j) {
        const float x = static_cast<float>((p * 7 + j * 3) % W);
        const float y = static_cast<float>((p * 5 + j * 11) % H);
        const float s = detected[p][j] > 0 ? 0.5f : 0.0f;
        people.data.insert(people.data.end(), {s > 0 ? x : 0, s > 0 ? y : 0, s, 0.0f, 0.0f});
      }
    }
    GroupedPeople expected = people;
    for (int64_t p = 0; p < expected.count(); ++p) {
      float mean[T] = {0, 0};
      int n = 0;
      for (int64_t j = 0; j < J; ++j) {
        const float* r = expected.joint(p, j);
        if (r[2] > 0) {
          const float* t =
              &tags[((j * H + static_cast<int>(r[1])) * W + static_cast<int>(r[0])) * T];
          mean[0] += t[0];
          mean[1] += t[1];
          ++n;
        }
      }
      mean[0] /= n;
      mean[1] /= n;
      for (int64_t j = 0; j < J; ++j) {
        float* r = expected.joint(p, j);
        if (r[2] != 0) continue;
        float best = -std::numeric_limits<float>::infinity();
        int64_t at = 0;
        for (int64_t q = 0; q < H * W; ++q) {
          const float* t = &tags[(j * H * W + q) * T];
          const float d0 = t[0] - mean[0], d1 = t[1] - mean[1];
          const float v = det[j * H * W + q] - std::nearbyint(std::sqrt(d0 * d0 + d1 * d1));
          if (v > best) {
            best = v;
            at = q;
          }
        }
        const float* m = &det[j * H * W];
        const int64_t x = at % W, y = at / W;
        if (m[at] > 0) {
          r[0] =
              x + 0.5f +
              (m[y * W + std::min(x + 1, W - 1)] > m[y * W + std::max<int64_t>(x - 1, 0)] ? 0.25f
                                                                                          : -0.25f);
          r[1] =
              y + 0.5f +
              (m[std::min(y + 1, H - 1) * W + x] > m[std::max<int64_t>(y - 1, 0) * W + x] ? 0.25f
                                                                                          : -0.25f);
          r[2] = m[at];
        }
      }
    }
    refinePeople(people, view(det, J, H, W), view(tags, J, H, W, T));
    QCOMPARE(people.data, expected.data);
  }
};

QTEST_GUILESS_MAIN(TestGrouping)
#include "tst_grouping.moc"
