#include "render/run_overlay_data.h"

#include "render/export_frame.h"

#include <filesystem>

#include "config/experiment.h"
#include "eval/ground_truth.h"
#include "render/overlay_renderer.h"

namespace posescope {

namespace {
// The role under which `posescope-cli import` records the images folder (run_import.h).
constexpr const char* kImportedImagesRole = "images";
}  // namespace

std::string RunOverlayData::imagePath(const ImageRecord& record) const {
  return (std::filesystem::path(imageDirectory) / record.file).string();
}

OverlayScene RunOverlayData::sceneFor(const ImageRecord& record, double matchThreshold) const {
  OverlayScene scene = makeOverlayScene(record, kind, groundTruth, evaluations, matchThreshold);
  scene.skeleton = skeleton;
  return scene;
}

const ImageRecord* RunOverlayData::recordOf(std::size_t datasetIndex) const {
  // Records are in dataset order for whole runs; subsets and limits keep that order too.
  if (datasetIndex < records.size() && records[datasetIndex].index == datasetIndex)
    return &records[datasetIndex];
  for (const auto& r : records)
    if (r.index == datasetIndex) return &r;
  return nullptr;
}

void refreshRows(RunOverlayData& data) {
  data.rows = perImageRows(data.records, data.evaluations);
}

SkeletonSpec runSkeleton(const LoadedRun& run, DatasetKind kind) {
  const LayoutChoice layout = runLayoutChoice(run.dir, run.summary);
  return layout.skeletonFile ? skeletonSpecOf(*layout.skeletonFile) : skeletonFor(kind);
}

RunOverlayData loadRunOverlayData(const LoadedRun& run) {
  RunOverlayData data;
  data.runDir = run.dir;
  data.imported = run.summary.imported;
  if (data.imported) {  // no config.yaml: the images folder is one of the recorded inputs
    data.kind = datasetKindFromName(run.summary.datasetKind);
    for (const RunInput& input : run.summary.inputs)
      if (input.role == kImportedImagesRole) data.imageDirectory = input.path;
  } else {
    const std::string configFile = (std::filesystem::path(run.dir) / runfiles::kConfig).string();
    const ConfigNode cfg = mergeConfigText(run.configYaml, configFile);
    data.kind =
        datasetKindFromName(run.summary.datasetKind.empty() ? cfg.getString("DATASET.DATASET_TEST")
                                                            : run.summary.datasetKind);
    data.imageDirectory = KeypointDataset::imageDirectory(data.kind, cfg.getString("DATASET.ROOT"),
                                                          cfg.getString("DATASET.TEST"));
  }
  data.skeleton = skeletonFor(data.kind);
  try {
    data.skeleton = runSkeleton(run, data.kind);
  } catch (const std::exception& e) {
    data.warnings.push_back(std::string("the dataset's skeleton drawn: ") + e.what());
  }
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
  data.changedInputs = describeChangedInputs(changedRunInputs(run.summary.inputs));
  refreshRows(data);
  return data;
}

std::string overlayTitleOf(const RunOverlayData& data, const ImageRecord& record) {
  for (const PerImageRow& row : data.rows)
    if (row.index == record.index) return overlayTitle(row);
  return overlayTitle(perImageRows({record}, {}).front());
}

OverlaySources overlaySourcesOf(const RunOverlayData& data, double matchThreshold, bool framed) {
  OverlaySources sources;
  if (framed)
    sources.title = [&data](const ImageRecord& record) { return overlayTitleOf(data, record); };
  sources.imagePath = [&data](const ImageRecord& record) { return data.imagePath(record); };
  sources.scene = [&data, matchThreshold](const ImageRecord& record) {
    return data.sceneFor(record, matchThreshold);
  };
  return sources;
}

cv::Mat renderRecordOverlay(const RunOverlayData& data, const ImageRecord& record,
                            RenderOptions options) {
  options.showHeatmap = options.showTags = false;
  options.projectMaps = true;
  return renderOverlay(readImageRgb(data.imagePath(record)),
                       data.sceneFor(record, options.matchThreshold), options);
}

cv::Mat renderFramedRecordOverlay(const RunOverlayData& data, const ImageRecord& record,
                                  RenderOptions options) {
  options.showHeatmap = options.showTags = false;
  options.projectMaps = true;
  const cv::Mat image = readImageRgb(data.imagePath(record));
  options.outputScale *= exportScaleFor(image.size());
  const OverlayScene scene = data.sceneFor(record, options.matchThreshold);
  const cv::Mat overlay = renderOverlay(image, scene, options);
  return frameForExport(overlay, options.outputScale, overlayTitleOf(data, record), scene, options);
}

}  // namespace posescope
