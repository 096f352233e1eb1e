#pragma once
// The dispatch shared by posescope-cli and posescope-cli-full: usage, the subcommand table, exit
// codes for usage errors, bad input and internal errors.

#include <vector>

#include "cli_args.h"

namespace posescope::cli {

/// The run function of one subcommand declared in command_spec.h; `run` is nullptr where this
/// executable does not hold it (the commands that need LibTorch or OpenCV are in
/// posescope-cli-full, the others in posescope-cli).
struct Command {
  const char* name;
  int (*run)(const ParsedArgs&);
};

/// Every subcommand's run function as this executable holds it (command_table.cpp is compiled
/// once per executable).
std::vector<Command> commandTable();

/// Runs argv's command: `help` (the command list), `help CMD` (its help), `help --markdown`
/// (docs/cli.md); otherwise parses the arguments against the command's declaration, answers
/// --help from it, and runs the command from `commands` (or `fallback` for a command whose run is
/// nullptr). Exit codes: 2 usage, 3 bad input (posescope::Error), 1 other.
int dispatch(int argc, char** argv, const std::vector<Command>& commands,
             int (*fallback)(const char* name, char** argv));

}  // namespace posescope::cli
