#include "analysis/keypoint_analysis.h"

#include <algorithm>
#include <memory>
#include <thread>

#include "analysis/evaluation_round.h"
#include "analysis/optimal_rescoring.h"
#include "common/errors.h"
#include "common/parallel_for.h"
#include "eval/curves.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/oks.h"

namespace posescope {

std::string errorTypeName(ErrorType type) {
  switch (type) {
    case ErrorType::Baseline:
      return "baseline";
    case ErrorType::Miss:
      return "miss";
    case ErrorType::Swap:
      return "swap";
    case ErrorType::Inversion:
      return "inversion";
    case ErrorType::Jitter:
      return "jitter";
    case ErrorType::Score:
      return "score";
    case ErrorType::BackgroundFP:
      return "background_fp";
    case ErrorType::FalseNeg:
      return "false_neg";
  }
  return "baseline";
}

const ApIfFixed* KeypointAnalysis::find(ErrorType error, const std::string& area,
                                        std::size_t oksIndex) const {
  if (oksIndex >= params.eval.iouThrs.size()) return nullptr;
  const double oks = params.eval.iouThrs[oksIndex];
  for (const ApIfFixed& entry : apIfFixed) {
    if (entry.error == error && entry.area == area && entry.oks == oks) return &entry;
  }
  return nullptr;
}

namespace {

// The match of one detection at the localisation OKS, with its joint analysis.
struct Localisation {
  const GroundTruthPerson* person = nullptr;
  double oks = 0;
  bool judged = false;  // false when the person has no labelled joint (nothing to compare)
  std::shared_ptr<JointAnalysis> joints;  // shared by the area ranges that match alike
};

const KeypointCategory& poseCategory(const KeypointGroundTruth& gt, int joints) {
  const KeypointCategory* found = nullptr;
  for (const auto& c : gt.categories) {
    if (static_cast<int>(c.keypoints.size()) != joints) continue;
    if (found) {
      throw EvalError(gt.source + ": more than one category has " + std::to_string(joints) +
                      " keypoints (ids " + std::to_string(found->id) + " and " +
                      std::to_string(c.id) + "); the analysis handles one");
    }
    found = &c;
  }
  if (!found) {
    throw EvalError(gt.source + ": no category has " + std::to_string(joints) + " keypoints");
  }
  return *found;
}

// Moves the joints labelled `label` of every localised detection to their corrected place and
// flags the detections it moved in `changed`.
void correctJoints(std::vector<KeypointDetection>& work,
                   const std::vector<std::optional<Localisation>>& found, JointLabel label,
                   std::vector<char>& changed) {
  for (std::size_t d = 0; d < found.size(); ++d) {
    if (!found[d] || !found[d]->judged) continue;
    const JointAnalysis& ja = *found[d]->joints;
    for (std::size_t k = 0; k < ja.labels.size(); ++k) {
      if (ja.labels[k] != label) continue;
      work[d].keypoints[3 * k] = ja.corrected[3 * k];
      work[d].keypoints[3 * k + 1] = ja.corrected[3 * k + 1];
      changed[d] = 1;
    }
  }
}

// Whether the detection at position `j` of an image's round matches a person at threshold `t`.
bool matchedAt(const ImageRound& r, std::size_t t, std::size_t j) {
  return r.match.dtMatchGtId[t * r.match.numDets + j] != 0;
}

// Sets each detection's score to coco-analyze's optimal score: the best OKS it reaches with a
// regular person of `area` (0 when its image has none), decayed by soft-NMS among the image's
// detections, whose keypoints are taken from `nmsKeypoints`. OKS come from `cache` except for the
// detections flagged in `changed`, whose keypoints moved.
void setOptimalScores(std::vector<KeypointDetection>& work,
                      const std::vector<KeypointDetection>& nmsKeypoints, const ImageGroups& groups,
                      const EvalParams& params, const AreaRange& area, int threads,
                      const OksCache& cache, const std::vector<char>& changed) {
  std::vector<double> scores(work.size());
  parallelFor(
      groups.imageIds.size(), threads,
      [&](std::size_t i) {
        const auto& people = groups.people[i];
        const auto& dets = groups.detections[i];
        const std::size_t G = people.size();
        std::vector<char> regular(G);
        for (std::size_t g = 0; g < G; ++g)
          regular[g] = !isIgnoredInArea(*people[g], area, params.variant);
        const bool anyRegular = std::find(regular.begin(), regular.end(), 1) != regular.end();
        std::vector<double> bestOks(dets.size(), 0);  // in file order, as dets
        for (std::size_t p = 0; anyRegular && p < dets.size(); ++p) {
          std::vector<double> moved;
          if (changed[dets[p]]) moved = computeOksMatrix(people, {&work[dets[p]]}, params);
          const double* row = changed[dets[p]] ? moved.data() : cache.perImage[i].data() + p * G;
          for (std::size_t g = 0; g < G; ++g) {
            if (regular[g]) bestOks[p] = std::max(bestOks[p], row[g]);
          }
        }
        const auto decayed = softNmsScores(nmsKeypoints, dets, bestOks, params);
        for (std::size_t n = 0; n < decayed.size(); ++n) scores[dets[n]] = decayed[n];
      },
      64);
  for (const auto& detections : groups.detections) {
    for (std::size_t d : detections) work[d].score = scores[d];
  }
}

}  // namespace

JointLabel labelFixedBy(ErrorType type) {
  switch (type) {
    case ErrorType::Miss:
      return JointLabel::Miss;
    case ErrorType::Swap:
      return JointLabel::Swap;
    case ErrorType::Inversion:
      return JointLabel::Inversion;
    default:
      return JointLabel::Jitter;
  }
}

KeypointAnalysis analyzeKeypoints(const KeypointGroundTruth& gt,
                                  const std::vector<KeypointDetection>& detections,
                                  const AnalysisParams& params, const AnalysisOptions& options) {
  params.validate();
  const EvalParams& ep = params.eval;
  checkGroundTruthFor(gt, ep.variant, ep.sigmas.size());
  const int J = params.numJoints();
  const KeypointCategory& category = poseCategory(gt, J);
  checkDetections(gt, detections, static_cast<std::size_t>(J), options.resultsSource);

  KeypointAnalysis out;
  out.params = params;
  out.jointNames = category.keypoints;

  // Detections keep the area of their original keypoints whatever the corrections (loadRes sets
  // it once).
  std::vector<KeypointDetection> original = detections;
  for (auto& d : original) d.area = detectionArea(d);
  const ImageGroups groups = groupByImage(gt, original, category.id, ep.minScore, ep.maxDets);
  const std::size_t T = ep.iouThrs.size(), R = ep.recThrs.size(), A = ep.areas.size();
  const std::size_t allArea = [&] {
    for (std::size_t a = 0; a < A; ++a) {
      if (ep.areas[a].label == "all") return a;
    }
    return std::size_t{0};
  }();

  std::vector<ErrorType> keypointErrors{ErrorType::Miss, ErrorType::Swap};
  if (params.inversionsComputed()) keypointErrors.push_back(ErrorType::Inversion);
  keypointErrors.push_back(ErrorType::Jitter);

  // stats[error][area] = precision / recall of that evaluation.
  std::vector<std::vector<PrecisionRecall>> stats(8, std::vector<PrecisionRecall>(A));
  std::vector<std::vector<char>> computed(8, std::vector<char>(A, 0));  // written per area at once
  auto record = [&](ErrorType e, std::size_t a, PrecisionRecall pr) {
    stats[static_cast<int>(e)][a] = std::move(pr);
    computed[static_cast<int>(e)][a] = 1;
  };
  // Every round reuses the OKS of the original keypoints, recomputing only moved detections.
  const OksCache cache = computeOksCache(groups, original, ep, options.threads);
  const std::vector<char> unchanged(detections.size(), 0);
  auto round = [&](const std::vector<KeypointDetection>& work, const EvalParams& p, std::size_t a,
                   std::size_t maxDets, const std::vector<char>& changed, int threads) {
    return evaluateRound(groups, work, p, ep.areas[a], maxDets, threads, &cache, &changed);
  };

  // The baseline and the localisation match the same detections at other thresholds: one round
  // with the localisation OKS as an extra last threshold serves both (each threshold is matched on
  // its own); every other use of a baseline reads only its first T rows.
  EvalParams withLocalisation = ep;
  withLocalisation.iouThrs.push_back(params.localizationOks);

  // First the baseline and the localisation of every area range, in order: a later range reuses
  // the joint analyses of an earlier one that matched the same person.
  std::vector<std::vector<std::optional<Localisation>>> localised(A);
  std::vector<std::vector<ImageRound>> baselines(A);
  // Every round but the score round evaluates the same detections with the same scores whatever
  // the area range: they share one score order.
  ScoreOrder scoreOrder;
  for (std::size_t a = 0; a < A; ++a) {
    baselines[a] = round(original, withLocalisation, a, ep.maxDets, unchanged, options.threads);
    if (a == 0) scoreOrder = scoreOrderOf(baselines[a]);
    record(ErrorType::Baseline, a, accumulateRound(baselines[a], ep, scoreOrder));

    // Localisation: every detection matched at the low OKS gets its joints labelled.
    const auto& loc = baselines[a];
    auto& found = localised[a];
    found.assign(detections.size(), std::nullopt);
    parallelFor(
        loc.size(), options.threads,
        [&](std::size_t i) {
          const ImageRound& r = loc[i];
          const std::size_t G = r.input.gts.size();
          for (std::size_t j = 0; j < r.evaluated.size(); ++j) {
            const int g = r.match.dtMatchGt[T * r.match.numDets + j];
            if (g < 0) continue;
            Localisation l;
            l.person = r.input.gts[g];
            l.oks = r.input.oks[j * G + g];
            l.judged = l.person->numKeypoints != 0;
            const std::size_t d = r.evaluated[j];
            for (std::size_t earlier = 0; earlier < a && l.judged && !l.joints; ++earlier) {
              const auto& other = localised[earlier][d];
              if (other && other->person == l.person) l.joints = other->joints;
            }
            if (l.judged && !l.joints) {
              l.joints = std::make_shared<JointAnalysis>(
                  analyzeJoints(original[d], *l.person, groups.people[i], params));
            }
            found[r.evaluated[j]] = std::move(l);
          }
        },
        64);
  }

  // Then the fixes, the area ranges side by side (much of each is sequential), sharing the threads:
  // on two cores one thread per area range is faster than both threads on each of them in turn.
  const int areaThreads =
      std::max(1, options.threads > 0 ? options.threads
                                      : static_cast<int>(std::thread::hardware_concurrency()));
  const int areasAtOnce = static_cast<int>(std::min<std::size_t>(A, areaThreads));
  const int innerThreads = std::max(1, areaThreads / std::max(1, areasAtOnce));
  parallelFor(
      A, areaThreads,
      [&](std::size_t a) {
        std::vector<ImageRound>& baseline = baselines[a];
        const auto& found = localised[a];
        // Each keypoint error type fixed alone, as coco-analyze's AP-improvement study runs it.
        std::vector<KeypointDetection> work = original;
        for (ErrorType e : keypointErrors) {
          std::vector<char> changed(detections.size(), 0);
          correctJoints(work, found, labelFixedBy(e), changed);
          const RoundChanges fixed = reevaluateChanged(groups, work, ep, ep.areas[a], ep.maxDets,
                                                       innerThreads, cache, changed);
          record(e, a, accumulateRound(baseline, fixed, ep, scoreOrder));
          for (std::size_t d = 0; d < changed.size(); ++d) {
            if (changed[d]) work[d].keypoints = original[d].keypoints;  // back for the next type
          }
        }

        // Optimal scores alone: the best OKS each detection reaches with a person of the area
        // range, decayed by soft-NMS among the image's detections.
        std::vector<KeypointDetection>& rescored = work;  // original keypoints again
        setOptimalScores(rescored, original, groups, ep, ep.areas[a], innerThreads, cache,
                         unchanged);
        const auto rescoredRound = round(rescored, ep, a, ep.maxDets, unchanged, innerThreads);
        record(ErrorType::Score, a,
               accumulateRound(rescoredRound, ep, scoreOrderOf(rescoredRound)));

        // Background false positives removed: detections matching nobody are ignored at each
        // threshold.
        for (ImageRound& r : baseline) {
          for (std::size_t t = 0; t < T; ++t) {
            for (std::size_t j = 0; j < r.evaluated.size(); ++j) {
              if (matchedAt(r, t, j)) continue;
              r.match.dtIgnore[t * r.match.numDets + j] = 1;
            }
          }
        }
        record(ErrorType::BackgroundFP, a, accumulateRound(baseline, ep, scoreOrder));

        // Then false negatives removed: people unmatched at a threshold are ignored from it on
        // (coco-analyze never resets them, so each threshold also ignores those missed at lower
        // ones).
        PrecisionRecall withoutMisses;
        withoutMisses.precision.assign(T * R, -1);
        withoutMisses.recall.assign(T, -1);
        withoutMisses.scores.assign(T * R, -1);
        for (std::size_t t = 0; t < T; ++t) {
          std::vector<char> matched;
          for (ImageRound& r : baseline) {
            matched.assign(r.input.gts.size(), 0);
            for (std::size_t j = 0; j < r.evaluated.size(); ++j) {
              const int g = r.match.dtMatchGt[t * r.match.numDets + j];
              if (g >= 0) matched[g] = 1;
            }
            for (std::size_t g = 0; g < matched.size(); ++g) {
              if (matched[g]) continue;
              if (!r.match.gtIgnore[g]) {
                r.match.gtIgnore[g] = 1;
                --r.match.numRegularGts;
              }
            }
          }
          const PrecisionRecall pr = accumulateRound(baseline, ep, scoreOrder, t);
          std::copy(pr.precision.begin() + t * R, pr.precision.begin() + (t + 1) * R,
                    withoutMisses.precision.begin() + t * R);
          withoutMisses.recall[t] = pr.recall[t];
          std::copy(pr.scores.begin() + t * R, pr.scores.begin() + (t + 1) * R,
                    withoutMisses.scores.begin() + t * R);
        }
        record(ErrorType::FalseNeg, a, std::move(withoutMisses));
      },
      1);

  // Background errors are what remains after every keypoint and the score are corrected (the
  // paper's definition; coco-analyze's full analysis, whose soft-NMS sees the keypoints as
  // corrected for the last area range).
  std::vector<KeypointDetection> corrected = original, nmsKeypoints = original;
  std::vector<char> moved(detections.size(), 0), movedForNms(detections.size(), 0);
  for (ErrorType e : keypointErrors) {
    correctJoints(corrected, localised[allArea], labelFixedBy(e), moved);
    correctJoints(nmsKeypoints, localised[A - 1], labelFixedBy(e), movedForNms);
  }
  setOptimalScores(corrected, nmsKeypoints, groups, ep, ep.areas[allArea], options.threads, cache,
                   moved);
  const auto remaining = round(corrected, ep, allArea, ep.maxDets, moved, options.threads);
  out.background.resize(T);
  for (std::size_t t = 0; t < T; ++t) {
    BackgroundCounts& c = out.background[t];
    c.oks = ep.iouThrs[t];
    std::vector<char> matched;
    for (const ImageRound& r : remaining) {
      matched.assign(r.input.gts.size(), 0);
      for (std::size_t j = 0; j < r.evaluated.size(); ++j) {
        const int g = r.match.dtMatchGt[t * r.match.numDets + j];
        if (g >= 0) {
          matched[g] = 1;
        } else {
          c.falsePositives.push_back(r.evaluated[j]);
        }
      }
      for (std::size_t g = 0; g < matched.size(); ++g) {
        if (!matched[g]) c.falseNegatives.push_back(r.input.gts[g]->id);
      }
    }
    std::sort(c.falsePositives.begin(), c.falsePositives.end());
  }

  const ErrorType order[] = {ErrorType::Baseline,     ErrorType::Miss,    ErrorType::Swap,
                             ErrorType::Inversion,    ErrorType::Jitter,  ErrorType::Score,
                             ErrorType::BackgroundFP, ErrorType::FalseNeg};
  for (ErrorType e : order) {
    ErrorCurves curves;
    curves.error = e;
    for (std::size_t a = 0; a < A; ++a) {
      if (!computed[static_cast<int>(e)][a]) continue;
      const PrecisionRecall& pr = stats[static_cast<int>(e)][a];
      curves.precision.push_back(nestedRows(pr.precision, T, R));
      curves.scores.push_back(nestedRows(pr.scores, T, R));
      curves.recall.push_back(pr.recall);
      for (std::size_t t = 0; t < T; ++t) {
        ApIfFixed entry;
        entry.error = e;
        entry.area = ep.areas[a].label;
        entry.oks = ep.iouThrs[t];
        entry.ap = averagePrecisionAt(pr, t, R);
        entry.recall = pr.recall[t];
        out.apIfFixed.push_back(entry);
      }
    }
    if (!curves.recall.empty()) out.curves.push_back(std::move(curves));
  }

  out.jointCounts.assign(J, std::vector<std::size_t>(std::size(kJointLabels), 0));
  out.detections.resize(detections.size());
  for (std::size_t d = 0; d < detections.size(); ++d) {
    DetectionAnalysis& da = out.detections[d];
    da.index = d;
    da.imageId = detections[d].imageId;
    da.score = detections[d].score;
    const auto& l = localised[allArea][d];
    if (!l) continue;
    da.gtId = l->person->id;
    da.oks = l->oks;
    da.onCrowd = l->person->isCrowd;
    if (!l->judged) {
      // A person without labelled joints has every joint unlabelled; a crowd region is no
      // person, and its detection gets no joint labels.
      if (!da.onCrowd) {
        da.joints.assign(J, JointLabel::Unlabelled);
        da.ownKs.assign(J, -1);
      }
    } else {
      // Nothing reads the joint analyses any more: their vectors move into the output.
      JointAnalysis& joints = *l->joints;
      da.joints = std::move(joints.labels);
      da.ownKs = std::move(joints.ownKs);
      da.bestPersonId = std::move(joints.bestPersonId);
      da.bestJoint = std::move(joints.bestJoint);
    }
    for (std::size_t k = 0; k < da.joints.size(); ++k)
      ++out.jointCounts[k][static_cast<int>(da.joints[k])];
  }
  return out;
}

}  // namespace posescope
