#include "eval_settings_args.h"

#include "common/errors.h"

namespace posescope::cli {

OptionGroup evalSettingsGroup() {
  return {
      "evaluation settings (default: the reference's; changed settings are not valid.py's "
      "numbers)",
      {{"--oks-thresholds", "T",
        "START:STEP:STOP (inclusive) or a comma list (default .50:.05:.95)"},
       {"--sigmas", "LIST",
        "per-joint sigmas, comma separated, as the evaluator uses them\n(COCO's nose is 0.026)"},
       {"--area-all", "LO,HI", "area range 'all' in pixels²"},
       {"--area-medium", "LO,HI", "area range 'medium' in pixels²"},
       {"--area-large", "LO,HI", "area range 'large' in pixels²"},
       {"--max-dets", "N", "detections kept per image, best score first",
        std::to_string(EvalParams{}.maxDets)},
       {"--min-score", "S", "detections scored below S are left out"}}};
}

OptionGroup layoutGroup() {
  return {"keypoints other than COCO's and CrowdPose's (docs/skeletons.md)",
          {{"--skeleton", "FILE.json",
            "joint names, OKS sigmas, optional flip pairs, limbs and colours\n"
            "(instead of --sigmas)"},
           {"--category", "ID",
            "evaluate this keypoint category only (needed when the categories\n"
            "have different keypoints)"}}};
}

LayoutChoice layoutChoice(const ParsedArgs& args) {
  LayoutChoice choice;
  choice.dataset = datasetOption(args);
  if (args.has("--sigmas") && args.has("--skeleton")) {
    throw UsageError{"--sigmas and --skeleton are exclusive: the skeleton file holds the sigmas"};
  }
  if (args.has("--sigmas")) {
    try {
      choice.sigmas = parseNumberList(args.get("--sigmas"), "--sigmas");
    } catch (const EvalError& e) {
      throw UsageError{e.what()};
    }
  }
  if (args.has("--skeleton")) {
    choice.skeletonSource = args.get("--skeleton");
    choice.skeletonFile = loadSkeletonFile(choice.skeletonSource);
  }
  if (args.has("--category")) choice.categoryId = args.getInt("--category", 0);
  return choice;
}

std::optional<EvalVariant> datasetOption(const ParsedArgs& args) {
  if (!args.has("--dataset")) return std::nullopt;
  try {
    return variantFromDatasetName(args.get("--dataset"));
  } catch (const EvalError& e) {
    throw UsageError{std::string("--dataset: ") + e.what()};
  }
}

void applyEvalSettings(const ParsedArgs& args, EvalParams& params) {
  try {
    if (args.has("--oks-thresholds")) {
      params.iouThrs = parseThresholdList(args.get("--oks-thresholds"), "--oks-thresholds");
    }
    for (const char* area : {"all", "medium", "large"}) {
      const std::string option = std::string("--area-") + area;
      if (args.has(option)) applyAreaRange(params, area + ("=" + args.get(option)), option);
    }
    if (args.has("--max-dets")) {
      const long n = args.getInt("--max-dets");
      if (n < 1) throw UsageError{"--max-dets must be 1 or more"};
      params.maxDets = static_cast<std::size_t>(n);
    }
    if (args.has("--min-score")) params.minScore = args.getDouble("--min-score", 0);
    params.validate();
  } catch (const EvalError& e) {
    throw UsageError{e.what()};
  }
}

}  // namespace posescope::cli
