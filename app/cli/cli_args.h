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
/// the --help text its placeholder, help and default, so the two cannot disagree.
struct OptionSpec {
  std::string name;   // "--cfg"
  std::string value;  // the value's placeholder in the help ("FILE"); empty for a flag
  std::string help;   // one or more lines, '\n'-separated
  /// The value, as a user would type it, that the command uses when the option is absent; empty
  /// for none. The help shows it ("(default 10)") and ParsedArgs returns it, so it is stated once.
  std::string defaultValue = {};
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
  /// The declared defaults (OptionSpec::defaultValue) when parsed from OptionGroups: what the
  /// one-argument readers return for an absent option.
  std::map<std::string, std::string> defaults;

  /// Whether the option (or flag) was given; a declared default does not count.
  bool has(const std::string& name) const;
  /// The value given, else the declared default, else "".
  std::string get(const std::string& name) const;
  /// Throws UsageError when absent.
  std::string require(const std::string& name) const;
  /// Parses an integer option, the declared default when absent; throws UsageError naming it when
  /// the given value is malformed, std::logic_error when the declared default is not an integer or
  /// the option is absent and declares none.
  long getInt(const std::string& name) const;
  /// As getInt, for a number.
  double getDouble(const std::string& name) const;
  /// The value given, else `fallback`: for options that declare no default. On an option that
  /// declares one they are a std::logic_error, so that the default is not stated twice.
  std::string get(const std::string& name, const std::string& fallback) const;
  long getInt(const std::string& name, long fallback) const;
  double getDouble(const std::string& name, double fallback) const;
  /// Every value given for `name`, in order (empty when absent).
  std::vector<std::string> getAll(const std::string& name) const;

 private:
  void checkDeclared(const std::string& name) const;
  /// checkDeclared, and a std::logic_error when `name` declares a default.
  void checkNoDefault(const std::string& name) const;
  /// The given value, else the declared default (nullptr when neither); sets `declaredDefault`.
  const std::string* valueOrDefault(const std::string& name, bool& declaredDefault) const;
};

/// Runs `body` and turns what it throws into an exit code, printing the message to stderr:
/// UsageError 2 ("PROGRAM: message" and where its usage is), posescope::Error 3, any other
/// exception 1. `program` is what the user typed ("posescope-cli analyze", "posescope-train").
int runWithExitCodes(const std::string& program, const std::function<int()>& body);

/// Parses `args` against the declared options: a value option takes the next argument (or
/// `--name=value`), a flag none; an unknown `--x` is a UsageError. `--help` is always accepted as
/// a flag, for the caller. With `stopAtDashes`, the words after a "--" go to `afterDashes`. The
/// options' declared defaults go to `defaults` (a flag declaring one is a std::logic_error).
ParsedArgs parseArgs(const std::vector<std::string>& args, const std::vector<OptionGroup>& groups,
                     bool stopAtDashes = false);

/// The groups as help text: each title followed by a colon, then one line per option ("--name
/// VALUE" and its help in a column, continuation lines indented to it, " (default X)" after the
/// last line where the option declares a default), groups separated by an empty line.
std::string formatOptionHelp(const std::vector<OptionGroup>& groups);

}  // namespace posescope::cli
