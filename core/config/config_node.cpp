#include "config/config_node.h"

#include "common/errors.h"
#include "common/strings.h"
#include "config/py_format.h"

namespace posescope {

namespace {

[[noreturn]] void wrongType(const std::string& path, const ConfigValue& v, const char* wanted) {
  throw ConfigError("config key " + path + " is " + v.typeInWords() + " (" + v.toLiteral() +
                    "), expected " + wanted);
}

// Elements of a list-valued key, or the scalar itself as a one-element list.
ConfigValue::List asList(const ConfigValue& v) {
  if (v.type() == ConfigValue::Type::List) return std::get<ConfigValue::List>(v.data);
  return {v};
}

}  // namespace

const char* ConfigValue::typeInWords() const {
  switch (type()) {
    case Type::None:
      return "None";
    case Type::Bool:
      return "a bool";
    case Type::Int:
      return "an int";
    case Type::Double:
      return "a float";
    case Type::String:
      return "a string";
    case Type::List:
      return "a list";
  }
  return "?";
}

std::string ConfigValue::toLiteral() const {
  switch (type()) {
    case Type::None:
      return "None";
    case Type::Bool:
      return std::get<bool>(data) ? "True" : "False";
    case Type::Int:
      return std::to_string(std::get<std::int64_t>(data));
    case Type::Double:
      return pythonFloatRepr(std::get<double>(data));
    case Type::String:
      return pythonStringRepr(std::get<std::string>(data));
    case Type::List: {
      std::string out = "[";
      const auto& items = std::get<List>(data);
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ", ";
        out += items[i].toLiteral();
      }
      return out + "]";
    }
  }
  return {};
}

const ConfigNode::Entry* ConfigNode::find(const std::string& key) const {
  for (const auto& e : entries_)
    if (e.key == key) return &e;
  return nullptr;
}

ConfigNode::Entry* ConfigNode::find(const std::string& key) {
  for (auto& e : entries_)
    if (e.key == key) return &e;
  return nullptr;
}

bool ConfigNode::has(const std::string& path) const {
  const ConfigNode* node = this;
  const auto parts = split(path, '.');
  for (size_t i = 0; i < parts.size(); ++i) {
    const Entry* e = node->find(parts[i]);
    if (!e) return false;
    if (i + 1 == parts.size()) return true;
    if (!e->child) return false;
    node = e->child.get();
  }
  return false;
}

const ConfigValue& ConfigNode::value(const std::string& path) const {
  const ConfigNode* node = this;
  const auto parts = split(path, '.');
  for (size_t i = 0; i < parts.size(); ++i) {
    const Entry* e = node->find(parts[i]);
    if (!e) throw ConfigError("config key " + path + " does not exist");
    if (i + 1 == parts.size()) {
      if (!e->value) throw ConfigError("config key " + path + " is a section, not a value");
      return *e->value;
    }
    if (!e->child) throw ConfigError("config key " + path + " does not exist");
    node = e->child.get();
  }
  throw ConfigError("config key " + path + " does not exist");
}

const ConfigNode& ConfigNode::node(const std::string& path) const {
  const ConfigNode* node = this;
  for (const auto& part : split(path, '.')) {
    const Entry* e = node->find(part);
    if (!e) throw ConfigError("config section " + path + " does not exist");
    if (!e->child) throw ConfigError("config key " + path + " is a value, not a section");
    node = e->child.get();
  }
  return *node;
}

bool ConfigNode::getBool(const std::string& path) const {
  const auto& v = value(path);
  if (v.type() != ConfigValue::Type::Bool) wrongType(path, v, "a bool");
  return std::get<bool>(v.data);
}

std::int64_t ConfigNode::getInt(const std::string& path) const {
  const auto& v = value(path);
  if (v.type() != ConfigValue::Type::Int) wrongType(path, v, "an int");
  return std::get<std::int64_t>(v.data);
}

double ConfigNode::getDouble(const std::string& path) const {
  const auto& v = value(path);
  if (v.type() == ConfigValue::Type::Int)
    return static_cast<double>(std::get<std::int64_t>(v.data));
  if (v.type() != ConfigValue::Type::Double) wrongType(path, v, "a number");
  return std::get<double>(v.data);
}

std::string ConfigNode::getString(const std::string& path) const {
  const auto& v = value(path);
  if (v.type() != ConfigValue::Type::String) wrongType(path, v, "a string");
  return std::get<std::string>(v.data);
}

std::vector<bool> ConfigNode::getBoolList(const std::string& path) const {
  const auto& v = value(path);
  std::vector<bool> out;
  for (const auto& item : asList(v)) {
    if (item.type() != ConfigValue::Type::Bool) wrongType(path, v, "a list of bools");
    out.push_back(std::get<bool>(item.data));
  }
  return out;
}

std::vector<std::int64_t> ConfigNode::getIntList(const std::string& path) const {
  const auto& v = value(path);
  std::vector<std::int64_t> out;
  for (const auto& item : asList(v)) {
    if (item.type() != ConfigValue::Type::Int) wrongType(path, v, "a list of ints");
    out.push_back(std::get<std::int64_t>(item.data));
  }
  return out;
}

std::vector<double> ConfigNode::getDoubleList(const std::string& path) const {
  const auto& v = value(path);
  std::vector<double> out;
  for (const auto& item : asList(v)) {
    if (item.type() == ConfigValue::Type::Int)
      out.push_back(static_cast<double>(std::get<std::int64_t>(item.data)));
    else if (item.type() == ConfigValue::Type::Double)
      out.push_back(std::get<double>(item.data));
    else
      wrongType(path, v, "a list of numbers");
  }
  return out;
}

void ConfigNode::set(const std::string& path, ConfigValue v) {
  ConfigNode* node = this;
  const auto parts = split(path, '.');
  for (size_t i = 0; i + 1 < parts.size(); ++i) {
    Entry* e = node->find(parts[i]);
    if (!e) {
      node->entries_.push_back({parts[i], nullptr, std::make_shared<ConfigNode>()});
      e = &node->entries_.back();
    } else if (!e->child) {
      e->value.reset();
      e->child = std::make_shared<ConfigNode>();
    }
    node = e->child.get();
  }
  Entry* e = node->find(parts.back());
  if (!e) {
    node->entries_.push_back({parts.back(), std::make_shared<ConfigValue>(std::move(v)), nullptr});
  } else {
    e->child.reset();
    e->value = std::make_shared<ConfigValue>(std::move(v));
  }
}

ConfigNode ConfigNode::clone() const {
  ConfigNode copy;
  for (const auto& e : entries_) {
    Entry c{e.key, nullptr, nullptr};
    if (e.value) c.value = std::make_shared<ConfigValue>(*e.value);
    if (e.child) c.child = std::make_shared<ConfigNode>(e.child->clone());
    copy.entries_.push_back(std::move(c));
  }
  return copy;
}

}  // namespace posescope
