#pragma once
// What overlays of a finished run need before recomputing anything: records, per-image
// evaluation, ground truth, where the images are. The GUI's viewer, Compare page and overlay
// export read it.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "data/keypoint_dataset.h"
#include "pipeline/run_folder.h"
#include "render/overlay_export.h"
#include "render/overlay_scene.h"
#include "render/render_options.h"
#include "report/per_image_table.h"

namespace cv {
class Mat;
}

namespace posescope {

/// A run as its overlays show it; plain values, read on a worker thread when a run is opened.
struct RunOverlayData {
  std::string runDir;  // "" for data assembled by a test
  DatasetKind kind = DatasetKind::Coco;
  /// What overlays draw: the run's skeleton.json when it has one, else the dataset's.
  SkeletonSpec skeleton = skeletonFor(DatasetKind::Coco);
  /// The split's image folder (KeypointDataset::imageDirectory); an imported run's images input.
  std::string imageDirectory;
  bool imported = false;  // predictions imported from a results file: no network, no timings
  std::int64_t categoryId = 1;
  std::string device;  // the run's device, used again to recompute maps
  std::vector<ImageRecord> records;
  RunImageEvaluations evaluations;  // empty when the run has no image_eval.jsonl
  GroundTruthIndex groundTruth;
  std::vector<PerImageRow> rows;      // one per record, for the table
  std::vector<std::string> warnings;  // what could not be read (ground truth, evaluations)
  /// The run's recorded inputs that are missing or changed since the run (describeChangedInputs:
  /// maps recomputed now may not be the run's); "" when none changed or none were recorded.
  std::string changedInputs;

  /// The image file of `record` (imageDirectory / file). Never fails.
  std::string imagePath(const ImageRecord& record) const;
  /// The overlay scene of `record`: its people, its ground truth, its matches at the OKS
  /// threshold nearest `matchThreshold`. Never fails.
  OverlayScene sceneFor(const ImageRecord& record, double matchThreshold = 0.5) const;
  /// The record of dataset index `datasetIndex`, or nullptr.
  const ImageRecord* recordOf(std::size_t datasetIndex) const;
};

/// A run's overlay data shared between threads and pages: large (every record, the ground
/// truth), never changed once built.
using RunOverlayDataPtr = std::shared_ptr<const RunOverlayData>;

/// Assembles the viewer's data for a loaded run: dataset kind and image folder from its
/// config.yaml and run.json (an imported run: its recorded images folder), the skeleton of its
/// skeleton.json (a malformed one only adds a warning: the dataset's is drawn), the ground truth of
/// run.json's annotation file and image_eval.jsonl, and which recorded inputs changed since the run
/// (their SHA-256 is computed again: call it off the GUI thread). Throws ConfigError / DatasetError
/// naming the file when the config or the dataset kind cannot be read; a missing or unreadable
/// ground truth or evaluation file only adds a warning.
RunOverlayData loadRunOverlayData(const LoadedRun& run);

/// What the overlays of `run` draw: its skeleton.json when it has one, else `kind`'s own; throws
/// EvalError naming skeleton.json when it is malformed.
SkeletonSpec runSkeleton(const LoadedRun& run, DatasetKind kind);

/// Rows and derived fields after `records` / `evaluations` changed. Never fails.
void refreshRows(RunOverlayData& data);

/// The image paths and scenes of `data`'s records for exportOverlays (matches at the OKS
/// threshold nearest `matchThreshold`; no maps); `framed`: each overlay framed with its title
/// (overlayTitle of its row) and a scale bar. `data` must outlive the result.
OverlaySources overlaySourcesOf(const RunOverlayData& data, double matchThreshold,
                                bool framed = false);

/// The title of `record`'s exported overlay (overlayTitle of its row). Never fails.
std::string overlayTitleOf(const RunOverlayData& data, const ImageRecord& record);

/// renderOverlay() of `record` over its image at full image resolution (RGB), with `options`'
/// predictions, ground truth, crowd and match layers (heatmap and tag layers need recomputed
/// maps and are left out). Throws DatasetError naming the image file when it cannot be read,
/// Error / ConfigError as renderOverlay.
cv::Mat renderRecordOverlay(const RunOverlayData& data, const ImageRecord& record,
                            RenderOptions options);

/// renderRecordOverlay framed for export (frameForExport: drawn at least 768 px wide, the title
/// of overlayTitleOf and the layers and filters drawn with above, a scale bar and a legend
/// below). Throws as renderRecordOverlay.
cv::Mat renderFramedRecordOverlay(const RunOverlayData& data, const ImageRecord& record,
                                  RenderOptions options);

}  // namespace posescope
