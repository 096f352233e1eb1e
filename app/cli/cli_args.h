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

/// One option, declared once: the parser takes its name and whether it has a value from here, and
/// the --help text its placeholder and help, so the two cannot disagree.
struct OptionSpec {
  std::string name;   // "--cfg"
  std::string value;  // the value's placeholder in the help ("FILE"); empty for a flag
  std::string help;   // one or more lines, '\n'-separated
  bool isFlag() const { return value.empty(); }
};

/// Options under one heading of the help ("options", "evaluation settings ...").
struct OptionGroup {
  std::string title;
  std::vector<OptionSpec> options;
};

/// Parsed command line of one subcommand.
struct ParsedArgs {
  std::map<std::string, std::string> options;  // "--cfg" -> "file" (the last one given)
  std::map<std::string, std::vector<std::string>> repeated;  // every value of an option, in order
  std::set<std::string> flags;                               // "--json"
  std::vector<std::string> positional;   // everything else, in order (KEY VALUE pairs)
  std::vector<std::string> afterDashes;  // what follows "--" where the command stops there
  std::vector<std::string> raw;          // the arguments as given
  /// The declared names when parsed from OptionGroups: reading any other name is a programming
  /// error (std::logic_error), so code cannot act on an option the help does not show.
  std::set<std::string> declared;

  bool has(const std::string& name) const;
  std::string get(const std::string& name, const std::string& fallback = {}) const;
  /// Throws UsageError when absent.
  std::string require(const std::string& name) const;
  /// Parses an integer option; throws UsageError naming it when malformed.
  long getInt(const std::string& name, long fallback) const;
  double getDouble(const std::string& name, double fallback) const;
  /// Every value given for `name`, in order (empty when absent).
  std::vector<std::string> getAll(const std::string& name) const;

 private:
  void checkDeclared(const std::string& name) const;
};

/// Runs `body` and turns what it throws into an exit code, printing the message to stderr:
/// UsageError 2 ("PROGRAM: message" and where its usage is), posescope::Error 3, any other
/// exception 1. `program` is what the user typed ("posescope-cli analyze", "posescope-train").
int runWithExitCodes(const std::string& program, const std::function<int()>& body);

/// Parses `args` against the declared options: a value option takes the next argument (or
/// `--name=value`), a flag none; an unknown `--x` is a UsageError. `--help` is always accepted as
/// a flag, for the caller. With `stopAtDashes`, the words after a "--" go to `afterDashes`.
ParsedArgs parseArgs(const std::vector<std::string>& args, const std::vector<OptionGroup>& groups,
                     bool stopAtDashes = false);

/// The groups as help text: each title followed by a colon, then one line per option ("--name
/// VALUE" and its help in a column, continuation lines indented to it), groups separated by an
/// empty line.
std::string formatOptionHelp(const std::vector<OptionGroup>& groups);

}  // namespace posescope::cli
