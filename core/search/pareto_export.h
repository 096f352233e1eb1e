#pragma once
// What a search folder hands out: its Pareto front as CSV and JSON, and one candidate's arch and
// weights. The GUI's Search page and `posescope-cli search-front` write the same files.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "search/search_folder.h"

namespace posescope::search {

/// The front of `candidates` (paretoFront) as CSV: a header
/// "candidate,ap,gmacs,macs,parameters,latency_ms,generation,arch", then one row per member by
/// MACs; ap round-trips, gmacs is ptflops' 2-decimal figure, latency_ms is empty when not measured
/// and arch is the arch's JSON text (quoted).
std::string paretoFrontCsv(const std::vector<CandidateScore>& candidates);

/// The same front as a JSON array of scores (as score.json holds them), by MACs.
nlohmann::json paretoFrontJson(const std::vector<CandidateScore>& candidates);

/// Writes the front as CSV to `csvPath` and as JSON beside it (same name, .json); returns the two
/// paths. Throws posescope::Error naming the file that cannot be written.
std::vector<std::string> writeParetoFront(const std::vector<CandidateScore>& candidates,
                                          const std::string& csvPath);

/// Copies candidate `key`'s arch JSON and extracted weights (its folder's arch.json and
/// weights.pth, the sub-network `posescope-cli extract` writes, BatchNorm recalibrated as the
/// search evaluated it) from search folder `searchFolder` into `outDir` as <key>.json and
/// <key>.pth; returns the files written. A candidate without weights (the search was told not to
/// keep them) gives its arch JSON alone. Throws posescope::Error naming the file that cannot be
/// read or written.
std::vector<std::string> exportCandidate(const std::string& searchFolder, const std::string& key,
                                         const std::string& outDir);

}  // namespace posescope::search
