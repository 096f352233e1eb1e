#include "analysis/analysis_json.h"

#include <nlohmann/json.hpp>

#include <cmath>

#include "eval/eval_params.h"

namespace posescope {

namespace {

using nlohmann::json;

json optionalId(const std::optional<std::int64_t>& id) {
  return id ? json(*id) : json(nullptr);
}

json detectionJson(const TriageDetection& t) {
  return {{"index", t.index},
          {"image_id", t.imageId},
          {"gt_id", optionalId(t.gtId)},
          {"score", t.score},
          {"oks", t.gtId ? json(t.oks) : json(nullptr)},
          {"swaps", t.swaps},
          {"inversions", t.inversions},
          {"misses", t.misses},
          {"jitters", t.jitters}};
}

json triageJson(const Triage& triage) {
  json out;
  auto list = [](const std::vector<TriageDetection>& items) {
    json a = json::array();
    for (const auto& t : items) a.push_back(detectionJson(t));
    return a;
  };
  out["worst_oks"] = list(triage.worstOks);
  out["high_score_false_positives"] = list(triage.highScoreFalsePositives);
  out["swaps"] = list(triage.swaps);
  out["inversions"] = list(triage.inversions);
  json missed = json::array();
  for (const MissedPerson& m : triage.missedPeople) {
    missed.push_back({{"gt_id", m.gtId},
                      {"image_id", m.imageId},
                      {"area", m.area},
                      {"labelled_joints", m.labelledJoints}});
  }
  out["missed_people"] = std::move(missed);
  json images = json::array();
  for (const ImageTriage& i : triage.images) {
    images.push_back({{"image_id", i.imageId},
                      {"detections", i.detections},
                      {"people", i.people},
                      {"swaps", i.swaps},
                      {"inversions", i.inversions},
                      {"misses", i.misses},
                      {"jitters", i.jitters},
                      {"background_fp", i.backgroundFalsePositives},
                      {"false_neg", i.missedPeople},
                      {"mean_oks", i.meanOks > -1 ? json(i.meanOks) : json(nullptr)}});
  }
  out["images"] = std::move(images);
  return out;
}

json settingsJson(const AnalysisParams& p) {
  json areas = json::array();
  for (const AreaRange& a : p.eval.areas)
    areas.push_back({{"name", a.label}, {"range", {a.lo, a.hi}}});
  return {{"dataset", variantName(p.eval.variant)},
          {"oks_thresholds", p.eval.iouThrs},
          {"sigmas", p.eval.sigmas},
          {"areas", std::move(areas)},
          {"max_dets", p.eval.maxDets},
          {"min_score", std::isfinite(p.eval.minScore) ? json(p.eval.minScore) : json(nullptr)},
          {"localization_oks", p.localizationOks},
          {"jitter_band", {p.jitterLow, p.jitterHigh}},
          {"inversions_computed", p.inversionsComputed()}};
}

}  // namespace

std::string formatAnalysisJson(const KeypointAnalysis& analysis, const Triage& triage) {
  json out;
  json detections = json::array();
  for (const DetectionAnalysis& d : analysis.detections) {
    json labels = json::array();
    for (JointLabel l : d.joints) labels.push_back(jointLabelName(l));
    detections.push_back({{"index", d.index},
                          {"image_id", d.imageId},
                          {"gt_id", optionalId(d.gtId)},
                          {"oks", d.gtId ? json(d.oks) : json(nullptr)},
                          {"joints", std::move(labels)}});
  }
  out["detections"] = std::move(detections);
  json fixed = json::array();
  for (const ApIfFixed& f : analysis.apIfFixed) {
    fixed.push_back({{"error", errorTypeName(f.error)},
                     {"area", f.area},
                     {"oks", f.oks},
                     {"ap", f.ap},
                     {"recall", f.recall}});
  }
  out["ap_if_fixed"] = std::move(fixed);
  json counts = json::array();
  for (const BackgroundCounts& c : analysis.background) {
    counts.push_back({{"oks", c.oks},
                      {"background_fp", c.falsePositives.size()},
                      {"false_neg", c.falseNegatives.size()}});
  }
  out["counts"] = std::move(counts);
  json joints = json::array();
  for (std::size_t k = 0; k < analysis.jointCounts.size(); ++k) {
    json j{{"name", k < analysis.jointNames.size() ? analysis.jointNames[k] : std::to_string(k)}};
    for (JointLabel l : kJointLabels) {
      j[jointLabelName(l)] = analysis.jointCounts[k][static_cast<int>(l)];
    }
    joints.push_back(std::move(j));
  }
  out["joints"] = std::move(joints);
  out["triage"] = triageJson(triage);
  out["settings"] = settingsJson(analysis.params);
  return out.dump() + "\n";
}

}  // namespace posescope
