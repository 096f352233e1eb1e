#include "eval/eval_params.h"

#include <algorithm>
#include <cctype>

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

std::string variantName(EvalVariant variant) {
  return variant == EvalVariant::Coco ? "coco" : "crowdpose";
}

}  // namespace posescope
