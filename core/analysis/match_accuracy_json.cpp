#include "analysis/match_accuracy_json.h"

#include <nlohmann/json.hpp>
#include <sstream>

#include "common/number_text.h"

namespace posescope {

namespace {

using Json = nlohmann::ordered_json;

Json jointJson(const JointAccuracy& row) {
  Json j;
  j["name"] = row.name;
  j["sigma"] = row.sigma;
  j["labelled"] = row.labelled;
  j["mean_ks"] = row.meanKs;
  j["pck_50"] = row.pck50;
  j["pck_75"] = row.pck75;
  j["distance_counts"] = row.distance.counts;
  j["distance_above"] = row.distance.above;
  return j;
}

void measuresInto(const CategoryAccuracy& c, Json& into) {
  into["true_positives"] = c.joints.truePositives;
  Json joints = Json::array();
  for (const JointAccuracy& row : c.joints.joints) joints.push_back(jointJson(row));
  into["joints"] = std::move(joints);
  into["all_joints"] = jointJson(c.joints.allJoints);
  into["distance_edges"] = c.joints.allJoints.distance.edges;
  into["oks_histogram"] = {{"edges", c.oks.matched.edges},
                           {"matched", c.oks.matched.counts},
                           {"best_per_person", c.oks.bestPerPerson.counts}};
  Json bins = Json::array();
  for (const ScoreBin& b : c.calibration.bins) {
    bins.push_back({{"lo", b.lo},
                    {"hi", b.hi},
                    {"true_positives", b.truePositives},
                    {"false_positives", b.falsePositives},
                    {"mean_score", b.meanScore},
                    {"precision", b.precision}});
  }
  into["calibration"] = {{"bins", std::move(bins)},
                         {"true_positives", c.calibration.truePositives},
                         {"false_positives", c.calibration.falsePositives},
                         {"scores_outside_unit", c.calibration.scoresOutsideUnit},
                         {"expected_calibration_error", c.calibration.expectedCalibrationError},
                         {"ranking_auc", c.calibration.rankingAuc}};
}

// A CSV field, quoted when it holds a separator, a quote or a line break.
std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::string formatMatchAccuracyJson(const MatchAccuracy& accuracy) {
  Json j;
  j["oks_threshold"] = accuracy.oksThreshold;
  j["area"] = accuracy.area;
  j["variant"] = variantName(accuracy.variant);
  if (!accuracy.settingChanges.empty()) j["settings"] = accuracy.settingChanges;
  if (accuracy.categories.size() == 1) {
    measuresInto(accuracy.categories.front(), j);
  } else {
    Json categories = Json::array();
    for (const CategoryAccuracy& c : accuracy.categories) {
      Json one;
      one["id"] = c.categoryId;
      one["name"] = c.name;
      measuresInto(c, one);
      categories.push_back(std::move(one));
    }
    j["categories"] = std::move(categories);
  }
  return j.dump() + "\n";
}

std::string formatJointAccuracyCsv(const MatchAccuracy& accuracy) {
  std::ostringstream out;
  out << "category,joint,sigma,labelled,mean_ks,pck_50,pck_75\n";
  for (const CategoryAccuracy& c : accuracy.categories) {
    auto row = [&](const JointAccuracy& r) {
      out << csvField(c.name) << ',' << csvField(r.name) << ',' << shortestRoundTrip(r.sigma) << ','
          << r.labelled << ',' << shortestRoundTrip(r.meanKs) << ',' << shortestRoundTrip(r.pck50)
          << ',' << shortestRoundTrip(r.pck75) << '\n';
    };
    for (const JointAccuracy& r : c.joints.joints) row(r);
    row(c.joints.allJoints);
  }
  return out.str();
}

}  // namespace posescope
