#pragma once
// Minimal argument parsing shared by the posescope-cli subcommands and posescope-train
// (valid.py's style: `--flag value` options, then free KEY VALUE overrides).

#include <map>
#include <set>
#include <string>
#include <vector>

namespace posescope::cli {

/// Exit codes of posescope-cli and posescope-train.
enum ExitCode { kOk = 0, kFailed = 1, kUsage = 2, kBadInput = 3 };

/// Thrown for bad command lines; main prints it with the program's usage and exits 2.
struct UsageError {
  std::string message;
};

/// Parsed command line of one subcommand.
struct ParsedArgs {
  std::map<std::string, std::string> options;  // "--cfg" -> "file"
  std::set<std::string> flags;                 // "--json"
  std::vector<std::string> positional;         // everything else, in order (KEY VALUE pairs)

  bool has(const std::string& name) const { return options.count(name) || flags.count(name); }
  std::string get(const std::string& name, const std::string& fallback = {}) const;
  /// Throws UsageError when absent.
  std::string require(const std::string& name) const;
  /// Parses an integer option; throws UsageError naming it when malformed.
  long getInt(const std::string& name, long fallback) const;
  double getDouble(const std::string& name, double fallback) const;
};

/// Parses `args`: names in `valueOptions` take the next argument, names in `flagOptions` take
/// none; an unknown `--x` is a UsageError. `--help` is left to the caller as a flag.
ParsedArgs parseArgs(const std::vector<std::string>& args,
                     const std::set<std::string>& valueOptions,
                     const std::set<std::string>& flagOptions);

}  // namespace posescope::cli
