#pragma once
// The run library: every run folder under some folders, one row each, read back without
// recomputing anything (posescope-cli runs, the GUI's Runs page).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace posescope {

/// One row of the library: a run folder, or a folder that looks like one but cannot be read.
struct LibraryRun {
  std::string dir;      // the run folder, absolute
  std::string name;     // its path relative to the library folder it was found under
  std::string state;    // run.json's state as runStateName() names it, or "unreadable"
  std::string problem;  // why it is unreadable, or the run's own message (failed, cancelled)
  std::string model;    // MODEL.NAME; empty for imported predictions
  std::string arch;
  bool imported = false;         // predictions imported from a results file: no costs
  std::string checkpoint;        // the checkpoint's file name; empty when none
  std::optional<int> epoch;      // the training epoch the checkpoint records
  std::string annotationFile;    // the ground truth, absolute
  std::string annotationSha256;  // its SHA-256 (hex) as the run recorded it; empty if not
  std::size_t images = 0;        // images done
  std::size_t imagesTotal = 0;
  std::vector<std::string> statNames;  // metrics.json's, in the metric table's order
  std::vector<double> stats;           // empty while the run has no metrics
  std::int64_t parameters = 0;         // 0: unknown (imported predictions)
  std::int64_t multiplyAdds = 0;       // ptflops' count; 0: unknown
  std::optional<double> msPerImage;    // median forward ms per image (image + flip)
  std::string startedAt;               // ISO 8601, UTC
  std::string sweep;                   // the sweep folder holding the run; empty when none
  std::string shard;                   // "K/N" for a shard's partial folder; empty otherwise

  /// The stat named `name` (as metrics --json names it), unset when the run has none.
  std::optional<double> stat(const std::string& name) const;
};

/// The first 12 hex digits of a SHA-256, as tables show it.
std::string shortSha256(const std::string& sha256);

/// Reads one run folder as a row; never throws: a folder that cannot be read is a row in state
/// "unreadable" whose `problem` names the file and what is wrong with it.
LibraryRun readLibraryRun(const std::string& dir, const std::string& libraryFolder);

/// Every run folder under `folders`, recursively, in path order: complete and incomplete runs,
/// the runs of sweeps and merges, imported predictions; a shard's partial folder is not counted
/// beside the merged run made from it; a damaged or half-written run folder is an "unreadable"
/// row; a folder that is no run is not listed (its subfolders are searched). Throws Error naming
/// a library folder that does not exist or is not a folder.
///
/// A run folder is one holding run.json, records.jsonl or run.lock (every writer creates the
/// last two first; a config.yaml alone is any experiment's folder). Hidden folders (".git", an
/// import being written) are not searched; a folder reached twice (overlapping library folders,
/// links) is listed once. A shard's partial folder (run.json "shard") is left out when the
/// library holds a merged run (any state) made from it: one whose log.txt names the folder, or,
/// when none of the folders that log names is in the library (moved since the merge), one of the
/// same evaluation (config.yaml, model, arch, dataset, run inputs with their SHA-256, image
/// selection). Without one it is a row of its own with `shard` set, so the shards of an unmerged
/// split show as such. A sweep's checkpoint that failed before its run folder had a run.json
/// (sweep.json says "failed") is a failed row naming the checkpoint and the problem; a sweep.json
/// that cannot be read is an unreadable row for the sweep folder.
std::vector<LibraryRun> scanRunLibrary(const std::vector<std::string>& folders);

/// The keys sortLibrary takes besides any stat name: run, state, epoch, images, params, macs,
/// ms, date.
std::vector<std::string> librarySortKeys();

/// Sorts rows by `key` (a stat descending, best first; the other keys ascending; rows without the
/// value last). Throws Error naming the key and listing the valid ones when it is unknown.
void sortLibrary(std::vector<LibraryRun>& rows, const std::string& key);

}  // namespace posescope
