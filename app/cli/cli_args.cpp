#include "cli_args.h"

#include <cstdlib>
#include <exception>
#include <iostream>

#include "common/errors.h"

namespace posescope::cli {

std::string ParsedArgs::get(const std::string& name, const std::string& fallback) const {
  auto it = options.find(name);
  return it == options.end() ? fallback : it->second;
}

std::string ParsedArgs::require(const std::string& name) const {
  auto it = options.find(name);
  if (it == options.end()) throw UsageError{"missing required option " + name};
  return it->second;
}

long ParsedArgs::getInt(const std::string& name, long fallback) const {
  auto it = options.find(name);
  if (it == options.end()) return fallback;
  char* end = nullptr;
  const long v = std::strtol(it->second.c_str(), &end, 10);
  if (it->second.empty() || *end != '\0')
    throw UsageError{name + " expects an integer, got '" + it->second + "'"};
  return v;
}

double ParsedArgs::getDouble(const std::string& name, double fallback) const {
  auto it = options.find(name);
  if (it == options.end()) return fallback;
  char* end = nullptr;
  const double v = std::strtod(it->second.c_str(), &end);
  if (it->second.empty() || *end != '\0')
    throw UsageError{name + " expects a number, got '" + it->second + "'"};
  return v;
}

std::vector<std::string> ParsedArgs::getAll(const std::string& name) const {
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

ParsedArgs parseArgs(const std::vector<std::string>& args,
                     const std::set<std::string>& valueOptions,
                     const std::set<std::string>& flagOptions) {
  ParsedArgs parsed;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
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

}  // namespace posescope::cli
