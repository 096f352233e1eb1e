#include "eval/eval_params.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

#include "common/errors.h"

namespace posescope {

std::vector<double> numpyLinspace(double start, double stop, int num) {
  std::vector<double> values(static_cast<std::size_t>(std::max(num, 0)));
  if (num <= 0) return values;
  const double step = num > 1 ? (stop - start) / (num - 1) : 0.0;
  for (int i = 0; i < num; ++i) values[i] = static_cast<double>(i) * step + start;
  if (num > 1) values.back() = stop;
  return values;
}

EvalParams evalParamsFor(EvalVariant variant) {
  EvalParams p;
  p.variant = variant;
  // The reference writes the sigmas times ten and divides the array by 10.0.
  const std::vector<double> coco = {.26, .25, .25,  .35,  .35, .79, .79, .72, .72,
                                    .62, .62, 1.07, 1.07, .87, .87, .89, .89};
  const std::vector<double> crowd = {.79,  .79, .72, .72, .62, .62, 1.07,
                                     1.07, .87, .87, .89, .89, .79, .79};
  for (double s : variant == EvalVariant::Coco ? coco : crowd) p.sigmas.push_back(s / 10.0);
  p.iouThrs = numpyLinspace(.5, 0.95, 10);
  p.recThrs = numpyLinspace(.0, 1.00, 101);
  const double big = 1e5 * 1e5;
  p.areas = {{0.0, big, "all"}, {32.0 * 32.0, 96.0 * 96.0, "medium"}, {96.0 * 96.0, big, "large"}};
  p.maxDets = 20;
  return p;
}

EvalVariant variantFromDatasetName(const std::string& name) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "coco") return EvalVariant::Coco;
  if (lower == "crowd_pose" || lower == "crowdpose") return EvalVariant::CrowdPose;
  throw EvalError("unknown dataset '" + name +
                  "' for keypoint evaluation (expected 'coco' or 'crowd_pose')");
}

EvalVariant variantForGroundTruth(const KeypointGroundTruth& gt) {
  for (const auto& c : gt.categories) {
    if (c.keypoints.size() == 14) return EvalVariant::CrowdPose;
  }
  return EvalVariant::Coco;
}

std::string variantName(EvalVariant variant) {
  return variant == EvalVariant::Coco ? "coco" : "crowdpose";
}

}  // namespace posescope

namespace posescope {

namespace {

std::string formatNumber(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

double parseNumber(const std::string& text, const std::string& option) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || !std::isfinite(value)) {
    throw EvalError(option + ": '" + text + "' is not a number");
  }
  return value;
}

std::vector<std::string> splitOn(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator)) parts.push_back(part);
  if (!text.empty() && text.back() == separator) parts.emplace_back();
  return parts;
}

}  // namespace

void EvalParams::validate() const {
  for (std::size_t k = 0; k < sigmas.size(); ++k) {
    if (!(sigmas[k] > 0) || !std::isfinite(sigmas[k])) {
      throw EvalError("sigma of joint " + std::to_string(k) + " is " + formatNumber(sigmas[k]) +
                      "; sigmas must be positive");
    }
  }
  if (iouThrs.empty()) throw EvalError("no OKS threshold given");
  for (std::size_t t = 0; t < iouThrs.size(); ++t) {
    if (!(iouThrs[t] > 0 && iouThrs[t] <= 1)) {
      throw EvalError("OKS threshold " + formatNumber(iouThrs[t]) + " is outside (0, 1]");
    }
    if (t > 0 && !(iouThrs[t] > iouThrs[t - 1])) {
      throw EvalError("OKS thresholds must increase (" + formatNumber(iouThrs[t - 1]) + " then " +
                      formatNumber(iouThrs[t]) + ")");
    }
  }
  for (const AreaRange& a : areas) {
    if (!(a.lo >= 0) || !(a.hi >= a.lo)) {
      throw EvalError("area range '" + a.label + "' [" + formatNumber(a.lo) + ", " +
                      formatNumber(a.hi) + "] is empty or negative");
    }
  }
  if (maxDets == 0) throw EvalError("maxDets must be at least 1");
  if (std::isnan(minScore)) throw EvalError("the minimum detection score is not a number");
}

std::vector<std::string> differencesFromReference(const EvalParams& params) {
  return differencesFrom(params, evalParamsFor(params.variant));
}

std::vector<std::string> differencesFrom(const EvalParams& params, const EvalParams& ref) {
  std::vector<std::string> out;
  if (params.iouThrs != ref.iouThrs) {
    std::string list;
    for (double t : params.iouThrs) list += (list.empty() ? "" : ", ") + formatNumber(t);
    out.push_back("OKS thresholds " + list);
  }
  if (params.sigmas.size() != ref.sigmas.size()) {
    out.push_back(std::to_string(params.sigmas.size()) + " sigmas");
  } else {
    for (std::size_t k = 0; k < ref.sigmas.size(); ++k) {
      if (params.sigmas[k] != ref.sigmas[k]) {
        out.push_back("sigma of joint " + std::to_string(k) + " " + formatNumber(params.sigmas[k]));
      }
    }
  }
  for (std::size_t a = 0; a < params.areas.size() && a < ref.areas.size(); ++a) {
    if (params.areas[a].lo != ref.areas[a].lo || params.areas[a].hi != ref.areas[a].hi) {
      out.push_back("area " + params.areas[a].label + " [" + formatNumber(params.areas[a].lo) +
                    ", " + formatNumber(params.areas[a].hi) + "]");
    }
  }
  if (params.maxDets != ref.maxDets) out.push_back("maxDets " + std::to_string(params.maxDets));
  if (params.minScore != ref.minScore) {
    out.push_back("minimum score " + formatNumber(params.minScore));
  }
  return out;
}

std::vector<double> parseThresholdList(const std::string& text, const std::string& option) {
  const auto range = splitOn(text, ':');
  if (range.size() == 3) {
    const double start = parseNumber(range[0], option), step = parseNumber(range[1], option);
    const double stop = parseNumber(range[2], option);
    if (!(step > 0) || stop < start) {
      throw EvalError(option + ": '" + text + "' needs START <= STOP and a positive STEP");
    }
    // Counted like np.linspace over the inclusive range, so .50:.05:.95 gives the reference's 10.
    const int num = static_cast<int>(std::floor((stop - start) / step + 0.5)) + 1;
    if (num > 1000) throw EvalError(option + ": '" + text + "' gives more than 1000 thresholds");
    double last = start + (num - 1) * step;
    if (std::fabs(last - stop) < step * 1e-6) last = stop;  // .50:.05:.95 is exactly np.linspace's
    return numpyLinspace(start, last, num);
  }
  if (range.size() != 1) throw EvalError(option + ": expected START:STEP:STOP or a comma list");
  return parseNumberList(text, option);
}

std::vector<double> parseNumberList(const std::string& text, const std::string& option) {
  std::vector<double> values;
  for (const std::string& part : splitOn(text, ',')) values.push_back(parseNumber(part, option));
  if (values.empty()) throw EvalError(option + ": no value given");
  return values;
}

std::vector<double> snapToReference(std::vector<double> values,
                                    const std::vector<double>& reference) {
  for (std::size_t i = 0; i < values.size() && i < reference.size(); ++i)
    if (std::fabs(values[i] - reference[i]) <= 1e-12 * std::fabs(reference[i]))
      values[i] = reference[i];
  return values;
}

void applyAreaRange(EvalParams& params, const std::string& text, const std::string& option) {
  const auto eq = text.find('=');
  if (eq == std::string::npos)
    throw EvalError(option + ": expected NAME=LO,HI, got '" + text + "'");
  const std::string name = text.substr(0, eq);
  const auto bounds = parseNumberList(text.substr(eq + 1), option);
  if (bounds.size() != 2) throw EvalError(option + ": expected two bounds LO,HI in '" + text + "'");
  for (AreaRange& a : params.areas) {
    if (a.label != name) continue;
    a.lo = bounds[0];
    a.hi = bounds[1];
    return;
  }
  std::string names;
  for (const AreaRange& a : params.areas) names += (names.empty() ? "" : ", ") + a.label;
  throw EvalError(option + ": unknown area range '" + name + "' (known: " + names + ")");
}

}  // namespace posescope
