#pragma once
// posescope-cli export --what gt-fixes: the run's annotation file with the accepted fixes of its
// suspected annotation errors, and the change list with the metrics before and after.

#include <string>

#include "pipeline/run_folder.h"

namespace posescope::cli {

/// Writes OUT_DIR/<the annotation file's name> (fixed), OUT_DIR/changes.md (each change, then the
/// run's metric table with the file as it is and with the fixes) and OUT_DIR/changes.json. The
/// fixes are the suspects accepted in the run folder's decisions, or every suspect with `all`.
/// Throws Error naming the run folder when nothing is accepted, and as the readers.
int writeGroundTruthFixes(const LoadedRun& run, const std::string& outDir, bool all);

}  // namespace posescope::cli
