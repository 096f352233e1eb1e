#pragma once
// Raster layers of an overlay: heatmaps and associative-embedding tag maps, projected from
// network resolution onto the canvas.

#include <utility>
#include <vector>

#include <opencv2/core.hpp>

#include "pipeline/image_maps.h"
#include "render/canvas.h"
#include "render/render_options.h"

namespace posescope {

/// The heatmap plane shown: joint `joint`, or the maximum over joints for -1, as CV_32F H x W.
/// Throws Error when `maps` is inconsistent (heatmaps not joints x height x width) or `joint` is
/// out of range.
cv::Mat heatmapPlane(const ImageMaps& maps, int joint);

/// Heatmap values to RGB (CV_8UC3): value clamped to [0, 1] (divided by `scale` first), colour
/// index round(value * 255) of the colormap. Never fails for CV_32F input.
cv::Mat colorizeHeatmap(const cv::Mat& values, Colormap colormap, double scale = 1.0);

/// The colormap's RGB colour for a value in [0, 1] (clamped), as colorizeHeatmap gives it.
cv::Vec3b colormapColor(Colormap colormap, double value);

/// The affine from map pixels to canvas pixels (canvas.fromImage after maps.mapToImage).
cv::Matx23d mapToCanvas(const Canvas& canvas, const ImageMaps& maps);

/// Blends the heatmap layer (options.heatmapJoint, colormap, opacity, normalisation) into the
/// canvas through the map-to-canvas affine (bilinear; canvas pixels outside the map untouched).
/// Throws Error as heatmapPlane.
void drawHeatmapLayer(Canvas& canvas, const ImageMaps& maps, const RenderOptions& options);

/// The colour of a normalised tag value (hue 0..300 degrees for 0..1, full saturation and value).
cv::Vec3b tagColor(double normalized);

/// The tag range used for colouring: min and max tag of `people`'s joints scoring >=
/// `jointThreshold`; when those span nothing, of the map pixels whose heatmap is >=
/// `maskThreshold` (tags of copy 0 of the strongest joint); else (t - 0.5, t + 0.5).
std::pair<double, double> tagRange(const ImageMaps& maps,
                                   const std::vector<PersonPrediction>& people,
                                   double jointThreshold, double maskThreshold);

/// Blends the tag layer: per map pixel the tag (copy 0) of the shown joint (options.heatmapJoint,
/// or the joint with the strongest heatmap), coloured by tagColor over tagRange, opacity
/// options.tagOpacity times the heatmap value (clamped to [0, 1]), hidden where the heatmap is
/// below options.tagMaskThreshold. Throws Error when the tag maps are inconsistent.
void drawTagLayer(Canvas& canvas, const ImageMaps& maps,
                  const std::vector<PersonPrediction>& people, const RenderOptions& options);

}  // namespace posescope
