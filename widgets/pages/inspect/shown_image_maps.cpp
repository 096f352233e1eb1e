#include "widgets/pages/inspect/shown_image_maps.h"

#include "widgets/common/image_canvas.h"
#include "widgets/pages/inspect/joint_grid.h"
#include "widgets/session/inspect_controller.h"
#include "widgets/session/maps_provider.h"

namespace posescope {

namespace {

// Images whose recomputed maps are kept (InspectController's LRU cache).
constexpr std::size_t kCachedImages = 8;

}  // namespace

QString noNetworkNote() {
  return QObject::tr("not available for imported predictions");
}

ShownImageMaps::ShownImageMaps(ImageCanvas* canvas, JointGrid* grid, QObject* parent)
    : QObject(parent),
      canvas_(canvas),
      grid_(grid),
      controller_(new InspectController(kCachedImages, this)) {}

void ShownImageMaps::setRun(std::unique_ptr<MapsProvider> provider, const QStringList& jointNames,
                            bool imported) {
  drawn_ = false;
  note_.clear();
  controller_->setProvider(std::move(provider));
  jointNames_ = jointNames;
  imported_ = imported;
}

bool ShownImageMaps::needed(const RenderOptions& options) const {
  return options.showHeatmap || options.showTags || !options.projectMaps || grid_->isVisible();
}

ImageMapsPtr ShownImageMaps::startImage(std::size_t index, const RenderOptions& options) {
  note_.clear();
  drawn_ = false;
  ImageMapsPtr maps = needed(options) ? controller_->cached(index) : nullptr;
  if (maps)
    noteMaps(maps, options.colormap);
  else
    grid_->setMaps(jointNames_, nullptr, options.colormap);
  return maps;
}

ImageMapsPtr ShownImageMaps::drawn(std::size_t index, const RenderOptions& options) const {
  return drawn_ && needed(options) ? controller_->cached(index) : nullptr;
}

ImageMapsPtr ShownImageMaps::request(std::optional<std::size_t> current,
                                     const RenderOptions& options) {
  if (imported_) {  // no network: nothing to ask for, only say so where maps are wanted
    note_ =
        current && needed(options) ? tr("heatmaps and tags: %1").arg(noNetworkNote()) : QString();
    return nullptr;
  }
  if (!current || !controller_->hasProvider() || !needed(options) || drawn_) return nullptr;
  ImageMapsPtr maps = controller_->request(*current);
  if (!maps) {
    note_ = tr("computing heatmaps and tags\u2026");
    Q_EMIT noteChanged();
  }
  return maps;
}

void ShownImageMaps::show(const ImageMapsPtr& maps, Colormap colormap) {
  canvas_->setMaps(maps);
  noteMaps(maps, colormap);
}

void ShownImageMaps::noteMaps(const ImageMapsPtr& maps, Colormap colormap) {
  drawn_ = true;
  note_.clear();
  if (maps->joints <= 0)
    note_ = maps->record.failed()
                ? tr("no maps: %1").arg(QString::fromStdString(maps->record.error))
                : tr("no maps for this image");
  grid_->setMaps(jointNames_, maps->joints > 0 ? maps : nullptr, colormap);
}

}  // namespace posescope
