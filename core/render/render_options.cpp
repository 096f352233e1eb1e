#include "render/render_options.h"

#include "common/errors.h"

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
}

Colormap colormapFromName(const std::string& name) {
  if (name == "jet") return Colormap::Jet;
  if (name == "inferno") return Colormap::Inferno;
  if (name == "viridis") return Colormap::Viridis;
  if (name == "turbo") return Colormap::Turbo;
  throw ConfigError("unknown colormap '" + name + "' (expected jet, inferno, viridis or turbo)");
}

}  // namespace posescope
