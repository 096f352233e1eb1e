#pragma once
// Subcommands of posescope-cli: each takes the arguments after its name and returns an exit code.

#include <string>
#include <vector>

namespace posescope::cli {

using Args = std::vector<std::string>;

int runConfig(const Args& args);           // cmd_config.cpp
int runSummary(const Args& args);          // cmd_summary.cpp
int runExtract(const Args& args);          // cmd_extract.cpp
int runEmbed(const Args& args);            // cmd_embed.cpp
int runVerifyModel(const Args& args);      // cmd_verify_model.cpp
int runMetrics(const Args& args);          // cmd_metrics.cpp
int runEval(const Args& args);             // cmd_eval.cpp
int runBench(const Args& args);            // cmd_bench.cpp
int runMakeDataset(const Args& args);      // cmd_make_dataset.cpp
int runExport(const Args& args);           // cmd_export.cpp
int runCompare(const Args& args);          // cmd_compare.cpp
int runAnalyze(const Args& args);          // cmd_analyze.cpp
int runMerge(const Args& args);            // cmd_merge.cpp
int runSlurm(const Args& args);            // cmd_slurm.cpp
int runSearchCommand(const Args& args);    // cmd_search.cpp
int runSearchWorker(const Args& args);     // cmd_search.cpp
int runSearchCandidate(const Args& args);  // cmd_search.cpp

}  // namespace posescope::cli
