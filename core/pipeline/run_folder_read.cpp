#include "pipeline/run_folder_read.h"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/strings.h"

namespace posescope {

namespace fs = std::filesystem;

RunSummary readRunSummary(const std::string& dir) {
  const fs::path summaryPath = fs::path(dir) / runfiles::kSummary;
  if (!fs::exists(summaryPath))
    throw Error("'" + dir + "' is not a PoseScope run folder (no " + runfiles::kSummary + ")");
  const auto read = [&] {
    return summaryFromJsonText(readTextFile(summaryPath.string()), summaryPath.string());
  };
  RunSummary summary = read();
  if (summary.state != RunState::Running || runFolderBeingWritten(dir)) return summary;
  // The writer may have ended between the read and the lock's check: it writes its last state
  // before it lets go of the lock, so what run.json says now is where the run stopped.
  summary = read();
  if (summary.state == RunState::Running) {
    summary.state = RunState::Interrupted;
    summary.message =
        "stopped before the end (killed or crashed); continue it with "
        "posescope-cli eval --resume";
  }
  return summary;
}

std::optional<MetricTable> readRunMetricTable(const std::string& dir) {
  const fs::path path = fs::path(dir) / runfiles::kMetricsJson;
  if (!fs::exists(path)) return std::nullopt;
  try {
    const auto j = nlohmann::json::parse(readTextFile(path.string()));
    MetricTable m;
    m.names = j.at("names").get<std::vector<std::string>>();
    m.values = j.at(j.contains("stats") ? "stats" : "values").get<std::vector<double>>();
    if (m.names.size() != m.values.size())
      throw Error(path.string() + ": names and stats differ in length");
    return m;
  } catch (const nlohmann::json::exception& e) {
    throw Error(path.string() + ": malformed metrics: " + e.what());
  }
}

}  // namespace posescope
