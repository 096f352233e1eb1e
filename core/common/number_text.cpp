#include "common/number_text.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace posescope {

std::string shortestRoundTrip(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

std::string countText(double value, const std::string& unit) {
  const double magnitude = std::fabs(value);
  char buffer[64];
  if (magnitude >= 1e9)
    std::snprintf(buffer, sizeof buffer, "%.2f G", value / 1e9);
  else if (magnitude >= 1e6)
    std::snprintf(buffer, sizeof buffer, "%.2f M", value / 1e6);
  else if (magnitude >= 1e3)
    std::snprintf(buffer, sizeof buffer, "%.2f k", value / 1e3);
  else
    std::snprintf(buffer, sizeof buffer, unit.empty() ? "%.0f" : "%.0f ", value);
  return buffer + unit;
}

std::string fixedText(double value, int decimals, bool sign) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, sign ? "%+.*f" : "%.*f", decimals, value);
  return buffer;
}

}  // namespace posescope
