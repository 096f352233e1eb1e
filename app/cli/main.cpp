// posescope-cli: the headless front end (valid.py's arguments, plus a few subcommands).

#include <cstring>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "cli_args.h"
#include "commands.h"
#include "common/errors.h"

namespace {

struct Command {
  const char* name;
  const char* summary;
  std::function<int(const posescope::cli::Args&)> run;
};

const std::vector<Command>& commands() {
  using namespace posescope::cli;
  static const std::vector<Command> list = {
      {"config", "print the merged experiment config as YAML", runConfig},
      {"summary", "build the network and print parameters and multiply-adds", runSummary},
      {"verify-model", "compare the network's outputs with outputs recorded in Python",
       runVerifyModel},
      {"eval", "evaluate a model on a dataset, as valid.py does", runEval},
      {"bench", "time the evaluation pipeline per stage", runBench},
      {"metrics", "compute keypoint metrics of a results file against ground truth", runMetrics},
      {"analyze", "explain the metrics: keypoint error analysis, AP if fixed, triage", runAnalyze},
      {"make-dataset", "write the synthetic people dataset (COCO layout)", runMakeDataset},
      {"export", "export a run's metrics, per-image table, results or overlays", runExport},
      {"compare", "compare two runs: metrics, timing and per-image deltas", runCompare},
  };
  return list;
}

void printUsage(std::ostream& out) {
  out << "usage: posescope-cli <command> [options]\n\ncommands:\n";
  for (const auto& c : commands()) {
    out << "  " << c.name << std::string(14 - std::strlen(c.name), ' ') << c.summary << "\n";
  }
  out << "\n'posescope-cli <command> --help' describes a command's options.\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    printUsage(std::cerr);
    return posescope::cli::kUsage;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    printUsage(std::cout);
    return posescope::cli::kOk;
  }
  const std::vector<std::string> args(argv + 2, argv + argc);
  for (const auto& c : commands()) {
    if (name != c.name) continue;
    try {
      return c.run(args);
    } catch (const posescope::cli::UsageError& e) {
      std::cerr << "posescope-cli " << name << ": " << e.message << "\n"
                << "Run 'posescope-cli " << name << " --help' for usage.\n";
      return posescope::cli::kUsage;
    } catch (const posescope::Error& e) {
      std::cerr << "error: " << e.what() << "\n";
      return posescope::cli::kBadInput;
    } catch (const std::exception& e) {
      std::cerr << "internal error: " << e.what() << "\n";
      return posescope::cli::kFailed;
    }
  }
  std::cerr << "posescope-cli: unknown command '" << name << "'\n\n";
  printUsage(std::cerr);
  return posescope::cli::kUsage;
}
