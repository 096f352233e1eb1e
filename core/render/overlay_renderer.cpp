#include "render/overlay_renderer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "common/errors.h"
#include "data/image_prefetcher.h"
#include "render/map_layers.h"
#include "render/skeleton_layers.h"

namespace posescope {

cv::Mat renderOverlay(const cv::Mat& rgb, const OverlayScene& scene, const RenderOptions& options,
                      const ImageMaps* maps) {
  options.validate();
  if (rgb.empty() || rgb.type() != CV_8UC3) throw Error("overlay image must be 8-bit RGB");
  if ((options.showHeatmap || options.showTags || !options.projectMaps) && !maps)
    throw Error("the heatmap and tag layers and network resolution need the image's maps");
  Canvas canvas;
  const double k = options.outputScale;
  if (options.projectMaps && k == 1.0) {
    canvas.rgb = rgb.clone();
  } else if (options.projectMaps) {
    canvas.fromImage = cv::Matx23d(k, 0, 0, 0, k, 0);
    cv::resize(rgb, canvas.rgb,
               cv::Size(std::max(1, static_cast<int>(std::lround(rgb.cols * k))),
                        std::max(1, static_cast<int>(std::lround(rgb.rows * k)))),
               0, 0, k > 1 ? cv::INTER_CUBIC : cv::INTER_AREA);
  } else {
    const auto& a = maps->mapToImage;
    cv::Matx23d toImage(a[0], a[1], a[2], a[3], a[4], a[5]);
    cv::Mat inverse;
    cv::invertAffineTransform(cv::Mat(toImage), inverse);
    inverse *= k;  // map pixels times the output scale
    canvas.fromImage = cv::Matx23d(inverse);
    if (maps->width <= 0 || maps->height <= 0) throw Error("the image's maps are empty");
    cv::warpAffine(rgb, canvas.rgb, inverse,
                   cv::Size(std::max(1, static_cast<int>(std::lround(maps->width * k))),
                            std::max(1, static_cast<int>(std::lround(maps->height * k)))),
                   cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(0, 0, 0));
  }
  if (options.showHeatmap) drawHeatmapLayer(canvas, *maps, options);
  if (options.showTags) drawTagLayer(canvas, *maps, scene.predictions, options);
  const StrokeSizes sizes = strokeSizesFor(options, canvas.rgb.size());
  if (options.showCrowd) drawCrowdRegions(canvas, scene, sizes);
  if (options.showGroundTruth) drawGroundTruth(canvas, scene, sizes);
  if (options.showMatches) drawMatches(canvas, scene, options, sizes);
  if (options.showMatches && options.markUnmatched)
    drawUnmatchedMarks(canvas, scene, options, sizes);
  if (options.showPredictions) drawPredictions(canvas, scene, options, sizes);
  return canvas.rgb;
}

cv::Mat readImageRgb(const std::string& path) {
  DecodedImage decoded = decodeImage(path);
  if (!decoded.error.empty()) throw DatasetError(decoded.error);
  return decoded.rgb;
}

void writePngRgb(const cv::Mat& rgb, const std::string& path) {
  cv::Mat bgr;
  cv::cvtColor(rgb, bgr, cv::COLOR_RGB2BGR);
  const std::string temp = path + ".tmp.png";
  bool ok = false;
  try {
    ok = cv::imwrite(temp, bgr);
  } catch (const cv::Exception& e) {
    std::remove(temp.c_str());
    throw Error("cannot write '" + path + "': " + e.what());
  }
  std::error_code ec;
  if (ok) std::filesystem::rename(temp, path, ec);
  if (!ok || ec) {
    std::remove(temp.c_str());
    throw Error("cannot write '" + path + "'" + (ec ? ": " + ec.message() : std::string()));
  }
}

}  // namespace posescope
