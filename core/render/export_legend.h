#pragma once
// The legend under an exported overlay: each mark its layers draw, in the palette's colours
// (core/render/palette.h, as the GUI's legend), so a PNG or a report page reads on its own.

#include <opencv2/core.hpp>

#include "render/render_options.h"

namespace posescope {

/// A strip `width` pixels wide (the export frame's colour) naming each mark of the layers
/// `options` shows, a sample of the mark before its name: ground truth, predictions, a match, an
/// unmatched prediction and a missed person (matches with markUnmatched), a crowd region, the
/// joint error labels (errors). Entries wrap into as many rows as the width needs; no layer with
/// marks: an empty (0-row) picture. Never fails.
cv::Mat exportLegend(int width, const RenderOptions& options);

}  // namespace posescope
