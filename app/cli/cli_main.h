#pragma once
// The dispatch shared by posescope-cli and posescope-cli-full: usage, the subcommand table, exit
// codes for usage errors, bad input and internal errors.

#include <vector>

#include "commands.h"

namespace posescope::cli {

/// One subcommand; `run` is nullptr where this executable does not hold it (the commands that
/// need LibTorch or OpenCV are in posescope-cli-full, the others in posescope-cli).
struct Command {
  const char* name;
  const char* summary;
  int (*run)(const Args&);
};

/// Every subcommand, in the order the usage lists them, with the run functions this executable
/// holds (command_table.cpp is compiled once per executable).
std::vector<Command> commandTable();

/// Parses argv, runs the named command from `commands` (or `fallback` for a command whose run is
/// nullptr) and maps exceptions to exit codes: 2 usage, 3 bad input (posescope::Error), 1 other.
int dispatch(int argc, char** argv, const std::vector<Command>& commands,
             int (*fallback)(const char* name, char** argv));

}  // namespace posescope::cli
