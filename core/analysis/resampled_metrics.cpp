#include "analysis/resampled_metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "analysis/evaluation_round.h"
#include "common/errors.h"
#include "common/parallel_for.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/numpy_math.h"
#include "eval/summarize.h"

namespace posescope {

ResampledMetrics::ResampledMetrics(const KeypointGroundTruth& gt,
                                   const std::vector<KeypointDetection>& detections,
                                   const EvalParams& params, int threads)
    : params_(params) {
  checkGroundTruthFor(gt, params.variant, params.sigmas.size());
  params.validate();
  if (params.iouThrs.size() > 32) throw EvalError("at most 32 OKS thresholds can be resampled");
  const int J = params.numJoints();
  checkDetections(gt, detections, static_cast<std::size_t>(J), "");
  const KeypointCategory* pose = nullptr;
  for (const auto& c : gt.categories) {
    if (static_cast<int>(c.keypoints.size()) != J) continue;
    if (pose) {
      throw EvalError(gt.source + ": more than one keypoint category; resampling needs one");
    }
    pose = &c;
  }
  if (!pose) {
    throw EvalError(gt.source + ": no category has " + std::to_string(J) + " keypoints");
  }
  std::vector<std::int64_t> categoryIds;
  for (const auto& c : gt.categories) categoryIds.push_back(c.id);
  std::sort(categoryIds.begin(), categoryIds.end());
  poseCategory_ = static_cast<std::size_t>(
      std::find(categoryIds.begin(), categoryIds.end(), pose->id) - categoryIds.begin());
  categories_ = gt.categories.size();
  for (const auto& image : gt.images) imageIds_.push_back(image.id);
  std::sort(imageIds_.begin(), imageIds_.end());
  if (params.variant == EvalVariant::CrowdPose) {
    crowdSplit_.resize(imageIds_.size());
    for (const auto& image : gt.images) {
      const std::size_t i = static_cast<std::size_t>(
          std::lower_bound(imageIds_.begin(), imageIds_.end(), image.id) - imageIds_.begin());
      const double ci = *image.crowdIndex;
      crowdSplit_[i] = ci < 0.2 ? 0 : ci < 0.8 ? 1 : 2;
    }
  }

  const ImageGroups groups =
      groupByImage(gt, detections, pose->id, params.minScore, params.maxDets);
  std::vector<std::size_t> position(groups.imageIds.size());
  for (std::size_t g = 0; g < groups.imageIds.size(); ++g) {
    position[g] = static_cast<std::size_t>(
        std::lower_bound(imageIds_.begin(), imageIds_.end(), groups.imageIds[g]) -
        imageIds_.begin());
  }
  const std::size_t T = params.iouThrs.size();
  for (const AreaRange& range : params.areas) {
    const auto round = evaluateRound(groups, detections, params, range, params.maxDets, threads);
    Area area;
    area.regularPeople.assign(imageIds_.size(), 0);
    area.present.assign(imageIds_.size(), 0);
    struct Scored {
      Entry entry;
      double score;
    };
    std::vector<Scored> all;
    for (std::size_t g = 0; g < round.size(); ++g) {
      const ImageAreaMatch& m = round[g].match;
      area.present[position[g]] = 1;
      area.regularPeople[position[g]] = static_cast<int>(m.numRegularGts);
      for (std::size_t d = 0; d < m.numDets; ++d) {
        Entry e{static_cast<std::uint32_t>(position[g]), 0, 0};
        for (std::size_t t = 0; t < T; ++t) {
          if (m.dtMatchGtId[t * m.numDets + d] != 0) e.matched |= 1u << t;
          if (m.dtIgnore[t * m.numDets + d]) e.ignored |= 1u << t;
        }
        all.push_back({e, m.dtScores[d]});
      }
    }
    // accumulate's order: images in id order, each best score first, then a stable sort by score.
    std::stable_sort(all.begin(), all.end(),
                     [](const Scored& a, const Scored& b) { return a.score > b.score; });
    for (const Scored& s : all) area.entries.push_back(s.entry);
    areas_.push_back(std::move(area));
  }
}

void ResampledMetrics::accumulate(const Area& area, const std::vector<int>& weights,
                                  const std::vector<char>* subset, std::vector<double>& precision,
                                  std::vector<double>& recall) const {
  const std::size_t T = params_.iouThrs.size(), R = params_.recThrs.size();
  precision.assign(T * R, -1.0);
  recall.assign(T, -1.0);
  auto counted = [&](std::size_t i) { return weights[i] > 0 && (!subset || (*subset)[i]); };
  double npig = 0;
  bool any = false;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (!counted(i) || !area.present[i]) continue;
    any = true;
    npig += static_cast<double>(weights[i]) * area.regularPeople[i];
  }
  if (!any || npig == 0) return;
  const double eps = std::numeric_limits<double>::epsilon();

  // One pass over the detections for every threshold. Only the points right after a true
  // positive matter: recall rises only there, and a false positive's precision never exceeds the
  // point before it, so the interpolated precision (the best precision at or beyond a recall) is
  // the best over true-positive points; with every weight 1 the values equal accumulate's. A
  // detection counted w times adds w at once: the same curve as its w copies one after the other.
  // The reference would interleave copies of equally scored detections instead (its order among
  // ties is the concatenation's); within a bootstrap that order is arbitrary anyway.
  std::vector<double> tp(T, 0), fp(T, 0);
  std::vector<std::vector<double>> pointTp(T), pointPr(T);
  std::size_t points = 0;
  for (const Entry& e : area.entries) {
    if (!counted(e.image)) continue;
    ++points;
    const double w = weights[e.image];
    for (std::size_t t = 0; t < T; ++t) {
      const std::uint32_t bit = 1u << t;
      if (e.ignored & bit) continue;
      if (e.matched & bit) {
        tp[t] += w;
        pointTp[t].push_back(tp[t]);
        pointPr[t].push_back(tp[t] / (fp[t] + tp[t] + eps));
      } else {
        fp[t] += w;
      }
    }
  }
  for (std::size_t t = 0; t < T; ++t) {
    recall[t] = points ? tp[t] / npig : 0.0;
    std::vector<double>& pr = pointPr[t];
    for (std::size_t i = pr.size(); i-- > 1;) {
      if (pr[i] > pr[i - 1]) pr[i - 1] = pr[i];
    }
    std::size_t next = 0;
    for (std::size_t r = 0; r < R; ++r) {
      while (next < pr.size() && pointTp[t][next] / npig < params_.recThrs[r]) ++next;
      precision[t * R + r] = next < pr.size() ? pr[next] : 0.0;
    }
  }
}

MetricTable ResampledMetrics::table(const std::vector<int>& weights) const {
  if (weights.size() != imageIds_.size()) {
    throw EvalError("resampling weights: " + std::to_string(weights.size()) + " for " +
                    std::to_string(imageIds_.size()) + " images");
  }
  const std::size_t T = params_.iouThrs.size(), R = params_.recThrs.size();
  const std::size_t A = areas_.size(), K = categories_;
  // Categories other than the keypoint category have no keypoint people: -1 throughout, as the
  // reference's accumulate leaves them. The stats need no scores array.
  const PrecisionRecall empty{std::vector<double>(T * R, -1.0), std::vector<double>(T, -1.0), {}};
  std::vector<PrecisionRecall> pr(K * A, empty), splits;
  for (std::size_t a = 0; a < A; ++a) {
    PrecisionRecall& p = pr[poseCategory_ * A + a];
    accumulate(areas_[a], weights, nullptr, p.precision, p.recall);
  }
  if (params_.variant == EvalVariant::CrowdPose) {
    splits.assign(3 * K, empty);
    for (int split = 0; split < 3; ++split) {
      std::vector<char> inSplit(imageIds_.size());
      for (std::size_t i = 0; i < inSplit.size(); ++i) inSplit[i] = crowdSplit_[i] == split;
      PrecisionRecall& p = splits[split * K + poseCategory_];
      accumulate(areas_[0], weights, &inSplit, p.precision, p.recall);
    }
  }
  return summarizeMetrics(params_, K, pr, splits);
}

double ResampledMetrics::ap(const std::vector<int>& weights) const {
  if (weights.size() != imageIds_.size()) {
    throw EvalError("resampling weights: " + std::to_string(weights.size()) + " for " +
                    std::to_string(imageIds_.size()) + " images");
  }
  // summarize's AP: the mean of the defined precisions of area 'all' (the first area range).
  std::vector<double> precision, recall, defined;
  accumulate(areas_.front(), weights, nullptr, precision, recall);
  for (double p : precision)
    if (p > -1) defined.push_back(p);
  if (defined.empty()) return -1.0;
  return numpyPairwiseSum(defined.data(), defined.size()) / static_cast<double>(defined.size());
}

void ResampledMetrics::countOutcomes(const std::vector<Entry>& entries, std::uint32_t skipped,
                                     double* tp, double* fp) const {
  const std::size_t T = params_.iouThrs.size();
  std::fill(tp, tp + T, 0.0);
  std::fill(fp, fp + T, 0.0);
  for (const Entry& e : entries) {
    if (e.image == skipped) continue;
    for (std::size_t t = 0; t < T; ++t) {
      const std::uint32_t bit = 1u << t;
      if (e.ignored & bit) continue;
      (e.matched & bit ? tp : fp)[t] += 1;
    }
  }
}

double ResampledMetrics::apOfEntries(const std::vector<Entry>& entries, std::uint32_t skipped,
                                     double people, const double* tpTotal,
                                     const double* fpTotal) const {
  // accumulate's curve walked backwards from the totals: each true positive's precision (the
  // same counts, so the same doubles) joins a running maximum, which is the interpolated
  // precision there; a recall point takes it at the first true positive reaching it (accumulate's
  // search). No point is stored.
  const std::size_t T = params_.iouThrs.size(), R = params_.recThrs.size();
  const std::vector<double>& thresholds = params_.recThrs;
  const double eps = std::numeric_limits<double>::epsilon();
  double tp[32], fp[32], best[32];
  std::ptrdiff_t nextRecall[32];
  thread_local std::vector<double> precision;
  precision.assign(T * R, 0.0);
  for (std::size_t t = 0; t < T; ++t) {
    tp[t] = tpTotal[t];
    fp[t] = fpTotal[t];
    best[t] = 0;
    nextRecall[t] = static_cast<std::ptrdiff_t>(R) - 1;
    // Recall points beyond the last true positive keep 0.
    while (nextRecall[t] >= 0 && tp[t] / people < thresholds[nextRecall[t]]) --nextRecall[t];
  }
  for (auto e = entries.rbegin(); e != entries.rend(); ++e) {
    if (e->image == skipped) continue;
    for (std::size_t t = 0; t < T; ++t) {
      const std::uint32_t bit = 1u << t;
      if (e->ignored & bit) continue;
      if (!(e->matched & bit)) {
        fp[t] -= 1;
        continue;
      }
      const double here = tp[t] / (fp[t] + tp[t] + eps);
      if (here > best[t]) best[t] = here;
      tp[t] -= 1;  // now the count before this point: the recall points this one is first for
      while (nextRecall[t] >= 0 && (tp[t] == 0 || tp[t] / people < thresholds[nextRecall[t]])) {
        precision[t * R + static_cast<std::size_t>(nextRecall[t])] = best[t];
        --nextRecall[t];
      }
    }
  }
  return numpyPairwiseSum(precision.data(), precision.size()) / static_cast<double>(T * R);
}

std::vector<double> ResampledMetrics::apWithoutEach(int threads) const {
  const Area& area = areas_.front();
  const std::size_t n = imageIds_.size(), T = params_.iouThrs.size();
  double people = 0;
  std::size_t presentImages = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!area.present[i]) continue;
    ++presentImages;
    people += area.regularPeople[i];
  }
  const std::vector<std::vector<Entry>> byImage = entriesByImage(area);
  const std::uint32_t none = std::numeric_limits<std::uint32_t>::max();
  double allTp[32], allFp[32];
  countOutcomes(area.entries, none, allTp, allFp);
  std::vector<double> result(n, -1.0);
  parallelFor(
      n, threads,
      [&](std::size_t i) {
        // As accumulate: no AP without a present image or a regular person left.
        const double left = people - (area.present[i] ? area.regularPeople[i] : 0);
        if (presentImages - (area.present[i] ? 1 : 0) == 0 || left == 0) return;
        double tp[32], fp[32];
        countOutcomes(byImage[i], none, tp, fp);
        for (std::size_t t = 0; t < T; ++t) {
          tp[t] = allTp[t] - tp[t];
          fp[t] = allFp[t] - fp[t];
        }
        result[i] = apOfEntries(area.entries, static_cast<std::uint32_t>(i), left, tp, fp);
      },
      16);
  return result;
}

std::vector<double> ResampledMetrics::apOfEach() const {
  const Area& area = areas_.front();
  const std::vector<std::vector<Entry>> byImage = entriesByImage(area);
  const std::uint32_t none = std::numeric_limits<std::uint32_t>::max();
  std::vector<double> result(imageIds_.size(), -1.0);
  for (std::size_t i = 0; i < result.size(); ++i) {
    if (!area.present[i] || area.regularPeople[i] == 0) continue;
    double tp[32], fp[32];
    countOutcomes(byImage[i], none, tp, fp);
    result[i] = apOfEntries(byImage[i], none, area.regularPeople[i], tp, fp);
  }
  return result;
}

std::vector<std::vector<ResampledMetrics::Entry>> ResampledMetrics::entriesByImage(
    const Area& area) const {
  std::vector<std::vector<Entry>> byImage(imageIds_.size());
  for (const Entry& e : area.entries) byImage[e.image].push_back(e);  // keeps accumulate's order
  return byImage;
}

}  // namespace posescope
