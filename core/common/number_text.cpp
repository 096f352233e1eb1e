#include "common/number_text.h"

#include <charconv>
#include <cmath>

namespace posescope {

std::string shortestRoundTrip(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

}  // namespace posescope
