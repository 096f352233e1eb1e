#pragma once
// The declaration of a posescope-cli subcommand: what it is for, its usage lines and every option
// it accepts with its help. The parser, `CMD --help`, `help CMD` and docs/cli.md are all made
// from it, so the help cannot drift from what a command accepts.

#include <string>
#include <vector>

#include "cli_args.h"

namespace posescope::cli {

struct CommandSpec {
  std::string name;                   // "eval"
  std::string summary;                // one line, for the command list
  std::vector<std::string> usage;     // each a usage line after "posescope-cli NAME "
  std::string description;            // paragraphs between the usage and the options
  std::vector<OptionSpec> arguments;  // words that are not options (KEY VALUE, RUN_DIR), as help
  std::vector<OptionGroup> options;   // what the parser accepts (and --help)
  std::string notes;                  // paragraphs after the options
  bool stopsAtDashes = false;         // the words after "--" are another program's (slurm)
};

/// Every subcommand, in the order the usage lists them (command_declarations.cpp).
const std::vector<CommandSpec>& commandSpecs();

/// The subcommand named `name`, nullptr when there is none.
const CommandSpec* findCommandSpec(const std::string& name);

/// `posescope-cli NAME --help`: usage lines, description, arguments, options (with --help itself)
/// and notes.
std::string commandHelp(const CommandSpec& spec);

/// docs/cli.md: every command with its summary and its --help text.
std::string commandsMarkdown();

/// Parses a command's arguments against its declared options.
ParsedArgs parseCommandArgs(const CommandSpec& spec, const std::vector<std::string>& args);

}  // namespace posescope::cli
