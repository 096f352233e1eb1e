#include "config/config_merge.h"

#include "common/errors.h"
#include "common/strings.h"
#include "config/defaults.h"
#include "config/py_literal.h"

namespace posescope {

namespace {

std::string where(const std::string& source, int line) {
  return line > 0 ? source + ":" + std::to_string(line) : source;
}

// Text that was meant as a Python literal: a bracket, quote, digit or sign first.
bool looksLikeLiteral(const std::string& text) {
  const std::string t = trim(text);
  return !t.empty() && std::string("[({'\"0123456789+-.").find(t[0]) != std::string::npos;
}

// _check_and_coerce_cfg_value_type: same type, either side None, or list <-> tuple (both lists
// here); anything else is a mismatch. `raw` is the undecoded text when decoding left a string.
void checkType(const ConfigValue& replacement, const ConfigValue& original,
               const std::string& fullKey, const std::string& at, const std::string& raw,
               const std::string& literalError) {
  if (replacement.type() == original.type()) return;
  if (replacement.type() == ConfigValue::Type::None || original.type() == ConfigValue::Type::None)
    return;
  if (!literalError.empty() && looksLikeLiteral(raw))
    throw ConfigError(at + ": " + fullKey + ": \"" + raw + "\" is not a valid Python literal (" +
                      literalError + "); the key holds " + original.typeInWords() + ", " +
                      original.toLiteral());
  throw ConfigError(at + ": " + fullKey + ": expected " + original.typeInWords() +
                    " like its current value " + original.toLiteral() + ", got " +
                    replacement.typeInWords() + " " + replacement.toLiteral() +
                    " (yacs only interchanges lists and tuples)");
}

void collectPaths(const ConfigNode& node, const std::string& prefix,
                  std::vector<std::string>& out) {
  for (const auto& e : node.entries()) {
    const std::string full = prefix.empty() ? e.key : prefix + "." + e.key;
    out.push_back(full);
    if (e.child) collectPaths(*e.child, full, out);
  }
}

// A new subtree as yacs stores it: CfgNode(dict) keeps the YAML values undecoded.
std::shared_ptr<ConfigNode> nodeFromYaml(const YamlItem& item) {
  auto node = std::make_shared<ConfigNode>();
  for (const auto& child : item.children) {
    if (child.isMapping)
      node->entries().push_back({child.key, nullptr, nodeFromYaml(child)});
    else
      node->entries().push_back({child.key, std::make_shared<ConfigValue>(child.value), nullptr});
  }
  return node;
}

void mergeInto(ConfigNode& b, const YamlItem& a, const std::string& prefix,
               const std::string& source, MergeLog& log) {
  for (const auto& item : a.children) {
    const std::string fullKey = prefix.empty() ? item.key : prefix + "." + item.key;
    const std::string at = where(source, item.line);
    log.lines[fullKey] = item.line;
    ConfigNode::Entry* existing = b.find(item.key);
    if (item.isMapping) {
      if (existing && existing->child) {
        mergeInto(*existing->child, item, fullKey, source, log);
      } else if (existing) {
        throw ConfigError(at + ": " + fullKey + ": expected " + existing->value->typeInWords() +
                          " like the default " + existing->value->toLiteral() + ", got a mapping");
      } else {
        b.entries().push_back({item.key, nullptr, nodeFromYaml(item)});
        log.newKeys.push_back({fullKey, item.line, &item});
      }
      continue;
    }
    std::string literalError;
    ConfigValue v = item.value;
    if (v.type() == ConfigValue::Type::String) {
      const auto decoded = decodePythonLiteral(std::get<std::string>(v.data));
      if (decoded.kind == LiteralResult::Kind::Unsupported)
        throw ConfigError(at + ": " + fullKey + ": \"" + std::get<std::string>(v.data) + "\" is " +
                          decoded.reason + ", which a config value cannot hold");
      if (decoded.kind == LiteralResult::Kind::Value) v = decoded.value;
      literalError = decoded.reason;
    }
    if (existing && existing->child)
      throw ConfigError(at + ": " + fullKey + ": this is a section of keys, got " +
                        v.typeInWords() + " " + v.toLiteral());
    if (existing) {
      const std::string raw = item.value.type() == ConfigValue::Type::String
                                  ? std::get<std::string>(item.value.data)
                                  : std::string();
      checkType(v, *existing->value, fullKey, at, raw, literalError);
      existing->value = std::make_shared<ConfigValue>(std::move(v));
    } else {
      b.entries().push_back({item.key, std::make_shared<ConfigValue>(std::move(v)), nullptr});
      log.newKeys.push_back({fullKey, item.line, &item});
    }
  }
}

// Warnings for EXTRA keys (and, in sub-mappings, their keys) the model does not read.
void checkExtra(const YamlItem& item, const ConfigNode& schema, const std::string& fullKey,
                const std::string& relKey, const std::string& model, const std::string& source,
                std::vector<ConfigWarning>& out) {
  if (schema.has(relKey)) {
    // Known key: compare the keys of a sub-mapping when the schema has a section there too.
    const ConfigNode::Entry* entry = nullptr;
    const ConfigNode* parent = &schema;
    const auto dot = relKey.rfind('.');
    if (dot != std::string::npos) parent = &schema.node(relKey.substr(0, dot));
    entry = parent->find(dot == std::string::npos ? relKey : relKey.substr(dot + 1));
    if (item.isMapping && entry && entry->child)
      for (const auto& child : item.children)
        checkExtra(child, schema, fullKey + "." + child.key, relKey + "." + child.key, model,
                   source, out);
    return;
  }
  const std::string suggestion = unknownKeySuggestion(fullKey, model);
  std::string msg = "MODEL.EXTRA key " + fullKey + " is not one " + model +
                    " reads (kept as given, as the reference does)";
  if (!suggestion.empty()) msg += "; did you mean " + suggestion + "?";
  out.push_back({source, item.line, fullKey, msg});
}

}  // namespace

void mergeYaml(ConfigNode& cfg, const YamlItem& root, const std::string& source, MergeLog& log) {
  mergeInto(cfg, root, "", source, log);
}

void mergeOverrides(ConfigNode& cfg, const std::vector<std::string>& overrides) {
  const std::string at = "command line";
  if (overrides.size() % 2 != 0)
    throw ConfigError(at + ": overrides are KEY VALUE pairs, but " +
                      std::to_string(overrides.size()) +
                      (overrides.size() == 1 ? " argument was" : " arguments were") +
                      " given (the last, '" + overrides.back() + "', has no value)");
  std::vector<std::string> known;
  collectPaths(cfg, "", known);
  for (size_t i = 0; i < overrides.size(); i += 2) {
    const std::string& fullKey = overrides[i];
    const std::string& text = overrides[i + 1];
    ConfigNode* node = &cfg;
    ConfigNode::Entry* entry = nullptr;
    const auto parts = split(fullKey, '.');
    for (size_t k = 0; k < parts.size(); ++k) {
      entry = node ? node->find(parts[k]) : nullptr;
      if (!entry || (k + 1 < parts.size() && !entry->child)) {
        const std::string suggestion = closestMatch(fullKey, known);
        throw ConfigError(at + ": override key " + fullKey +
                          " does not exist in the config (overrides may only change existing "
                          "keys)" +
                          (suggestion.empty() ? "" : "; did you mean " + suggestion + "?"));
      }
      node = entry->child.get();
    }
    const auto decoded = decodePythonLiteral(text);
    if (decoded.kind == LiteralResult::Kind::Unsupported)
      throw ConfigError(at + ": " + fullKey + ": \"" + text + "\" is " + decoded.reason +
                        ", which a config value cannot hold");
    ConfigValue v = decoded.kind == LiteralResult::Kind::Value ? decoded.value : ConfigValue{text};
    if (entry->child)
      throw ConfigError(at + ": " + fullKey + ": this is a section of keys, got " +
                        v.typeInWords() + " " + v.toLiteral());
    checkType(v, *entry->value, fullKey, at, text, decoded.reason);
    entry->value = std::make_shared<ConfigValue>(std::move(v));
  }
}

std::string unknownKeySuggestion(const std::string& fullKey, const std::string& model) {
  const std::string extraPrefix = "MODEL.EXTRA.";
  std::vector<std::string> candidates;
  if (fullKey.rfind(extraPrefix, 0) == 0) {
    collectPaths(modelExtraDefaults(model), "", candidates);
    const std::string suggestion = closestMatch(fullKey.substr(extraPrefix.size()), candidates);
    return suggestion.empty() ? suggestion : extraPrefix + suggestion;
  }
  collectPaths(defaultConfig(), "", candidates);
  return closestMatch(fullKey, candidates);
}

std::vector<ConfigWarning> unknownKeyWarnings(const ConfigNode& cfg, const MergeLog& log,
                                              const std::string& source) {
  std::vector<ConfigWarning> out;
  std::string model;
  if (cfg.has("MODEL.NAME") && cfg.value("MODEL.NAME").type() == ConfigValue::Type::String)
    model = cfg.getString("MODEL.NAME");
  const ConfigNode schema = modelExtraDefaults(model);
  const std::string extraPrefix = "MODEL.EXTRA.";
  for (const auto& nk : log.newKeys) {
    if (nk.key.rfind(extraPrefix, 0) == 0) {
      if (schema.entries().empty()) continue;  // a model whose EXTRA keys PoseScope does not know
      checkExtra(*nk.item, schema, nk.key, nk.key.substr(extraPrefix.size()), model, source, out);
      continue;
    }
    const std::string suggestion = unknownKeySuggestion(nk.key, model);
    std::string msg = "unknown key " + nk.key +
                      " (not in the reference's defaults; kept as given, as the reference does)";
    if (!suggestion.empty()) msg += "; did you mean " + suggestion + "?";
    out.push_back({source, nk.line, nk.key, msg});
  }
  return out;
}

}  // namespace posescope
