#include "cli_args.h"

#include <algorithm>
#include <cerrno>
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

void ParsedArgs::checkNoDefault(const std::string& name) const {
  checkDeclared(name);
  if (defaults.count(name))
    throw std::logic_error("option " + name + " declares its default (" + defaults.at(name) +
                           "): read it without a fallback");
}

const std::string* ParsedArgs::valueOrDefault(const std::string& name,
                                              bool& declaredDefault) const {
  checkDeclared(name);
  declaredDefault = false;
  if (auto it = options.find(name); it != options.end()) return &it->second;
  if (auto it = defaults.find(name); it != defaults.end()) {
    declaredDefault = true;
    return &it->second;
  }
  return nullptr;
}

namespace {

// The text as an integer or a number; false when it is not one, whole.
bool parseInteger(const std::string& text, long& value) {
  char* end = nullptr;
  errno = 0;
  value = std::strtol(text.c_str(), &end, 10);
  return !text.empty() && *end == '\0' && errno == 0;
}

bool parseNumber(const std::string& text, double& value) {
  char* end = nullptr;
  value = std::strtod(text.c_str(), &end);
  return !text.empty() && *end == '\0';
}

}  // namespace

std::string ParsedArgs::get(const std::string& name) const {
  bool declaredDefault = false;
  const std::string* value = valueOrDefault(name, declaredDefault);
  return value ? *value : std::string();
}

std::string ParsedArgs::get(const std::string& name, const std::string& fallback) const {
  checkNoDefault(name);
  auto it = options.find(name);
  return it == options.end() ? fallback : it->second;
}

std::string ParsedArgs::require(const std::string& name) const {
  checkDeclared(name);
  auto it = options.find(name);
  if (it == options.end()) throw UsageError{"missing required option " + name};
  return it->second;
}

long ParsedArgs::getInt(const std::string& name) const {
  bool declaredDefault = false;
  const std::string* text = valueOrDefault(name, declaredDefault);
  if (!text) throw std::logic_error("option " + name + " is absent and declares no default");
  long v = 0;
  if (parseInteger(*text, v)) return v;
  if (declaredDefault)
    throw std::logic_error("option " + name + "'s declared default '" + *text +
                           "' is not an integer");
  throw UsageError{name + " expects an integer, got '" + *text + "'"};
}

double ParsedArgs::getDouble(const std::string& name) const {
  bool declaredDefault = false;
  const std::string* text = valueOrDefault(name, declaredDefault);
  if (!text) throw std::logic_error("option " + name + " is absent and declares no default");
  double v = 0;
  if (parseNumber(*text, v)) return v;
  if (declaredDefault)
    throw std::logic_error("option " + name + "'s declared default '" + *text +
                           "' is not a number");
  throw UsageError{name + " expects a number, got '" + *text + "'"};
}

long ParsedArgs::getInt(const std::string& name, long fallback) const {
  checkNoDefault(name);
  return options.count(name) ? getInt(name) : fallback;
}

double ParsedArgs::getDouble(const std::string& name, double fallback) const {
  checkNoDefault(name);
  return options.count(name) ? getDouble(name) : fallback;
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
  std::map<std::string, std::string> defaults;
  for (const OptionGroup& group : groups) {
    for (const OptionSpec& option : group.options) {
      (option.isFlag() ? flagOptions : valueOptions).insert(option.name);
      declared.insert(option.name);
      if (option.defaultValue.empty()) continue;
      if (option.isFlag())
        throw std::logic_error("flag " + option.name + " declares a default value");
      defaults[option.name] = option.defaultValue;
    }
  }
  ParsedArgs parsed = parseDeclared(args, valueOptions, flagOptions, stopAtDashes);
  parsed.declared = std::move(declared);
  parsed.defaults = std::move(defaults);
  return parsed;
}

std::string formatOptionHelp(const std::vector<OptionGroup>& groups) {
  // The help column starts after the longest "--name VALUE" (up to a limit; longer ones put their
  // help on the next line), so every group of a command lines up.
  constexpr std::size_t kWidestColumn = 24;
  // A help line with its default appended stays within the source's and the terminal's width;
  // a longer one puts the default on a line of its own.
  constexpr std::size_t kLineWidth = 100;
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
      std::vector<std::string> helpLines;
      std::istringstream help(option.help);
      for (std::string helpLine; std::getline(help, helpLine);) helpLines.push_back(helpLine);
      if (!option.defaultValue.empty()) {
        const std::string suffix = "(default " + option.defaultValue + ")";
        if (helpLines.empty() || column + helpLines.back().size() + 1 + suffix.size() > kLineWidth)
          helpLines.push_back(suffix);
        else
          helpLines.back() += " " + suffix;
      }
      std::string line = "  " + label(option);
      bool first = true;
      for (const std::string& helpLine : helpLines) {
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
