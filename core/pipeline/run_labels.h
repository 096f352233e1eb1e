#pragma once
// What a run is called where it is shown: its model (the network and arch it evaluated, or the
// predictions it imported) and the name of its row in a metric table. One wording for the GUI's
// pages, the PDF report and the CLI's comparisons.

#include <string>

#include "pipeline/run_folder.h"

namespace posescope {

/// "pose_mobilenet / search-XS" (the arch left out when it is the model's own name or absent);
/// for imported predictions "imported predictions (NAME)", NAME being the import's --name or the
/// results file's stem. Never fails.
std::string runModelLabel(const RunSummary& summary);

/// The first column of the run's metric table: MODEL.NAME, as valid.py names the row; for
/// imported predictions their name (the import's --name or the results file's stem). Never fails.
std::string runTableName(const RunSummary& summary);

}  // namespace posescope
