// posescope-cli import: predictions made by another framework (a keypoint results file) kept as
// a run folder that metrics, analyze, compare, export and the GUI open like an evaluation's. Needs
// neither LibTorch nor OpenCV (no image is read), so it runs in the front end.

#include <iostream>

#include "cli_args.h"
#include "commands.h"
#include "eval_settings_args.h"
#include "pipeline/run_import.h"

namespace posescope::cli {

int runImport(const ParsedArgs& args) {
  if (!args.positional.empty())
    throw UsageError{"unexpected argument '" + args.positional.front() + "'"};
  ImportOptions options;
  options.groundTruth = args.require("--gt");
  options.results = args.require("--dt");
  const std::string out = args.require("--out");
  options.imagesDir = args.get("--images");
  options.name = args.get("--name");
  options.layout = layoutChoice(args);
  const bool quiet = args.has("--quiet");
  const LoadedRun run = importPredictions(out, options, [&](const std::string& line) {
    if (!quiet) std::cerr << line << "\n";
  });
  std::cerr << "run folder: " << out << "\n";
  std::cout << run.metricsMarkdown;
  return kOk;
}

}  // namespace posescope::cli
