#include "eval/json_reader.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

#include "common/errors.h"

namespace posescope::evaljson {

std::string readFile(const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) throw EvalError(path + ": cannot open the file for reading");
  std::string text;
  char buffer[1 << 16];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, n);
  const bool failed = std::ferror(file) != 0;
  std::fclose(file);
  if (failed) throw EvalError(path + ": read error");
  return text;
}

Reader::Reader(std::string_view text, std::string source)
    : text_(text), source_(std::move(source)) {}

void Reader::fail(const std::string& message) const {
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < pos_ && i < text_.size(); ++i) {
    if (text_[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  throw EvalError(source_ + ": malformed JSON at line " + std::to_string(line) + ", column " +
                  std::to_string(column) + ": " + message);
}

void Reader::skipSpace() {
  while (pos_ < text_.size()) {
    const char c = text_[pos_];
    if (c != ' ' && c != '\n' && c != '\r' && c != '\t') break;
    ++pos_;
  }
}

char Reader::take() {
  if (pos_ >= text_.size()) fail("unexpected end of input");
  return text_[pos_++];
}

void Reader::expect(char c) {
  skipSpace();
  if (pos_ >= text_.size()) fail(std::string("expected '") + c + "' but the input ended");
  if (text_[pos_] != c) fail(std::string("expected '") + c + "'");
  ++pos_;
}

Kind Reader::peek() {
  skipSpace();
  if (pos_ >= text_.size()) fail("expected a value but the input ended");
  switch (text_[pos_]) {
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
    default: {
      const char c = text_[pos_];
      if ((c >= '0' && c <= '9') || c == '-' || c == 'N' || c == 'I') return Kind::Number;
      fail("expected a value");
    }
  }
}

void Reader::beginObject() {
  expect('{');
  first_.push_back(true);
}

bool Reader::nextKey(std::string& key) {
  skipSpace();
  if (pos_ < text_.size() && text_[pos_] == '}') {
    ++pos_;
    first_.pop_back();
    return false;
  }
  if (!first_.back()) {
    if (pos_ >= text_.size() || text_[pos_] != ',') fail("expected ',' or '}'");
    ++pos_;
    skipSpace();
  }
  first_.back() = false;
  if (pos_ >= text_.size() || text_[pos_] != '"') fail("expected a quoted key");
  key = string();
  expect(':');
  return true;
}

void Reader::beginArray() {
  expect('[');
  first_.push_back(true);
}

bool Reader::nextElement() {
  skipSpace();
  if (pos_ < text_.size() && text_[pos_] == ']') {
    ++pos_;
    first_.pop_back();
    return false;
  }
  if (!first_.back()) {
    if (pos_ >= text_.size() || text_[pos_] != ',') fail("expected ',' or ']'");
    ++pos_;
  }
  first_.back() = false;
  return true;
}

namespace {

// Clinger's fast path: up to 19 digits whose value is below 2^53, scaled by at most 10^22,
// converts with one correctly rounded IEEE operation. Returns false when it does not apply.
bool fastDecimal(const char* p, const char* end, double* out, bool* integer) {
  static const double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                  1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                  1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const bool negative = p < end && *p == '-';
  if (negative) ++p;
  std::uint64_t mantissa = 0;
  int digits = 0, scale = 0;
  const char* start = p;
  while (p < end && *p >= '0' && *p <= '9') {
    mantissa = mantissa * 10 + static_cast<unsigned>(*p++ - '0');
    ++digits;
  }
  if (p == start) return false;
  *integer = true;
  if (p < end && *p == '.') {
    *integer = false;
    const char* frac = ++p;
    while (p < end && *p >= '0' && *p <= '9') {
      mantissa = mantissa * 10 + static_cast<unsigned>(*p++ - '0');
      ++digits;
    }
    if (p == frac) return false;
    scale = -static_cast<int>(p - frac);
  }
  if (p < end && (*p == 'e' || *p == 'E')) return false;  // rare: leave it to from_chars
  if (p != end || digits > 19 || mantissa > (std::uint64_t(1) << 53)) return false;
  if (scale < -22) return false;
  double value = static_cast<double>(mantissa);
  value = scale < 0 ? value / kPow10[-scale] : value;
  *out = negative ? -value : value;
  return true;
}

}  // namespace

Number Reader::number() {
  skipSpace();
  Number n;
  const std::size_t start = pos_;
  const double inf = std::numeric_limits<double>::infinity();
  if (pos_ < text_.size() &&
      (text_[pos_] == 'N' || text_[pos_] == 'I' ||
       (text_[pos_] == '-' && pos_ + 1 < text_.size() && text_[pos_ + 1] == 'I'))) {
    for (const auto& [word, value] : {std::pair<const char*, double>{"NaN", std::nan("")},
                                      {"Infinity", inf},
                                      {"-Infinity", -inf}}) {
      const std::size_t len = std::strlen(word);
      if (text_.compare(pos_, len, word) == 0) {
        pos_ += len;
        n.value = value;
        return n;
      }
    }
    fail("expected a value");
  }
  bool integer = true;
  while (pos_ < text_.size()) {
    const char c = text_[pos_];
    if ((c >= '0' && c <= '9') || c == '-' || c == '+') {
      ++pos_;
    } else if (c == '.' || c == 'e' || c == 'E') {
      integer = false;
      ++pos_;
    } else {
      break;
    }
  }
  const char* first = text_.data() + start;
  const char* last = text_.data() + pos_;
  if (first == last) fail("expected a value");
  if (*first == '+' ||
      (first[0] == '-' && (last - first < 2 || first[1] < '0' || first[1] > '9'))) {
    pos_ = start;
    fail("invalid number");
  }
  bool fastInteger = false;
  if (fastDecimal(first, last, &n.value, &fastInteger)) {
    if (fastInteger) {
      n.integer = true;
      n.asInt = static_cast<std::int64_t>(n.value);
    }
    return n;
  }
  if (integer) {
    const auto [end, ec] = std::from_chars(first, last, n.asInt);
    if (ec == std::errc() && end == last) {
      n.integer = true;
      n.value = static_cast<double>(n.asInt);
      return n;
    }
  }
  const auto [end, ec] = std::from_chars(first, last, n.value);
  if (end != last || (ec != std::errc() && ec != std::errc::result_out_of_range)) {
    pos_ = start;
    fail("invalid number");
  }
  if (ec == std::errc::result_out_of_range) {
    // Overflow gives infinity as Python does; underflow gives zero.
    const bool negative = *first == '-';
    bool bigExponent = false;
    for (const char* p = first; p != last; ++p) {
      if (*p == 'e' || *p == 'E') bigExponent = p[1] != '-';
    }
    n.value = bigExponent ? (negative ? -inf : inf) : (negative ? -0.0 : 0.0);
  }
  return n;
}

std::string Reader::string() {
  expect('"');
  std::string out;
  while (true) {
    const std::size_t runStart = pos_;
    while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\\') ++pos_;
    out.append(text_.data() + runStart, pos_ - runStart);
    const char c = take();
    if (c == '"') return out;
    const char e = take();  // escape
    switch (e) {
      case '"':
      case '\\':
      case '/':
        out += e;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        auto hex4 = [&] {
          unsigned v = 0;
          for (int i = 0; i < 4; ++i) {
            const char h = take();
            v <<= 4;
            if (h >= '0' && h <= '9') {
              v |= h - '0';
            } else if (h >= 'a' && h <= 'f') {
              v |= h - 'a' + 10;
            } else if (h >= 'A' && h <= 'F') {
              v |= h - 'A' + 10;
            } else {
              fail("invalid \\u escape");
            }
          }
          return v;
        };
        unsigned cp = hex4();
        if (cp >= 0xD800 && cp < 0xDC00 && text_.compare(pos_, 2, "\\u") == 0) {
          pos_ += 2;
          const unsigned low = hex4();
          cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        }
        if (cp < 0x80) {
          out += static_cast<char>(cp);
        } else if (cp < 0x800) {
          out += static_cast<char>(0xC0 | (cp >> 6));
          out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
          out += static_cast<char>(0xE0 | (cp >> 12));
          out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
          out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
          out += static_cast<char>(0xF0 | (cp >> 18));
          out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
          out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
          out += static_cast<char>(0x80 | (cp & 0x3F));
        }
        break;
      }
      default:
        fail("invalid escape in a string");
    }
  }
}

bool Reader::boolean() {
  skipSpace();
  if (text_.compare(pos_, 4, "true") == 0) {
    pos_ += 4;
    return true;
  }
  if (text_.compare(pos_, 5, "false") == 0) {
    pos_ += 5;
    return false;
  }
  fail("expected true or false");
}

void Reader::skip() {
  switch (peek()) {
    case Kind::Object: {
      beginObject();
      std::string key;
      while (nextKey(key)) skip();
      return;
    }
    case Kind::Array:
      beginArray();
      while (nextElement()) skip();
      return;
    case Kind::String:
      string();
      return;
    case Kind::Bool:
      boolean();
      return;
    case Kind::Null:
      if (text_.compare(pos_, 4, "null") != 0) fail("expected null");
      pos_ += 4;
      return;
    case Kind::Number:
      number();
      return;
  }
}

void Reader::finish() {
  skipSpace();
  if (pos_ != text_.size()) fail("unexpected text after the JSON value");
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

// A finite number; `key` and `index` (>= 0 for list elements) name it only when it fails.
double finiteNumber(Reader& r, const char* key, long index, const Context& ctx) {
  auto what = [&] {
    return index < 0 ? std::string("field '") + key + "'"
                     : std::string(key) + "[" + std::to_string(index) + "]";
  };
  const Kind kind = r.peek();
  if (kind != Kind::Number) {
    throw EvalError(ctx.where() + ": " + what() + " must be a number, not " + kindName(kind));
  }
  const double x = r.number().value;
  if (!std::isfinite(x)) throw EvalError(ctx.where() + ": " + what() + " is not finite");
  return x;
}

}  // namespace

double readNumber(Reader& r, const char* key, const Context& ctx) {
  return finiteNumber(r, key, -1, ctx);
}

std::int64_t readInt(Reader& r, const char* key, const Context& ctx) {
  if (r.peek() == Kind::Number) {
    const Number n = r.number();
    if (n.integer) return n.asInt;
    if (std::isfinite(n.value) && n.value == std::trunc(n.value) && std::fabs(n.value) < 9.0e15) {
      return static_cast<std::int64_t>(n.value);
    }
  }
  throw EvalError(ctx.where() + ": field '" + key + "' must be an integer");
}

std::vector<double> readNumbers(Reader& r, const char* key, const Context& ctx) {
  if (r.peek() != Kind::Array) {
    throw EvalError(ctx.where() + ": field '" + key + "' must be a list of numbers");
  }
  std::vector<double> values;
  r.beginArray();
  while (r.nextElement()) {
    values.push_back(finiteNumber(r, key, static_cast<long>(values.size()), ctx));
  }
  return values;
}

std::string readString(Reader& r, const char* key, const Context& ctx) {
  if (r.peek() != Kind::String) {
    throw EvalError(ctx.where() + ": field '" + key + "' must be a string");
  }
  return r.string();
}

}  // namespace posescope::evaljson
