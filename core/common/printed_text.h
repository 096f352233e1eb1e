#pragma once
// printf's formatting into a std::string, for report lines that mix words and numbers.

#include <cstdio>
#include <string>

namespace posescope {

/// `format` filled with up to five numbers as std::snprintf fills it (every value a double, so
/// the format says %f, %g or %e: "%.0f joints" for a count), cut at 255 characters. Never fails.
inline std::string printedText(const char* format, double a, double b = 0, double c = 0,
                               double d = 0, double e = 0) {
  char text[256];
  std::snprintf(text, sizeof text, format, a, b, c, d, e);
  return text;
}

}  // namespace posescope
