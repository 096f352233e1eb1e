#pragma once
// Subcommands of posescope-cli: each takes its arguments, parsed against its declaration
// (cmd_NAME_spec.cpp, beside its cmd_NAME.cpp), and returns an exit code.

#include <string>
#include <vector>

#include "cli_args.h"

namespace posescope::cli {

using Args = std::vector<std::string>;

int runConfig(const ParsedArgs& parsed);         // cmd_config.cpp
int runSummary(const ParsedArgs& args);          // cmd_summary.cpp
int runCheckDataset(const ParsedArgs& args);     // cmd_check_dataset.cpp
int runSuspects(const ParsedArgs& args);         // cmd_suspects.cpp
int runExtract(const ParsedArgs& args);          // cmd_extract.cpp
int runEmbed(const ParsedArgs& args);            // cmd_embed.cpp
int runVerifyModel(const ParsedArgs& args);      // cmd_verify_model.cpp
int runMetrics(const ParsedArgs& parsed);        // cmd_metrics.cpp
int runEval(const ParsedArgs& args);             // cmd_eval.cpp
int runSweep(const ParsedArgs& args);            // cmd_sweep.cpp
int runBench(const ParsedArgs& args);            // cmd_bench.cpp
int runMakeDataset(const ParsedArgs& parsed);    // cmd_make_dataset.cpp
int runExport(const ParsedArgs& args);           // cmd_export.cpp
int runCompare(const ParsedArgs& args);          // cmd_compare.cpp
int runAnalyze(const ParsedArgs& parsed);        // cmd_analyze.cpp
int runMerge(const ParsedArgs& args);            // cmd_merge.cpp
int runImport(const ParsedArgs& args);           // cmd_import.cpp
int runRuns(const ParsedArgs& args);             // cmd_runs.cpp
int runSlurm(const ParsedArgs& args);            // cmd_slurm.cpp
int runSearchCommand(const ParsedArgs& args);    // cmd_search.cpp
int runSearchWorker(const ParsedArgs& args);     // cmd_search.cpp
int runSearchCandidate(const ParsedArgs& args);  // cmd_search.cpp
int runSearchFront(const ParsedArgs& args);      // cmd_search_front.cpp

}  // namespace posescope::cli
