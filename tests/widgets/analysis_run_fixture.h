#pragma once
// A small COCO run folder whose predictions carry every kind of error the keypoint analysis
// labels, written without inference: image 1 perfect, 2 a jittered wrist, 3 inverted wrists,
// 4 a wrist swapped onto the other person's, 5 a missed ankle, 6 a confident background false
// positive, 7 a missed person. Shared by the analysis session, Inspect page and screenshot tests.

#include <array>
#include <cstdint>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "pipeline/run_folder.h"

namespace posescope::test {

/// COCO joint offsets of a person facing the camera (its left on the image's right), from its nose.
// clang-format off
inline const std::array<std::array<double, 2>, 17> kFixturePose = {{
    {0, 0}, {8, -6}, {-8, -6}, {16, -2}, {-16, -2},       // nose, eyes, ears
    {30, 30}, {-30, 30}, {40, 70}, {-40, 70},             // shoulders, elbows
    {45, 110}, {-45, 110}, {20, 110}, {-20, 110},         // wrists, hips
    {22, 160}, {-22, 160}, {24, 210}, {-24, 210}}};       // knees, ankles
// clang-format on

inline constexpr int kLeftWrist = 9, kRightWrist = 10, kLeftAnkle = 15;
inline constexpr double kFixturePersonArea = 15000;

/// One person of the fixture: nose at (x, y) and each joint at kFixturePose.
struct FixturePerson {
  double x = 0, y = 0;
  std::vector<std::array<double, 2>> joints() const {
    std::vector<std::array<double, 2>> out;
    for (const auto& o : kFixturePose) out.push_back({x + o[0], y + o[1]});
    return out;
  }
};

/// The fixture's images: id, ground-truth people, predictions (joints and score).
struct FixtureAnalysisImage {
  std::int64_t id = 0;
  std::vector<FixturePerson> people;
  struct Prediction {
    std::vector<std::array<double, 2>> joints;
    double score = 0.9;
  };
  std::vector<Prediction> predictions;
};

inline std::vector<FixtureAnalysisImage> analysisFixtureImages() {
  const FixturePerson a{200, 60}, b{350, 60};
  std::vector<FixtureAnalysisImage> images;
  auto add = [&](std::int64_t id, std::vector<FixturePerson> people) -> FixtureAnalysisImage& {
    images.push_back({id, std::move(people), {}});
    return images.back();
  };
  add(1, {a}).predictions.push_back({a.joints(), 0.9});
  auto jittered = a.joints();
  jittered[kLeftWrist][0] += 15;  // ks about 0.7: within the jitter band
  add(2, {a}).predictions.push_back({jittered, 0.8});
  auto inverted = a.joints();  // each wrist a little below the other one: a short line shows
  std::swap(inverted[kLeftWrist], inverted[kRightWrist]);
  inverted[kLeftWrist][1] += 10;
  inverted[kRightWrist][1] += 10;
  add(3, {a}).predictions.push_back({inverted, 0.85});
  auto swapped = a.joints();
  swapped[kLeftWrist] = b.joints()[kLeftWrist];  // near the other person's left wrist
  swapped[kLeftWrist][1] += 14;
  auto& four = add(4, {a, b});
  four.predictions.push_back({swapped, 0.9});
  four.predictions.push_back({b.joints(), 0.7});
  auto missed = a.joints();
  missed[kLeftAnkle][1] -= 80;
  add(5, {a}).predictions.push_back({missed, 0.75});
  auto& six = add(6, {a});
  six.predictions.push_back({a.joints(), 0.6});
  six.predictions.push_back({FixturePerson{480, 200}.joints(), 0.95});  // nobody there
  add(7, {a, b}).predictions.push_back({a.joints(), 0.65});
  return images;
}

/// Writes the fixture's COCO annotation file at `path`.
inline void writeAnalysisFixtureGroundTruth(const std::string& path) {
  std::string json = R"({"images": [)";
  std::string annotations;
  int annotationId = 0;
  for (const auto& image : analysisFixtureImages()) {
    json += (image.id > 1 ? "," : "") + std::string(R"({"id": )") + std::to_string(image.id) +
            R"(, "file_name": "img_)" + std::to_string(image.id) +
            R"(.jpg", "width": 640, "height": 480})";
    for (const auto& person : image.people) {
      std::string keypoints;
      for (const auto& j : person.joints())
        keypoints += (keypoints.empty() ? "" : ", ") + std::to_string(j[0]) + ", " +
                     std::to_string(j[1]) + ", 2";
      ++annotationId;
      annotations += (annotationId > 1 ? "," : "") + std::string(R"({"id": )") +
                     std::to_string(annotationId) + R"(, "image_id": )" + std::to_string(image.id) +
                     R"(, "category_id": 1, "iscrowd": 0, "area": )" +
                     std::to_string(kFixturePersonArea) + R"(, "num_keypoints": 17, "bbox": [)" +
                     std::to_string(person.x - 45) + ", " + std::to_string(person.y - 6) +
                     R"(, 90, 216], "keypoints": [)" + keypoints + "]}";
    }
  }
  json +=
      R"(], "annotations": [)" + annotations +
      R"(], "categories": [{"id": 1, "name": "person", "keypoints": ["nose", "left_eye", "right_eye", "left_ear", "right_ear", "left_shoulder", "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist", "left_hip", "right_hip", "left_knee", "right_knee", "left_ankle", "right_ankle"]}]})";
  std::ofstream(path, std::ios::binary) << json;
}

/// The fixture's records, in image order (dataset index = position).
inline std::vector<ImageRecord> analysisFixtureRecords() {
  std::vector<ImageRecord> records;
  for (const auto& image : analysisFixtureImages()) {
    ImageRecord r;
    r.index = records.size();
    r.imageId = image.id;
    r.file = "img_" + std::to_string(image.id) + ".jpg";
    for (const auto& prediction : image.predictions) {
      PersonPrediction person;
      person.score = prediction.score;
      for (const auto& j : prediction.joints)
        person.joints.push_back({float(j[0]), float(j[1]), 0.9f, 0.f});
      r.people.push_back(person);
    }
    r.times = {1, 1, 1, 1, 1};
    records.push_back(std::move(r));
  }
  return records;
}

/// Writes a complete run folder at `dir` (run.json, records.jsonl, results.json) evaluated on the
/// annotation file `annotationFile` (written by writeAnalysisFixtureGroundTruth).
inline void writeAnalysisFixtureRun(const std::string& dir, const std::string& annotationFile) {
  RunWriter writer(dir);
  const std::vector<ImageRecord> records = analysisFixtureRecords();
  for (const auto& r : records) writer.appendRecord(r);
  writer.writeResults(records, 1);
  RunSummary s;
  s.state = RunState::Complete;
  s.modelName = "pose_mobilenet";
  s.archName = "fixture";
  s.device = "cpu";
  s.datasetKind = "coco";
  s.annotationFile = annotationFile;
  s.imagesTotal = s.imagesDone = records.size();
  writer.writeSummary(s);
}

}  // namespace posescope::test
