#pragma once
// Where an interrupted run stands, for the Evaluator to continue it (eval --resume).

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "pipeline/image_record.h"
#include "pipeline/run_folder.h"

namespace posescope {

/// The part of a run that is already done.
struct ResumePoint {
  RunSummary previous;               // run.json as the interrupted run left it
  std::vector<ImageRecord> records;  // its whole records, in the order written
};

/// The dataset indices of `selection` that `done` does not cover, in selection order. Throws
/// posescope::Error naming `source` when a done record is not one of the selection's images (or
/// names another image id than `imageIdAt` gives for its index), or appears twice: the folder
/// then belongs to another selection or dataset.
std::vector<size_t> indicesLeftToEvaluate(const std::vector<size_t>& selection,
                                          const std::vector<ImageRecord>& done,
                                          const std::function<std::int64_t(size_t)>& imageIdAt,
                                          const std::string& source);

/// Sorts `records` into the order of `selection` (results.json lists images in dataset order
/// whether or not the run was resumed).
void sortRecordsBySelection(std::vector<ImageRecord>& records,
                            const std::vector<size_t>& selection);

}  // namespace posescope
