#pragma once
// Hand-made ground truths and detections for the eval unit tests.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "eval/keypoint_data.h"

namespace evaltest {

// The reference's per-joint sigmas (pycocotools / crowdposetools), written out independently.
inline std::vector<double> cocoSigmas() {
  const double s[] = {.26, .25, .25,  .35,  .35, .79, .79, .72, .72,
                      .62, .62, 1.07, 1.07, .87, .87, .89, .89};
  std::vector<double> out;
  for (double v : s) out.push_back(v / 10.0);
  return out;
}
inline std::vector<double> crowdSigmas() {
  const double s[] = {.79, .79, .72, .72, .62, .62, 1.07, 1.07, .87, .87, .89, .89, .79, .79};
  std::vector<double> out;
  for (double v : s) out.push_back(v / 10.0);
  return out;
}

// A ground truth with one person category of `joints` joints and the given images.
inline posescope::KeypointGroundTruth makeGt(int joints, const std::vector<std::int64_t>& imageIds,
                                             const std::vector<double>& crowdIndex = {}) {
  posescope::KeypointGroundTruth gt;
  gt.source = "test-gt.json";
  posescope::KeypointCategory person;
  person.id = 1;
  person.name = "person";
  for (int k = 0; k < joints; ++k) person.keypoints.push_back("k" + std::to_string(k));
  gt.categories.push_back(person);
  for (std::size_t i = 0; i < imageIds.size(); ++i) {
    posescope::GroundTruthImage image;
    image.id = imageIds[i];
    if (i < crowdIndex.size()) image.crowdIndex = crowdIndex[i];
    gt.images.push_back(image);
  }
  return gt;
}

// A fully labelled person at (x, y): joint k at (x + 10 (k % 5) s, y + 12 k s); bbox from the
// joints, area = bbox w * h. s = 1 gives 40 x 192 px for 17 joints (a "medium" COCO person).
inline posescope::GroundTruthPerson makePerson(std::int64_t id, std::int64_t imageId, int joints,
                                               double x, double y, double s = 1.0) {
  posescope::GroundTruthPerson p;
  p.id = id;
  p.imageId = imageId;
  p.categoryId = 1;
  double x1 = x, y1 = y;
  for (int k = 0; k < joints; ++k) {
    const double px = x + 10 * (k % 5) * s, py = y + 12 * k * s;
    p.keypoints.insert(p.keypoints.end(), {px, py, 2.0});
    x1 = std::max(x1, px);
    y1 = std::max(y1, py);
  }
  p.bbox = {x, y, x1 - x, y1 - y};
  p.area = p.bbox[2] * p.bbox[3];
  p.numKeypoints = joints;
  return p;
}

// A detection on `p`'s joints, every joint moved by (dx, dy).
inline posescope::KeypointDetection detectionOn(const posescope::GroundTruthPerson& p, double score,
                                                double dx = 0, double dy = 0) {
  posescope::KeypointDetection d;
  d.imageId = p.imageId;
  d.categoryId = 1;
  for (std::size_t k = 0; k + 2 < p.keypoints.size(); k += 3) {
    d.keypoints.insert(d.keypoints.end(), {p.keypoints[k] + dx, p.keypoints[k + 1] + dy, 0.9});
  }
  d.score = score;
  return d;
}

// The OKS of a detection shifted by (dx, dy) from a fully visible person of area `area`:
// the mean over joints of exp(-d^2 / (2 sigma)^2 / area / 2).
inline double shiftedOks(double dx, double dy, double area, const std::vector<double>& sigmas) {
  double sum = 0;
  for (double s : sigmas) sum += std::exp(-(dx * dx + dy * dy) / ((2 * s) * (2 * s)) / area / 2);
  return sum / sigmas.size();
}

}  // namespace evaltest
