// dumpConfigYaml: YAML that our reader (PyYAML rules + yacs literal decoding) reads back exactly.
#include <cmath>
#include <cstdio>
#include <regex>

#include "common/strings.h"
#include "config/experiment.h"
#include "config/py_format.h"
#include "config/py_literal.h"
#include "config/yaml_reader.h"

namespace posescope {

namespace {

// Text that can stand unquoted and that YAML 1.1 reads back as this very string.
bool plainSafe(const std::string& text) {
  static const std::regex safe("^[A-Za-z0-9_/][A-Za-z0-9_./+@-]*$");
  if (!std::regex_match(text, safe)) return false;
  return resolvePlainScalar(text).type() == ConfigValue::Type::String;
}

// A float as PyYAML resolves it: a dot always, a signed exponent.
std::string yamlFloat(double v) {
  if (std::isnan(v)) return ".nan";
  if (std::isinf(v)) return v > 0 ? ".inf" : "-.inf";
  std::string r = pythonFloatRepr(v);
  const auto e = r.find('e');
  if (e != std::string::npos && r.find('.') == std::string::npos) r.insert(e, ".0");
  return r;
}

// `decoded`: the value goes through yacs' literal decoding when read back (top-level values do,
// list items do not).
std::string yamlScalar(const ConfigValue& v, bool decoded) {
  switch (v.type()) {
    case ConfigValue::Type::None:
      return "null";
    case ConfigValue::Type::Bool:
      return std::get<bool>(v.data) ? "True" : "False";
    case ConfigValue::Type::Int:
      return std::to_string(std::get<std::int64_t>(v.data));
    case ConfigValue::Type::Double:
      return yamlFloat(std::get<double>(v.data));
    case ConfigValue::Type::String: {
      const std::string& s = std::get<std::string>(v.data);
      // A string that is itself a Python literal ("True", "[1]") would be decoded: write it as
      // a Python string literal, which decodes to the text.
      if (decoded && decodePythonLiteral(s).kind != LiteralResult::Kind::NotLiteral)
        return backslashQuoted(pythonStringRepr(s), '"');
      return plainSafe(s) ? s : backslashQuoted(s, '"');
    }
    case ConfigValue::Type::List: {
      std::string out = "[";
      const auto& items = std::get<ConfigValue::List>(v.data);
      for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out += ", ";
        out += yamlScalar(items[i], false);
      }
      return out + "]";
    }
  }
  return "null";
}

std::string yamlKey(const std::string& key) {
  return plainSafe(key) ? key : backslashQuoted(key, '"');
}

// `defaults`: the same section of the default tree, or null for a section the defaults lack.
// yacs decodes the values of default sections only (a new section is stored as read).
void dumpNode(const ConfigNode& node, const ConfigNode* defaults, int indent, std::string& out) {
  const std::string pad(static_cast<std::size_t>(indent), ' ');
  for (const auto& e : node.entries()) {
    if (e.child) {
      const ConfigNode::Entry* d = defaults ? defaults->find(e.key) : nullptr;
      if (e.child->entries().empty()) {
        out += pad + yamlKey(e.key) + ": {}\n";
      } else {
        out += pad + yamlKey(e.key) + ":\n";
        dumpNode(*e.child, d && d->child ? d->child.get() : nullptr, indent + 2, out);
      }
    } else {
      out += pad + yamlKey(e.key) + ": " + yamlScalar(*e.value, defaults != nullptr) + "\n";
    }
  }
}

}  // namespace

std::string dumpConfigYaml(const ConfigNode& cfg) {
  std::string out;
  const ConfigNode defaults = defaultConfig();
  dumpNode(cfg, &defaults, 0, out);
  return out;
}

}  // namespace posescope
