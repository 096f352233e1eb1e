#include "cli_main.h"

#include <algorithm>
#include <cstring>
#include <iostream>
#include <string>

#include "cli_args.h"

namespace posescope::cli {

namespace {

void printUsage(std::ostream& out, const std::vector<Command>& commands) {
  out << "usage: posescope-cli <command> [options]\n\ncommands:\n";
  std::size_t width = 0;  // the longest name, so every summary starts in one column
  for (const auto& c : commands) width = std::max(width, std::strlen(c.name));
  for (const auto& c : commands)
    out << "  " << c.name << std::string(width + 2 - std::strlen(c.name), ' ') << c.summary << "\n";
  out << "\n'posescope-cli <command> --help' describes a command's options.\n";
}

}  // namespace

int dispatch(int argc, char** argv, const std::vector<Command>& commands,
             int (*fallback)(const char* name, char** argv)) {
  if (argc < 2) {
    printUsage(std::cerr, commands);
    return kUsage;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    printUsage(std::cout, commands);
    return kOk;
  }
  const std::vector<std::string> args(argv + 2, argv + argc);
  for (const auto& c : commands) {
    if (name != c.name) continue;
    if (!c.run) return fallback(c.name, argv);
    return runWithExitCodes("posescope-cli " + name, [&] { return c.run(args); });
  }
  std::cerr << "posescope-cli: unknown command '" << name << "'\n\n";
  printUsage(std::cerr, commands);
  return kUsage;
}

}  // namespace posescope::cli
