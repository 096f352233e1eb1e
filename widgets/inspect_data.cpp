#include "inspect_data.h"

#include <filesystem>

#include "config/experiment.h"
#include "eval/ground_truth.h"

namespace posescope {

std::string InspectData::imagePath(const ImageRecord& record) const {
  return (std::filesystem::path(imageDirectory) / record.file).string();
}

OverlayScene InspectData::sceneFor(const ImageRecord& record, double matchThreshold) const {
  return makeOverlayScene(record, kind, groundTruth, evaluations, matchThreshold);
}

const ImageRecord* InspectData::recordOf(std::size_t datasetIndex) const {
  // Records are in dataset order for whole runs; subsets and limits keep that order too.
  if (datasetIndex < records.size() && records[datasetIndex].index == datasetIndex)
    return &records[datasetIndex];
  for (const auto& r : records)
    if (r.index == datasetIndex) return &r;
  return nullptr;
}

void refreshRows(InspectData& data) {
  data.rows = perImageRows(data.records, data.evaluations);
}

InspectData loadInspectData(const LoadedRun& run) {
  InspectData data;
  data.runDir = run.dir;
  const std::string configFile = (std::filesystem::path(run.dir) / runfiles::kConfig).string();
  const ConfigNode cfg = mergeConfigText(run.configYaml, configFile);
  data.kind =
      datasetKindFromName(run.summary.datasetKind.empty() ? cfg.getString("DATASET.DATASET_TEST")
                                                          : run.summary.datasetKind);
  data.imageDirectory = KeypointDataset::imageDirectory(data.kind, cfg.getString("DATASET.ROOT"),
                                                        cfg.getString("DATASET.TEST"));
  data.categoryId = run.summary.categoryId;
  data.device = run.summary.device;
  data.records = run.records;
  if (!run.summary.annotationFile.empty()) {
    try {
      data.groundTruth =
          GroundTruthIndex(loadGroundTruth(run.summary.annotationFile), data.categoryId);
    } catch (const std::exception& e) {
      data.warnings.push_back(std::string("no ground truth: ") + e.what());
    }
  }
  try {
    data.evaluations =
        RunImageEvaluations::loadFromRunFolder(run.dir, data.records, data.categoryId);
  } catch (const std::exception& e) {
    data.warnings.push_back(std::string("no per-image evaluation: ") + e.what());
  }
  refreshRows(data);
  return data;
}

}  // namespace posescope
