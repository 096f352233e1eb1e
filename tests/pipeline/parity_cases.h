#pragma once
// The end-to-end cases of ../shared/parity/runs/cases.tsv, for the suites that run them.

#include <fstream>
#include <string>
#include <vector>

#include "common/strings.h"
#include "config/experiment.h"

namespace posescope::test {

/// One line of cases.tsv: name, config, arch, checkpoint, dataset root, DATASET.TEST, options.
struct RunCase {
  std::string name, config, arch, checkpoint, root, split;
  std::vector<std::string> options;

  /// The experiment the case evaluates, paths resolved inside `parity`.
  ExperimentSpec spec(const std::string& parity) const {
    ExperimentSpec s;
    s.cfgFile = parity + "/configs/" + config;
    if (!arch.empty()) s.archFile = parity + "/configs/" + arch;
    s.overrides = {"DATASET.ROOT", parity + "/" + root, "DATASET.TEST",
                   split,          "TEST.MODEL_FILE",   parity + "/" + checkpoint};
    s.overrides.insert(s.overrides.end(), options.begin(), options.end());
    return s;
  }
};

/// The cases of `parity`/runs/cases.tsv (empty when the file is absent).
inline std::vector<RunCase> readRunCases(const std::string& parity) {
  std::vector<RunCase> cases;
  std::ifstream in(parity + "/runs/cases.tsv");
  std::string line;
  while (std::getline(in, line)) {
    if (trim(line).empty() || line[0] == '#') continue;
    const auto f = split(line, '\t');
    if (f.size() < 6) continue;
    RunCase c{f[0], f[1], f[2], f[3], f[4], f[5], {}};
    if (f.size() > 6) {
      for (const auto& token : split(trim(f[6]), ' '))
        if (!token.empty()) c.options.push_back(token);
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace posescope::test
