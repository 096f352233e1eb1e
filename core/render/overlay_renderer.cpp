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

namespace {

void checkInputs(const cv::Mat& rgb, const RenderOptions& options, const ImageMaps* maps) {
  options.validate();
  if (rgb.empty() || rgb.type() != CV_8UC3) throw Error("overlay image must be 8-bit RGB");
  if ((options.showHeatmap || options.showTags || !options.projectMaps) && !maps)
    throw Error("the heatmap and tag layers and network resolution need the image's maps");
  if (!options.projectMaps && (maps->width <= 0 || maps->height <= 0))
    throw Error("the image's maps are empty");
}

// Image pixels to picture pixels: identity, or into map space at network resolution.
cv::Matx23d imageToPicture(const RenderOptions& options, const ImageMaps* maps) {
  if (options.projectMaps) return cv::Matx23d(1, 0, 0, 0, 1, 0);
  const auto& a = maps->mapToImage;
  cv::Mat inverse;
  cv::invertAffineTransform(cv::Mat(cv::Matx23d(a[0], a[1], a[2], a[3], a[4], a[5])), inverse);
  return cv::Matx23d(inverse);
}

// Layer order: heatmap, tags, crowd regions, ground truth, match lines, predictions, error
// labels, the selected person's box, the matches' OKS labels (nothing covers them).
void drawLayers(Canvas& canvas, const OverlayScene& scene, const RenderOptions& options,
                const ImageMaps* maps, const StrokeSizes& sizes) {
  if (options.showHeatmap) drawHeatmapLayer(canvas, *maps, options);
  if (options.showTags) drawTagLayer(canvas, *maps, scene.predictions, options);
  if (options.showCrowd) drawCrowdRegions(canvas, scene, sizes);
  if (options.showGroundTruth) drawGroundTruth(canvas, scene, sizes);
  if (options.showMatches) drawMatches(canvas, scene, options, sizes, /*labels=*/false);
  if (options.showMatches && options.markUnmatched)
    drawUnmatchedMarks(canvas, scene, options, sizes);
  if (options.showPredictions) drawPredictions(canvas, scene, options, sizes);
  if (options.showErrors) drawJointErrors(canvas, scene, options, sizes);
  if (options.showPredictions || options.showErrors) drawSelection(canvas, scene, options, sizes);
  if (options.showMatches) drawMatches(canvas, scene, options, sizes, /*labels=*/true);
}

}  // namespace

cv::Mat renderOverlay(const cv::Mat& rgb, const OverlayScene& scene, const RenderOptions& options,
                      const ImageMaps* maps) {
  checkInputs(rgb, options, maps);
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
    cv::Mat inverse(imageToPicture(options, maps));
    inverse *= k;  // map pixels times the output scale
    canvas.fromImage = cv::Matx23d(inverse);
    cv::warpAffine(rgb, canvas.rgb, inverse,
                   cv::Size(std::max(1, static_cast<int>(std::lround(maps->width * k))),
                            std::max(1, static_cast<int>(std::lround(maps->height * k)))),
                   cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(0, 0, 0));
  }
  drawLayers(canvas, scene, options, maps, strokeSizesFor(options, canvas.rgb.size()));
  return canvas.rgb;
}

cv::Mat renderOverlayView(const cv::Mat& rgb, const OverlayScene& scene,
                          const RenderOptions& options, const ImageMaps* maps,
                          const cv::Matx23d& pictureToView, cv::Size viewSize) {
  checkInputs(rgb, options, maps);
  if (viewSize.width <= 0 || viewSize.height <= 0) throw Error("the overlay's view is empty");
  const cv::Matx23d& v = pictureToView;
  const cv::Matx23d p = imageToPicture(options, maps);
  const cv::Matx33d toView =
      cv::Matx33d(v(0, 0), v(0, 1), v(0, 2), v(1, 0), v(1, 1), v(1, 2), 0, 0, 1) *
      cv::Matx33d(p(0, 0), p(0, 1), p(0, 2), p(1, 0), p(1, 1), p(1, 2), 0, 0, 1);
  Canvas canvas;
  canvas.fromImage = cv::Matx23d(toView(0, 0), toView(0, 1), toView(0, 2), toView(1, 0),
                                 toView(1, 1), toView(1, 2));
  // Enlarged, each image pixel stays a visible square; reduced, it is interpolated.
  const int resampling = canvas.scale() >= 1.0 ? cv::INTER_NEAREST : cv::INTER_LINEAR;
  cv::warpAffine(rgb, canvas.rgb, cv::Mat(canvas.fromImage), viewSize, resampling,
                 cv::BORDER_CONSTANT, cv::Scalar(0, 0, 0));
  // Sizes of the picture at scale 1, in view pixels: the same on screen at any zoom.
  const cv::Size picture = options.projectMaps ? rgb.size() : cv::Size(maps->width, maps->height);
  drawLayers(canvas, scene, options, maps, strokeSizesFor(options, picture));
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
