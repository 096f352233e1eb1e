#pragma once
// Numbers as text for files people read and programs parse back.

#include <string>

namespace posescope {

/// `value` with the fewest digits that read back as the same double ("49.31675", not
/// "49.316750000000006"; "0.30000000000000004" only where it is that double); "nan", "inf",
/// "-inf" for those. Never fails.
std::string shortestRoundTrip(double value);

}  // namespace posescope
