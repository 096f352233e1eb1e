// posescope-cli check-dataset: what is structurally wrong or suspicious in a keypoint ground truth
// (core/analysis/dataset_health.h), listed with the image and annotation of each finding.

#include <iostream>

#include "analysis/dataset_health.h"
#include "cli_args.h"
#include "commands.h"
#include "common/errors.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_layout.h"
#include "eval_settings_args.h"

namespace posescope::cli {

int runCheckDataset(const ParsedArgs& args) {
  if (args.positional.size() != 1) throw UsageError{"expected one GT.json"};
  const std::string format = args.get("--format", "md");
  if (format != "md" && format != "json")
    throw UsageError{"--format must be md or json, not '" + format + "'"};
  const long listed = args.getInt("--list");
  if (listed < 0) throw UsageError{"--list must be 0 or more"};
  const std::string path = args.positional.front();
  const KeypointGroundTruth gt = loadGroundTruth(path);
  for (const std::string& warning : gt.warnings) std::cerr << "warning: " << warning << "\n";
  const KeypointLayout layout = resolveKeypointLayout(gt, layoutChoice(args));
  std::optional<std::string> images;
  if (args.has("--images")) images = args.get("--images");
  const DatasetHealth health = checkDatasetHealth(gt, layout, images);
  std::cout << (format == "json"
                    ? formatDatasetHealthJson(health, path)
                    : formatDatasetHealthMarkdown(health, path, static_cast<std::size_t>(listed)));
  return health.findings.empty() ? kOk : kFailed;
}

}  // namespace posescope::cli
