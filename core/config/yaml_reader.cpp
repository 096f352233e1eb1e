#include "config/yaml_reader.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <regex>

#include "common/errors.h"
#include "config/yaml_flow_scan.h"

namespace posescope {

namespace {

std::string removeUnderscores(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c != '_') out += c;
  return out;
}

// Base-60 value of "a:b:c" (YAML 1.1 sexagesimal numbers).
double sexagesimal(const std::string& text) {
  double value = 0;
  size_t start = 0;
  while (true) {
    const auto colon = text.find(':', start);
    const std::string part = text.substr(start, colon - start);
    value = value * 60 + std::stod(part);
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  return value;
}

std::string lineOf(const std::string& source, int line) {
  return line > 0 ? source + ":" + std::to_string(line) : source;
}

int markLine(const YAML::Node& n) {
  const YAML::Mark m = n.Mark();
  return m.is_null() ? 0 : m.line + 1;
}

ConfigValue scalarValue(const YAML::Node& n, const std::string& source, const std::string& key) {
  const std::string& tag = n.Tag();
  const std::string text = n.Scalar();
  if (tag == "!" || tag == "tag:yaml.org,2002:str") return ConfigValue{text};
  if (tag == "?" || tag.empty()) {
    ConfigValue v = resolvePlainScalar(text);
    static const std::regex date(R"(^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ].*)?$)");
    if (v.type() == ConfigValue::Type::String && std::regex_match(text, date))
      throw ConfigError(lineOf(source, markLine(n)) + ": " + key + ": '" + text +
                        "' is a YAML timestamp, which a config value cannot hold (quote it)");
    return v;
  }
  // Explicit tags: resolve the text, then check it has the tagged type.
  ConfigValue v = resolvePlainScalar(text);
  auto want = [&](ConfigValue::Type t) {
    if (v.type() == t) return v;
    if (t == ConfigValue::Type::Double && v.type() == ConfigValue::Type::Int)
      return ConfigValue{static_cast<double>(std::get<std::int64_t>(v.data))};
    throw ConfigError(lineOf(source, markLine(n)) + ": " + key + ": '" + text +
                      "' does not match its tag " + tag);
  };
  if (tag == "tag:yaml.org,2002:int") return want(ConfigValue::Type::Int);
  if (tag == "tag:yaml.org,2002:float") return want(ConfigValue::Type::Double);
  if (tag == "tag:yaml.org,2002:bool") return want(ConfigValue::Type::Bool);
  if (tag == "tag:yaml.org,2002:null") return want(ConfigValue::Type::None);
  throw ConfigError(lineOf(source, markLine(n)) + ": " + key + ": the YAML tag " + tag +
                    " is not supported in a config");
}

ConfigValue leafValue(const YAML::Node& n, const std::string& source, const std::string& key) {
  switch (n.Type()) {
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
      return ConfigValue{};
    case YAML::NodeType::Scalar:
      return scalarValue(n, source, key);
    case YAML::NodeType::Sequence: {
      ConfigValue::List items;
      for (const auto& item : n) {
        if (item.IsMap())
          throw ConfigError(lineOf(source, markLine(item)) + ": " + key +
                            ": a mapping inside a list cannot be held by a config value");
        items.push_back(leafValue(item, source, key));
      }
      return ConfigValue{items};
    }
    case YAML::NodeType::Map:
      break;
  }
  return ConfigValue{};
}

YamlItem mappingItem(const YAML::Node& map, const std::string& source, const std::string& prefix) {
  YamlItem item;
  item.isMapping = true;
  for (auto it = map.begin(); it != map.end(); ++it) {
    if (!it->first.IsScalar())
      throw ConfigError(lineOf(source, markLine(it->first)) + ": a config key must be a scalar");
    YamlItem child;
    child.key = it->first.Scalar();
    child.line = markLine(it->first);
    const std::string full = prefix.empty() ? child.key : prefix + "." + child.key;
    if (it->second.IsMap()) {
      YamlItem sub = mappingItem(it->second, source, full);
      child.isMapping = true;
      child.children = std::move(sub.children);
    } else {
      child.value = leafValue(it->second, source, full);
    }
    // PyYAML keeps the first position of a repeated key and its last value.
    const auto existing = std::find_if(item.children.begin(), item.children.end(),
                                       [&](const YamlItem& c) { return c.key == child.key; });
    if (existing != item.children.end())
      *existing = std::move(child);
    else
      item.children.push_back(std::move(child));
  }
  return item;
}

}  // namespace

ConfigValue resolvePlainScalar(const std::string& text) {
  // The implicit resolvers of PyYAML's SafeLoader (YAML 1.1).
  static const std::regex boolRe(
      "^(yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$");
  static const std::regex nullRe("^(~|null|Null|NULL|)$");
  static const std::regex intRe(
      "^([-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|"
      "[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+)$");
  static const std::regex floatRe(
      "^([-+]?([0-9][0-9_]*)\\.[0-9_]*([eE][-+][0-9]+)?|\\.[0-9][0-9_]*([eE][-+][0-9]+)?|"
      "[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\\.[0-9_]*|[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN))$");
  if (std::regex_match(text, nullRe)) return ConfigValue{};
  if (std::regex_match(text, boolRe)) {
    const char c = text[0];
    return ConfigValue{c == 'y' || c == 'Y' || c == 't' || c == 'T' ||
                       ((c == 'o' || c == 'O') && (text[1] == 'n' || text[1] == 'N'))};
  }
  if (std::regex_match(text, intRe)) {
    std::string t = removeUnderscores(text);
    int sign = 1;
    if (t[0] == '-' || t[0] == '+') {
      if (t[0] == '-') sign = -1;
      t = t.substr(1);
    }
    long double v = 0;
    if (t == "0") {
      v = 0;
    } else if (t.rfind("0b", 0) == 0) {
      for (char c : t.substr(2)) v = v * 2 + (c - '0');
    } else if (t.rfind("0x", 0) == 0) {
      v = static_cast<long double>(std::stoull(t.substr(2), nullptr, 16));
    } else if (t.find(':') != std::string::npos) {
      v = static_cast<long double>(sexagesimal(t));
    } else if (t[0] == '0') {
      v = static_cast<long double>(std::stoull(t, nullptr, 8));
    } else {
      for (char c : t) v = v * 10 + (c - '0');
    }
    v *= sign;
    if (v > static_cast<long double>(std::numeric_limits<std::int64_t>::max()) ||
        v < static_cast<long double>(std::numeric_limits<std::int64_t>::min()))
      return ConfigValue{static_cast<double>(v)};
    return ConfigValue{static_cast<std::int64_t>(v)};
  }
  if (std::regex_match(text, floatRe)) {
    std::string t = removeUnderscores(text);
    if (t.find("inf") != std::string::npos || t.find("Inf") != std::string::npos ||
        t.find("INF") != std::string::npos)
      return ConfigValue{t[0] == '-' ? -std::numeric_limits<double>::infinity()
                                     : std::numeric_limits<double>::infinity()};
    if (t.find("nan") != std::string::npos || t.find("NaN") != std::string::npos ||
        t.find("NAN") != std::string::npos)
      return ConfigValue{std::numeric_limits<double>::quiet_NaN()};
    if (t.find(':') != std::string::npos) {
      const double sign = t[0] == '-' ? -1.0 : 1.0;
      if (t[0] == '-' || t[0] == '+') t = t.substr(1);
      return ConfigValue{sign * sexagesimal(t)};
    }
    return ConfigValue{std::stod(t)};
  }
  return ConfigValue{text};
}

YamlItem parseYaml(const std::string& text, const std::string& source) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    if (e.mark.is_null()) throw ConfigError(source + ": malformed YAML: " + e.msg);
    const std::string noticed =
        std::to_string(e.mark.line + 1) + ":" + std::to_string(e.mark.column + 1);
    // yaml-cpp reports an unclosed '[' or '{' where it gave up, often far below: point at the
    // line that opened it, and say where the parser noticed.
    const auto opener = unclosedFlowOpener(text, e.mark.line + 1);
    if (opener && opener->line < e.mark.line + 1)
      throw ConfigError(source + ":" + std::to_string(opener->line) + ": malformed YAML: the '" +
                        opener->bracket + "' opened at line " + std::to_string(opener->line) +
                        ", column " + std::to_string(opener->column) +
                        " is never closed (the parser noticed at line " + noticed + ": " + e.msg +
                        ")");
    throw ConfigError(source + ":" + noticed + ": malformed YAML: " + e.msg);
  }
  if (!root.IsDefined() || root.IsNull()) return YamlItem{{}, 0, true, {}, {}};
  if (!root.IsMap())
    throw ConfigError(source + ": the top level of an experiment config must be a mapping of keys");
  try {
    return mappingItem(root, source, "");
  } catch (const YAML::Exception& e) {
    throw ConfigError(source + ":" + std::to_string(e.mark.line + 1) +
                      ": malformed YAML: " + e.msg);
  }
}

}  // namespace posescope
