#include "render/overlay_export.h"

#include <filesystem>

#include "common/errors.h"
#include "render/export_frame.h"
#include "render/overlay_drawn_with.h"
#include "render/overlay_renderer.h"
#include "render/png_text.h"

namespace posescope {

std::string overlayFileName(const ImageRecord& record) {
  const std::string stem = record.file.empty() ? std::to_string(record.imageId)
                                               : std::filesystem::path(record.file).stem().string();
  return stem + ".png";
}

OverlayExportResult exportOverlays(const std::vector<const ImageRecord*>& records,
                                   const OverlaySources& sources, const RenderOptions& options,
                                   const std::string& outDir, const CancellationToken& cancel,
                                   const std::function<void(std::size_t, std::size_t)>& progress) {
  std::error_code ec;
  std::filesystem::create_directories(outDir, ec);
  if (ec || !std::filesystem::is_directory(outDir))
    throw Error("cannot create the overlay folder '" + outDir + "': " + ec.message());
  OverlayExportResult result;
  std::size_t done = 0;
  for (const ImageRecord* record : records) {
    if (cancel.isCancelled()) {
      result.cancelled = true;
      break;
    }
    try {
      const cv::Mat image = readImageRgb(sources.imagePath(*record));
      std::optional<ImageMaps> maps;
      if (sources.maps) maps = sources.maps(*record);
      RenderOptions drawn = options;
      if (sources.title) drawn.outputScale = options.outputScale * exportScaleFor(image.size());
      const OverlayScene scene = sources.scene(*record);
      cv::Mat overlay = renderOverlay(image, scene, drawn, maps ? &*maps : nullptr);
      if (sources.title)
        overlay = frameForExport(overlay, drawn.outputScale, sources.title(*record), scene, drawn);
      // The file says what it was drawn with, framed or not.
      writePngRgbWithText(overlay,
                          (std::filesystem::path(outDir) / overlayFileName(*record)).string(),
                          overlayPngText(scene, drawn));
      ++result.written;
    } catch (const DatasetError& e) {
      // A missing or unreadable image skips that image, as a failed record does in a run.
      ++result.skipped;
      result.errors.emplace_back(e.what());
    }
    ++done;
    if (progress) progress(done, records.size());
  }
  return result;
}

}  // namespace posescope
