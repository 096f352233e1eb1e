#pragma once
// A complete run folder made from a ground truth and a keypoint results file, without inference:
// the results file itself as results.json (not re-rendered from float records), one record per
// image of the ground truth holding its results as people, and the given metric table. Shared by
// the evaluation settings test (parity set) and the re-evaluation benchmark (generated set).

#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "eval/ground_truth.h"
#include "eval/metric_table.h"
#include "eval/results_io.h"
#include "pipeline/run_folder.h"

namespace posescope::test {

inline void writeResultsFileRun(const std::string& dir, const std::string& gtPath,
                                const std::string& dtPath, const MetricTable& metrics) {
  const KeypointGroundTruth truth = loadGroundTruth(gtPath);
  std::map<std::int64_t, std::vector<const KeypointDetection*>> byImage;
  const auto results = loadResults(dtPath);
  for (const auto& d : results) byImage[d.imageId].push_back(&d);
  RunWriter writer(dir);
  std::size_t index = 0;
  for (const auto& image : truth.images) {
    ImageRecord r;
    r.index = index++;
    r.imageId = image.id;
    r.file = image.fileName;
    for (const KeypointDetection* d : byImage[image.id]) {
      PersonPrediction person;
      person.score = d->score;
      for (std::size_t k = 0; k + 2 < d->keypoints.size(); k += 3)
        person.joints.push_back(
            {float(d->keypoints[k]), float(d->keypoints[k + 1]), float(d->keypoints[k + 2]), 0.f});
      r.people.push_back(person);
    }
    r.times = {1, 1, 1, 1, 1};
    writer.appendRecord(r);
  }
  std::ifstream in(dtPath, std::ios::binary);
  writer.writeText("results.json", std::string(std::istreambuf_iterator<char>(in), {}));
  writer.writeMetrics(metrics, formatMarkdownTable(metrics, "pose_mobilenet"));
  RunSummary s;
  s.state = RunState::Complete;
  s.modelName = "pose_mobilenet";
  s.archName = "results-file";
  s.device = "cpu";
  s.datasetKind = "coco";
  s.annotationFile = gtPath;
  s.imagesTotal = s.imagesDone = index;
  writer.writeSummary(s);
}

}  // namespace posescope::test
