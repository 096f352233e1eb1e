#pragma once
// Numbers as text: for files people read and programs parse back, and for people alone.

#include <string>

namespace posescope {

/// `value` with the fewest digits that read back as the same double ("49.31675", not
/// "49.316750000000006"; "0.30000000000000004" only where it is that double); "nan", "inf",
/// "-inf" for those. Never fails.
std::string shortestRoundTrip(double value);

/// A large count (parameters, multiply-adds) as people read it: two decimals and a k / M / G
/// prefix from a thousand on ("12.35 k", "1.23 M", "5.40 G"), whole below ("999"); `unit` follows
/// the prefix ("1.20 GMac", "999 Mac"). The one such format of the pages, the comparison and the
/// model summary. Never fails.
std::string countText(double value, const std::string& unit = {});

/// `value` with `decimals` digits after the point, as printf's "%.*f" writes it ("0.453"), with
/// its sign always when `sign` ("+0.00067", "-0.012"). Never fails.
std::string fixedText(double value, int decimals, bool sign = false);

}  // namespace posescope
