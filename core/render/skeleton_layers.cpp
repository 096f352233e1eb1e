#include "render/skeleton_layers.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <opencv2/imgproc.hpp>

#include "render/palette.h"

namespace posescope {

namespace {

double scoreFactor(double score) {
  return 0.3 + 0.7 * std::clamp(score, 0.0, 1.0);
}

cv::Rect boundsAround(std::initializer_list<cv::Point2d> points, double margin) {
  double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
  for (const auto& p : points) {
    x0 = std::min(x0, p.x);
    y0 = std::min(y0, p.y);
    x1 = std::max(x1, p.x);
    y1 = std::max(y1, p.y);
  }
  const auto clampInt = [](double v) { return static_cast<int>(std::clamp(v, -1e8, 1e8)); };
  return cv::Rect(
      cv::Point(clampInt(std::floor(x0 - margin)), clampInt(std::floor(y0 - margin))),
      cv::Point(clampInt(std::ceil(x1 + margin)) + 1, clampInt(std::ceil(y1 + margin)) + 1));
}

void solidLine(Canvas& canvas, cv::Point2d a, cv::Point2d b, const cv::Scalar& color, int width,
               double alpha, int lineType) {
  blendShape(canvas.rgb, boundsAround({a, b}, width + 2), color, alpha,
             [&](cv::Mat& mask, const cv::Point& o) {
               cv::line(mask, fixedPoint(a, o), fixedPoint(b, o), 255, width, lineType, kDrawShift);
             });
}

void dashedLine(Canvas& canvas, cv::Point2d a, cv::Point2d b, const cv::Scalar& color, int width,
                double dash) {
  const double length = std::hypot(b.x - a.x, b.y - a.y);
  if (length <= 0) return;
  const cv::Point2d dir = (b - a) / length;
  const double gap = dash * 0.6;
  blendShape(canvas.rgb, boundsAround({a, b}, width + 2), color, 1.0,
             [&](cv::Mat& mask, const cv::Point& o) {
               for (double s = 0; s < length; s += dash + gap) {
                 const cv::Point2d p = a + dir * s, q = a + dir * std::min(s + dash, length);
                 cv::line(mask, fixedPoint(p, o), fixedPoint(q, o), 255, width, cv::LINE_8,
                          kDrawShift);
               }
             });
}

bool visible(const PersonPrediction& person, int joint, double threshold) {
  return joint >= 0 && static_cast<std::size_t>(joint) < person.joints.size() &&
         person.joints[joint][2] >= threshold;
}

// The skeleton file's colour of limb `limb` when it gives one, else the person's.
cv::Scalar limbColour(const SkeletonSpec& skeleton, std::size_t limb, const cv::Scalar& person) {
  if (limb >= skeleton.limbColours.size()) return person;
  const auto& rgb = skeleton.limbColours[limb];
  return cv::Scalar(rgb[0], rgb[1], rgb[2]);
}

bool labelled(const GroundTruthPerson& person, int joint) {
  const std::size_t i = static_cast<std::size_t>(joint) * 3;
  return joint >= 0 && i + 2 < person.keypoints.size() && person.keypoints[i + 2] > 0;
}

}  // namespace

StrokeSizes strokeSizesFor(const RenderOptions& options, cv::Size canvasSize) {
  const double longest = std::max(canvasSize.width, canvasSize.height);
  StrokeSizes s;
  s.jointRadius =
      options.jointRadius > 0 ? options.jointRadius : std::max(2.0, std::round(longest / 160.0));
  s.lineWidth = options.lineWidth > 0 ? options.lineWidth
                                      : std::max(1, static_cast<int>(std::lround(longest / 320.0)));
  return s;
}

std::vector<bool> shownPeople(const OverlayScene& scene, const RenderOptions& options) {
  const std::size_t n = scene.predictions.size();
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return scene.predictions[a].score > scene.predictions[b].score;
  });
  std::vector<bool> shown(n, false);
  std::size_t count = 0;
  for (std::size_t i : order) {
    if (scene.predictions[i].score < options.minPersonScore) continue;
    if (options.maxPeople > 0 && count >= static_cast<std::size_t>(options.maxPeople)) break;
    shown[i] = true;
    ++count;
  }
  return shown;
}

void drawPredictions(Canvas& canvas, const OverlayScene& scene, const RenderOptions& options,
                     const StrokeSizes& sizes) {
  const double threshold = options.jointThreshold;
  const std::vector<bool> shown = shownPeople(scene, options);
  // The lowest scores first: the people who count are drawn over the crowd of unlikely ones.
  std::vector<std::size_t> order(scene.predictions.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return scene.predictions[a].score < scene.predictions[b].score;
  });
  for (std::size_t i : order) {
    if (!shown[i]) continue;
    const PersonPrediction& person = scene.predictions[i];
    const cv::Scalar color = personColor(i);
    const double personAlpha = options.scoreAsOpacity ? scoreFactor(person.score) : 1.0;
    const auto& limbs = scene.skeleton.limbs;
    for (std::size_t l = 0; l < limbs.size(); ++l) {
      const auto [ja, jb] = limbs[l];
      if (!visible(person, ja, threshold) || !visible(person, jb, threshold)) continue;
      const auto& a = person.joints[ja];
      const auto& b = person.joints[jb];
      const double alpha =
          options.skeletonOpacity * personAlpha *
          (options.scoreAsOpacity ? scoreFactor(std::min<double>(a[2], b[2])) : 1.0);
      solidLine(canvas, canvas.map(a[0], a[1]), canvas.map(b[0], b[1]),
                limbColour(scene.skeleton, l, color), sizes.lineWidth, alpha, cv::LINE_AA);
    }
    for (const auto& joint : person.joints) {
      if (joint[2] < threshold) continue;
      const double score = std::clamp<double>(joint[2], 0.0, 1.0);
      const double radius = sizes.jointRadius * (options.scoreAsSize ? 0.5 + 0.5 * score : 1.0);
      const double alpha = options.skeletonOpacity * personAlpha *
                           (options.scoreAsOpacity ? scoreFactor(score) : 1.0);
      const cv::Point2d c = canvas.map(joint[0], joint[1]);
      blendShape(canvas.rgb, boundsAround({c}, radius + 2), color, alpha,
                 [&](cv::Mat& mask, const cv::Point& o) {
                   cv::circle(mask, fixedPoint(c, o),
                              static_cast<int>(std::lround(radius * (1 << kDrawShift))), 255,
                              cv::FILLED, cv::LINE_AA, kDrawShift);
                 });
    }
  }
}

void drawJointErrors(Canvas& canvas, const OverlayScene& scene, const RenderOptions& options,
                     const StrokeSizes& sizes) {
  const std::vector<bool> shown = shownPeople(scene, options);
  const int thin = std::max(1, sizes.lineWidth / 2);
  // A little larger than a prediction's joint, so the label covers the person's own colour.
  const double radius = sizes.jointRadius + 1;
  const cv::Scalar rim(20, 20, 20);
  for (std::size_t i = 0; i < scene.predictions.size() && i < scene.jointErrors.size(); ++i) {
    const PersonPrediction& person = scene.predictions[i];
    const auto& marks = scene.jointErrors[i];
    if (!shown[i] || marks.size() != person.joints.size()) continue;
    for (std::size_t j = 0; j < marks.size(); ++j) {  // lines first: the discs stay on top
      if (person.joints[j][2] < options.jointThreshold || !marks[j].landedAt) continue;
      const auto& to = *marks[j].landedAt;
      solidLine(canvas, canvas.map(person.joints[j][0], person.joints[j][1]),
                canvas.map(to[0], to[1]), jointLabelColor(marks[j].label), thin, 1.0, cv::LINE_AA);
    }
    for (std::size_t j = 0; j < marks.size(); ++j) {
      if (person.joints[j][2] < options.jointThreshold) continue;
      const cv::Point2d c = canvas.map(person.joints[j][0], person.joints[j][1]);
      const bool hollow = marks[j].label == JointLabel::Unlabelled;
      const cv::Scalar color = jointLabelColor(marks[j].label);
      blendShape(canvas.rgb, boundsAround({c}, radius + 3), hollow ? color : rim, 1.0,
                 [&](cv::Mat& mask, const cv::Point& o) {
                   cv::circle(mask, fixedPoint(c, o),
                              static_cast<int>(std::lround((radius + 1) * (1 << kDrawShift))), 255,
                              hollow ? std::max(1, thin) : cv::FILLED, cv::LINE_AA, kDrawShift);
                 });
      if (hollow) continue;
      blendShape(canvas.rgb, boundsAround({c}, radius + 2), color, 1.0,
                 [&](cv::Mat& mask, const cv::Point& o) {
                   cv::circle(mask, fixedPoint(c, o),
                              static_cast<int>(std::lround(radius * (1 << kDrawShift))), 255,
                              cv::FILLED, cv::LINE_AA, kDrawShift);
                 });
    }
  }
}

void drawSelection(Canvas& canvas, const OverlayScene& scene, const RenderOptions& options,
                   const StrokeSizes& sizes) {
  const int p = scene.selectedPerson;
  if (p < 0 || static_cast<std::size_t>(p) >= scene.predictions.size()) return;
  if (!shownPeople(scene, options)[static_cast<std::size_t>(p)]) return;
  double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
  for (const auto& joint : scene.predictions[static_cast<std::size_t>(p)].joints) {
    if (joint[2] < options.jointThreshold) continue;
    const cv::Point2d c = canvas.map(joint[0], joint[1]);
    x0 = std::min(x0, c.x);
    y0 = std::min(y0, c.y);
    x1 = std::max(x1, c.x);
    y1 = std::max(y1, c.y);
  }
  if (x0 > x1) return;  // no joint shown
  const double margin = 3 * sizes.jointRadius;
  const cv::Point2d a(x0 - margin, y0 - margin), b(x1 + margin, y0 - margin),
      c(x1 + margin, y1 + margin), d(x0 - margin, y1 + margin);
  const double dash = std::max(6.0, 4.0 * sizes.lineWidth);
  const std::pair<cv::Point2d, cv::Point2d> sides[] = {{a, b}, {b, c}, {c, d}, {d, a}};
  // Every dark outline first, so none covers the white dashes of a side drawn before it.
  for (const auto& [from, to] : sides)
    solidLine(canvas, from, to, cv::Scalar(20, 20, 20), sizes.lineWidth + 2, 0.6, cv::LINE_AA);
  for (const auto& [from, to] : sides)
    dashedLine(canvas, from, to, cv::Scalar(255, 255, 255), sizes.lineWidth, dash);
}

void drawGroundTruth(Canvas& canvas, const OverlayScene& scene, const StrokeSizes& sizes) {
  const int thin = std::max(1, sizes.lineWidth / 2);
  const double dash = std::max(4.0, 3.0 * sizes.lineWidth);
  for (const GroundTruthPerson& person : scene.groundTruth) {
    if (person.isCrowd) continue;
    auto point = [&](int j) {
      return canvas.map(person.keypoints[j * 3], person.keypoints[j * 3 + 1]);
    };
    for (const auto& [ja, jb] : scene.skeleton.limbs) {
      if (!labelled(person, ja) || !labelled(person, jb)) continue;
      // From ring to ring, so the rings stay hollow.
      const cv::Point2d a = point(ja), b = point(jb);
      const double length = std::hypot(b.x - a.x, b.y - a.y);
      const double gap = sizes.jointRadius + thin;
      if (length <= 2 * gap) continue;
      const cv::Point2d dir = (b - a) / length;
      dashedLine(canvas, a + dir * gap, b - dir * gap, kGroundTruthColor, thin, dash);
    }
    const int joints = static_cast<int>(person.keypoints.size() / 3);
    for (int j = 0; j < joints; ++j) {
      if (!labelled(person, j)) continue;
      const cv::Point2d c = point(j);
      blendShape(canvas.rgb, boundsAround({c}, sizes.jointRadius + thin + 2), kGroundTruthColor,
                 1.0, [&](cv::Mat& mask, const cv::Point& o) {
                   cv::circle(mask, fixedPoint(c, o),
                              static_cast<int>(std::lround(sizes.jointRadius * (1 << kDrawShift))),
                              255, thin, cv::LINE_8, kDrawShift);
                 });
    }
  }
}

void drawCrowdRegions(Canvas& canvas, const OverlayScene& scene, const StrokeSizes& sizes) {
  for (const GroundTruthPerson& person : scene.groundTruth) {
    if (!person.isCrowd) continue;
    const auto& b = person.bbox;
    const cv::Point2d corners[4] = {canvas.map(b[0], b[1]), canvas.map(b[0] + b[2], b[1]),
                                    canvas.map(b[0] + b[2], b[1] + b[3]),
                                    canvas.map(b[0], b[1] + b[3])};
    const cv::Rect bounds =
        boundsAround({corners[0], corners[1], corners[2], corners[3]}, sizes.lineWidth + 2);
    auto polygon = [&](const cv::Point& o) {
      std::vector<cv::Point> poly;
      for (const auto& c : corners) poly.push_back(fixedPoint(c, o));
      return poly;
    };
    blendShape(canvas.rgb, bounds, kCrowdColor, 0.2, [&](cv::Mat& mask, const cv::Point& o) {
      cv::fillConvexPoly(mask, polygon(o), 255, cv::LINE_8, kDrawShift);
    });
    const int spacing = std::max(6, 4 * sizes.lineWidth);
    blendShape(canvas.rgb, bounds, kCrowdColor, 0.6, [&](cv::Mat& mask, const cv::Point& o) {
      cv::Mat inside = cv::Mat::zeros(mask.size(), CV_8U);
      cv::fillConvexPoly(inside, polygon(o), 255, cv::LINE_8, kDrawShift);
      for (int d = -mask.rows; d < mask.cols; d += spacing)
        cv::line(mask, {d, mask.rows}, {d + mask.rows, 0}, 255, 1, cv::LINE_8);
      cv::bitwise_and(mask, inside, mask);
    });
    blendShape(canvas.rgb, bounds, kCrowdColor, 0.9, [&](cv::Mat& mask, const cv::Point& o) {
      const std::vector<std::vector<cv::Point>> polys = {polygon(o)};
      cv::polylines(mask, polys, true, 255, sizes.lineWidth, cv::LINE_8, kDrawShift);
    });
  }
}

std::optional<cv::Point2d> predictionCentroid(const PersonPrediction& person, double threshold) {
  if (person.joints.empty()) return std::nullopt;
  for (double t : {threshold, -1e300}) {
    cv::Point2d sum(0, 0);
    int n = 0;
    for (const auto& j : person.joints) {
      if (j[2] < t) continue;
      sum += cv::Point2d(j[0], j[1]);
      ++n;
    }
    if (n > 0) return sum / n;
  }
  return std::nullopt;
}

cv::Point2d groundTruthCentroid(const GroundTruthPerson& person) {
  cv::Point2d sum(0, 0);
  int n = 0;
  for (std::size_t i = 0; i + 2 < person.keypoints.size(); i += 3) {
    if (person.keypoints[i + 2] <= 0) continue;
    sum += cv::Point2d(person.keypoints[i], person.keypoints[i + 1]);
    ++n;
  }
  if (n > 0) return sum / n;
  return {person.bbox[0] + person.bbox[2] / 2, person.bbox[1] + person.bbox[3] / 2};
}

void drawUnmatchedMarks(Canvas& canvas, const OverlayScene& scene, const RenderOptions& options,
                        const StrokeSizes& sizes) {
  // Without ground truth the image was not evaluated (or has no one): nothing to mark.
  if (scene.groundTruth.empty()) return;
  const std::vector<bool> shown = shownPeople(scene, options);
  std::vector<bool> matched(scene.predictions.size(), false);
  std::vector<std::int64_t> found;
  for (const PredictionMatch& m : scene.matches) {
    if (m.person < matched.size()) matched[m.person] = true;
    found.push_back(m.groundTruthId);
  }
  const double arm = 2.0 * sizes.jointRadius + sizes.lineWidth;
  for (std::size_t i = 0; options.showPredictions && i < scene.predictions.size(); ++i) {
    if (!shown[i] || matched[i]) continue;
    const auto at = predictionCentroid(scene.predictions[i], options.jointThreshold);
    if (!at) continue;
    const cv::Point2d c = canvas.map(at->x, at->y);
    for (const cv::Point2d d : {cv::Point2d(arm, arm), cv::Point2d(arm, -arm)})
      solidLine(canvas, c - d, c + d, kUnmatchedColor, sizes.lineWidth + 1, 1.0, cv::LINE_AA);
  }
  for (const GroundTruthPerson& person : scene.groundTruth) {
    if (!options.showGroundTruth) break;
    if (person.isCrowd || std::find(found.begin(), found.end(), person.id) != found.end()) continue;
    bool anyJoint = false;
    double reach = 0;
    const cv::Point2d centre = groundTruthCentroid(person);
    for (std::size_t j = 0; j + 2 < person.keypoints.size(); j += 3) {
      if (person.keypoints[j + 2] <= 0) continue;
      anyJoint = true;
      reach = std::max(
          reach, std::hypot(person.keypoints[j] - centre.x, person.keypoints[j + 1] - centre.y));
    }
    if (!anyJoint) continue;  // no labelled joint: the evaluation ignores this person
    const cv::Point2d c = canvas.map(centre.x, centre.y);
    const double r = reach * canvas.scale() + 2.0 * sizes.jointRadius;
    const int segments = std::max(16, static_cast<int>(r / 3));
    for (int s = 0; s < segments; s += 2) {  // dashed: every other arc
      const double a0 = 2 * CV_PI * s / segments, a1 = 2 * CV_PI * (s + 1) / segments;
      solidLine(canvas, c + r * cv::Point2d(std::cos(a0), std::sin(a0)),
                c + r * cv::Point2d(std::cos(a1), std::sin(a1)), kUnmatchedColor,
                sizes.lineWidth + 1, 1.0, cv::LINE_AA);
    }
  }
}

void drawMatches(Canvas& canvas, const OverlayScene& scene, const RenderOptions& options,
                 const StrokeSizes& sizes, bool labels) {
  const std::vector<bool> shown = shownPeople(scene, options);
  for (const PredictionMatch& m : scene.matches) {
    if (m.person >= scene.predictions.size() || !shown[m.person]) continue;
    const auto gt =
        std::find_if(scene.groundTruth.begin(), scene.groundTruth.end(),
                     [&](const GroundTruthPerson& p) { return p.id == m.groundTruthId; });
    const auto from = predictionCentroid(scene.predictions[m.person], options.jointThreshold);
    if (gt == scene.groundTruth.end() || !from) continue;
    const cv::Point2d a = canvas.map(from->x, from->y);
    const cv::Point2d b = canvas.map(groundTruthCentroid(*gt).x, groundTruthCentroid(*gt).y);
    const cv::Scalar color = m.groundTruthIgnored ? kIgnoredMatchColor : kMatchColor;
    if (!labels) {
      solidLine(canvas, a, b, color, sizes.lineWidth, 1.0, cv::LINE_AA);
      continue;
    }
    if (!options.showMatchText) continue;
    char text[16];
    std::snprintf(text, sizeof text, "%.2f", m.oks);
    const double fontScale = 0.35 + 0.1 * sizes.lineWidth;
    const int thickness = std::max(1, sizes.lineWidth / 2);
    int baseline = 0;
    const cv::Size size =
        cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, fontScale, thickness + 2, &baseline);
    const cv::Point2d mid = (a + b) * 0.5;
    const cv::Point2d origin(mid.x + sizes.lineWidth + 2, mid.y - sizes.lineWidth - 2);
    const cv::Rect bounds(
        cv::Point(static_cast<int>(origin.x) - 2, static_cast<int>(origin.y) - size.height - 2),
        cv::Size(size.width + 4, size.height + baseline + 4));
    const cv::Point org(static_cast<int>(std::lround(origin.x)),
                        static_cast<int>(std::lround(origin.y)));
    blendShape(canvas.rgb, bounds, cv::Scalar(0, 0, 0), 0.8,
               [&](cv::Mat& mask, const cv::Point& o) {
                 cv::putText(mask, text, org - o, cv::FONT_HERSHEY_SIMPLEX, fontScale, 255,
                             thickness + 2, cv::LINE_AA);
               });
    blendShape(canvas.rgb, bounds, color, 1.0, [&](cv::Mat& mask, const cv::Point& o) {
      cv::putText(mask, text, org - o, cv::FONT_HERSHEY_SIMPLEX, fontScale, 255, thickness,
                  cv::LINE_AA);
    });
  }
}

}  // namespace posescope
