#pragma once
// Large counts (parameters, multiply-adds) as QString for the pages and the comparison: core's
// one format (common/number_text.h), so the GUI, the CLI and the model summary read alike.

#include <QString>

#include "common/number_text.h"

namespace posescope {

/// countText(value) as a QString: "12.35 k", "1.25 M", "5.40 G"; plain digits below 1000.
inline QString formatCount(double value) {
  return QString::fromStdString(countText(value));
}

}  // namespace posescope
