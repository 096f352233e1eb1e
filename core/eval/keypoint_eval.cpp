#include "eval/keypoint_eval.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <unordered_map>

#include "common/errors.h"
#include "common/parallel_for.h"
#include "eval/accumulate.h"
#include "eval/ground_truth.h"
#include "eval/image_matching.h"
#include "eval/numpy_math.h"
#include "eval/oks.h"
#include "eval/summarize.h"

namespace posescope {

namespace {

std::string detectionName(std::size_t index, const KeypointDetection& d,
                          const std::string& source) {
  const std::string id = " (image_id " + std::to_string(d.imageId) + ")";
  if (!source.empty()) return source + ": result[" + std::to_string(index) + "]" + id;
  return "detection #" + std::to_string(index) + id;
}

void checkDetection(std::size_t index, const KeypointDetection& d, std::size_t joints,
                    const std::string& source, const KeypointGroundTruth& gt,
                    const std::unordered_map<std::int64_t, std::size_t>& images,
                    const std::unordered_map<std::int64_t, std::size_t>& categories) {
  const std::string name = detectionName(index, d, source);
  if (!images.count(d.imageId)) {
    throw EvalError(name + ": image id " + std::to_string(d.imageId) +
                    " is not in the ground truth " + gt.source);
  }
  if (!categories.count(d.categoryId)) {
    throw EvalError(name + ": category id " + std::to_string(d.categoryId) +
                    " is not in the ground truth " + gt.source);
  }
  if (d.keypoints.size() != 3 * joints) {
    throw EvalError(name + " has " + std::to_string(d.keypoints.size()) +
                    " keypoint values; expected " + std::to_string(3 * joints) + " (" +
                    std::to_string(joints) + " joints x 3)");
  }
  for (std::size_t k = 0; k < d.keypoints.size(); ++k) {
    if (!std::isfinite(d.keypoints[k])) {
      throw EvalError(name + ": keypoints[" + std::to_string(k) + "] is not finite");
    }
  }
  if (!std::isfinite(d.score)) throw EvalError(name + ": score is not finite");
  if (d.area && !std::isfinite(*d.area)) throw EvalError(name + ": area is not finite");
}

// Everything computed for one (category, image) pair.
struct Cell {
  bool present = false;  // the image has ground truth or detections of the category
  ImageInput input;
  std::vector<std::size_t> order;  // detection indices, best score first (all of them)
  std::vector<ImageAreaMatch> areas;
};

ImageEvaluation describeImage(std::int64_t imageId, std::int64_t categoryId, const Cell& cell,
                              const EvalParams& params) {
  ImageEvaluation out;
  out.imageId = imageId;
  out.categoryId = categoryId;
  if (!cell.present) return out;
  const ImageInput& in = cell.input;
  const ImageAreaMatch& all = cell.areas[0];
  const std::size_t D = in.dts.size(), G = in.gts.size();
  out.detections.assign(cell.order.begin(), cell.order.begin() + D);
  out.droppedDetections.assign(cell.order.begin() + D, cell.order.end());
  for (std::size_t g = 0; g < G; ++g) {
    out.groundTruthIds.push_back(in.gts[g]->id);
    out.groundTruthIgnored.push_back(all.gtIgnore[g] != 0);
  }
  out.oks = in.oks;
  std::vector<double> matchedOks;
  for (std::size_t t = 0; t < params.iouThrs.size(); ++t) {
    ThresholdMatches tm;
    tm.threshold = params.iouThrs[t];
    std::vector<bool> gtMatched(G, false);
    for (std::size_t d = 0; d < D; ++d) {
      const int g = all.dtMatchGt[t * D + d];
      if (g < 0) {
        tm.unmatchedDetections.push_back(out.detections[d]);
        continue;
      }
      gtMatched[g] = true;
      const KeypointMatch match{out.detections[d], in.gts[g]->id, in.oks[d * G + g],
                                all.gtIgnore[g] != 0};
      tm.matches.push_back(match);
      if (t == 0 && !match.groundTruthIgnored) matchedOks.push_back(match.oks);
    }
    for (std::size_t g = 0; g < G; ++g) {
      if (!gtMatched[g] && !all.gtIgnore[g]) tm.unmatchedGroundTruths.push_back(in.gts[g]->id);
    }
    out.thresholds.push_back(std::move(tm));
  }
  if (!matchedOks.empty()) {
    out.meanOks = numpyPairwiseSum(matchedOks.data(), matchedOks.size()) /
                  static_cast<double>(matchedOks.size());
  }
  const PrecisionRecall pr = accumulateMatches({&all}, params);
  out.ap = meanOfValid(pr.precision);
  return out;
}

}  // namespace

void checkDetections(const KeypointGroundTruth& gt,
                     const std::vector<KeypointDetection>& detections, std::size_t joints,
                     const std::string& source) {
  std::unordered_map<std::int64_t, std::size_t> images, categories;
  for (std::size_t i = 0; i < gt.images.size(); ++i) images[gt.images[i].id] = i;
  for (std::size_t k = 0; k < gt.categories.size(); ++k) categories[gt.categories[k].id] = k;
  for (std::size_t i = 0; i < detections.size(); ++i) {
    checkDetection(i, detections[i], joints, source, gt, images, categories);
  }
}

EvalSummary evaluateKeypoints(const KeypointGroundTruth& gt,
                              const std::vector<KeypointDetection>& detections, EvalVariant variant,
                              const EvalOptions& options) {
  return evaluateKeypoints(gt, detections, evalParamsFor(variant), options);
}

EvalSummary evaluateKeypoints(const KeypointGroundTruth& gt,
                              const std::vector<KeypointDetection>& detections,
                              const EvalParams& params, const EvalOptions& options) {
  const EvalVariant variant = params.variant;
  checkGroundTruthFor(gt, variant, params.sigmas.size());
  params.validate();
  const std::size_t J = static_cast<std::size_t>(params.numJoints());
  const std::size_t A = params.areas.size();

  // Images and categories in id order, as the reference sorts them.
  std::vector<std::int64_t> imageIds, categoryIds;
  for (const auto& image : gt.images) imageIds.push_back(image.id);
  for (const auto& c : gt.categories) categoryIds.push_back(c.id);
  std::sort(imageIds.begin(), imageIds.end());
  std::sort(categoryIds.begin(), categoryIds.end());
  const std::size_t N = imageIds.size(), K = categoryIds.size();
  std::unordered_map<std::int64_t, std::size_t> imageIndex, categoryIndex;
  for (std::size_t i = 0; i < N; ++i) imageIndex[imageIds[i]] = i;
  for (std::size_t k = 0; k < K; ++k) categoryIndex[categoryIds[k]] = k;

  for (std::size_t i = 0; i < detections.size(); ++i) {
    checkDetection(i, detections[i], J, options.resultsSource, gt, imageIndex, categoryIndex);
  }

  // Group people and detections per (category, image), keeping file order.
  std::vector<Cell> cells(K * N);
  std::vector<std::vector<std::size_t>> dtsOf(K * N);
  for (const auto& person : gt.annotations) {
    const std::size_t c = categoryIndex.at(person.categoryId) * N + imageIndex.at(person.imageId);
    cells[c].input.gts.push_back(&person);
  }
  for (std::size_t i = 0; i < detections.size(); ++i) {
    const auto& d = detections[i];
    if (d.score < params.minScore) continue;  // below the chosen minimum: as if not in the file
    dtsOf[categoryIndex.at(d.categoryId) * N + imageIndex.at(d.imageId)].push_back(i);
  }

  parallelFor(K * N, options.threads, [&](std::size_t c) {
    Cell& cell = cells[c];
    std::vector<std::size_t>& order = dtsOf[c];
    if (cell.input.gts.empty() && order.empty()) return;
    cell.present = true;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return detections[a].score > detections[b].score;
    });
    const std::size_t D = std::min(order.size(), params.maxDets);
    for (std::size_t d = 0; d < D; ++d) {
      cell.input.dts.push_back(&detections[order[d]]);
      cell.input.dtIds.push_back(static_cast<std::int64_t>(order[d]) + 1);
    }
    cell.input.oks = computeOksMatrix(cell.input.gts, cell.input.dts, params);
    for (const AreaRange& area : params.areas) {
      cell.areas.push_back(matchImage(cell.input, params, area));
    }
    cell.order = std::move(order);
  });

  // precision / recall per (category, area) over a set of images (indices in id order).
  auto accumulate = [&](std::size_t k, std::size_t a, const std::vector<std::size_t>& subset) {
    std::vector<const ImageAreaMatch*> matches;
    matches.reserve(subset.size());
    for (std::size_t i : subset) {
      const Cell& cell = cells[k * N + i];
      matches.push_back(cell.present ? &cell.areas[a] : nullptr);
    }
    return accumulateMatches(matches, params);
  };
  std::vector<std::size_t> everyImage(N);
  std::iota(everyImage.begin(), everyImage.end(), 0);
  std::vector<PrecisionRecall> pr(K * A);  // [k * A + a]
  // Area ranges side by side (`perf stat -r 10 posescope-cli metrics` on the 5,000-image set,
  // quiet: 8 ms of 115 less).
  parallelFor(
      K * A, options.threads,
      [&](std::size_t ka) { pr[ka] = accumulate(ka / A, ka % A, everyImage); }, 1);

  std::vector<PrecisionRecall> splits;  // CrowdPose: [s * K + k] over easy, medium, hard images
  if (variant == EvalVariant::CrowdPose) {
    std::vector<std::vector<std::size_t>> split(3);
    for (const auto& image : gt.images) {
      const double ci = *image.crowdIndex;
      split[ci < 0.2 ? 0 : ci < 0.8 ? 1 : 2].push_back(imageIndex.at(image.id));
    }
    for (auto& subset : split) {
      std::sort(subset.begin(), subset.end());
      for (std::size_t k = 0; k < K; ++k) splits.push_back(accumulate(k, 0, subset));
    }
  }
  EvalSummary summary;
  summary.variant = variant;
  summary.table = summarizeMetrics(params, K, pr, splits);
  summary.categoryIds = categoryIds;
  summary.accumulated = std::move(pr);
  summary.crowdSplits = std::move(splits);

  if (options.perImage) {
    std::vector<bool> poseCategory(K, false);
    for (const auto& c : gt.categories) {
      if (!c.keypoints.empty()) poseCategory[categoryIndex.at(c.id)] = true;
    }
    for (std::size_t i = 0; i < N; ++i) {
      for (std::size_t k = 0; k < K; ++k) {
        if (!poseCategory[k]) continue;
        summary.images.push_back(
            describeImage(imageIds[i], categoryIds[k], cells[k * N + i], params));
      }
    }
  }
  return summary;
}

}  // namespace posescope
