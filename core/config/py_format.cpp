#include "config/py_format.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "common/strings.h"

namespace posescope {

std::string pythonFloatRepr(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  // Shortest round-trip digits in scientific form: "-d.ddde±x".
  char buf[64];
  const auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  const auto ePos = sci.find('e');
  std::string mantissa = sci.substr(0, ePos);
  const int exponent = std::atoi(sci.c_str() + ePos + 1);
  std::string sign;
  if (!mantissa.empty() && mantissa[0] == '-') {
    sign = "-";
    mantissa.erase(0, 1);
  }
  std::string digits;
  for (char c : mantissa)
    if (c != '.') digits += c;
  // Python's repr switches to exponent notation below 1e-4 and from 1e16 on.
  if (exponent < -4 || exponent >= 16) {
    std::string out = sign + digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    char expBuf[16];
    std::snprintf(expBuf, sizeof expBuf, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    return out + expBuf;
  }
  std::string intPart, fracPart;
  if (exponent < 0) {
    intPart = "0";
    fracPart = std::string(static_cast<size_t>(-exponent - 1), '0') + digits;
  } else if (static_cast<size_t>(exponent) + 1 >= digits.size()) {
    intPart = digits + std::string(static_cast<size_t>(exponent) + 1 - digits.size(), '0');
    fracPart = "0";
  } else {
    intPart = digits.substr(0, static_cast<size_t>(exponent) + 1);
    fracPart = digits.substr(static_cast<size_t>(exponent) + 1);
  }
  return sign + intPart + "." + fracPart;
}

std::string pythonStringRepr(const std::string& text) {
  const bool hasSingle = text.find('\'') != std::string::npos;
  const bool hasDouble = text.find('"') != std::string::npos;
  return backslashQuoted(text, (hasSingle && !hasDouble) ? '"' : '\'');
}

}  // namespace posescope
