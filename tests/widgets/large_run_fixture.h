#pragma once
// A generated 5,000-image run folder as a finished run leaves it (records, per-image evaluation,
// metrics, config) with its COCO ground truth of 10,000 people, for opening in the window: shared
// by tst_open_large_run (what the opening does off the GUI thread) and bench_open_large_run (how
// late the GUI thread gets meanwhile).

#include <QFile>
#include <QFileInfo>
#include <QString>
#include <string>
#include <vector>

#include "pipeline/run_folder.h"
#include "report/report_fixtures.h"

namespace posescope::test {

constexpr int kLargeRunImages = 5000;
constexpr int kLargeRunPeoplePerImage = 2;

/// COCO ground truth: `images` images, kLargeRunPeoplePerImage people each (ids as the fixture's
/// evaluations name them: image id * 100 and image id * 100 + 1). False when it cannot be written.
inline bool writeLargeRunGroundTruth(const QString& path, int images) {
  std::string json = R"({"images": [)";
  for (int i = 1; i <= images; ++i)
    json += (i > 1 ? "," : "") + std::string(R"({"id": )") + std::to_string(i) +
            R"(, "file_name": "img_)" + std::to_string(i) +
            R"(.jpg", "width": 640, "height": 480})";
  json += R"(], "annotations": [)";
  bool first = true;
  for (int i = 1; i <= images; ++i) {
    for (int p = 0; p < kLargeRunPeoplePerImage; ++p) {
      std::string keypoints;
      for (int j = 0; j < 17; ++j)
        keypoints += (j ? ", " : "") + std::to_string(10 + 5 * j + 40 * p) + ", " +
                     std::to_string(20 + 3 * j) + ", 2";
      json += (first ? "" : ",") + std::string(R"({"id": )") + std::to_string(i * 100 + p) +
              R"(, "image_id": )" + std::to_string(i) + R"(, "category_id": 1, "iscrowd": 0, )" +
              R"("area": 5000, "num_keypoints": 17, "bbox": [10, 20, 100, 60], "keypoints": [)" +
              keypoints + "]}";
      first = false;
    }
  }
  json +=
      R"(], "categories": [{"id": 1, "name": "person", "keypoints": ["nose", "left_eye", )"
      R"("right_eye", "left_ear", "right_ear", "left_shoulder", "right_shoulder", "left_elbow", )"
      R"("right_elbow", "left_wrist", "right_wrist", "left_hip", "right_hip", "left_knee", )"
      R"("right_knee", "left_ankle", "right_ankle"]}]})";
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return false;
  return file.write(json.data(), static_cast<qint64>(json.size())) ==
         static_cast<qint64>(json.size());
}

/// Writes the run folder `runDir` and its ground truth `annotations` (kLargeRunImages images);
/// false when a file cannot be written.
inline bool writeLargeRun(const QString& runDir, const QString& annotations) {
  std::vector<FixtureImage> images;
  for (int i = 1; i <= kLargeRunImages; ++i) {
    FixtureImage image;
    image.id = i;
    image.people = kLargeRunPeoplePerImage;
    image.ms = 10 + i % 7;
    image.ap = (i % 10) / 10.0;
    image.oks = (i % 5) / 5.0;
    images.push_back(image);
  }
  // The run's ground truth and config too, so opening reads what a real run folder holds.
  if (!writeLargeRunGroundTruth(annotations, kLargeRunImages)) return false;
  writeFixtureRun(runDir.toStdString(), "search-XS", images, cocoNames(),
                  std::vector<double>(10, 0.5), annotations.toStdString());
  QFile config(runDir + "/" + runfiles::kConfig);
  if (!config.open(QIODevice::WriteOnly)) return false;
  const QString root = QFileInfo(annotations).absolutePath();
  config.write(("DATASET:\n  ROOT: '" + root + "'\n  TEST: val2017\n").toUtf8());
  return true;
}

}  // namespace posescope::test
