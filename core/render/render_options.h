#pragma once
// What an overlay shows and how: layer toggles, sizes, colormap, opacities.

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace posescope {

/// Colormaps for the heatmap layer (OpenCV's, output converted to RGB).
enum class Colormap { Jet, Inferno, Viridis, Turbo };

/// With heatmapValueAsAlpha, the share of the heatmap scale from which the heatmap is drawn at
/// its full opacity.
inline constexpr double kHeatmapOpaqueFrom = 0.5;

/// Layer toggles and styles of an overlay; a plain value the GUI and the CLI share.
struct RenderOptions {
  bool showPredictions = true;
  bool showGroundTruth = true;
  bool showCrowd = true;  // crowd regions of the ground truth (hatched boxes)
  bool showMatches = true;
  bool showHeatmap = false;  // needs ImageMaps
  bool showTags = false;     // needs ImageMaps
  /// Each predicted joint in the colour of its error label (OverlayScene::jointErrors).
  bool showErrors = false;

  /// Predicted joints scoring below this are hidden, with their limbs.
  double jointThreshold = 0.1;
  /// Joint radius grows with the score (radius * (0.5 + 0.5 * score)).
  bool scoreAsSize = true;
  /// Joint and limb opacity grows with the score (opacity * (0.3 + 0.7 * score)).
  bool scoreAsOpacity = true;
  int jointRadius = 0;  // pixels; 0: from the image size (max(2, round(max(w, h) / 160)))
  int lineWidth = 0;    // pixels; 0: from the image size (max(1, round(max(w, h) / 320)))
  double skeletonOpacity = 1.0;

  /// OKS threshold whose matches the match layer shows (the nearest evaluated one).
  double matchThreshold = 0.5;
  bool showMatchText = true;
  /// With the match layer: predictions matched to no one at matchThreshold are crossed out and
  /// ground-truth people no prediction matched get a dashed red circle.
  bool markUnmatched = true;

  /// Display only (metrics keep every person): predicted people scoring below this are not
  /// drawn, nor are their matches.
  double minPersonScore = 0.0;
  /// Display only: at most this many predicted people are drawn, the highest-scoring first; 0
  /// draws all.
  int maxPeople = 0;

  /// Output pixels per image pixel: > 1 draws a larger picture with crisper strokes and text
  /// (exports of small images, zoomed views). Sizes left at 0 grow with it.
  double outputScale = 1.0;

  int heatmapJoint = -1;  // joint index, or -1 for the maximum over joints
  Colormap colormap = Colormap::Jet;
  /// Opacity of the heatmap where it is opaque (see heatmapValueAsAlpha).
  double heatmapOpacity = 0.45;
  /// The heatmap's opacity grows with the value: 0 is transparent (the image shows through),
  /// values from kHeatmapOpaqueFrom of the scale up get heatmapOpacity. false: one opacity over
  /// the whole map (the reference's look, where the colormap's zero covers the image).
  bool heatmapValueAsAlpha = true;
  /// Heatmap values are clamped to [0, 1] (as the reference draws them); true scales by the
  /// displayed map's maximum instead.
  bool normalizeHeatmap = false;
  /// Maps projected onto the image (full image resolution); false draws everything at network
  /// resolution (the image warped into map space).
  bool projectMaps = true;

  double tagOpacity = 0.7;
  /// Tag pixels whose heatmap value is below this are not drawn.
  double tagMaskThreshold = 0.1;

  /// Throws ConfigError naming the field when a value is out of range (opacities and
  /// thresholds outside [0, 1], negative sizes).
  void validate() const;
};

/// The layers of an overlay a user can name (the CLI's --layers, the GUI's --layers and
/// toggles). NetworkResolution is not drawn: it draws everything at the network's resolution.
enum class OverlayLayer {
  Predictions,
  GroundTruth,
  Crowd,
  Matches,
  Heatmap,
  Tags,
  NetworkResolution,
  Errors
};

/// Every layer, in the order the GUI's toolbar shows them.
inline constexpr std::array<OverlayLayer, 8> kOverlayLayers = {
    OverlayLayer::Predictions, OverlayLayer::GroundTruth,      OverlayLayer::Crowd,
    OverlayLayer::Matches,     OverlayLayer::Errors,           OverlayLayer::Heatmap,
    OverlayLayer::Tags,        OverlayLayer::NetworkResolution};

/// The name of `layer` in layer lists: predictions, gt, crowd, matches, errors, heatmap, tags,
/// network.
const char* overlayLayerName(OverlayLayer layer);
/// The layer named `name` (surrounding spaces and case ignored), or nullopt.
std::optional<OverlayLayer> overlayLayerFromName(const std::string& name);
/// Whether `options` shows `layer` (NetworkResolution: maps are not projected onto the image).
bool showsLayer(const RenderOptions& options, OverlayLayer layer);
/// Shows or hides `layer` in `options`.
void setLayerShown(RenderOptions& options, OverlayLayer layer, bool shown);
/// Shows exactly the layers named in the comma-separated `list` (names as overlayLayerName);
/// returns the names it does not know, which change nothing. Never throws.
std::vector<std::string> showOnlyLayers(RenderOptions& options, const std::string& list);

/// "jet", "inferno", "viridis", "turbo" to a colormap; throws ConfigError naming the value.
Colormap colormapFromName(const std::string& name);

}  // namespace posescope
