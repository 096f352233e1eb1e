// posescope-cli suspects: ground-truth people a run's confident predictions contradict
// (core/analysis/annotation_suspects.h), ranked with their evidence and a suggested fix; --accept
// and --reject keep a person's decisions in the run folder (core/report/annotation_fixes.h).

#include <iostream>
#include <set>
#include <sstream>

#include "analysis/annotation_suspects.h"
#include "cli_args.h"
#include "commands.h"
#include "common/errors.h"
#include "pipeline/run_folder.h"
#include "report/annotation_fixes.h"
#include "report/run_ground_truth.h"

namespace posescope::cli {

namespace {

// The keys of --accept / --reject ("all": every suspect found); a key no suspect has is refused.
std::set<std::string> keysOf(const ParsedArgs& args, const char* option,
                             const AnnotationSuspects& found) {
  std::set<std::string> known, keys;
  for (const AnnotationSuspect& s : found.suspects) known.insert(s.key);
  if (!args.has(option)) return keys;
  std::stringstream list(args.get(option));
  std::string key;
  while (std::getline(list, key, ',')) {
    if (key == "all") {
      keys.insert(known.begin(), known.end());
    } else if (known.count(key)) {
      keys.insert(key);
    } else {
      throw UsageError{std::string(option) + ": no suspect '" + key +
                       "' (the keys are in the Key column, or 'all')"};
    }
  }
  return keys;
}

}  // namespace

int runSuspects(const ParsedArgs& args) {
  if (args.positional.size() != 1) throw UsageError{"expected one RUN_DIR"};
  const std::string format = args.get("--format", "md");
  if (format != "md" && format != "json")
    throw UsageError{"--format must be md or json, not '" + format + "'"};
  const long top = args.getInt("--top");
  if (top < 0) throw UsageError{"--top must be 0 or more"};
  SuspectThresholds thresholds;
  thresholds.minScore = args.getDouble("--min-score");
  if (!(thresholds.minScore >= 0)) throw UsageError{"--min-score must be 0 or more"};
  const std::string dir = args.positional.front();
  const RunEvaluationInput in = loadRunEvaluationInput(loadRunFolder(dir));
  for (const std::string& warning : in.groundTruth.warnings)
    std::cerr << "warning: " << warning << "\n";
  const AnnotationSuspects found =
      findAnnotationSuspects(in.groundTruth, in.results, in.layout, thresholds);
  SuspectDecisions decisions = readSuspectDecisions(dir);
  const std::set<std::string> accepted = keysOf(args, "--accept", found);
  const std::set<std::string> rejected = keysOf(args, "--reject", found);
  for (const std::string& key : accepted)
    if (rejected.count(key)) throw UsageError{"'" + key + "' is both accepted and rejected"};
  if (!accepted.empty() || !rejected.empty()) {
    for (const std::string& key : accepted) decisions[key] = true;
    for (const std::string& key : rejected) decisions[key] = false;
    writeSuspectDecisions(dir, decisions);
    std::cerr << accepted.size() << " accepted, " << rejected.size() << " rejected: " << dir << "/"
              << kSuspectDecisionsFile << "\n";
  }
  const auto listed = static_cast<std::size_t>(top);
  std::cout << (format == "json"
                    ? formatSuspectsJson(found, in.annotationFile, listed, decisions)
                    : formatSuspectsMarkdown(found, in.annotationFile, listed, decisions));
  return found.suspects.empty() ? kOk : kFailed;
}

}  // namespace posescope::cli
