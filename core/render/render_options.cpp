#include "render/render_options.h"

#include <algorithm>
#include <cctype>

#include "common/errors.h"
#include "common/strings.h"

namespace posescope {

namespace {

void checkUnit(double value, const char* field) {
  if (!(value >= 0 && value <= 1))
    throw ConfigError(std::string("render option ") + field + " must be between 0 and 1, not " +
                      std::to_string(value));
}

}  // namespace

void RenderOptions::validate() const {
  checkUnit(skeletonOpacity, "skeletonOpacity");
  checkUnit(heatmapOpacity, "heatmapOpacity");
  checkUnit(tagOpacity, "tagOpacity");
  checkUnit(matchThreshold, "matchThreshold");
  if (!(jointThreshold >= 0)) throw ConfigError("render option jointThreshold must be >= 0");
  if (!(tagMaskThreshold >= 0)) throw ConfigError("render option tagMaskThreshold must be >= 0");
  if (jointRadius < 0) throw ConfigError("render option jointRadius must be >= 0");
  if (lineWidth < 0) throw ConfigError("render option lineWidth must be >= 0");
  if (heatmapJoint < -1) throw ConfigError("render option heatmapJoint must be -1 or a joint");
  if (!(minPersonScore >= 0)) throw ConfigError("render option minPersonScore must be >= 0");
  if (maxPeople < 0) throw ConfigError("render option maxPeople must be >= 0");
  if (!(outputScale >= 0.05 && outputScale <= 16))
    throw ConfigError("render option outputScale must be in [0.05, 16]");
}

Colormap colormapFromName(const std::string& name) {
  if (name == "jet") return Colormap::Jet;
  if (name == "inferno") return Colormap::Inferno;
  if (name == "viridis") return Colormap::Viridis;
  if (name == "turbo") return Colormap::Turbo;
  throw ConfigError("unknown colormap '" + name + "' (expected jet, inferno, viridis or turbo)");
}

const char* overlayLayerName(OverlayLayer layer) {
  switch (layer) {
    case OverlayLayer::Predictions:
      return "predictions";
    case OverlayLayer::GroundTruth:
      return "gt";
    case OverlayLayer::Crowd:
      return "crowd";
    case OverlayLayer::Matches:
      return "matches";
    case OverlayLayer::Heatmap:
      return "heatmap";
    case OverlayLayer::Tags:
      return "tags";
    case OverlayLayer::NetworkResolution:
      return "network";
    case OverlayLayer::Errors:
      return "errors";
  }
  return "";
}

std::optional<OverlayLayer> overlayLayerFromName(const std::string& name) {
  std::string key = trim(name);
  std::transform(key.begin(), key.end(), key.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (OverlayLayer layer : kOverlayLayers)
    if (key == overlayLayerName(layer)) return layer;
  return std::nullopt;
}

bool showsLayer(const RenderOptions& options, OverlayLayer layer) {
  switch (layer) {
    case OverlayLayer::Predictions:
      return options.showPredictions;
    case OverlayLayer::GroundTruth:
      return options.showGroundTruth;
    case OverlayLayer::Crowd:
      return options.showCrowd;
    case OverlayLayer::Matches:
      return options.showMatches;
    case OverlayLayer::Heatmap:
      return options.showHeatmap;
    case OverlayLayer::Tags:
      return options.showTags;
    case OverlayLayer::NetworkResolution:
      return !options.projectMaps;
    case OverlayLayer::Errors:
      return options.showErrors;
  }
  return false;
}

void setLayerShown(RenderOptions& options, OverlayLayer layer, bool shown) {
  switch (layer) {
    case OverlayLayer::Predictions:
      options.showPredictions = shown;
      break;
    case OverlayLayer::GroundTruth:
      options.showGroundTruth = shown;
      break;
    case OverlayLayer::Crowd:
      options.showCrowd = shown;
      break;
    case OverlayLayer::Matches:
      options.showMatches = shown;
      break;
    case OverlayLayer::Heatmap:
      options.showHeatmap = shown;
      break;
    case OverlayLayer::Tags:
      options.showTags = shown;
      break;
    case OverlayLayer::NetworkResolution:
      options.projectMaps = !shown;
      break;
    case OverlayLayer::Errors:
      options.showErrors = shown;
      break;
  }
}

std::vector<std::string> showOnlyLayers(RenderOptions& options, const std::string& list) {
  std::vector<std::string> unknown;
  std::vector<OverlayLayer> named;
  for (const std::string& name : split(list, ',')) {
    if (trim(name).empty()) continue;
    if (const auto layer = overlayLayerFromName(name))
      named.push_back(*layer);
    else
      unknown.push_back(trim(name));
  }
  for (OverlayLayer layer : kOverlayLayers)
    setLayerShown(options, layer, std::find(named.begin(), named.end(), layer) != named.end());
  return unknown;
}

}  // namespace posescope
