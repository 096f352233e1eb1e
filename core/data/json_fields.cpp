#include "data/json_fields.h"

#include <cmath>
#include <limits>

#include "common/errors.h"

namespace posescope {

namespace {

const nlohmann::json& emptyArray() {
  static const nlohmann::json empty = nlohmann::json::array();
  return empty;
}

// "a string", "a number (12.5)", ...: what was found instead, short enough for one line.
std::string found(const nlohmann::json& value) {
  if (value.is_number()) return "the number " + value.dump();
  if (value.is_string()) {
    const std::string text = value.get<std::string>();
    return text.size() <= 40 ? "the string \"" + text + "\"" : "a string";
  }
  const std::string type = value.type_name();
  return type == "null" ? "null" : (type == "array" || type == "object" ? "an " : "a ") + type;
}

}  // namespace

JsonFields::JsonFields(const std::string& file, std::string where, const nlohmann::json& object)
    : file_(file), where_(std::move(where)), object_(object) {
  if (!object_.is_object())
    throw DatasetError(file_ + ": " + where_ + " must be an object, not " + found(object_));
}

bool JsonFields::has(const char* key) const {
  return object_.contains(key);
}

std::string JsonFields::describe(const char* key, const std::string& problem) const {
  return file_ + ": " + where_ + ": '" + key + "' " + problem;
}

const nlohmann::json& JsonFields::required(const char* key) const {
  const auto it = object_.find(key);
  if (it == object_.end()) throw DatasetError(describe(key, "is missing"));
  return *it;
}

std::int64_t JsonFields::wholeNumber(const char* key, const nlohmann::json& value,
                                     std::int64_t lowest, std::int64_t highest) const {
  const std::string range =
      "the range " + std::to_string(lowest) + " to " + std::to_string(highest);
  auto outside = [&] {
    return DatasetError(describe(key, "is " + value.dump() + ", outside " + range));
  };
  if (value.is_number_unsigned()) {
    const auto n = value.get<std::uint64_t>();
    if (n > static_cast<std::uint64_t>(highest)) throw outside();
    return static_cast<std::int64_t>(n);
  }
  if (value.is_number_integer()) {
    const auto n = value.get<std::int64_t>();
    if (n < lowest || n > highest) throw outside();
    return n;
  }
  if (value.is_number_float()) {  // 640.0 is a whole number; 640.5 is not
    const double d = value.get<double>();
    if (!std::isfinite(d) || d != std::floor(d))
      throw DatasetError(describe(key, "must be a whole number, not " + value.dump()));
    // 2^63 itself is beyond int64: the cast below is defined only inside [-2^63, 2^63).
    if (d < -0x1p63 || d >= 0x1p63 || d < static_cast<double>(lowest) ||
        d > static_cast<double>(highest))
      throw outside();
    return static_cast<std::int64_t>(d);
  }
  throw DatasetError(describe(key, "must be a whole number, not " + found(value)));
}

std::int64_t JsonFields::int64(const char* key) const {
  return wholeNumber(key, required(key), std::numeric_limits<std::int64_t>::min(),
                     std::numeric_limits<std::int64_t>::max());
}

int JsonFields::integer(const char* key) const {
  return static_cast<int>(wholeNumber(key, required(key), std::numeric_limits<int>::min(),
                                      std::numeric_limits<int>::max()));
}

int JsonFields::integerOr(const char* key, int fallback) const {
  const auto it = object_.find(key);
  if (it == object_.end() || it->is_null()) return fallback;
  return static_cast<int>(
      wholeNumber(key, *it, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
}

std::string JsonFields::string(const char* key) const {
  const nlohmann::json& value = required(key);
  if (!value.is_string())
    throw DatasetError(describe(key, "must be a string, not " + found(value)));
  return value.get<std::string>();
}

const nlohmann::json& JsonFields::arrayOr(const char* key) const {
  const auto it = object_.find(key);
  if (it == object_.end()) return emptyArray();
  if (!it->is_array()) throw DatasetError(describe(key, "must be an array, not " + found(*it)));
  return *it;
}

}  // namespace posescope
