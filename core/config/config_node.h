#pragma once
// A yacs-style configuration tree: ordered nodes of typed values, with the reference's merge rules.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace posescope {

/// One leaf value. Lists hold leaves (yacs lists and tuples are both stored as lists).
struct ConfigValue {
  enum class Type { None, Bool, Int, Double, String, List };
  using List = std::vector<ConfigValue>;
  std::variant<std::monostate, bool, std::int64_t, double, std::string, List> data;

  Type type() const { return static_cast<Type>(data.index()); }
  /// Python-literal spelling ("True", "0.001", "'coco'", "[64, 128]"), as yacs prints values.
  std::string toLiteral() const;
  /// The type in words for error messages: "None", "a bool", "an int", "a float", ...
  const char* typeInWords() const;
};

/// A node of the config tree. Keys keep insertion order (defaults first, then new keys).
class ConfigNode {
 public:
  /// Typed getters by dotted path ("TEST.NMS_KERNEL"); throw ConfigError naming the key when it
  /// is absent or of another type. getDouble accepts ints; list getters accept scalars as
  /// one-element lists, as update_config does.
  bool has(const std::string& path) const;
  bool getBool(const std::string& path) const;
  std::int64_t getInt(const std::string& path) const;
  double getDouble(const std::string& path) const;
  std::string getString(const std::string& path) const;
  std::vector<bool> getBoolList(const std::string& path) const;
  std::vector<std::int64_t> getIntList(const std::string& path) const;
  std::vector<double> getDoubleList(const std::string& path) const;
  const ConfigValue& value(const std::string& path) const;
  const ConfigNode& node(const std::string& path) const;

  /// Sets a leaf, creating intermediate nodes; no type checking (used by code, not by users).
  void set(const std::string& path, ConfigValue value);

  /// Direct children, in order: each entry is either a leaf value or a sub-node.
  struct Entry {
    std::string key;
    std::shared_ptr<ConfigValue> value;  // set for leaves
    std::shared_ptr<ConfigNode> child;   // set for sub-nodes
  };
  const std::vector<Entry>& entries() const { return entries_; }
  std::vector<Entry>& entries() { return entries_; }
  const Entry* find(const std::string& key) const;
  Entry* find(const std::string& key);

  /// Deep copy (entries share pointers otherwise).
  ConfigNode clone() const;

 private:
  std::vector<Entry> entries_;
};

}  // namespace posescope
