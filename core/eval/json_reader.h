#pragma once
// Internal to the eval loaders: a fast pull reader of JSON text (no document tree), so that
// ground truth and results files load in a fraction of the evaluation's time budget. Syntax
// errors name the source, line and column; typed reads name the record and field.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace posescope::evaljson {

/// Reads a whole file; throws EvalError naming the path when it cannot be read.
std::string readFile(const std::string& path);

/// Kinds of JSON values.
enum class Kind { Object, Array, String, Number, Bool, Null };

/// A number token: its value and whether it was written as an integer.
struct Number {
  double value = 0;
  bool integer = false;
  std::int64_t asInt = 0;  // valid when `integer`
};

/// Pull reader over JSON text; every method throws EvalError on malformed input.
class Reader {
 public:
  Reader(std::string_view text, std::string source);

  /// The kind of the next value (skips whitespace).
  Kind peek();
  /// Enters an object; then call nextKey until it returns false.
  void beginObject();
  /// The next key of the current object, or false at its end.
  bool nextKey(std::string& key);
  /// Enters an array; then call nextElement until it returns false.
  void beginArray();
  /// Whether another element follows in the current array (false at its end).
  bool nextElement();

  /// Reads a number (NaN / Infinity / -Infinity accepted as Python writes them).
  Number number();
  /// Reads a string.
  std::string string();
  /// Reads true / false.
  bool boolean();
  /// Skips any value.
  void skip();
  /// Requires that only whitespace is left.
  void finish();

  /// The source name given at construction.
  const std::string& source() const { return source_; }
  /// Throws EvalError "SOURCE: malformed JSON at line L, column C: message".
  [[noreturn]] void fail(const std::string& message) const;

 private:
  void skipSpace();
  char take();
  void expect(char c);

  std::string_view text_;
  std::string source_;
  std::size_t pos_ = 0;
  std::vector<bool> first_;  // per open container: no element read yet
};

/// Where a record sits, for messages: "FILE: annotations[3]".
struct Context {
  const std::string& source;
  std::string record;
  std::string where() const { return source + ": " + record; }
};

/// A finite number for field `key`; throws EvalError naming `ctx` and the field otherwise.
double readNumber(Reader& r, const char* key, const Context& ctx);
/// An integer for field `key` (integral floats accepted, as Python compares 1.0 == 1).
std::int64_t readInt(Reader& r, const char* key, const Context& ctx);
/// A list of finite numbers for field `key`.
std::vector<double> readNumbers(Reader& r, const char* key, const Context& ctx);
/// A string for field `key`.
std::string readString(Reader& r, const char* key, const Context& ctx);

}  // namespace posescope::evaljson
