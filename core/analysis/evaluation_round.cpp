#include "analysis/evaluation_round.h"

#include <algorithm>
#include <unordered_map>

#include "common/parallel_for.h"
#include "eval/numpy_math.h"
#include "eval/oks.h"

namespace posescope {

ImageGroups groupByImage(const KeypointGroundTruth& gt,
                         const std::vector<KeypointDetection>& detections, std::int64_t categoryId,
                         double minScore, std::size_t maxDets) {
  std::vector<std::int64_t> ids;
  for (const auto& image : gt.images) ids.push_back(image.id);
  std::sort(ids.begin(), ids.end());
  std::unordered_map<std::int64_t, std::size_t> position;
  for (std::size_t i = 0; i < ids.size(); ++i) position[ids[i]] = i;

  std::vector<std::vector<const GroundTruthPerson*>> people(ids.size());
  std::vector<std::vector<std::size_t>> dets(ids.size());
  for (const auto& person : gt.annotations) {
    if (person.categoryId == categoryId) people[position.at(person.imageId)].push_back(&person);
  }
  for (std::size_t d = 0; d < detections.size(); ++d) {
    const KeypointDetection& det = detections[d];
    if (det.categoryId != categoryId || det.score < minScore) continue;
    dets[position.at(det.imageId)].push_back(d);
  }
  ImageGroups groups;
  groups.categoryId = categoryId;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (dets[i].size() > maxDets) {
      std::vector<std::size_t> best = dets[i];
      std::stable_sort(best.begin(), best.end(), [&](std::size_t a, std::size_t b) {
        return detections[a].score > detections[b].score;
      });
      best.resize(maxDets);
      std::sort(best.begin(), best.end());  // back to file order
      dets[i] = std::move(best);
    }
    if (people[i].empty() && dets[i].empty()) continue;
    groups.imageIds.push_back(ids[i]);
    groups.people.push_back(std::move(people[i]));
    groups.detections.push_back(std::move(dets[i]));
  }
  return groups;
}

OksCache computeOksCache(const ImageGroups& groups,
                         const std::vector<KeypointDetection>& detections, const EvalParams& params,
                         int threads) {
  OksCache cache;
  cache.perImage.resize(groups.imageIds.size());
  parallelFor(
      groups.imageIds.size(), threads,
      [&](std::size_t i) {
        std::vector<const KeypointDetection*> dts;
        for (std::size_t d : groups.detections[i]) dts.push_back(&detections[d]);
        cache.perImage[i] = computeOksMatrix(groups.people[i], dts, params);
      },
      256);
  return cache;
}

namespace {

// The evaluation of the image at position `i` of `groups` (see evaluateRound).
ImageRound evaluateImage(const ImageGroups& groups, std::size_t i,
                         const std::vector<KeypointDetection>& detections, const EvalParams& params,
                         const AreaRange& area, std::size_t maxDets, const OksCache* cache,
                         const std::vector<char>* changed) {
  ImageRound r;
  const std::vector<std::size_t>& all = groups.detections[i];
  // Positions into the image's detections, best score first (stable), at most maxDets.
  std::vector<std::size_t> order(all.size());
  for (std::size_t p = 0; p < order.size(); ++p) order[p] = p;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return detections[all[a]].score > detections[all[b]].score;
  });
  if (order.size() > maxDets) order.resize(maxDets);
  r.input.gts = groups.people[i];
  r.evaluated.reserve(order.size());
  r.input.dts.reserve(order.size());
  r.input.dtIds.reserve(order.size());
  for (std::size_t p : order) {
    r.evaluated.push_back(all[p]);
    r.input.dts.push_back(&detections[all[p]]);
    r.input.dtIds.push_back(static_cast<std::int64_t>(all[p]) + 1);
  }
  const std::size_t G = r.input.gts.size();
  if (!cache || G == 0 || order.empty()) {
    r.input.oks = computeOksMatrix(r.input.gts, r.input.dts, params);
  } else {
    r.input.oks.resize(order.size() * G);
    const std::vector<double>& rows = cache->perImage[i];
    for (std::size_t j = 0; j < order.size(); ++j) {
      const std::size_t d = all[order[j]];
      if (changed && (*changed)[d]) {
        const auto row = computeOksMatrix(r.input.gts, {&detections[d]}, params);
        std::copy(row.begin(), row.end(), r.input.oks.begin() + j * G);
      } else {
        std::copy(rows.begin() + order[j] * G, rows.begin() + (order[j] + 1) * G,
                  r.input.oks.begin() + j * G);
      }
    }
  }
  r.match = matchImage(r.input, params, area);
  return r;
}

std::vector<const ImageAreaMatch*> matchesOf(const std::vector<ImageRound>& round) {
  std::vector<const ImageAreaMatch*> matches;
  matches.reserve(round.size());
  for (const ImageRound& r : round) matches.push_back(&r.match);
  return matches;
}

}  // namespace

std::vector<ImageRound> evaluateRound(const ImageGroups& groups,
                                      const std::vector<KeypointDetection>& detections,
                                      const EvalParams& params, const AreaRange& area,
                                      std::size_t maxDets, int threads, const OksCache* cache,
                                      const std::vector<char>* changed) {
  std::vector<ImageRound> round(groups.imageIds.size());
  parallelFor(
      round.size(), threads,
      [&](std::size_t i) {
        round[i] = evaluateImage(groups, i, detections, params, area, maxDets, cache, changed);
      },
      256);
  return round;
}

RoundChanges reevaluateChanged(const ImageGroups& groups,
                               const std::vector<KeypointDetection>& detections,
                               const EvalParams& params, const AreaRange& area, std::size_t maxDets,
                               int threads, const OksCache& cache,
                               const std::vector<char>& changed) {
  RoundChanges out;
  for (std::size_t i = 0; i < groups.imageIds.size(); ++i) {
    const auto& dets = groups.detections[i];
    if (std::any_of(dets.begin(), dets.end(), [&](std::size_t d) { return changed[d] != 0; })) {
      out.images.push_back(i);
    }
  }
  out.rounds.resize(out.images.size());
  parallelFor(
      out.images.size(), threads,
      [&](std::size_t n) {
        out.rounds[n] = evaluateImage(groups, out.images[n], detections, params, area, maxDets,
                                      &cache, &changed);
      },
      256);
  return out;
}

ScoreOrder scoreOrderOf(const std::vector<ImageRound>& round) {
  return scoreOrderOf(matchesOf(round));
}

PrecisionRecall accumulateRound(const std::vector<ImageRound>& base, const RoundChanges& changes,
                                const EvalParams& params, const ScoreOrder& order) {
  std::vector<const ImageAreaMatch*> matches = matchesOf(base);
  for (std::size_t n = 0; n < changes.images.size(); ++n) {
    matches[changes.images[n]] = &changes.rounds[n].match;
  }
  return accumulateInOrder(matches, params, order);
}

PrecisionRecall accumulateRound(const std::vector<ImageRound>& round, const EvalParams& params,
                                const ScoreOrder& order, std::optional<std::size_t> onlyThreshold) {
  return accumulateInOrder(matchesOf(round), params, order, onlyThreshold);
}

double averagePrecisionAt(const PrecisionRecall& pr, std::size_t t, std::size_t recallPoints) {
  std::vector<double> valid;
  valid.reserve(recallPoints);
  for (std::size_t r = 0; r < recallPoints; ++r) {
    const double p = pr.precision[t * recallPoints + r];
    if (p > -1) valid.push_back(p);
  }
  if (valid.empty()) return -1;
  return numpyPairwiseSum(valid.data(), valid.size()) / static_cast<double>(valid.size());
}

}  // namespace posescope
