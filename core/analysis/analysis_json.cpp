#include "analysis/analysis_json.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <string_view>

#include "eval/eval_params.h"

namespace posescope {

namespace {

using nlohmann::json;

// The large arrays (a detection per result, an entry per image) are written as text directly:
// building them as a JSON tree costs more than the whole analysis on a 5,000-image set.
class JsonText {
 public:
  explicit JsonText(std::string& out) : out_(out) {}
  JsonText& raw(const char* text) {
    out_ += text;
    return *this;
  }
  JsonText& key(const char* name) {
    out_ += '"';
    out_ += name;
    out_ += "\":";
    return *this;
  }
  JsonText& number(double v) {
    if (!std::isfinite(v)) return raw("null");
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;
    const std::string_view text(buffer, static_cast<std::size_t>(end - buffer));
    out_ += text;
    if (text.find_first_of(".e") == std::string_view::npos) out_ += ".0";  // stays a real
    return *this;
  }
  JsonText& integer(long long v) {
    out_ += std::to_string(v);
    return *this;
  }
  JsonText& id(const std::optional<std::int64_t>& v) { return v ? integer(*v) : raw("null"); }

 private:
  std::string& out_;
};

void writeDetection(JsonText& w, const TriageDetection& t) {
  w.raw("{").key("index").integer(static_cast<long long>(t.index));
  w.raw(",").key("image_id").integer(t.imageId);
  w.raw(",").key("gt_id").id(t.gtId);
  w.raw(",").key("score").number(t.score);
  w.raw(",").key("oks");
  t.gtId ? w.number(t.oks) : w.raw("null");
  w.raw(",").key("swaps").integer(t.swaps);
  w.raw(",").key("inversions").integer(t.inversions);
  w.raw(",").key("misses").integer(t.misses);
  w.raw(",").key("jitters").integer(t.jitters).raw("}");
}

template <typename T, typename Write>
void writeList(JsonText& w, const std::vector<T>& items, Write write) {
  w.raw("[");
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) w.raw(",");
    write(w, items[i]);
  }
  w.raw("]");
}

void writeTriage(JsonText& w, const Triage& triage) {
  w.raw("{").key("worst_oks");
  writeList(w, triage.worstOks, writeDetection);
  w.raw(",").key("high_score_false_positives");
  writeList(w, triage.highScoreFalsePositives, writeDetection);
  w.raw(",").key("swaps");
  writeList(w, triage.swaps, writeDetection);
  w.raw(",").key("inversions");
  writeList(w, triage.inversions, writeDetection);
  w.raw(",").key("missed_people");
  writeList(w, triage.missedPeople, [](JsonText& out, const MissedPerson& m) {
    out.raw("{").key("gt_id").integer(m.gtId);
    out.raw(",").key("image_id").integer(m.imageId);
    out.raw(",").key("area").number(m.area);
    out.raw(",").key("labelled_joints").integer(m.labelledJoints).raw("}");
  });
  w.raw(",").key("images");
  writeList(w, triage.images, [](JsonText& out, const ImageTriage& i) {
    out.raw("{").key("image_id").integer(i.imageId);
    out.raw(",").key("detections").integer(i.detections);
    out.raw(",").key("people").integer(i.people);
    out.raw(",").key("swaps").integer(i.swaps);
    out.raw(",").key("inversions").integer(i.inversions);
    out.raw(",").key("misses").integer(i.misses);
    out.raw(",").key("jitters").integer(i.jitters);
    out.raw(",").key("background_fp").integer(i.backgroundFalsePositives);
    out.raw(",").key("false_neg").integer(i.missedPeople);
    out.raw(",").key("localised_oks");
    i.localisedOks > -1 ? out.number(i.localisedOks) : out.raw("null");
    out.raw("}");
  });
  w.raw("}");
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

// The accumulate arrays of the baseline and of each error fixed, in the curves file's layout.
json curvesJson(const KeypointAnalysis& analysis) {
  const EvalParams& p = analysis.params.eval;
  json areas = json::array();
  for (const AreaRange& a : p.areas) areas.push_back(a.label);
  json out = {{"oks_thresholds", p.iouThrs},
              {"recall_points", p.recThrs},
              {"areas", std::move(areas)},
              {"max_dets", p.maxDets}};
  for (const ErrorCurves& c : analysis.curves) {
    out[errorTypeName(c.error)] = {
        {"precision", c.precision}, {"scores", c.scores}, {"recall", c.recall}};
  }
  return out;
}

}  // namespace

std::string formatAnalysisJson(const KeypointAnalysis& analysis, const Triage& triage) {
  std::string text;
  text.reserve(256 * analysis.detections.size() + 128 * triage.images.size() + 65536);
  JsonText w(text);
  w.raw("{").key("detections");
  writeList(w, analysis.detections, [](JsonText& out, const DetectionAnalysis& d) {
    out.raw("{").key("index").integer(static_cast<long long>(d.index));
    out.raw(",").key("image_id").integer(d.imageId);
    out.raw(",").key("gt_id").id(d.gtId);
    out.raw(",").key("oks");
    d.gtId ? out.number(d.oks) : out.raw("null");
    out.raw(",").key("crowd").raw(d.onCrowd ? "true" : "false");
    out.raw(",").key("joints").raw("[");
    for (std::size_t k = 0; k < d.joints.size(); ++k) {
      out.raw(k ? ",\"" : "\"").raw(jointLabelName(d.joints[k]).c_str()).raw("\"");
    }
    out.raw("]}");
  });

  json fixed = json::array();
  for (const ApIfFixed& f : analysis.apIfFixed) {
    fixed.push_back({{"error", errorTypeName(f.error)},
                     {"area", f.area},
                     {"oks", f.oks},
                     {"ap", f.ap},
                     {"recall", f.recall}});
  }
  json counts = json::array();
  for (const BackgroundCounts& c : analysis.background) {
    counts.push_back({{"oks", c.oks},
                      {"background_fp", c.falsePositives.size()},
                      {"false_neg", c.falseNegatives.size()}});
  }
  json joints = json::array();
  for (std::size_t k = 0; k < analysis.jointCounts.size(); ++k) {
    json j{{"name", k < analysis.jointNames.size() ? analysis.jointNames[k] : std::to_string(k)}};
    for (JointLabel l : kJointLabels) {
      j[jointLabelName(l)] = analysis.jointCounts[k][static_cast<int>(l)];
    }
    joints.push_back(std::move(j));
  }
  text += ",\"ap_if_fixed\":" + fixed.dump();
  text += ",\"curves\":" + curvesJson(analysis).dump();
  text += ",\"counts\":" + counts.dump();
  text += ",\"joints\":" + joints.dump();
  w.raw(",").key("triage");
  writeTriage(w, triage);
  text += ",\"settings\":" + settingsJson(analysis.params).dump() + "}\n";
  return text;
}

}  // namespace posescope
