#include "inference/grouping.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

#include "inference/munkres.h"

namespace posescope {

namespace {

// One person while matching: its key (the first tag value of the joint that founded it), its
// joint rows and the tags that joined it (group.py's joint_dict and tag_dict entries).
struct Group {
  float key = 0.0f;
  std::vector<float> rows;
  std::vector<float> tags;  // tagCount x tagDim
  int64_t tagCount = 0;
};

// Insertion-ordered dictionary keyed by float value, with Python's setdefault semantics.
class GroupDict {
 public:
  GroupDict(int64_t numJoints, int64_t tagDim) : numJoints_(numJoints), tagDim_(tagDim) {}

  Group& setDefault(float key) {
    for (Group& g : groups_) {
      if (g.key == key) return g;
    }
    groups_.push_back(Group{key, std::vector<float>(numJoints_ * (3 + tagDim_), 0.0f), {}, 0});
    return groups_.back();
  }

  std::vector<Group>& groups() { return groups_; }

 private:
  int64_t numJoints_;
  int64_t tagDim_;
  std::vector<Group> groups_;
};

void setRow(Group& g, int64_t joint, const float* row, int64_t rowSize) {
  std::copy(row, row + rowSize, g.rows.begin() + joint * rowSize);
}

void resetTags(Group& g, const float* tag, int64_t tagDim) {
  g.tags.assign(tag, tag + tagDim);
  g.tagCount = 1;
}

void appendTag(Group& g, const float* tag, int64_t tagDim) {
  g.tags.insert(g.tags.end(), tag, tag + tagDim);
  ++g.tagCount;
}

// np.mean(list of float32 tag vectors, axis=0): float32 sums, sequential over the list when the
// vectors have several entries, numpy's pairwise sum when they have one; then a float32 division.
void meanTag(const Group& g, int64_t tagDim, float* out) {
  for (int64_t t = 0; t < tagDim; ++t) {
    float sum = 0.0f;
    if (tagDim == 1) {
      sum = numpyPairwiseSum(g.tags.data(), g.tagCount, 1);
    } else {
      for (int64_t i = 0; i < g.tagCount; ++i) sum += g.tags[i * tagDim + t];
    }
    out[t] = sum / static_cast<float>(g.tagCount);
  }
}

void checkMap(const MapView& map, int64_t channels, const char* what) {
  if (map.data == nullptr || map.channels != channels || map.height <= 0 || map.width <= 0) {
    throw std::invalid_argument(std::string("grouping: the ") + what + " map has " +
                                std::to_string(map.channels) + " channels where " +
                                std::to_string(channels) + " are expected");
  }
}

// refine's search space, cut into kTile x kTile tiles that each know their largest heatmap value
// and the range of every tag component. A tile's best possible score, det max minus the rounded
// distance from the mean tag to the tag box, bounds every pixel in it (each float operation on the
// way is monotonic), so the argmax only visits tiles that can still win.
constexpr int64_t kTile = 8;

struct TileStats {
  int64_t tilesX = 0;
  int64_t tilesY = 0;
  std::vector<float> maxDet;  // tiles
  std::vector<float> lo;      // tiles x T
  std::vector<float> hi;      // tiles x T
};

// One tile row band: the maxima and tag ranges of its tiles (TD > 0: tag depth known at compile
// time, so the loops unroll; TD == 0: any depth T).
template <int TD>
void tileBand(const float* det, const float* tag, int64_t y0, int64_t y1, int64_t W, int64_t T,
              int64_t tilesX, float* maxDet, float* lo, float* hi) {
  const int64_t depth = TD > 0 ? TD : T;
  for (int64_t bx = 0; bx < tilesX; ++bx) {
    const int64_t x0 = bx * kTile;
    const int64_t x1 = std::min(W, x0 + kTile);
    float m = maxDet[bx];
    for (int64_t y = y0; y < y1; ++y) {
      for (int64_t q = y * W + x0; q < y * W + x1; ++q) m = std::max(m, det[q]);
    }
    maxDet[bx] = m;
    for (int64_t t = 0; t < depth; ++t) {
      float l = lo[bx * depth + t];
      float h = hi[bx * depth + t];
      for (int64_t y = y0; y < y1; ++y) {
        for (int64_t q = y * W + x0; q < y * W + x1; ++q) {
          l = std::min(l, tag[q * depth + t]);
          h = std::max(h, tag[q * depth + t]);
        }
      }
      lo[bx * depth + t] = l;
      hi[bx * depth + t] = h;
    }
  }
}

TileStats tileStats(const float* det, const float* tag, int64_t H, int64_t W, int64_t T) {
  TileStats s;
  s.tilesX = (W + kTile - 1) / kTile;
  s.tilesY = (H + kTile - 1) / kTile;
  const int64_t tiles = s.tilesX * s.tilesY;
  s.maxDet.assign(tiles, -std::numeric_limits<float>::infinity());
  s.lo.assign(tiles * T, std::numeric_limits<float>::infinity());
  s.hi.assign(tiles * T, -std::numeric_limits<float>::infinity());
  for (int64_t by = 0; by < s.tilesY; ++by) {
    const int64_t y0 = by * kTile;
    const int64_t y1 = std::min(H, y0 + kTile);
    const int64_t b = by * s.tilesX;
    float* maxDet = s.maxDet.data() + b;
    float* lo = s.lo.data() + b * T;
    float* hi = s.hi.data() + b * T;
    if (T == 1) {
      tileBand<1>(det, tag, y0, y1, W, T, s.tilesX, maxDet, lo, hi);
    } else if (T == 2) {
      tileBand<2>(det, tag, y0, y1, W, T, s.tilesX, maxDet, lo, hi);
    } else {
      tileBand<0>(det, tag, y0, y1, W, T, s.tilesX, maxDet, lo, hi);
    }
  }
  return s;
}

// nearbyint (round half to even) of a non-negative float without a libm call: adding 2^23 leaves
// no fraction bits, so the FPU's round-to-nearest-even does the rounding; values from 2^23 on
// are integers already (NaN passes through).
inline float roundHalfEven(float x) {
  constexpr float kTwo23 = 8388608.0f;
  return x < kTwo23 ? (x + kTwo23) - kTwo23 : x;
}

// refine's per-pixel score: det - round(|tag - mean|), in float32 as torch computes it.
inline float refineScore(float det, const float* tag, const float* mean, int64_t T) {
  float sq = 0.0f;
  for (int64_t t = 0; t < T; ++t) {
    const float d = tag[t] - mean[t];
    sq += d * d;
  }
  return det - roundHalfEven(std::sqrt(sq));
}

// Upper bound of the refine score over tile b: its det maximum minus the rounded distance from
// the mean to its tag box.
inline float tileBound(const TileStats& tiles, int64_t b, const float* mean, int64_t T) {
  float sq = 0.0f;
  for (int64_t t = 0; t < T; ++t) {
    const float c = std::min(std::max(mean[t], tiles.lo[b * T + t]), tiles.hi[b * T + t]);
    const float d = c - mean[t];
    sq += d * d;
  }
  return tiles.maxDet[b] - roundHalfEven(std::sqrt(sq));
}

// torch.argmax of the refine score over one joint's map (the first index among equal maxima);
// -1 when the map holds no comparable value (only NaN).
int64_t refineArgmax(const float* det, const float* tag, int64_t H, int64_t W, int64_t T,
                     const TileStats& tiles, const float* mean) {
  const int64_t count = tiles.tilesX * tiles.tilesY;
  float best = -std::numeric_limits<float>::infinity();
  int64_t bestIndex = -1;
  auto scan = [&](int64_t b) {
    const int64_t y0 = (b / tiles.tilesX) * kTile;
    const int64_t x0 = (b % tiles.tilesX) * kTile;
    const int64_t y1 = std::min(H, y0 + kTile);
    const int64_t x1 = std::min(W, x0 + kTile);
    for (int64_t y = y0; y < y1; ++y) {
      for (int64_t q = y * W + x0; q < y * W + x1; ++q) {
        if (det[q] < best) continue;  // the rounded distance is >= 0: no better score here
        const float v = refineScore(det[q], tag + q * T, mean, T);
        if (v > best || (v == best && q < bestIndex) || bestIndex < 0) {
          best = v;
          bestIndex = q;
        }
      }
    }
  };
  // The most promising tile first gives a good bound (a tile's bound never exceeds its det
  // maximum, so tiles below the best bound so far need no distance).
  int64_t first = -1;
  float firstBound = -std::numeric_limits<float>::infinity();
  for (int64_t b = 0; b < count; ++b) {
    if (first >= 0 && !(tiles.maxDet[b] > firstBound)) continue;
    const float bound = tileBound(tiles, b, mean, T);
    if (first < 0 || bound > firstBound) {
      first = b;
      firstBound = bound;
    }
  }
  if (first < 0) return -1;
  scan(first);
  // Then every tile that can still reach the best score (ties included: a lower index wins).
  for (int64_t b = 0; b < count; ++b) {
    if (b == first || tiles.maxDet[b] < best) continue;
    if (tileBound(tiles, b, mean, T) >= best) scan(b);
  }
  return bestIndex;
}

}  // namespace

float numpyPairwiseSum(const float* values, int64_t n, int64_t stride) {
  if (n < 8) {
    float res = 0.0f;
    for (int64_t i = 0; i < n; ++i) res += values[i * stride];
    return res;
  }
  if (n <= 128) {
    float r[8];
    for (int j = 0; j < 8; ++j) r[j] = values[j * stride];
    int64_t i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (int j = 0; j < 8; ++j) r[j] += values[(i + j) * stride];
    }
    float res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += values[i * stride];
    return res;
  }
  int64_t half = n / 2;
  half -= half % 8;
  return numpyPairwiseSum(values, half, stride) +
         numpyPairwiseSum(values + half * stride, n - half, stride);
}

void nmsPlane(const float* det, int64_t H, int64_t W, int64_t kernel, int64_t padding, float* out) {
  if (kernel != 2 * padding + 1) {
    throw std::invalid_argument("nmsPlane: kernel must be 2 * padding + 1");
  }
  // Separable maximum: along rows into `rows`, then along columns; max is exact, so the result
  // equals the 2-D window maximum.
  // (Offset by offset over whole rows: plain loops the compiler vectorises.)
  std::vector<float> rows(det, det + H * W);
  for (int64_t y = 0; y < H; ++y) {
    const float* in = det + y * W;
    float* r = rows.data() + y * W;
    for (int64_t i = 1; i <= padding && i < W; ++i) {
      for (int64_t x = 0; x < W - i; ++x) r[x] = std::max(r[x], in[x + i]);
      for (int64_t x = i; x < W; ++x) r[x] = std::max(r[x], in[x - i]);
    }
  }
  std::vector<float> colMax(static_cast<size_t>(W));
  for (int64_t y = 0; y < H; ++y) {
    const int64_t y0 = std::max<int64_t>(0, y - padding);
    const int64_t y1 = std::min(H - 1, y + padding);
    std::copy(rows.begin() + y0 * W, rows.begin() + (y0 + 1) * W, colMax.begin());
    for (int64_t i = y0 + 1; i <= y1; ++i) {
      const float* r = rows.data() + i * W;
      for (int64_t x = 0; x < W; ++x) colMax[x] = std::max(colMax[x], r[x]);
    }
    const float* in = det + y * W;
    float* o = out + y * W;
    for (int64_t x = 0; x < W; ++x) o[x] = in[x] * (colMax[x] == in[x] ? 1.0f : 0.0f);
  }
}

GroupedPeople matchByTag(const JointCandidates& c, const ParserOptions& options) {
  const int64_t J = options.numJoints;
  const int64_t T = c.tagDim;
  const int64_t rowSize = 3 + T;
  if (c.numJoints != J || static_cast<int64_t>(options.jointOrder.size()) != J) {
    throw std::invalid_argument("matchByTag: candidates have " + std::to_string(c.numJoints) +
                                " joints, the options " + std::to_string(J));
  }
  GroupDict dict(J, T);
  std::vector<float> rows;  // selected candidates of the current joint, rowSize each
  std::vector<float> tagMeans;
  std::vector<double> saved;
  std::vector<double> cost;
  for (int64_t i = 0; i < J; ++i) {
    const int64_t idx = options.jointOrder[i];
    rows.clear();
    for (int64_t k = 0; k < c.k; ++k) {
      const int64_t at = idx * c.k + k;
      // The reference compares the float32 value, widened to float64, with the threshold.
      if (!(static_cast<double>(c.values[at]) > options.detectionThreshold)) continue;
      rows.push_back(static_cast<float>(c.x[at]));
      rows.push_back(static_cast<float>(c.y[at]));
      rows.push_back(c.values[at]);
      rows.insert(rows.end(), c.tags.begin() + at * T, c.tags.begin() + (at + 1) * T);
    }
    const int64_t added = static_cast<int64_t>(rows.size()) / rowSize;
    if (added == 0) continue;
    auto rowAt = [&](int64_t r) { return rows.data() + r * rowSize; };

    if (i == 0 || dict.groups().empty()) {
      for (int64_t r = 0; r < added; ++r) {
        Group& g = dict.setDefault(rowAt(r)[3]);
        setRow(g, idx, rowAt(r), rowSize);
        resetTags(g, rowAt(r) + 3, T);
      }
      continue;
    }

    const int64_t grouped =
        std::min<int64_t>(static_cast<int64_t>(dict.groups().size()), options.maxNumPeople);
    if (options.ignoreTooMuch && grouped == options.maxNumPeople) continue;
    tagMeans.assign(grouped * T, 0.0f);
    for (int64_t g = 0; g < grouped; ++g) meanTag(dict.groups()[g], T, tagMeans.data() + g * T);

    // Distances in float64 between float32 tags; the cost rounds half to even as np.round does.
    const int64_t cols = std::max(added, grouped);
    saved.assign(added * grouped, 0.0);
    cost.assign(added * cols, 1e10);
    for (int64_t r = 0; r < added; ++r) {
      for (int64_t g = 0; g < grouped; ++g) {
        double sq = 0.0;
        for (int64_t t = 0; t < T; ++t) {
          const double d =
              static_cast<double>(rowAt(r)[3 + t]) - static_cast<double>(tagMeans[g * T + t]);
          sq += d * d;
        }
        const double dist = std::sqrt(sq);
        saved[r * grouped + g] = dist;
        cost[r * cols + g] = options.useDetectionVal
                                 ? std::nearbyint(dist) * 100.0 - static_cast<double>(rowAt(r)[2])
                                 : dist;
      }
    }

    const auto pairs = munkresAssignment(cost, static_cast<int>(added), static_cast<int>(cols));
    for (const auto& [r, col] : pairs) {
      if (r < added && col < grouped && saved[r * grouped + col] < options.tagThreshold) {
        Group& g = dict.groups()[col];
        setRow(g, idx, rowAt(r), rowSize);
        appendTag(g, rowAt(r) + 3, T);
      } else {
        Group& g = dict.setDefault(rowAt(r)[3]);
        setRow(g, idx, rowAt(r), rowSize);
        resetTags(g, rowAt(r) + 3, T);
      }
    }
  }

  GroupedPeople people;
  people.numJoints = J;
  people.tagDim = T;
  people.data.reserve(dict.groups().size() * J * rowSize);
  for (const Group& g : dict.groups())
    people.data.insert(people.data.end(), g.rows.begin(), g.rows.end());
  return people;
}

void adjustPeople(GroupedPeople& people, const MapView& det) {
  checkMap(det, people.numJoints, "heatmap");
  const int64_t H = det.height;
  const int64_t W = det.width;
  for (int64_t p = 0; p < people.count(); ++p) {
    for (int64_t j = 0; j < people.numJoints; ++j) {
      float* joint = people.joint(p, j);
      if (!(joint[2] > 0.0f)) continue;
      float x = joint[0];
      float y = joint[1];
      const int64_t col = static_cast<int64_t>(x);
      const int64_t row = static_cast<int64_t>(y);
      if (col < 0 || col >= W || row < 0 || row >= H) {
        throw std::invalid_argument("adjustPeople: joint outside the heatmap");
      }
      const float* map = det.data + j * H * W;
      x += (map[row * W + std::min(col + 1, W - 1)] > map[row * W + std::max<int64_t>(col - 1, 0)])
               ? 0.25f
               : -0.25f;
      y += (map[std::min(row + 1, H - 1) * W + col] > map[std::max<int64_t>(row - 1, 0) * W + col])
               ? 0.25f
               : -0.25f;
      joint[0] = x + 0.5f;
      joint[1] = y + 0.5f;
    }
  }
}

std::vector<float> personScores(const GroupedPeople& people) {
  std::vector<float> scores;
  scores.reserve(people.count());
  for (int64_t p = 0; p < people.count(); ++p) {
    const float sum = numpyPairwiseSum(people.joint(p, 0) + 2, people.numJoints, people.rowSize());
    // numpy divides the float32 sum by the count in float64 and stores float32.
    scores.push_back(
        static_cast<float>(static_cast<double>(sum) / static_cast<double>(people.numJoints)));
  }
  return scores;
}

void refinePeople(GroupedPeople& people, const MapView& det, const MapView& tags) {
  const int64_t J = people.numJoints;
  checkMap(det, J, "heatmap");
  if (tags.channels != J && tags.channels != 1) checkMap(tags, J, "tag");
  if (tags.data == nullptr || tags.height != det.height || tags.width != det.width ||
      tags.depth <= 0) {
    throw std::invalid_argument("refinePeople: tag maps do not match the heatmaps");
  }
  const int64_t H = det.height;
  const int64_t W = det.width;
  const int64_t T = tags.depth;
  const int64_t size = H * W;
  auto tagChannel = [&](int64_t j) { return tags.channels == 1 ? 0 : j; };

  std::vector<TileStats> tiles(J);
  std::vector<bool> haveTiles(J, false);
  std::vector<float> meanTag(T);
  for (int64_t p = 0; p < people.count(); ++p) {
    // Mean tag of the detected joints (torch.cat + mean: float32 sums, then a division).
    std::fill(meanTag.begin(), meanTag.end(), 0.0f);
    int64_t found = 0;
    for (int64_t j = 0; j < J; ++j) {
      const float* joint = people.joint(p, j);
      if (!(joint[2] > 0.0f)) continue;
      const int64_t x = static_cast<int32_t>(joint[0]);
      const int64_t y = static_cast<int32_t>(joint[1]);
      if (x < 0 || x >= W || y < 0 || y >= H) {
        throw std::invalid_argument("refinePeople: joint outside the maps");
      }
      const float* tag = tags.at(tagChannel(j), y, x);
      for (int64_t t = 0; t < T; ++t) meanTag[t] += tag[t];
      ++found;
    }
    if (found == 0) continue;
    for (int64_t t = 0; t < T; ++t) meanTag[t] /= static_cast<float>(found);

    for (int64_t j = 0; j < J; ++j) {
      float* joint = people.joint(p, j);
      if (joint[2] != 0.0f) continue;  // refine only ever writes joints with score 0
      const float* map = det.data + j * size;
      const float* tagMap = tags.data + tagChannel(j) * size * T;
      if (!haveTiles[j]) {
        tiles[j] = tileStats(map, tagMap, H, W, T);
        haveTiles[j] = true;
      }
      const int64_t bestIndex = refineArgmax(map, tagMap, H, W, T, tiles[j], meanTag.data());
      if (bestIndex < 0) continue;
      const int64_t y = bestIndex / W;
      const int64_t x = bestIndex % W;
      const float val = map[bestIndex];
      if (!(val > 0.0f)) continue;
      double fx = static_cast<double>(x) + 0.5;
      double fy = static_cast<double>(y) + 0.5;
      fx += (map[y * W + std::min(x + 1, W - 1)] > map[y * W + std::max<int64_t>(x - 1, 0)])
                ? 0.25
                : -0.25;
      fy += (map[std::min(y + 1, H - 1) * W + x] > map[std::max<int64_t>(y - 1, 0) * W + x])
                ? 0.25
                : -0.25;
      joint[0] = static_cast<float>(fx);
      joint[1] = static_cast<float>(fy);
      joint[2] = val;
    }
  }
}

}  // namespace posescope
