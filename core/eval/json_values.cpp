#include "eval/json_values.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "common/errors.h"

namespace posescope::evaljson {

Source::Source(simdjson::padded_string_view text, std::string name)
    : text_(text.data(), text.size()), name_(std::move(name)) {}

std::string Context::where() const {
  if (!list) return source.name() + ": ";
  return source.name() + ": " + list + "[" + std::to_string(index) + "]";
}

void Source::malformed(const char* at, const std::string& message) const {
  std::size_t line = 1, column = 1;
  const std::size_t end =
      at ? std::min(static_cast<std::size_t>(at - text_.data()), text_.size()) : 0;
  for (std::size_t i = 0; i < end; ++i) {
    if (text_[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  throw EvalError(name_ + ": malformed JSON at line " + std::to_string(line) + ", column " +
                  std::to_string(column) + ": " + message);
}

void Source::check(simdjson::error_code error, od::document& doc) const {
  if (!error) return;
  const char* at = nullptr;
  if (doc.current_location().get(at)) at = text_.data() + text_.size();  // past the end
  malformed(at, simdjson::error_message(error));
}

od::document iterate(od::parser& parser, simdjson::padded_string_view text, const Source& source) {
  od::document doc;
  const simdjson::error_code error = parser.iterate(text).get(doc);
  // The first pass reports no position.
  if (error) throw EvalError(source.name() + ": malformed JSON: " + simdjson::error_message(error));
  return doc;
}

od::value rootValue(od::document& doc, const Source& source) {
  od::value root;
  source.check(doc.get_value().get(root), doc);
  return root;
}

void finish(od::document& doc, const Source& source) {
  const char* at = nullptr;
  if (!doc.current_location().get(at)) source.malformed(at, "unexpected text after the JSON value");
}

namespace {

const char* kindName(Kind kind) {
  switch (kind) {
    case Kind::Object:
      return "an object";
    case Kind::Array:
      return "a list";
    case Kind::String:
      return "a string";
    case Kind::Bool:
      return "a boolean";
    case Kind::Null:
      return "null";
    case Kind::Number:
      return "a number";
  }
  return "a value";
}

bool isJsonSpace(char c) {
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// The value's text, without the whitespace simdjson counts in.
std::string_view token(od::value& v) {
  std::string_view raw = v.raw_json_token();
  while (!raw.empty() && isJsonSpace(raw.back())) raw.remove_suffix(1);
  return raw;
}

// Past the JSON number at `p` (-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?), or null when there
// is none. Reads inside the document only: what follows a value in simdjson's padded buffer (a
// comma, a bracket, whitespace, the zero padding) ends every part of the grammar.
const char* jsonNumberEnd(const char* p) {
  auto digits = [&p] {
    const char* first = p;
    while (*p >= '0' && *p <= '9') ++p;
    return p != first;
  };
  if (*p == '-') ++p;
  if (*p == '0') {
    ++p;
  } else if (!digits()) {
    return nullptr;
  }
  if (*p == '.') {
    ++p;
    if (!digits()) return nullptr;
  }
  if (*p == 'e' || *p == 'E') {
    ++p;
    if (*p == '+' || *p == '-') ++p;
    if (!digits()) return nullptr;
  }
  return p;
}

// A value's token (token() above) that is one JSON number, whole.
bool isJsonNumber(std::string_view t) {
  return !t.empty() && jsonNumberEnd(t.data()) == t.data() + t.size();
}

// The length of the list of numbers that starts at `text` ('['), '[' to ']', checked against
// JSON's grammar straight from the text; 0 when the list holds anything else (a string, a nested
// list, malformed text), which the element-by-element path then reports. For lists that are
// skipped, not read (a ground truth's segmentation polygons: most of COCO's annotation file),
// where simdjson's On-Demand reader spends most of the load in its per-element checks. Stops at
// the first character outside the grammar, so it never reads past the padding after the document.
std::size_t plainNumberListLength(const char* text) {
  const char* p = text;
  if (*p != '[') return 0;
  ++p;
  while (isJsonSpace(*p)) ++p;
  if (*p == ']') return std::size_t(p + 1 - text);
  for (;;) {
    p = jsonNumberEnd(p);
    if (!p) return 0;
    while (isJsonSpace(*p)) ++p;
    if (*p == ']') return std::size_t(p + 1 - text);
    if (*p != ',') return 0;
    ++p;
    while (isJsonSpace(*p)) ++p;
  }
}

// Consumes the list `v`, whose text plainNumberListLength measured `plain` > 0 characters long.
void consumePlainList(od::value& v, std::size_t plain, const Context& ctx) {
  od::array array;
  ctx.source.check(v.get_array().get(array), ctx.doc);
  std::string_view raw;
  ctx.source.check(array.raw_json().get(raw), ctx.doc);
  while (!raw.empty() && isJsonSpace(raw.back())) raw.remove_suffix(1);  // simdjson counts it in
  if (raw.size() != plain) ctx.source.malformed(raw.data(), "list of numbers not closed");
}

// A finite number; `key` and `index` (>= 0 for list elements) name it only when it fails.
double finiteNumber(od::value& v, const char* key, long index, const Context& ctx) {
  double x = 0;
  if (!v.get_double().get(x)) return x;  // simdjson yields finite values only
  auto what = [&] {
    return index < 0 ? std::string("field '") + key + "'"
                     : std::string(key) + "[" + std::to_string(index) + "]";
  };
  const Kind kind = kindOf(v, ctx);
  if (kind != Kind::Number) {
    throw EvalError(ctx.where() + ": " + what() + " must be a number, not " + kindName(kind));
  }
  x = number(v, ctx).value;
  if (!std::isfinite(x)) throw EvalError(ctx.where() + ": " + what() + " is not finite");
  return x;
}

}  // namespace

Kind kindOf(od::value& v, const Context& ctx) {
  const std::string_view t = token(v);
  const char c = t.empty() ? '\0' : t[0];
  switch (c) {
    case '{':
      return Kind::Object;
    case '[':
      return Kind::Array;
    case '"':
      return Kind::String;
    case 't':
    case 'f':
      return Kind::Bool;
    case 'n':
      return Kind::Null;
    default:
      if ((c >= '0' && c <= '9') || c == '-' || c == 'N' || c == 'I') return Kind::Number;
      ctx.source.malformed(t.data(), "expected a value");
  }
}

Number number(od::value& v, const Context& ctx) {
  Number n;
  od::number parsed;
  if (!v.get_number().get(parsed)) {
    switch (parsed.get_number_type()) {
      case od::number_type::signed_integer:
        n.integer = true;
        n.asInt = parsed.get_int64();
        n.value = static_cast<double>(n.asInt);
        return n;
      case od::number_type::unsigned_integer:  // above INT64_MAX: a double, as before
        n.value = static_cast<double>(parsed.get_uint64());
        return n;
      case od::number_type::floating_point_number:
        n.value = parsed.get_double();
        return n;
    }
  }
  // What simdjson refuses but json.load reads: Python's tokens, integers beyond 64 bits and
  // exponents beyond a double's range.
  const std::string_view t = token(v);
  const double inf = std::numeric_limits<double>::infinity();
  if (t == "NaN") {
    n.value = std::nan("");
    return n;
  }
  if (t == "Infinity" || t == "-Infinity") {
    n.value = t[0] == '-' ? -inf : inf;
    return n;
  }
  if (!isJsonNumber(t)) ctx.source.malformed(t.data(), "invalid number");
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), n.value);
  if (ec != std::errc::result_out_of_range) return n;
  // Out of range: overflow gives infinity as Python does, underflow zero.
  const bool negative = t[0] == '-';
  bool bigExponent = false;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == 'e' || t[i] == 'E') bigExponent = i + 1 < t.size() && t[i + 1] != '-';
  }
  n.value = bigExponent ? (negative ? -inf : inf) : (negative ? -0.0 : 0.0);
  return n;
}

double readNumber(od::value& v, const char* key, const Context& ctx) {
  return finiteNumber(v, key, -1, ctx);
}

std::int64_t readInt(od::value& v, const char* key, const Context& ctx) {
  std::int64_t i = 0;
  if (!v.get_int64().get(i)) return i;
  if (kindOf(v, ctx) == Kind::Number) {
    const Number n = number(v, ctx);
    if (n.integer) return n.asInt;
    if (std::isfinite(n.value) && n.value == std::trunc(n.value) && std::fabs(n.value) < 9.0e15) {
      return static_cast<std::int64_t>(n.value);
    }
  }
  throw EvalError(ctx.where() + ": field '" + key + "' must be an integer");
}

void readNumbersInto(od::value& v, const char* key, const Context& ctx, std::vector<double>& out) {
  if (kindOf(v, ctx) != Kind::Array) {
    throw EvalError(ctx.where() + ": field '" + key + "' must be a list of numbers");
  }
  out.clear();
  od::array array;
  ctx.source.check(v.get_array().get(array), ctx.doc);
  for (auto element : array) {
    od::value e;
    ctx.source.check(std::move(element).get(e), ctx.doc);
    out.push_back(finiteNumber(e, key, static_cast<long>(out.size()), ctx));
  }
}

std::vector<double> readNumbers(od::value& v, const char* key, const Context& ctx) {
  // Growing each list by doubling would allocate seven times and keep a quarter unused.
  thread_local std::vector<double> scratch;
  readNumbersInto(v, key, ctx, scratch);
  return std::vector<double>(scratch.begin(), scratch.end());
}

std::string readString(od::value& v, const Context& ctx) {
  const std::string_view t = token(v);
  if (t.size() >= 2 && t.back() == '"' && t.find('\\') == std::string_view::npos) {
    return std::string(t.substr(1, t.size() - 2));
  }
  std::string_view s;
  if (v.get_string().get(s)) ctx.source.malformed(token(v).data(), "invalid string");
  return std::string(s);
}

bool readBool(od::value& v, const Context& ctx) {
  bool b = false;
  if (v.get_bool().get(b)) ctx.source.malformed(token(v).data(), "expected true or false");
  return b;
}

void skipChecked(od::value& v, const Context& ctx) {
  switch (kindOf(v, ctx)) {
    case Kind::Object:
      forEachField(v, ctx, [](std::string_view, od::value&) { return false; });
      return;
    case Kind::Array:
      // A segmentation polygon: its numbers are checked, not read (number() takes any JSON number).
      if (const std::size_t plain = plainNumberListLength(token(v).data())) {
        consumePlainList(v, plain, ctx);
        return;
      }
      forEachElement(v, ctx, "", [&](std::size_t, od::value& e) { skipChecked(e, ctx); });
      return;
    case Kind::String:
      readString(v, ctx);
      return;
    case Kind::Bool:
      readBool(v, ctx);
      return;
    case Kind::Null: {
      bool null = false;
      if (v.is_null().get(null) || !null) ctx.source.malformed(token(v).data(), "expected null");
      return;
    }
    case Kind::Number:
      number(v, ctx);
      return;
  }
}

std::string_view fieldKey(od::field& field, const Context& ctx) {
  // Stage 1 has checked that the key's string is closed.
  const char* begin = field.key().raw();
  const char* end = begin;
  while (*end != '"' && *end != '\\') ++end;
  if (*end == '"') return std::string_view(begin, std::size_t(end - begin));
  std::string_view key;
  ctx.source.check(field.unescaped_key().get(key), ctx.doc);
  return key;
}

void failNotAnObject(const Context& ctx) {
  throw EvalError(ctx.where() + " is not a JSON object");
}

void failNotAList(const Context& ctx, const char* name) {
  throw EvalError(ctx.source.name() + ": '" + name + "' must be a list");
}

}  // namespace posescope::evaljson
