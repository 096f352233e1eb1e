#include "render/overlay_drawn_with.h"

#include "common/number_text.h"
#include "render/skeleton_layers.h"

namespace posescope {

namespace {

std::string joined(const std::vector<std::string>& parts, const char* separator) {
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : separator) + part;
  return out;
}

std::vector<std::string> shownLayerNames(const RenderOptions& options) {
  std::vector<std::string> names;
  for (OverlayLayer layer : kOverlayLayers)
    if (showsLayer(options, layer)) names.emplace_back(overlayLayerName(layer));
  return names;
}

}  // namespace

std::string overlayLayersText(const RenderOptions& options) {
  const std::vector<std::string> names = shownLayerNames(options);
  return names.empty() ? "none" : joined(names, ",");
}

bool hasDisplayFilters(const RenderOptions& options) {
  return !displayFiltersText(options).empty();
}

std::string displayFiltersText(const RenderOptions& options) {
  const RenderOptions defaults;
  std::vector<std::string> parts;
  if (options.minPersonScore != defaults.minPersonScore)
    parts.push_back("score >= " + fixedText(options.minPersonScore, 2));
  if (options.maxPeople != defaults.maxPeople)
    parts.push_back("top " + std::to_string(options.maxPeople));
  if (options.jointThreshold != defaults.jointThreshold)
    parts.push_back("joints >= " + fixedText(options.jointThreshold, 2));
  if (options.matchThreshold != defaults.matchThreshold)
    parts.push_back("matches at OKS " + fixedText(options.matchThreshold, 2));
  return joined(parts, ", ");
}

void resetDisplayFilters(RenderOptions& options) {
  const RenderOptions defaults;
  options.minPersonScore = defaults.minPersonScore;
  options.maxPeople = defaults.maxPeople;
  options.jointThreshold = defaults.jointThreshold;
  options.matchThreshold = defaults.matchThreshold;
}

HiddenPredictions hiddenPredictions(const OverlayScene& scene, const RenderOptions& options) {
  HiddenPredictions count;
  for (bool shown : shownPeople(scene, options)) {
    ++count.total;
    if (!shown) ++count.hidden;
  }
  return count;
}

std::string overlayDrawnWithText(const OverlayScene& scene, const RenderOptions& options) {
  const std::vector<std::string> layers = shownLayerNames(options);
  std::string text = "layers: " + (layers.empty() ? std::string("none") : joined(layers, ", "));
  const std::string filters = displayFiltersText(options);
  if (filters.empty()) return text + " | no display filters";
  const HiddenPredictions hidden = hiddenPredictions(scene, options);
  return text + " | " + filters + ": " + std::to_string(hidden.hidden) + " of " +
         std::to_string(hidden.total) + " predictions hidden";
}

std::vector<std::pair<std::string, std::string>> overlayPngText(const OverlayScene& scene,
                                                                const RenderOptions& options) {
  const std::string filters = displayFiltersText(options);
  const HiddenPredictions hidden = hiddenPredictions(scene, options);
  return {{"posescope:layers", overlayLayersText(options)},
          {"posescope:filters", filters.empty() ? "none" : filters},
          {"posescope:hidden",
           std::to_string(hidden.hidden) + " of " + std::to_string(hidden.total) + " predictions"}};
}

}  // namespace posescope
