#pragma once
// Minimal argument parsing shared by the posescope-cli subcommands, posescope-train and the
// posescope GUI (valid.py's style: `--flag value` options, then free KEY VALUE overrides).

#include <functional>
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
  std::map<std::string, std::string> options;  // "--cfg" -> "file" (the last one given)
  std::map<std::string, std::vector<std::string>> repeated;  // every value of an option, in order
  std::set<std::string> flags;                               // "--json"
  std::vector<std::string> positional;  // everything else, in order (KEY VALUE pairs)

  bool has(const std::string& name) const { return options.count(name) || flags.count(name); }
  std::string get(const std::string& name, const std::string& fallback = {}) const;
  /// Throws UsageError when absent.
  std::string require(const std::string& name) const;
  /// Parses an integer option; throws UsageError naming it when malformed.
  long getInt(const std::string& name, long fallback) const;
  double getDouble(const std::string& name, double fallback) const;
  /// Every value given for `name`, in order (empty when absent).
  std::vector<std::string> getAll(const std::string& name) const;
};

/// Runs `body` and turns what it throws into an exit code, printing the message to stderr:
/// UsageError 2 ("PROGRAM: message" and where its usage is), posescope::Error 3, any other
/// exception 1. `program` is what the user typed ("posescope-cli analyze", "posescope-train").
int runWithExitCodes(const std::string& program, const std::function<int()>& body);

/// Parses `args`: names in `valueOptions` take the next argument, names in `flagOptions` take
/// none; an unknown `--x` is a UsageError. `--help` is left to the caller as a flag.
ParsedArgs parseArgs(const std::vector<std::string>& args,
                     const std::set<std::string>& valueOptions,
                     const std::set<std::string>& flagOptions);

}  // namespace posescope::cli
