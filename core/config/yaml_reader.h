#pragma once
// Reads an experiment YAML the way PyYAML's safe_load does (YAML 1.1 scalar rules), keeping
// the line of every key for error messages.

#include <string>
#include <vector>

#include "config/config_node.h"

namespace posescope {

/// One key of a YAML mapping: a leaf value or a nested mapping.
struct YamlItem {
  std::string key;
  int line = 0;  // 1-based line of the key
  bool isMapping = false;
  ConfigValue value;               // leaves: the value as PyYAML types it (strings not decoded)
  std::vector<YamlItem> children;  // mappings: keys in order (a repeated key: last value wins)
};

/// Parses YAML text; `source` names it in errors. The top level must be a mapping (an empty
/// document is an empty mapping). Throws ConfigError with the line on malformed YAML or on
/// values a config cannot hold (mappings inside lists, dates, binary).
YamlItem parseYaml(const std::string& text, const std::string& source);

/// PyYAML's implicit typing of one plain (unquoted) scalar: null, bool, int, float or string.
ConfigValue resolvePlainScalar(const std::string& text);

}  // namespace posescope
