#pragma once
// Every posescope-cli subcommand's declaration (command_spec.h), each in cmd_NAME_spec.cpp beside
// the cmd_NAME.cpp that runs it. All are compiled into posescope_cli_common, which is Torch-free,
// so both executables and the tests hold every command's options and help.
//
// An option's default (OptionSpec::defaultValue) is declared there once: the help prints it and the
// command reads it back (ParsedArgs::getInt, getDouble, get). Where the code keeps the default in
// a variable (RenderOptions, BootstrapOptions, EvolutionSettings, ...), it is printed from there.

#include "command_spec.h"

namespace posescope::cli {

CommandSpec configCommand();           // cmd_config_spec.cpp
CommandSpec summaryCommand();          // cmd_summary_spec.cpp
CommandSpec verifyModelCommand();      // cmd_verify_model_spec.cpp
CommandSpec evalCommand();             // cmd_eval_spec.cpp
CommandSpec sweepCommand();            // cmd_sweep_spec.cpp
CommandSpec benchCommand();            // cmd_bench_spec.cpp
CommandSpec metricsCommand();          // cmd_metrics_spec.cpp
CommandSpec analyzeCommand();          // cmd_analyze_spec.cpp
CommandSpec extractCommand();          // cmd_extract_spec.cpp
CommandSpec embedCommand();            // cmd_embed_spec.cpp
CommandSpec searchCommand();           // cmd_search_spec.cpp
CommandSpec searchCandidateCommand();  // cmd_search_spec.cpp
CommandSpec searchWorkerCommand();     // cmd_search_spec.cpp
CommandSpec searchFrontCommand();      // cmd_search_front_spec.cpp
CommandSpec makeDatasetCommand();      // cmd_make_dataset_spec.cpp
CommandSpec exportCommand();           // cmd_export_spec.cpp
CommandSpec compareCommand();          // cmd_compare_spec.cpp
CommandSpec mergeCommand();            // cmd_merge_spec.cpp
CommandSpec importCommand();           // cmd_import_spec.cpp
CommandSpec runsCommand();             // cmd_runs_spec.cpp
CommandSpec slurmCommand();            // cmd_slurm_spec.cpp
CommandSpec checkDatasetCommand();     // cmd_check_dataset_spec.cpp
CommandSpec suspectsCommand();         // cmd_suspects_spec.cpp

// Help worded once for several commands (command_declarations.cpp).

// The config overrides after the options of the commands that read an experiment YAML.
extern const OptionSpec kKeyValue;

// The files and dataset of `metrics`, `analyze` and `import` (and `check-dataset`'s dataset).
extern const OptionSpec kGroundTruthFile;
extern const OptionSpec kResultsFile;
extern const OptionSpec kDatasetName;

// How `eval` and `sweep` run the network.
extern const OptionSpec kDeviceOption;
extern const OptionSpec kLimitOption;
extern const OptionSpec kWorkersOption;
extern const OptionSpec kThreadsOption;
extern const OptionSpec kNoFoldBnOption;
extern const OptionSpec kExactOption;
extern const OptionSpec kQuietOption;

}  // namespace posescope::cli
