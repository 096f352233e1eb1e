#pragma once
// What the Compare page knows about each of its two runs: the run folder read back, its arch
// and input size, and (when its dataset can be read) the data to draw its overlays.

#include <QString>
#include <QStringList>
#include <memory>
#include <optional>
#include <vector>

#include "config/arch_config.h"
#include "pipeline/run_folder.h"
#include "render/run_overlay_data.h"
#include "report/run_comparison.h"
#include "widgets/session/opened_run.h"

namespace posescope {

struct RunEvaluationInput;

/// A run's ground truth and results read for scoring (loadRunEvaluationInput), shared likewise.
using RunEvaluationInputPtr = std::shared_ptr<const RunEvaluationInput>;

/// One side (A or B) of a comparison; built off the GUI thread, never changed after. The run and
/// its overlay data are shared (with the run the window shows when it is the same folder).
struct CompareSide {
  LoadedRunPtr run;                // never null once built
  std::optional<ArchConfig> arch;  // arch.json of the run, else the model's default arch
  int inputSize = 0;               // DATASET.INPUT_SIZE (0 when the config cannot be read)
  std::shared_ptr<const RunOverlayData> images;  // nullptr when the dataset cannot be read
  QStringList warnings;                          // why arch / input size / images are missing
  /// Its per-image evaluation: the overlay data's, else its image_eval.jsonl read (nullptr, as
  /// empty, when absent or malformed: a warning says which), so comparing never reads a file.
  std::shared_ptr<const RunImageEvaluations> evaluations;

  /// The record of image `imageId`, or nullptr.
  const ImageRecord* recordOfImage(std::int64_t imageId) const;
};

/// The side of `run` read back: its arch and config, and the ground truth and per-image
/// evaluation for its overlays, are read. Never throws; what cannot be read becomes a warning.
CompareSide compareSideReading(LoadedRunPtr run);
/// compareSideReading of run folder `dir` read (loadRunFolder); throws posescope::Error naming
/// the folder when it is not a readable run.
CompareSide loadCompareSide(const std::string& dir);

/// The side of a run already read back (`run`, and `images` or why there are none in
/// `imagesError`): only its arch and config are read. Never throws; what cannot be read becomes a
/// warning.
CompareSide compareSideOf(LoadedRunPtr run, RunOverlayDataPtr images, const QString& imagesError);

/// compareRuns of the two sides with their `evaluations` (quick: reads no file, so the GUI thread
/// may call it). Throws like compareRuns.
RunComparison compareSides(const CompareSide& a, const CompareSide& b);

/// One row of the side-by-side summary: what, A's value, B's value.
struct SideBySideRow {
  QString name;
  QString a, b;
};

/// The summary rows of two runs: label, folder, model, the config keys whose values differ
/// (named by their dotted key), parameters, multiply-adds, input size,
/// stem, per-stage channels / blocks / stride, deconv, device, images, wall time, mean ms per
/// image and per stage. Never fails.
std::vector<SideBySideRow> summaryRows(const RunComparison& comparison, const CompareSide& a,
                                       const CompareSide& b);

}  // namespace posescope
