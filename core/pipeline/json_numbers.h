#pragma once
// Numbers from JSON files that other people hand us (run folders), converted without undefined
// behaviour: nlohmann's get<int>() of a float outside the integer's range, or get<float>() of a
// double beyond float's, is undefined (found by fuzz_run_folder).

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include <nlohmann/json.hpp>

#include "common/errors.h"

namespace posescope {

/// `v` as Int when it is a JSON integer that fits; throws Error naming `what` otherwise.
template <class Int>
Int jsonInteger(const nlohmann::json& v, const std::string& what) {
  using Limits = std::numeric_limits<Int>;
  if (v.is_number_unsigned()) {
    const std::uint64_t u = v.get<std::uint64_t>();
    if (u <= static_cast<std::uint64_t>(Limits::max())) return static_cast<Int>(u);
  } else if (v.is_number_integer()) {
    const std::int64_t s = v.get<std::int64_t>();
    const bool fits =
        s >= 0 ? static_cast<std::uint64_t>(s) <= static_cast<std::uint64_t>(Limits::max())
               : Limits::is_signed && s >= static_cast<std::int64_t>(Limits::min());
    if (fits) return static_cast<Int>(s);
  } else {
    throw Error(what + " must be an integer, got " + v.dump());
  }
  throw Error(what + " is out of range: " + v.dump());
}

/// `j[key]` as Int, `fallback` when absent; throws like jsonInteger.
template <class Int>
Int jsonInteger(const nlohmann::json& j, const char* key, Int fallback, const std::string& where) {
  const auto it = j.find(key);
  return it == j.end() ? fallback : jsonInteger<Int>(*it, where + ": " + key);
}

/// `v` as a float when it is a number within float's range; throws Error naming `what` otherwise.
inline float jsonFloat(const nlohmann::json& v, const std::string& what) {
  if (!v.is_number()) throw Error(what + " must be a number, got " + v.dump());
  const double d = v.get<double>();
  if (!(std::fabs(d) <= std::numeric_limits<float>::max()))
    throw Error(what + " is out of range: " + v.dump());
  return static_cast<float>(d);
}

}  // namespace posescope
