#pragma once
// What an overlay was drawn with, said in words: its layers and the display filters that are not
// their defaults, for an exported overlay's header and its PNG's metadata, and for the GUI's
// banner over a filtered canvas. One wording for the GUI, the CLI and the report.

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "render/overlay_scene.h"
#include "render/render_options.h"

namespace posescope {

/// The layers `options` shows, as --layers takes them: "predictions,gt,crowd,matches" ("none"
/// when none is). Never fails.
std::string overlayLayersText(const RenderOptions& options);

/// Whether any display filter differs from its default: a score floor (minPersonScore), a top N
/// (maxPeople), another joint threshold (jointThreshold) or match OKS threshold. Never fails.
bool hasDisplayFilters(const RenderOptions& options);

/// The display filters that differ from their defaults, in ASCII (OpenCV's fonts have no
/// "≥"): "score >= 0.30, top 3, joints >= 0.20, matches at OKS 0.75"; "" when none does.
/// Never fails.
std::string displayFiltersText(const RenderOptions& options);

/// Sets every display filter back to its default (RenderOptions{}'s). Never fails.
void resetDisplayFilters(RenderOptions& options);

/// How many of a scene's predicted people the display filters keep off the picture.
struct HiddenPredictions {
  std::size_t hidden = 0;
  std::size_t total = 0;
};

/// The predicted people of `scene` that `options`' score floor and top N hide (shownPeople).
/// Never fails.
HiddenPredictions hiddenPredictions(const OverlayScene& scene, const RenderOptions& options);

/// One line saying how an overlay of `scene` was drawn: "layers: predictions, gt, crowd, matches
/// | no display filters", or "... | score >= 0.30: 5 of 5 predictions hidden". Never fails.
std::string overlayDrawnWithText(const OverlayScene& scene, const RenderOptions& options);

/// The text an exported overlay's PNG carries (tEXt chunks; QImage::text reads them):
/// "posescope:layers" (overlayLayersText), "posescope:filters" (displayFiltersText, "none" when
/// empty) and "posescope:hidden" ("5 of 5 predictions"). Never fails.
std::vector<std::pair<std::string, std::string>> overlayPngText(const OverlayScene& scene,
                                                                const RenderOptions& options);

}  // namespace posescope
