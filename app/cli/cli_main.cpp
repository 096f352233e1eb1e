#include "cli_main.h"

#include <algorithm>
#include <iostream>
#include <string>

#include "cli_args.h"
#include "command_spec.h"

namespace posescope::cli {

namespace {

void printUsage(std::ostream& out) {
  out << "usage: posescope-cli <command> [options]\n\ncommands:\n";
  std::size_t width = 0;  // the longest name, so every summary starts in one column
  for (const CommandSpec& c : commandSpecs()) width = std::max(width, c.name.size());
  for (const CommandSpec& c : commandSpecs())
    out << "  " << c.name << std::string(width + 2 - c.name.size(), ' ') << c.summary << "\n";
  out << "\n'posescope-cli <command> --help' (or 'posescope-cli help <command>') describes a "
         "command's options.\n";
}

// `help`, `help CMD`, `help --markdown`.
int runHelp(const std::vector<std::string>& args) {
  if (args.empty()) {
    printUsage(std::cout);
    return kOk;
  }
  if (args.size() == 1 && args[0] == "--markdown") {
    std::cout << commandsMarkdown();
    return kOk;
  }
  const CommandSpec* spec = args.size() == 1 ? findCommandSpec(args[0]) : nullptr;
  if (!spec) {
    std::cerr << "posescope-cli help: "
              << (args.size() == 1 ? "unknown command '" + args[0] + "'"
                                   : std::string("expected one command name or --markdown"))
              << "\n\n";
    printUsage(std::cerr);
    return kUsage;
  }
  std::cout << commandHelp(*spec);
  return kOk;
}

}  // namespace

int dispatch(int argc, char** argv, const std::vector<Command>& commands,
             int (*fallback)(const char* name, char** argv)) {
  if (argc < 2) {
    printUsage(std::cerr);
    return kUsage;
  }
  const std::string name = argv[1];
  const std::vector<std::string> args(argv + 2, argv + argc);
  if (name == "--help" || name == "-h" || name == "help") return runHelp(args);
  const CommandSpec* spec = findCommandSpec(name);
  if (!spec) {
    std::cerr << "posescope-cli: unknown command '" << name << "'\n\n";
    printUsage(std::cerr);
    return kUsage;
  }
  const auto command = std::find_if(commands.begin(), commands.end(),
                                    [&](const Command& c) { return c.name == name; });
  if (command == commands.end() || !command->run) return fallback(spec->name.c_str(), argv);
  return runWithExitCodes("posescope-cli " + name, [&] {
    const ParsedArgs parsed = parseCommandArgs(*spec, args);
    if (parsed.has("--help")) {
      std::cout << commandHelp(*spec);
      return static_cast<int>(kOk);
    }
    return command->run(parsed);
  });
}

}  // namespace posescope::cli
