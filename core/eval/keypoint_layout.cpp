#include "eval/keypoint_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "common/errors.h"

namespace posescope {

namespace {

Skeleton makeReference(EvalVariant variant) {
  Skeleton s;
  s.sigmas = evalParamsFor(variant).sigmas;
  if (variant == EvalVariant::Coco) {
    s.name = "COCO";
    s.joints = {"nose",          "left_eye",       "right_eye",  "left_ear",    "right_ear",
                "left_shoulder", "right_shoulder", "left_elbow", "right_elbow", "left_wrist",
                "right_wrist",   "left_hip",       "right_hip",  "left_knee",   "right_knee",
                "left_ankle",    "right_ankle"};
    s.flipIndex = {0, 2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15};
    s.limbs = {{0, 1},  {1, 2},   {2, 0},   {1, 3},   {2, 4},  {3, 5}, {4, 6},
               {5, 6},  {5, 11},  {6, 12},  {11, 12}, {5, 7},  {7, 9}, {6, 8},
               {8, 10}, {11, 13}, {13, 15}, {12, 14}, {14, 16}};
  } else {
    s.name = "CrowdPose";
    s.joints = {"left_shoulder", "right_shoulder", "left_elbow", "right_elbow", "left_wrist",
                "right_wrist",   "left_hip",       "right_hip",  "left_knee",   "right_knee",
                "left_ankle",    "right_ankle",    "head",       "neck"};
    // Six left/right pairs, then head and neck.
    s.flipIndex = {1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 12, 13};
    s.limbs = {{12, 13}, {13, 0}, {13, 1}, {0, 1}, {0, 6},  {1, 7}, {6, 7}, {0, 2},
               {2, 4},   {1, 3},  {3, 5},  {6, 8}, {8, 10}, {7, 9}, {9, 11}};
  }
  return s;
}

std::string joinNames(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < 6; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > 6) out += ", …";
  return out;
}

/// A joint given by name or 1-based number in a skeleton file.
int jointIndex(const nlohmann::json& v, const std::vector<std::string>& joints,
               const std::string& where) {
  if (v.is_string()) {
    const auto it = std::find(joints.begin(), joints.end(), v.get<std::string>());
    if (it == joints.end()) {
      throw EvalError(where + ": '" + v.get<std::string>() + "' is not one of the keypoints");
    }
    return static_cast<int>(it - joints.begin());
  }
  if (v.is_number_integer() && v.get<std::int64_t>() >= 1 &&
      v.get<std::int64_t>() <= static_cast<std::int64_t>(joints.size())) {
    return static_cast<int>(v.get<std::int64_t>() - 1);
  }
  throw EvalError(where + ": a joint is a keypoint name or a number from 1 to " +
                  std::to_string(joints.size()));
}

std::vector<std::pair<int, int>> jointPairs(const nlohmann::json& list,
                                            const std::vector<std::string>& joints,
                                            const std::string& where) {
  if (!list.is_array()) throw EvalError(where + " must be a list of joint pairs");
  std::vector<std::pair<int, int>> pairs;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string at = where + "[" + std::to_string(i) + "]";
    if (!list[i].is_array() || list[i].size() != 2)
      throw EvalError(at + " must be a pair of joints");
    pairs.emplace_back(jointIndex(list[i][0], joints, at), jointIndex(list[i][1], joints, at));
  }
  return pairs;
}

std::array<std::uint8_t, 3> parseColour(const nlohmann::json& v, const std::string& where) {
  const std::string text = v.is_string() ? v.get<std::string>() : "";
  unsigned r = 0, g = 0, b = 0;
  char end = 0;
  if (text.size() != 7 || std::sscanf(text.c_str(), "#%2x%2x%2x%c", &r, &g, &b, &end) != 3) {
    throw EvalError(where + " must be a colour written \"#rrggbb\"");
  }
  return {static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(g), static_cast<std::uint8_t>(b)};
}

std::string colourText(const std::array<std::uint8_t, 3>& c) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", c[0], c[1], c[2]);
  return text;
}

const std::vector<std::string>* sharedJoints(const KeypointGroundTruth& gt,
                                             const LayoutChoice& choice,
                                             std::vector<std::int64_t>& ids, bool& restricted) {
  const std::vector<std::string>* joints = nullptr;
  const KeypointCategory* first = nullptr;
  for (const KeypointCategory& c : gt.categories) {
    if (c.keypoints.empty()) continue;
    if (choice.categoryId && c.id != *choice.categoryId) {
      restricted = true;
      continue;
    }
    if (joints && *joints != c.keypoints) {
      throw EvalError(gt.source + ": categories " + std::to_string(first->id) + " ('" +
                      first->name + "', " + std::to_string(first->keypoints.size()) +
                      " joints) and " + std::to_string(c.id) + " ('" + c.name + "', " +
                      std::to_string(c.keypoints.size()) +
                      " joints) have different keypoints; pick one with --category ID");
    }
    if (!joints) {
      joints = &c.keypoints;
      first = &c;
    }
    ids.push_back(c.id);
  }
  if (choice.categoryId && ids.empty()) {
    const auto same = [&](const KeypointCategory& c) { return c.id == *choice.categoryId; };
    const auto it = std::find_if(gt.categories.begin(), gt.categories.end(), same);
    throw EvalError(gt.source + ": category " + std::to_string(*choice.categoryId) +
                    (it == gt.categories.end() ? " is not in 'categories'" : " has no keypoints"));
  }
  if (!joints) {
    throw EvalError(gt.source +
                    ": no category has 'keypoints'; this is not a keypoint ground truth");
  }
  return joints;
}

}  // namespace

const Skeleton& referenceSkeleton(EvalVariant variant) {
  static const Skeleton coco = makeReference(EvalVariant::Coco);
  static const Skeleton crowdPose = makeReference(EvalVariant::CrowdPose);
  return variant == EvalVariant::Coco ? coco : crowdPose;
}

std::vector<int> flipIndexFromNames(const std::vector<std::string>& names) {
  const std::string left = "left_", right = "right_";
  std::vector<int> index(names.size());
  bool anySide = false;
  for (std::size_t k = 0; k < names.size(); ++k) {
    const std::string& name = names[k];
    std::string partner;
    if (name.rfind(left, 0) == 0) partner = right + name.substr(left.size());
    if (name.rfind(right, 0) == 0) partner = left + name.substr(right.size());
    if (partner.empty()) {
      index[k] = static_cast<int>(k);
      continue;
    }
    anySide = true;
    const auto it = std::find(names.begin(), names.end(), partner);
    if (it == names.end()) return {};
    index[k] = static_cast<int>(it - names.begin());
  }
  if (!anySide) return {};
  return index;
}

Skeleton parseSkeleton(const std::string& jsonText, const std::string& source) {
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(jsonText);
  } catch (const nlohmann::json::parse_error& e) {
    throw EvalError(source + ": not valid JSON (" + e.what() + ")");
  } catch (const nlohmann::json::exception& e) {  // a number too large for a double
    throw EvalError(source + ": a number out of range (" + e.what() + ")");
  }
  if (!doc.is_object()) throw EvalError(source + ": a skeleton file holds one JSON object");
  static const std::set<std::string> known = {"name",       "keypoints", "sigmas",
                                              "flip_pairs", "limbs",     "limb_colors"};
  for (const auto& [key, value] : doc.items()) {
    if (!known.count(key)) {
      throw EvalError(source + ": unknown key '" + key +
                      "' (a skeleton file has name, keypoints, sigmas, flip_pairs, limbs, "
                      "limb_colors)");
    }
  }
  Skeleton s;
  if (doc.contains("name")) {
    if (!doc["name"].is_string()) throw EvalError(source + ": 'name' must be a string");
    s.name = doc["name"].get<std::string>();
  }
  if (!doc.contains("keypoints") || !doc["keypoints"].is_array() || doc["keypoints"].empty()) {
    throw EvalError(source + ": 'keypoints' must list the joint names");
  }
  for (const auto& name : doc["keypoints"]) {
    if (!name.is_string()) throw EvalError(source + ": 'keypoints' must hold names (strings)");
    // Limbs and flip pairs name joints: two joints of one name would be one.
    if (std::find(s.joints.begin(), s.joints.end(), name.get<std::string>()) != s.joints.end()) {
      throw EvalError(source + ": 'keypoints' names '" + name.get<std::string>() + "' twice");
    }
    s.joints.push_back(name.get<std::string>());
  }
  if (!doc.contains("sigmas") || !doc["sigmas"].is_array()) {
    throw EvalError(source + ": 'sigmas' must list one OKS sigma per keypoint");
  }
  for (std::size_t k = 0; k < doc["sigmas"].size(); ++k) {
    const auto& v = doc["sigmas"][k];
    if (!v.is_number() || !(v.get<double>() > 0) || !std::isfinite(v.get<double>())) {
      throw EvalError(source + ": sigmas[" + std::to_string(k) + "] must be a positive number");
    }
    s.sigmas.push_back(v.get<double>());
  }
  if (s.sigmas.size() != s.joints.size()) {
    throw EvalError(source + ": " + std::to_string(s.sigmas.size()) + " sigmas for " +
                    std::to_string(s.joints.size()) + " keypoints");
  }
  if (doc.contains("flip_pairs")) {
    s.flipIndex.resize(s.joints.size());
    for (std::size_t k = 0; k < s.joints.size(); ++k) s.flipIndex[k] = static_cast<int>(k);
    for (const auto& [a, b] : jointPairs(doc["flip_pairs"], s.joints, source + ": flip_pairs")) {
      if (s.flipIndex[a] != a || s.flipIndex[b] != b || a == b) {
        throw EvalError(source + ": flip_pairs: joint '" + s.joints[a] + "' or '" + s.joints[b] +
                        "' is paired twice");
      }
      s.flipIndex[a] = b;
      s.flipIndex[b] = a;
    }
  } else {
    s.flipIndex = flipIndexFromNames(s.joints);
  }
  if (doc.contains("limbs")) s.limbs = jointPairs(doc["limbs"], s.joints, source + ": limbs");
  if (doc.contains("limb_colors")) {
    const auto& colours = doc["limb_colors"];
    if (!colours.is_array() || colours.size() != s.limbs.size()) {
      throw EvalError(source + ": 'limb_colors' must give one colour per limb (" +
                      std::to_string(s.limbs.size()) + ")");
    }
    for (std::size_t i = 0; i < colours.size(); ++i)
      s.limbColours.push_back(
          parseColour(colours[i], source + ": limb_colors[" + std::to_string(i) + "]"));
  }
  return s;
}

Skeleton loadSkeletonFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw EvalError(path + ": cannot read the skeleton file");
  std::ostringstream text;
  text << in.rdbuf();
  return parseSkeleton(text.str(), path);
}

std::string formatSkeletonJson(const Skeleton& s) {
  nlohmann::ordered_json doc;
  if (!s.name.empty()) doc["name"] = s.name;
  doc["keypoints"] = s.joints;
  doc["sigmas"] = s.sigmas;
  const auto named = [&](int a, int b) {
    return nlohmann::ordered_json::array({s.joints[a], s.joints[b]});
  };
  if (!s.flipIndex.empty()) {
    doc["flip_pairs"] = nlohmann::ordered_json::array();
    for (std::size_t k = 0; k < s.flipIndex.size(); ++k) {
      if (s.flipIndex[k] > static_cast<int>(k))
        doc["flip_pairs"].push_back(named(static_cast<int>(k), s.flipIndex[k]));
    }
  }
  doc["limbs"] = nlohmann::ordered_json::array();
  for (const auto& [a, b] : s.limbs) doc["limbs"].push_back(named(a, b));
  if (!s.limbColours.empty()) {
    doc["limb_colors"] = nlohmann::ordered_json::array();
    for (const auto& c : s.limbColours) doc["limb_colors"].push_back(colourText(c));
  }
  return doc.dump(2) + "\n";
}

KeypointLayout resolveKeypointLayout(const KeypointGroundTruth& gt, const LayoutChoice& choice) {
  KeypointLayout layout;
  const std::vector<std::string>& joints =
      *sharedJoints(gt, choice, layout.categoryIds, layout.restricted);
  const KeypointCategory& category =
      *std::find_if(gt.categories.begin(), gt.categories.end(),
                    [&](const KeypointCategory& c) { return c.id == layout.categoryIds.front(); });
  const std::string described = gt.source + ": category " + std::to_string(category.id) + " ('" +
                                category.name + "') has " + std::to_string(joints.size()) +
                                " joints (" + joinNames(joints) + ")";
  // Whose rules: CrowdPose's for its own layout (by name, or by count when the dataset says so).
  std::optional<EvalVariant> reference;
  for (EvalVariant v : {EvalVariant::Coco, EvalVariant::CrowdPose}) {
    const Skeleton& r = referenceSkeleton(v);
    const bool named = choice.dataset == v && joints.size() == r.joints.size();
    if (joints == r.joints || named) reference = v;
  }
  layout.variant = reference.value_or(EvalVariant::Coco);
  layout.referenceJoints = reference.has_value();
  layout.skeleton = reference ? referenceSkeleton(*reference) : Skeleton{};
  layout.skeleton.name = category.name;
  layout.skeleton.joints = joints;
  // A skeleton that does not fit its joints (CrowdPose's file carries COCO's) is replaced by the
  // reference's own limbs for COCO's and CrowdPose's joints, as the reference's visualiser draws
  // them; for another skeleton its limbs that fit are drawn.
  const bool ownLimbs = !category.limbs.empty() && !(reference && category.skeletonDoesNotFit);
  if (ownLimbs) {
    layout.skeleton.limbs = category.limbs;
    layout.skeleton.limbColours.clear();
  }
  const std::vector<int> sided = flipIndexFromNames(joints);
  if (!sided.empty()) layout.skeleton.flipIndex = sided;

  if (choice.skeletonFile) {
    const Skeleton& file = *choice.skeletonFile;
    if (file.joints != joints) {
      std::size_t k = 0;
      while (k < joints.size() && k < file.joints.size() && joints[k] == file.joints[k]) ++k;
      throw EvalError(choice.skeletonSource + ": its keypoints differ from " + described +
                      (k < joints.size() && k < file.joints.size()
                           ? ": joint " + std::to_string(k + 1) + " is '" + file.joints[k] +
                                 "' there, '" + joints[k] + "' in the ground truth"
                           : ": " + std::to_string(file.joints.size()) + " keypoints there"));
    }
    layout.skeleton.sigmas = file.sigmas;
    layout.skeleton.flipIndex = file.flipIndex;
    if (!file.limbs.empty()) {
      layout.skeleton.limbs = file.limbs;
      layout.skeleton.limbColours = file.limbColours;
    }
    if (!file.name.empty()) layout.skeleton.name = file.name;
    layout.sigmasFrom = choice.skeletonSource;
  } else if (choice.sigmas) {
    if (choice.sigmas->size() != joints.size()) {
      throw EvalError(choice.sigmasSource + ": " + std::to_string(choice.sigmas->size()) +
                      " values, but " + described);
    }
    layout.skeleton.sigmas =
        reference ? snapToReference(*choice.sigmas, referenceSkeleton(*reference).sigmas)
                  : *choice.sigmas;
    layout.sigmasFrom = choice.sigmasSource;
  } else if (reference) {
    layout.sigmasFrom = "valid.py's " + referenceSkeleton(*reference).name + " sigmas";
  } else {
    // Same count, other names: the dataset's own order under other names is said, not assumed.
    std::string sameCount;
    for (EvalVariant v : {EvalVariant::Coco, EvalVariant::CrowdPose}) {
      if (referenceSkeleton(v).joints.size() == joints.size())
        sameCount = "; or --dataset " + variantName(v) + " if they are " +
                    referenceSkeleton(v).name + "'s joints in its order";
    }
    throw UnknownSigmasError(
        described +
            ", not named as COCO's 17 or CrowdPose's 14, so their OKS sigmas "
            "are not known: give them with --sigmas (" +
            std::to_string(joints.size()) +
            " values, comma separated) or a skeleton file with --skeleton FILE.json "
            "(docs/skeletons.md)" +
            sameCount,
        joints.size());
  }
  return layout;
}

EvalParams evalParamsFor(const KeypointLayout& layout) {
  EvalParams params = evalParamsFor(layout.variant);
  params.sigmas = layout.skeleton.sigmas;
  return params;
}

std::string ownSettingsText(const KeypointLayout& layout) {
  if (layout.isReference()) return {};
  return std::to_string(layout.skeleton.joints.size()) + " keypoints of '" + layout.skeleton.name +
         "', sigmas from " + layout.sigmasFrom;
}

std::vector<std::string> settingChangesFor(const EvalParams& params, const KeypointLayout& layout) {
  if (layout.isReference()) return differencesFromReference(params);
  std::vector<std::string> changes = {ownSettingsText(layout)};
  for (std::string& change : differencesFrom(params, evalParamsFor(layout)))
    changes.push_back(std::move(change));
  return changes;
}

KeypointGroundTruth groundTruthOfLayout(const KeypointGroundTruth& gt,
                                        const KeypointLayout& layout) {
  if (!layout.restricted) return gt;
  const auto kept = [&](std::int64_t id) {
    return std::find(layout.categoryIds.begin(), layout.categoryIds.end(), id) !=
           layout.categoryIds.end();
  };
  KeypointGroundTruth out;
  out.source = gt.source;
  out.images = gt.images;
  out.warnings = gt.warnings;
  for (const KeypointCategory& c : gt.categories)
    if (kept(c.id)) out.categories.push_back(c);
  for (const GroundTruthPerson& p : gt.annotations)
    if (kept(p.categoryId)) out.annotations.push_back(p);
  return out;
}

std::vector<KeypointDetection> detectionsOfLayout(const std::vector<KeypointDetection>& detections,
                                                  const KeypointLayout& layout) {
  if (!layout.restricted) return detections;
  std::vector<KeypointDetection> out;
  out.reserve(detections.size());
  for (const KeypointDetection& d : detections) {
    if (std::find(layout.categoryIds.begin(), layout.categoryIds.end(), d.categoryId) !=
        layout.categoryIds.end())
      out.push_back(d);
  }
  return out;
}

}  // namespace posescope
