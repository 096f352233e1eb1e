#include "experiment_args.h"

#include <ctime>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace posescope::cli {

ExperimentSpec experimentSpecFrom(const ParsedArgs& args) {
  ExperimentSpec spec;
  spec.cfgFile = args.require("--cfg");
  spec.archFile = args.get("--superconfig");
  spec.overrides = args.positional;
  return spec;
}

std::string defaultRunDir(const std::string& cfgFile) {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  std::ostringstream s;
  s << "runs/" << std::filesystem::path(cfgFile).stem().string() << "_"
    << std::put_time(&tm, "%Y%m%d-%H%M%S");
  return s.str();
}

void printWarnings(const Experiment& experiment) {
  for (const auto& w : experiment.warnings) std::cerr << formatConfigWarning(w) << "\n";
}

}  // namespace posescope::cli
