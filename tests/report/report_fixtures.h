#pragma once
// Run folders written by the report tests: records with known timings and per-image
// evaluations with known AP / OKS, through RunWriter as `posescope-cli eval` writes them.

#include <cstdint>
#include <string>
#include <vector>

#include "eval/keypoint_eval.h"
#include "eval/metric_table.h"
#include "eval/per_image_json.h"
#include "pipeline/run_folder.h"

namespace posescope::test {

/// One image of a generated run: id, people count, stage ms (all five equal to ms / 5), AP, OKS.
struct FixtureImage {
  std::int64_t id = 0;
  int people = 1;
  double ms = 10;
  double ap = -1;
  double oks = -1;
  std::string error;
};

inline ImageRecord fixtureRecord(const FixtureImage& image, size_t index) {
  ImageRecord r;
  r.index = index;
  r.imageId = image.id;
  r.file = "img_" + std::to_string(image.id) + ".jpg";
  r.error = image.error;
  for (int p = 0; p < image.people; ++p) {
    PersonPrediction person;
    person.score = 0.9 - 0.1 * p;
    for (int j = 0; j < 17; ++j)
      person.joints.push_back({10.f + 5 * j + 40 * p, 20.f + 3 * j, 0.8f, float(p)});
    r.people.push_back(person);
  }
  const double stage = image.ms / 5;
  r.times = {stage, stage, stage, stage, stage};
  return r;
}

/// Writes a complete run folder at `dir` with `images` and a metric table named `names`; run.json
/// names `annotationFile` (by default one that does not exist).
inline void writeFixtureRun(const std::string& dir, const std::string& arch,
                            const std::vector<FixtureImage>& images,
                            const std::vector<std::string>& names,
                            const std::vector<double>& values,
                            const std::string& annotationFile = "/nonexistent/annotations.json") {
  RunWriter writer(dir);
  std::vector<ImageRecord> records;
  std::vector<ImageEvaluation> evaluations;
  for (size_t i = 0; i < images.size(); ++i) {
    records.push_back(fixtureRecord(images[i], i));
    writer.appendRecord(records.back());
    if (!images[i].error.empty()) continue;
    ImageEvaluation e;
    e.imageId = images[i].id;
    e.categoryId = 1;
    e.ap = images[i].ap;
    e.meanOks = images[i].oks;
    e.groundTruthIds = {images[i].id * 100, images[i].id * 100 + 1};
    e.groundTruthIgnored = {false, true};
    evaluations.push_back(e);
  }
  writer.writeResults(records, 1);
  RunSummary s;
  s.state = RunState::Complete;
  s.modelName = "pose_mobilenet";
  s.archName = arch;
  s.parameters = arch.size() * 1000;
  s.multiplyAdds = arch.size() * 100000;
  s.device = "cpu";
  s.datasetKind = names.size() == 10 ? "coco" : "crowd_pose";
  s.annotationFile = annotationFile;
  s.imagesTotal = s.imagesDone = images.size();
  s.wallSeconds = 1.5;
  writer.writeSummary(s);
  MetricTable table{names, values};
  writer.writeMetrics(table, formatMarkdownTable(table, s.modelName));
  writer.writeText(runfiles::kImageEval, formatImageEvaluationsJsonl(evaluations));
}

inline std::vector<std::string> cocoNames() {
  return {"AP", "Ap .5", "AP .75", "AP (M)", "AP (L)", "AR", "AR .5", "AR .75", "AR (M)", "AR (L)"};
}

inline std::vector<std::string> crowdNames() {
  return {"AP",     "Ap .5",     "AP .75",      "AR",       "AR .5",
          "AR .75", "AP (easy)", "AP (medium)", "AP (hard)"};
}

}  // namespace posescope::test
