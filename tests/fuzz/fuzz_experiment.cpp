// Fuzz target: an experiment YAML with KEY VALUE overrides, loaded as posescope-cli loads --cfg.
// Input: the YAML text, then optionally a line "#overrides" followed by one token per line.

#include "config/experiment.h"
#include "fuzz_support.h"

namespace {

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return lines;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  static posescope::fuzz::MemoryFile file;
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::string marker = "\n#overrides\n";
  const size_t split = input.find(marker);
  const std::string yaml = input.substr(0, split);
  file.set(reinterpret_cast<const std::uint8_t*>(yaml.data()), yaml.size());
  posescope::ExperimentSpec spec;
  spec.cfgFile = file.path();
  if (split != std::string::npos) spec.overrides = splitLines(input.substr(split + marker.size()));
  return posescope::fuzz::runOneInput([&] {
    const posescope::Experiment experiment = posescope::loadExperiment(spec);
    (void)experiment.effectiveArch();
    (void)posescope::dumpConfigYaml(experiment.cfg);
  });
}
