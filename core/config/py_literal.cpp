#include "config/py_literal.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace posescope {

namespace {

// Thrown inside the parser; turned into a LiteralResult at the top.
struct NotLiteral {
  std::string reason;
};
struct Unsupported {
  std::string reason;
};

bool isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Appends the UTF-8 encoding of a code point.
void appendUtf8(std::string& out, unsigned long cp) {
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
}

// Recursive-descent parser for the expressions ast.literal_eval accepts.
class Parser {
 public:
  explicit Parser(const std::string& text) : s_(text) {}

  ConfigValue parseTop() {
    skipSpace();
    if (atEnd()) throw NotLiteral{"empty expression"};
    ConfigValue v = parseExpressionList(/*topLevel=*/true);
    skipSpace();
    if (!atEnd()) throw NotLiteral{"unexpected '" + s_.substr(pos_, 10) + "'"};
    return v;
  }

 private:
  bool atEnd() const { return pos_ >= s_.size(); }
  char peek() const { return atEnd() ? '\0' : s_[pos_]; }

  void skipSpace() {
    while (!atEnd()) {
      const char c = s_[pos_];
      if (c == ' ' || c == '\t' || c == '\f' || (c == '\n' && depth_ > 0) ||
          (c == '\r' && depth_ > 0)) {
        ++pos_;
      } else if (c == '\\' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '\n') {
        pos_ += 2;  // explicit line continuation
      } else if (c == '#') {
        while (!atEnd() && s_[pos_] != '\n') ++pos_;
      } else if ((c == '\n' || c == '\r') && depth_ == 0) {
        // A trailing newline ends the expression; anything after it is a second statement.
        size_t p = pos_;
        while (p < s_.size() && std::isspace(static_cast<unsigned char>(s_[p]))) ++p;
        if (p == s_.size()) {
          pos_ = p;
        } else {
          return;
        }
      } else {
        return;
      }
    }
  }

  // `a, b, c` (a bare tuple at the top level) or a single expression.
  ConfigValue parseExpressionList(bool topLevel) {
    ConfigValue first = parseAtomWithSign();
    skipSpace();
    if (!topLevel || peek() != ',') return first;
    ConfigValue::List items{first};
    while (peek() == ',') {
      ++pos_;
      skipSpace();
      if (atEnd()) break;
      items.push_back(parseAtomWithSign());
      skipSpace();
    }
    return ConfigValue{items};
  }

  ConfigValue parseAtomWithSign() {
    skipSpace();
    const char c = peek();
    if (c == '+' || c == '-') {
      ++pos_;
      skipSpace();
      const char d = peek();
      if (!(std::isdigit(static_cast<unsigned char>(d)) || d == '.'))
        throw NotLiteral{"a sign must precede a number"};
      ConfigValue v = parseNumber();
      if (c == '-') {
        if (v.type() == ConfigValue::Type::Int) {
          v.data = -std::get<std::int64_t>(v.data);
        } else {
          v.data = -std::get<double>(v.data);
        }
      }
      return v;
    }
    return parseAtom();
  }

  ConfigValue parseAtom() {
    skipSpace();
    const char c = peek();
    if (atEnd()) throw NotLiteral{"unexpected end of text"};
    if (c == '(' || c == '[') return parseSequence(c == '(' ? ')' : ']');
    if (c == '{') return parseBraces();
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '.' && pos_ + 1 < s_.size() &&
         std::isdigit(static_cast<unsigned char>(s_[pos_ + 1]))))
      return parseNumber();
    if (c == '\'' || c == '"') return parseStrings("");
    if (isIdentStart(c)) {
      size_t end = pos_;
      while (end < s_.size() && isIdentChar(s_[end])) ++end;
      const std::string word = s_.substr(pos_, end - pos_);
      // String prefixes: r, u, b, f and their combinations, directly followed by a quote.
      if (end < s_.size() && (s_[end] == '\'' || s_[end] == '"') && word.size() <= 2) {
        std::string lower;
        for (char w : word) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(w)));
        if (lower == "r" || lower == "u" || lower == "b" || lower == "f" || lower == "rb" ||
            lower == "br" || lower == "fr" || lower == "rf") {
          pos_ = end;
          return parseStrings(lower);
        }
      }
      pos_ = end;
      if (word == "True") return ConfigValue{true};
      if (word == "False") return ConfigValue{false};
      if (word == "None") return ConfigValue{};
      throw NotLiteral{"name '" + word + "' is not a literal"};
    }
    throw NotLiteral{std::string("unexpected '") + c + "'"};
  }

  ConfigValue parseSequence(char close) {
    const bool isTuple = close == ')';
    ++pos_;
    ++depth_;
    ConfigValue::List items;
    bool sawComma = false;
    skipSpace();
    while (peek() != close) {
      if (atEnd()) throw NotLiteral{std::string("missing '") + close + "'"};
      items.push_back(parseAtomWithSign());
      skipSpace();
      if (peek() == ',') {
        ++pos_;
        sawComma = true;
        skipSpace();
      } else if (peek() != close) {
        if (atEnd()) throw NotLiteral{std::string("missing '") + close + "'"};
        throw NotLiteral{std::string("expected ',' or '") + close + "'"};
      }
    }
    ++pos_;
    --depth_;
    // `(x)` is x itself; `(x,)` and `()` are tuples.
    if (isTuple && items.size() == 1 && !sawComma) return items[0];
    return ConfigValue{items};
  }

  ConfigValue parseBraces() {
    // Dicts and sets are literals, but a config value cannot hold them; still check syntax so
    // that a malformed `{` text stays a string as in Python.
    ++pos_;
    ++depth_;
    bool isDict = false, isSet = false;
    skipSpace();
    while (peek() != '}') {
      if (atEnd()) throw NotLiteral{"missing '}'"};
      parseAtomWithSign();
      skipSpace();
      if (peek() == ':') {
        if (isSet) throw NotLiteral{"mixed dict and set"};
        isDict = true;
        ++pos_;
        parseAtomWithSign();
        skipSpace();
      } else {
        if (isDict) throw NotLiteral{"expected ':'"};
        isSet = true;
      }
      if (peek() == ',') {
        ++pos_;
        skipSpace();
      } else if (peek() != '}') {
        throw NotLiteral{"expected ',' or '}'"};
      }
    }
    ++pos_;
    --depth_;
    throw Unsupported{isSet ? "a set literal" : "a dict literal (write a YAML mapping instead)"};
  }

  ConfigValue parseNumber() {
    const size_t start = pos_;
    bool isFloat = false;
    std::string clean;
    auto digitsRun = [&](auto isDigit) {
      // Digits with single underscores between them.
      if (atEnd() || !isDigit(s_[pos_])) throw NotLiteral{"malformed number"};
      while (!atEnd()) {
        if (isDigit(s_[pos_])) {
          clean += s_[pos_++];
        } else if (s_[pos_] == '_' && pos_ + 1 < s_.size() && isDigit(s_[pos_ + 1])) {
          ++pos_;
        } else {
          break;
        }
      }
    };
    auto dec = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
    if (peek() == '0' && pos_ + 1 < s_.size() && std::strchr("xXoObB", s_[pos_ + 1]) != nullptr &&
        s_[pos_ + 1] != '\0') {
      const char kind = static_cast<char>(std::tolower(static_cast<unsigned char>(s_[pos_ + 1])));
      pos_ += 2;
      if (peek() == '_') ++pos_;
      int base = 16;
      if (kind == 'x') {
        digitsRun([](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
      } else if (kind == 'o') {
        base = 8;
        digitsRun([](char c) { return c >= '0' && c <= '7'; });
      } else {
        base = 2;
        digitsRun([](char c) { return c == '0' || c == '1'; });
      }
      if (!atEnd() && isIdentChar(peek())) throw NotLiteral{"malformed number"};
      return makeInt(clean, base);
    }
    if (peek() != '.') digitsRun(dec);
    const std::string intDigits = clean;
    if (peek() == '.') {
      isFloat = true;
      clean += s_[pos_++];
      if (!atEnd() && dec(peek())) digitsRun(dec);
    }
    if (peek() == 'e' || peek() == 'E') {
      isFloat = true;
      clean += s_[pos_++];
      if (peek() == '+' || peek() == '-') clean += s_[pos_++];
      digitsRun(dec);
    }
    if (peek() == 'j' || peek() == 'J') {
      ++pos_;
      throw Unsupported{"a complex number"};
    }
    if (!atEnd() && (isIdentChar(peek()) || peek() == '.'))
      throw NotLiteral{"malformed number '" + s_.substr(start, pos_ - start + 1) + "'"};
    if (isFloat) {
      errno = 0;
      const double d = std::strtod(clean.c_str(), nullptr);
      return ConfigValue{d};
    }
    // Python rejects leading zeros in decimal ints ("010"), except all-zero ones ("00").
    if (intDigits.size() > 1 && intDigits[0] == '0' &&
        intDigits.find_first_not_of('0') != std::string::npos)
      throw NotLiteral{"leading zeros in a decimal integer"};
    return makeInt(clean, 10);
  }

  static ConfigValue makeInt(const std::string& digits, int base) {
    errno = 0;
    const unsigned long long v = std::strtoull(digits.c_str(), nullptr, base);
    if (errno == ERANGE ||
        v > static_cast<unsigned long long>(std::numeric_limits<std::int64_t>::max()))
      throw Unsupported{"an integer too large for 64 bits"};
    return ConfigValue{static_cast<std::int64_t>(v)};
  }

  // One or more adjacent string literals, concatenated as Python does.
  ConfigValue parseStrings(std::string prefix) {
    std::string out;
    bool first = true;
    while (true) {
      if (!first) {
        skipSpace();
        prefix.clear();
        if (isIdentStart(peek())) {
          size_t end = pos_;
          while (end < s_.size() && isIdentChar(s_[end])) ++end;
          if (end < s_.size() && (s_[end] == '\'' || s_[end] == '"') && end - pos_ <= 2) {
            for (size_t i = pos_; i < end; ++i)
              prefix += static_cast<char>(std::tolower(static_cast<unsigned char>(s_[i])));
            pos_ = end;
          } else {
            break;
          }
        } else if (peek() != '\'' && peek() != '"') {
          break;
        }
      }
      first = false;
      if (prefix.find('f') != std::string::npos) throw NotLiteral{"f-strings are not literals"};
      if (prefix.find('b') != std::string::npos) throw Unsupported{"a bytes literal"};
      out += parseOneString(prefix.find('r') != std::string::npos);
    }
    return ConfigValue{out};
  }

  std::string parseOneString(bool raw) {
    const char q = s_[pos_];
    const bool triple = pos_ + 2 < s_.size() && s_[pos_ + 1] == q && s_[pos_ + 2] == q;
    pos_ += triple ? 3 : 1;
    std::string out;
    while (true) {
      if (atEnd()) throw NotLiteral{"unterminated string"};
      const char c = s_[pos_];
      if (c == q) {
        if (!triple) {
          ++pos_;
          return out;
        }
        if (pos_ + 2 < s_.size() + 0 && s_[pos_ + 1] == q && s_[pos_ + 2] == q) {
          pos_ += 3;
          return out;
        }
      }
      if (c == '\n' && !triple) throw NotLiteral{"unterminated string"};
      if (c == '\\') {
        if (pos_ + 1 >= s_.size()) throw NotLiteral{"unterminated string"};
        const char e = s_[pos_ + 1];
        if (raw) {
          out += c;
          out += e;
          pos_ += 2;
          continue;
        }
        pos_ += 2;
        switch (e) {
          case '\n':
            break;
          case '\\':
          case '\'':
          case '"':
            out += e;
            break;
          case 'n':
            out += '\n';
            break;
          case 't':
            out += '\t';
            break;
          case 'r':
            out += '\r';
            break;
          case 'a':
            out += '\a';
            break;
          case 'b':
            out += '\b';
            break;
          case 'f':
            out += '\f';
            break;
          case 'v':
            out += '\v';
            break;
          case 'x':
          case 'u':
          case 'U': {
            const size_t n = e == 'x' ? 2 : (e == 'u' ? 4 : 8);
            if (pos_ + n > s_.size())
              throw NotLiteral{"truncated \\" + std::string(1, e) + " escape"};
            const std::string hex = s_.substr(pos_, n);
            for (char h : hex)
              if (!std::isxdigit(static_cast<unsigned char>(h)))
                throw NotLiteral{"truncated \\" + std::string(1, e) + " escape"};
            appendUtf8(out, std::strtoul(hex.c_str(), nullptr, 16));
            pos_ += n;
            break;
          }
          default:
            if (e >= '0' && e <= '7') {
              unsigned long v = static_cast<unsigned long>(e - '0');
              for (int k = 0; k < 2 && pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '7'; ++k)
                v = v * 8 + static_cast<unsigned long>(s_[pos_++] - '0');
              appendUtf8(out, v);
            } else {
              out += '\\';  // unknown escapes keep their backslash in Python
              out += e;
            }
        }
        continue;
      }
      out += c;
      ++pos_;
    }
  }

  const std::string& s_;
  size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace

LiteralResult decodePythonLiteral(const std::string& text) {
  LiteralResult result;
  try {
    Parser parser(text);
    result.value = parser.parseTop();
    result.kind = LiteralResult::Kind::Value;
  } catch (const NotLiteral& e) {
    result.kind = LiteralResult::Kind::NotLiteral;
    result.reason = e.reason;
  } catch (const Unsupported& e) {
    result.kind = LiteralResult::Kind::Unsupported;
    result.reason = e.reason;
  }
  return result;
}

}  // namespace posescope
