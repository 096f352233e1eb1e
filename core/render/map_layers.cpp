#include "render/map_layers.h"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "common/errors.h"

namespace posescope {

namespace {

int cvColormap(Colormap c) {
  switch (c) {
    case Colormap::Jet:
      return cv::COLORMAP_JET;
    case Colormap::Inferno:
      return cv::COLORMAP_INFERNO;
    case Colormap::Viridis:
      return cv::COLORMAP_VIRIDIS;
    case Colormap::Turbo:
      return cv::COLORMAP_TURBO;
  }
  return cv::COLORMAP_JET;
}

void checkHeatmaps(const ImageMaps& maps) {
  const auto expected = static_cast<std::size_t>(std::max(maps.joints, 0)) *
                        static_cast<std::size_t>(std::max(maps.height, 0)) *
                        static_cast<std::size_t>(std::max(maps.width, 0));
  if (maps.joints <= 0 || maps.height <= 0 || maps.width <= 0 || maps.heatmaps.size() != expected)
    throw Error("heatmaps of image " + std::to_string(maps.record.imageId) + " hold " +
                std::to_string(maps.heatmaps.size()) + " values, not joints x height x width (" +
                std::to_string(maps.joints) + " x " + std::to_string(maps.height) + " x " +
                std::to_string(maps.width) + ")");
}

void checkTags(const ImageMaps& maps) {
  checkHeatmaps(maps);
  if (maps.tagCopies <= 0 ||
      maps.tags.size() != maps.heatmaps.size() * static_cast<std::size_t>(maps.tagCopies))
    throw Error("tag maps of image " + std::to_string(maps.record.imageId) + " hold " +
                std::to_string(maps.tags.size()) + " values, not joints x height x width x " +
                std::to_string(maps.tagCopies));
}

// Per map pixel: the joint shown (selected, or strongest heatmap).
cv::Mat jointIndexPlane(const ImageMaps& maps, int joint) {
  cv::Mat index(maps.height, maps.width, CV_32S, cv::Scalar(std::max(joint, 0)));
  if (joint >= 0) return index;
  const std::size_t plane = static_cast<std::size_t>(maps.height) * maps.width;
  for (int y = 0; y < maps.height; ++y) {
    for (int x = 0; x < maps.width; ++x) {
      const std::size_t p = static_cast<std::size_t>(y) * maps.width + x;
      int best = 0;
      for (int j = 1; j < maps.joints; ++j)
        if (maps.heatmaps[j * plane + p] > maps.heatmaps[best * plane + p]) best = j;
      index.at<int>(y, x) = best;
    }
  }
  return index;
}

// Warps a CV_32F map plane onto the canvas (bilinear) with a coverage mask.
std::pair<cv::Mat, cv::Mat> warpPlane(const cv::Mat& plane, const cv::Matx23d& affine,
                                      cv::Size size) {
  cv::Mat warped, coverage;
  cv::warpAffine(plane, warped, cv::Mat(affine), size, cv::INTER_LINEAR, cv::BORDER_CONSTANT, 0);
  cv::warpAffine(cv::Mat::ones(plane.size(), CV_32F), coverage, cv::Mat(affine), size,
                 cv::INTER_LINEAR, cv::BORDER_CONSTANT, 0);
  // Undo the pull towards the zero border at the map's edges.
  cv::Mat safe;
  cv::max(coverage, 1e-6, safe);
  cv::divide(warped, safe, warped);
  return {warped, coverage};
}

void checkCanvas(const Canvas& canvas) {
  if (canvas.rgb.empty() || canvas.rgb.type() != CV_8UC3)
    throw Error("overlay canvas must be an 8-bit RGB image");
}

}  // namespace

cv::Mat heatmapPlane(const ImageMaps& maps, int joint) {
  checkHeatmaps(maps);
  if (joint < -1 || joint >= maps.joints)
    throw Error("joint " + std::to_string(joint) + " is outside the heatmaps' " +
                std::to_string(maps.joints) + " joints");
  const std::size_t plane = static_cast<std::size_t>(maps.height) * maps.width;
  cv::Mat out(maps.height, maps.width, CV_32F);
  for (int y = 0; y < maps.height; ++y) {
    float* row = out.ptr<float>(y);
    for (int x = 0; x < maps.width; ++x) {
      const std::size_t p = static_cast<std::size_t>(y) * maps.width + x;
      if (joint >= 0) {
        row[x] = maps.heatmaps[joint * plane + p];
        continue;
      }
      float best = maps.heatmaps[p];
      for (int j = 1; j < maps.joints; ++j) best = std::max(best, maps.heatmaps[j * plane + p]);
      row[x] = best;
    }
  }
  return out;
}

cv::Mat colorizeHeatmap(const cv::Mat& values, Colormap colormap, double scale) {
  cv::Mat indices(values.size(), CV_8U);
  const double s = scale > 0 ? scale : 1.0;
  for (int y = 0; y < values.rows; ++y) {
    const float* v = values.ptr<float>(y);
    uchar* out = indices.ptr<uchar>(y);
    for (int x = 0; x < values.cols; ++x)
      out[x] = static_cast<uchar>(std::lround(std::clamp(v[x] / s, 0.0, 1.0) * 255.0));
  }
  cv::Mat bgr, rgb;
  cv::applyColorMap(indices, bgr, cvColormap(colormap));
  cv::cvtColor(bgr, rgb, cv::COLOR_BGR2RGB);
  return rgb;
}

cv::Vec3b colormapColor(Colormap colormap, double value) {
  cv::Mat one(1, 1, CV_32F, cv::Scalar(value));
  return colorizeHeatmap(one, colormap).at<cv::Vec3b>(0, 0);
}

cv::Matx23d mapToCanvas(const Canvas& canvas, const ImageMaps& maps) {
  const auto& a = maps.mapToImage;
  const cv::Matx33d mapToImage(a[0], a[1], a[2], a[3], a[4], a[5], 0, 0, 1);
  const cv::Matx23d& f = canvas.fromImage;
  const cv::Matx33d fromImage(f(0, 0), f(0, 1), f(0, 2), f(1, 0), f(1, 1), f(1, 2), 0, 0, 1);
  const cv::Matx33d m = fromImage * mapToImage;
  return cv::Matx23d(m(0, 0), m(0, 1), m(0, 2), m(1, 0), m(1, 1), m(1, 2));
}

void drawHeatmapLayer(Canvas& canvas, const ImageMaps& maps, const RenderOptions& options) {
  checkCanvas(canvas);
  const cv::Mat plane = heatmapPlane(maps, options.heatmapJoint);
  double scale = 1.0;
  if (options.normalizeHeatmap) cv::minMaxLoc(plane, nullptr, &scale);
  auto [values, coverage] = warpPlane(plane, mapToCanvas(canvas, maps), canvas.rgb.size());
  const cv::Mat colors = colorizeHeatmap(values, options.colormap, scale);
  cv::Mat alpha = coverage * options.heatmapOpacity;
  if (options.heatmapValueAsAlpha) {
    // Low values transparent, so the image shows where the network sees nothing: opacity grows
    // with the value and is full from kHeatmapOpaqueFrom of the scale up.
    cv::Mat ramp = values * (1.0 / ((scale > 0 ? scale : 1.0) * kHeatmapOpaqueFrom));
    cv::threshold(ramp, ramp, 1.0, 1.0, cv::THRESH_TRUNC);
    cv::max(ramp, 0.0, ramp);
    alpha = alpha.mul(ramp);
  }
  blendImage(canvas.rgb, colors, alpha);
}

cv::Vec3b tagColor(double normalized) {
  const double h = std::clamp(normalized, 0.0, 1.0) * 300.0 / 60.0;  // sector 0..5
  const int sector = std::min(static_cast<int>(std::floor(h)), 5);
  const double f = h - sector;
  const auto up = static_cast<uchar>(std::lround(255 * f));
  const auto down = static_cast<uchar>(std::lround(255 * (1 - f)));
  switch (sector) {
    case 0:
      return {255, up, 0};
    case 1:
      return {down, 255, 0};
    case 2:
      return {0, 255, up};
    case 3:
      return {0, down, 255};
    case 4:
      return {up, 0, 255};
    default:
      return {255, 0, down};
  }
}

std::pair<double, double> tagRange(const ImageMaps& maps,
                                   const std::vector<PersonPrediction>& people,
                                   double jointThreshold, double maskThreshold) {
  double lo = 1e300, hi = -1e300;
  for (const auto& p : people) {
    for (const auto& j : p.joints) {
      if (j[2] < jointThreshold) continue;
      lo = std::min<double>(lo, j[3]);
      hi = std::max<double>(hi, j[3]);
    }
  }
  if (hi - lo > 1e-9) return {lo, hi};
  checkTags(maps);
  const cv::Mat joints = jointIndexPlane(maps, -1);
  const std::size_t plane = static_cast<std::size_t>(maps.height) * maps.width;
  double mlo = 1e300, mhi = -1e300;
  for (int y = 0; y < maps.height; ++y) {
    for (int x = 0; x < maps.width; ++x) {
      const std::size_t p = static_cast<std::size_t>(y) * maps.width + x;
      const std::size_t j = static_cast<std::size_t>(joints.at<int>(y, x));
      if (maps.heatmaps[j * plane + p] < maskThreshold) continue;
      const double t = maps.tags[(j * plane + p) * maps.tagCopies];
      mlo = std::min(mlo, t);
      mhi = std::max(mhi, t);
    }
  }
  if (mhi - mlo > 1e-9) return {mlo, mhi};
  const double t = hi >= lo ? lo : (mhi >= mlo ? mlo : 0.0);
  return {t - 0.5, t + 0.5};
}

void drawTagLayer(Canvas& canvas, const ImageMaps& maps,
                  const std::vector<PersonPrediction>& people, const RenderOptions& options) {
  checkCanvas(canvas);
  checkTags(maps);
  if (options.heatmapJoint >= maps.joints)
    throw Error("joint " + std::to_string(options.heatmapJoint) + " is outside the tag maps' " +
                std::to_string(maps.joints) + " joints");
  const auto [lo, hi] = tagRange(maps, people, options.jointThreshold, options.tagMaskThreshold);
  const cv::Mat joints = jointIndexPlane(maps, options.heatmapJoint);
  const std::size_t plane = static_cast<std::size_t>(maps.height) * maps.width;
  cv::Mat tag(maps.height, maps.width, CV_32F), strength(maps.height, maps.width, CV_32F);
  for (int y = 0; y < maps.height; ++y) {
    for (int x = 0; x < maps.width; ++x) {
      const std::size_t p = static_cast<std::size_t>(y) * maps.width + x;
      const std::size_t j = static_cast<std::size_t>(joints.at<int>(y, x));
      strength.at<float>(y, x) = maps.heatmaps[j * plane + p];
      tag.at<float>(y, x) = maps.tags[(j * plane + p) * maps.tagCopies];
    }
  }
  const cv::Matx23d affine = mapToCanvas(canvas, maps);
  auto [tags, coverage] = warpPlane(tag, affine, canvas.rgb.size());
  auto [heat, unused] = warpPlane(strength, affine, canvas.rgb.size());
  (void)unused;
  cv::Mat colors(canvas.rgb.size(), CV_8UC3), alpha(canvas.rgb.size(), CV_32F);
  for (int y = 0; y < colors.rows; ++y) {
    for (int x = 0; x < colors.cols; ++x) {
      const float h = heat.at<float>(y, x);
      const float c = coverage.at<float>(y, x);
      const bool shown = c > 0 && h >= options.tagMaskThreshold;
      colors.at<cv::Vec3b>(y, x) = tagColor((tags.at<float>(y, x) - lo) / (hi - lo));
      alpha.at<float>(y, x) =
          shown ? static_cast<float>(options.tagOpacity * std::clamp(h, 0.f, 1.f) * c) : 0.f;
    }
  }
  blendImage(canvas.rgb, colors, alpha);
}

}  // namespace posescope
