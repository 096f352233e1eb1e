#pragma once
// Internal to the eval loaders: typed reads from a simdjson On-Demand document, with the
// loaders' messages. Syntax errors name the source, line and column; typed reads name the record
// and field. Python's NaN / Infinity / -Infinity tokens (json.dump writes them, json.load reads
// them) are read here from the token, as simdjson refuses them, and so are numbers that overflow
// a double (json.load gives infinity). Fields a loader does not use are still read through, so
// that malformed JSON anywhere in the file is an error, as with json.load.
//
// Why simdjson (libsimdjson-dev) and not the hand-written pull reader it replaces: on the
// generated 5,000-image set it loads the ground truth 1.8-2.3x and the results 1.8-2.1x faster
// into the same structs (median CPU time; build-headless/tests/eval/json_loader_benchmark at
// commit fd59476, see README "Parity and speed"), and it is a well-kept library. Its first pass
// picks the CPU's SIMD kernel at run time; On-Demand's navigation is compiled for the baseline
// target, so the binaries stay portable.

#include <simdjson.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace posescope::evaljson {

namespace od = simdjson::ondemand;

/// The parsed text and its name; throws the loaders' "malformed JSON" errors.
class Source {
 public:
  Source(simdjson::padded_string_view text, std::string name);
  const std::string& name() const { return name_; }

  /// Throws EvalError "NAME: malformed JSON at line L, column C: message" (`at` points into the
  /// text).
  [[noreturn]] void malformed(const char* at, const std::string& message) const;
  /// Throws malformed JSON at the document's position when `error` is set.
  void check(simdjson::error_code error, od::document& doc) const;

 private:
  std::string_view text_;
  std::string name_;
};

/// Starts reading `text`; throws EvalError when simdjson's first pass refuses it (invalid UTF-8,
/// an unclosed string, an empty file).
od::document iterate(od::parser& parser, simdjson::padded_string_view text, const Source& source);
/// The document's top value.
od::value rootValue(od::document& doc, const Source& source);
/// Requires that only whitespace follows the top value.
void finish(od::document& doc, const Source& source);

/// Where a record sits, for messages: "FILE: annotations[3]" (`list` null: the top value). The
/// name is formatted only for a message: records are read by the ten thousand.
struct Context {
  const Source& source;
  od::document& doc;
  const char* list = nullptr;
  std::size_t index = 0;
  std::string where() const;
};

/// Kinds of JSON values; Python's NaN / Infinity count as numbers.
enum class Kind { Object, Array, String, Number, Bool, Null };

/// The kind of `v` (from its first character); malformed JSON when it starts no value.
Kind kindOf(od::value& v, const Context& ctx);

/// A number token: its value and whether it was written as an integer.
struct Number {
  double value = 0;
  bool integer = false;
  std::int64_t asInt = 0;  // valid when `integer`
};

/// Reads a number (NaN / Infinity / -Infinity accepted as Python writes them).
Number number(od::value& v, const Context& ctx);
/// A finite number for field `key`; throws EvalError naming `ctx` and the field otherwise.
double readNumber(od::value& v, const char* key, const Context& ctx);
/// An integer for field `key` (integral floats accepted, as Python compares 1.0 == 1).
std::int64_t readInt(od::value& v, const char* key, const Context& ctx);
/// A list of finite numbers for field `key`, allocated once at its final size.
std::vector<double> readNumbers(od::value& v, const char* key, const Context& ctx);
/// The same into `out`, whose capacity is reused (cleared first).
void readNumbersInto(od::value& v, const char* key, const Context& ctx, std::vector<double>& out);
/// A string (the caller has checked the kind). Strings and keys without escapes are read from
/// the text itself: unescaping copies each into the parser's string buffer, a fresh page fault
/// per page on a large file.
std::string readString(od::value& v, const Context& ctx);
/// true / false (the caller has checked the kind).
bool readBool(od::value& v, const Context& ctx);
/// Reads through a value nobody needs, so that malformed JSON in it is an error.
void skipChecked(od::value& v, const Context& ctx);

/// Throw the EvalErrors of the templates below.
[[noreturn]] void failNotAnObject(const Context& ctx);
[[noreturn]] void failNotAList(const Context& ctx, const char* name);

/// The key of `field` (a view of the text itself when it has no escape).
std::string_view fieldKey(od::field& field, const Context& ctx);

/// Calls `each(key, value)` for every field of the object `v` (EvalError "CTX is not a JSON
/// object" otherwise); `each` returns false for a field it did not read, which is then
/// skipChecked.
template <typename F>
void forEachField(od::value& v, const Context& ctx, F&& each) {
  if (kindOf(v, ctx) != Kind::Object) failNotAnObject(ctx);
  od::object object;
  ctx.source.check(v.get_object().get(object), ctx.doc);
  for (auto f : object) {
    od::field field;
    ctx.source.check(std::move(f).get(field), ctx.doc);
    const std::string_view key = fieldKey(field, ctx);
    od::value value = field.value();
    if (!each(key, value)) skipChecked(value, ctx);
  }
}

/// Calls `each(index, element)` for every element of the list `v`; throws EvalError
/// "SOURCE: 'name' must be a list" when it is no list.
template <typename F>
void forEachElement(od::value& v, const Context& ctx, const char* name, F&& each) {
  if (kindOf(v, ctx) != Kind::Array) failNotAList(ctx, name);
  od::array array;
  ctx.source.check(v.get_array().get(array), ctx.doc);
  std::size_t i = 0;
  for (auto element : array) {
    od::value e;
    ctx.source.check(std::move(element).get(e), ctx.doc);
    each(i++, e);
  }
}

}  // namespace posescope::evaljson
