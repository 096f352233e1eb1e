#pragma once
// A folder of overlay PNGs, one per record: the loop `posescope-cli export --what overlays` and
// the GUI's overlay export share.

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/cancellation.h"
#include "pipeline/image_maps.h"
#include "pipeline/image_record.h"
#include "render/overlay_scene.h"
#include "render/render_options.h"

namespace posescope {

/// The PNG name of `record`'s overlay: its file's stem, or its image id without a file, + ".png".
std::string overlayFileName(const ImageRecord& record);

/// Where an overlay's inputs come from, per record.
struct OverlaySources {
  /// The image file; throws DatasetError when the record's image is not known.
  std::function<std::string(const ImageRecord&)> imagePath;
  /// What to draw over it (people, ground truth, matches).
  std::function<OverlayScene(const ImageRecord&)> scene;
  /// The recomputed maps; empty function: no maps (then no heatmap, tag or network layer).
  std::function<ImageMaps(const ImageRecord&)> maps;
  /// Set: each overlay is framed for reading on its own (frameForExport: drawn at least 768 px
  /// wide, this title and its layers and filters above, a scale bar and a legend below); empty:
  /// the overlay at image size.
  std::function<std::string(const ImageRecord&)> title;
};

/// What an overlay export did.
struct OverlayExportResult {
  std::size_t written = 0;
  std::size_t skipped = 0;  // images that could not be read (listed in errors)
  bool cancelled = false;
  std::vector<std::string> errors;
};

/// Draws the overlay of each of `records` (renderOverlay with `options`) and writes it atomically
/// as outDir/overlayFileName (outDir is created), the PNG's text saying what it was drawn with
/// (overlayPngText: layers, display filters, predictions hidden), calling `progress(done, total)`
/// after each image and stopping between images once `cancel` is set. An image that cannot be read
/// (DatasetError) is skipped and listed; other errors (Error, ConfigError) end the export by
/// throwing, as does an outDir that cannot be created.
OverlayExportResult exportOverlays(const std::vector<const ImageRecord*>& records,
                                   const OverlaySources& sources, const RenderOptions& options,
                                   const std::string& outDir, const CancellationToken& cancel,
                                   const std::function<void(std::size_t, std::size_t)>& progress);

}  // namespace posescope
