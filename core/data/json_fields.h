#pragma once
// Checked reads of one JSON object's fields: a wrong type, a missing key or a number out of range
// becomes a DatasetError naming the file, the object ("images[3]") and the key, where nlohmann's
// own conversions throw a type_error that names neither.

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace posescope {

/// Reads the fields of `object`, the JSON value at `where` (e.g. "images[3]") of file `file`.
/// Every function throws DatasetError "FILE: WHERE: 'KEY' ..." saying what was expected and found.
class JsonFields {
 public:
  /// Throws DatasetError when `object` is not a JSON object.
  JsonFields(const std::string& file, std::string where, const nlohmann::json& object);

  bool has(const char* key) const;
  /// A whole number (640 or 640.0) within the range of the type asked for; required.
  std::int64_t int64(const char* key) const;
  int integer(const char* key) const;
  /// As integer(), `fallback` when the key is absent or null.
  int integerOr(const char* key, int fallback) const;
  /// A JSON string; required.
  std::string string(const char* key) const;
  /// The array under `key`, or an empty array when it is absent; throws when it is not an array.
  const nlohmann::json& arrayOr(const char* key) const;

  /// "FILE: WHERE: 'KEY' " followed by `problem`, for the caller's own checks of a field.
  std::string describe(const char* key, const std::string& problem) const;

 private:
  const nlohmann::json& required(const char* key) const;
  std::int64_t wholeNumber(const char* key, const nlohmann::json& value, std::int64_t lowest,
                           std::int64_t highest) const;

  const std::string& file_;
  std::string where_;
  const nlohmann::json& object_;
};

}  // namespace posescope
