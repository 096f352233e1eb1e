#include "cli_args.h"

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "common/errors.h"

namespace posescope::cli {

void ParsedArgs::checkDeclared(const std::string& name) const {
  if (!declared.empty() && !declared.count(name))
    throw std::logic_error("option " + name + " is read but not declared");
}

bool ParsedArgs::has(const std::string& name) const {
  checkDeclared(name);
  return options.count(name) || flags.count(name);
}

std::string ParsedArgs::get(const std::string& name, const std::string& fallback) const {
  checkDeclared(name);
  auto it = options.find(name);
  return it == options.end() ? fallback : it->second;
}

std::string ParsedArgs::require(const std::string& name) const {
  checkDeclared(name);
  auto it = options.find(name);
  if (it == options.end()) throw UsageError{"missing required option " + name};
  return it->second;
}

long ParsedArgs::getInt(const std::string& name, long fallback) const {
  checkDeclared(name);
  auto it = options.find(name);
  if (it == options.end()) return fallback;
  char* end = nullptr;
  const long v = std::strtol(it->second.c_str(), &end, 10);
  if (it->second.empty() || *end != '\0')
    throw UsageError{name + " expects an integer, got '" + it->second + "'"};
  return v;
}

double ParsedArgs::getDouble(const std::string& name, double fallback) const {
  checkDeclared(name);
  auto it = options.find(name);
  if (it == options.end()) return fallback;
  char* end = nullptr;
  const double v = std::strtod(it->second.c_str(), &end);
  if (it->second.empty() || *end != '\0')
    throw UsageError{name + " expects a number, got '" + it->second + "'"};
  return v;
}

std::vector<std::string> ParsedArgs::getAll(const std::string& name) const {
  checkDeclared(name);
  auto it = repeated.find(name);
  return it == repeated.end() ? std::vector<std::string>{} : it->second;
}

int runWithExitCodes(const std::string& program, const std::function<int()>& body) {
  try {
    return body();
  } catch (const UsageError& e) {
    std::cerr << program << ": " << e.message << "\nRun '" << program << " --help' for usage.\n";
    return kUsage;
  } catch (const posescope::Error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kBadInput;
  } catch (const std::exception& e) {
    std::cerr << "internal error: " << e.what() << "\n";
    return kFailed;
  }
}

namespace {

ParsedArgs parseDeclared(const std::vector<std::string>& args,
                         const std::set<std::string>& valueOptions,
                         const std::set<std::string>& flagOptions, bool stopAtDashes) {
  ParsedArgs parsed;
  parsed.raw = args;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (stopAtDashes && a == "--") {
      parsed.afterDashes.assign(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
      break;
    }
    if (a.rfind("--", 0) == 0 && a.size() > 2) {
      std::string name = a, value;
      const auto eq = a.find('=');
      const bool inlineValue = eq != std::string::npos;
      if (inlineValue) {
        name = a.substr(0, eq);
        value = a.substr(eq + 1);
      }
      if (valueOptions.count(name)) {
        if (!inlineValue) {
          if (i + 1 >= args.size()) throw UsageError{name + " needs a value"};
          value = args[++i];
        }
        parsed.options[name] = value;
        parsed.repeated[name].push_back(value);
      } else if (flagOptions.count(name) || name == "--help") {
        parsed.flags.insert(name);
      } else {
        throw UsageError{"unknown option " + name};
      }
    } else {
      parsed.positional.push_back(a);
    }
  }
  return parsed;
}

}  // namespace

ParsedArgs parseArgs(const std::vector<std::string>& args, const std::vector<OptionGroup>& groups,
                     bool stopAtDashes) {
  std::set<std::string> valueOptions, flagOptions, declared = {"--help"};
  for (const OptionGroup& group : groups) {
    for (const OptionSpec& option : group.options) {
      (option.isFlag() ? flagOptions : valueOptions).insert(option.name);
      declared.insert(option.name);
    }
  }
  ParsedArgs parsed = parseDeclared(args, valueOptions, flagOptions, stopAtDashes);
  parsed.declared = std::move(declared);
  return parsed;
}

std::string formatOptionHelp(const std::vector<OptionGroup>& groups) {
  // The help column starts after the longest "--name VALUE" (up to a limit; longer ones put their
  // help on the next line), so every group of a command lines up.
  constexpr std::size_t kWidestColumn = 24;
  std::size_t column = 0;
  const auto label = [](const OptionSpec& o) {
    return o.isFlag() ? o.name : o.name + " " + o.value;
  };
  for (const OptionGroup& group : groups)
    for (const OptionSpec& option : group.options)
      if (label(option).size() + 4 <= kWidestColumn)
        column = std::max(column, label(option).size() + 4);
  if (column == 0) column = kWidestColumn;
  std::ostringstream out;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (g > 0) out << "\n";
    out << groups[g].title << ":\n";
    for (const OptionSpec& option : groups[g].options) {
      std::string line = "  " + label(option);
      std::istringstream help(option.help);
      std::string helpLine;
      bool first = true;
      while (std::getline(help, helpLine)) {
        if (!first || line.size() + 2 > column) {
          out << line << "\n";
          line.clear();
        }
        line.resize(column, ' ');
        line += helpLine;
        first = false;
      }
      out << line << "\n";
    }
  }
  return out.str();
}

}  // namespace posescope::cli
