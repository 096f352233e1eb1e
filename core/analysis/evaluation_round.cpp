#include "analysis/evaluation_round.h"

#include <algorithm>
#include <unordered_map>

#include "common/parallel_for.h"
#include "eval/numpy_math.h"
#include "eval/oks.h"

namespace posescope {

ImageGroups groupByImage(const KeypointGroundTruth& gt,
                         const std::vector<KeypointDetection>& detections, std::int64_t categoryId,
                         double minScore) {
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
    if (people[i].empty() && dets[i].empty()) continue;
    groups.imageIds.push_back(ids[i]);
    groups.people.push_back(std::move(people[i]));
    groups.detections.push_back(std::move(dets[i]));
  }
  return groups;
}

std::vector<ImageRound> evaluateRound(const ImageGroups& groups,
                                      const std::vector<KeypointDetection>& detections,
                                      const EvalParams& params, const AreaRange& area,
                                      std::size_t maxDets, int threads) {
  std::vector<ImageRound> round(groups.imageIds.size());
  parallelFor(
      round.size(), threads,
      [&](std::size_t i) {
        ImageRound& r = round[i];
        r.evaluated = groups.detections[i];
        std::stable_sort(r.evaluated.begin(), r.evaluated.end(), [&](std::size_t a, std::size_t b) {
          return detections[a].score > detections[b].score;
        });
        if (r.evaluated.size() > maxDets) r.evaluated.resize(maxDets);
        r.input.gts = groups.people[i];
        for (std::size_t d : r.evaluated) {
          r.input.dts.push_back(&detections[d]);
          r.input.dtIds.push_back(static_cast<std::int64_t>(d) + 1);
        }
        r.input.oks = computeOksMatrix(r.input.gts, r.input.dts, params);
        r.match = matchImage(r.input, params, area);
      },
      256);
  return round;
}

PrecisionRecall accumulateRound(const std::vector<ImageRound>& round, const EvalParams& params) {
  std::vector<const ImageAreaMatch*> matches;
  matches.reserve(round.size());
  for (const ImageRound& r : round) matches.push_back(&r.match);
  return accumulateMatches(matches, params);
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
