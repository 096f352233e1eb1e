#pragma once
// Large counts (parameters, multiply-adds) as the pages and the comparison show them.

#include <QString>
#include <cstdint>

namespace posescope {

/// `n` with a K / M / G suffix ("1.25 M"); plain digits below 1000. Never fails.
QString formatCount(std::int64_t n);

}  // namespace posescope
