#pragma once
// Nothing lost on a re-run: a folder that holds a run is never written over unless the user says
// so (--overwrite), and then the user's own files there (saved views, tags) are kept when they
// still apply, else moved aside under a name that is said.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace posescope {

/// What `dir` holds of a run, in words ("a complete run of 8 images", "an interrupted run, 3 of 8
/// images done", "a run being written by another evaluation"); unset when it holds none (absent,
/// empty, or without run.json, which a run writes before its first image).
std::optional<std::string> runHeldIn(const std::string& dir);

/// Throws Error when `dir` holds a run, naming the folder and what it holds, and saying the way on:
/// continue it (`posescope-cli eval --resume DIR`) or replace it (`--overwrite`); for a complete
/// run replace it or give another --out; for one being written wait or give another --out.
void refuseToReplaceRun(const std::string& dir);

/// Throws Error when an export's output `out` would write over a run's files: a folder holding a
/// run for an export that writes run-named files into a folder (`folder`: the COCO subset's
/// gt.json and results.json), else a file of a run folder that the run itself wrote.
void refuseToExportOverARun(const std::string& out, bool folder);

/// Makes `dir` ready for a new run over the images `imageIds`, replacing the run it holds; call it
/// with the folder locked by the new run's RunWriter (which has started records.jsonl afresh).
/// Removes the old run's other files (its log stays: it is history), keeps views.json (queries
/// apply to any run), keeps tags.json when every tag names one of `imageIds` and none a
/// prediction (the old run's), else moves it aside to tags.replaced-STAMP[-N].json. Returns what it
/// did with the user's files, a line each. Throws Error when a file cannot be removed or moved.
std::vector<std::string> clearRunForReplacement(const std::string& dir,
                                                const std::vector<std::int64_t>& imageIds);

}  // namespace posescope
