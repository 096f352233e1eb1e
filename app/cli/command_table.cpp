// The run function of each subcommand of posescope-cli (its cmd_NAME_spec.cpp declares what it
// accepts). Commands that need LibTorch or OpenCV live in
// posescope-cli-full, so the others start without loading either (LibTorch alone costs about a
// second of start-up, OpenCV's image codecs another 150 ms).

#include "cli_main.h"
#include "commands.h"

namespace posescope::cli {

#ifdef POSESCOPE_CLI_FULL
#define FULL(fn) fn
#define LIGHT(fn) nullptr
#else
#define FULL(fn) nullptr
#define LIGHT(fn) fn
#endif

std::vector<Command> commandTable() {
  return {
      {"config", LIGHT(runConfig)},
      {"summary", FULL(runSummary)},
      {"verify-model", FULL(runVerifyModel)},
      {"eval", FULL(runEval)},
      {"sweep", FULL(runSweep)},
      {"bench", FULL(runBench)},
      {"metrics", LIGHT(runMetrics)},
      {"analyze", LIGHT(runAnalyze)},
      {"check-dataset", LIGHT(runCheckDataset)},
      {"suspects", LIGHT(runSuspects)},
      {"extract", FULL(runExtract)},
      {"embed", FULL(runEmbed)},
      {"search", FULL(runSearchCommand)},
      {"search-candidate", FULL(runSearchCandidate)},
      {"search-worker", FULL(runSearchWorker)},
      {"search-front", LIGHT(runSearchFront)},
      {"make-dataset", FULL(runMakeDataset)},
      {"export", FULL(runExport)},
      {"compare", LIGHT(runCompare)},
      {"merge", LIGHT(runMerge)},
      {"import", LIGHT(runImport)},
      {"runs", LIGHT(runRuns)},
      {"slurm", LIGHT(runSlurm)},
  };
}

}  // namespace posescope::cli
