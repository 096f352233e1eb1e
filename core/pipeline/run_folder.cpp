#include "pipeline/run_folder.h"

#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/strings.h"

namespace posescope {

namespace fs = std::filesystem;

RunWriter::RunWriter(std::string dir) : dir_(std::move(dir)) {
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (ec || !fs::is_directory(dir_))
    throw Error("cannot create run folder '" + dir_ + "': " + ec.message());
  log_.open(fs::path(dir_) / runfiles::kLog, std::ios::app);
  records_.open(fs::path(dir_) / runfiles::kRecords, std::ios::trunc);
  if (!log_ || !records_) throw Error("cannot write into run folder '" + dir_ + "'");
}

void RunWriter::writeAtomically(const std::string& name, const std::string& text) {
  const fs::path target = fs::path(dir_) / name;
  const fs::path temp = fs::path(dir_) / (name + ".tmp");
  {
    std::ofstream out(temp, std::ios::trunc | std::ios::binary);
    out << text;
    if (!out) throw Error("cannot write '" + target.string() + "'");
  }
  std::error_code ec;
  fs::rename(temp, target, ec);
  if (ec) throw Error("cannot write '" + target.string() + "': " + ec.message());
}

void RunWriter::writeText(const std::string& name, const std::string& text) {
  std::lock_guard<std::mutex> lock(mutex_);
  writeAtomically(name, text);
}

void RunWriter::appendLog(const std::string& line) {
  std::lock_guard<std::mutex> lock(mutex_);
  log_ << line << '\n';
  log_.flush();
}

void RunWriter::appendRecord(const ImageRecord& record) {
  const std::string line = recordToJson(record).dump();
  std::lock_guard<std::mutex> lock(mutex_);
  records_ << line << '\n';
  records_.flush();
}

void RunWriter::writeResults(const std::vector<ImageRecord>& records, int categoryId) {
  nlohmann::json all = nlohmann::json::array();
  for (const auto& r : records) {
    for (auto& entry : recordToResults(r, categoryId)) all.push_back(std::move(entry));
  }
  writeText(runfiles::kResults, all.dump(4));
}

std::string runStateName(RunState state) {
  switch (state) {
    case RunState::Running:
      return "running";
    case RunState::Complete:
      return "complete";
    case RunState::Cancelled:
      return "cancelled";
    case RunState::Failed:
      return "failed";
  }
  return "running";
}

RunState runStateFromName(const std::string& name) {
  for (RunState state :
       {RunState::Running, RunState::Complete, RunState::Cancelled, RunState::Failed})
    if (runStateName(state) == name) return state;
  throw Error("unknown run state '" + name + "' (expected running, complete, cancelled or failed)");
}

std::string summaryToJsonText(const RunSummary& s) {
  nlohmann::json j = {{"state", runStateName(s.state)},
                      {"message", s.message},
                      {"model", s.modelName},
                      {"arch", s.archName},
                      {"parameters", s.parameters},
                      {"multiply_adds", s.multiplyAdds},
                      {"device", s.device},
                      {"dataset", s.datasetKind},
                      {"annotation_file", s.annotationFile},
                      {"category_id", s.categoryId},
                      {"images_total", s.imagesTotal},
                      {"images_done", s.imagesDone},
                      {"images_failed", s.imagesFailed},
                      {"wall_seconds", s.wallSeconds},
                      {"started_at", s.startedAt}};
  nlohmann::json inputs = nlohmann::json::object();
  for (const auto& input : s.inputs) {
    nlohmann::json entry = {{"path", input.path}};
    if (!input.sha256.empty()) entry["sha256"] = input.sha256;
    inputs[input.role] = std::move(entry);
  }
  j["inputs"] = std::move(inputs);
  return j.dump(2);
}

RunSummary summaryFromJsonText(const std::string& text, const std::string& source) {
  RunSummary s;
  try {
    const auto j = nlohmann::json::parse(text);
    try {
      s.state = runStateFromName(j.at("state").get<std::string>());
    } catch (const Error& e) {
      throw Error(source + ": " + e.what());
    }
    s.message = j.value("message", std::string());
    s.modelName = j.value("model", std::string());
    s.archName = j.value("arch", std::string());
    s.parameters = j.value("parameters", std::int64_t(0));
    s.multiplyAdds = j.value("multiply_adds", std::int64_t(0));
    s.device = j.value("device", std::string());
    s.datasetKind = j.value("dataset", std::string());
    s.annotationFile = j.value("annotation_file", std::string());
    s.categoryId = j.value("category_id", 1);
    s.imagesTotal = j.value("images_total", size_t(0));
    s.imagesDone = j.value("images_done", size_t(0));
    s.imagesFailed = j.value("images_failed", size_t(0));
    s.wallSeconds = j.value("wall_seconds", 0.0);
    s.startedAt = j.value("started_at", std::string());
    if (j.contains("inputs"))
      for (const auto& [role, entry] : j.at("inputs").items())
        s.inputs.push_back(
            {role, entry.at("path").get<std::string>(), entry.value("sha256", std::string())});
  } catch (const nlohmann::json::exception& e) {
    throw Error(source + ": not a PoseScope run summary: " + e.what());
  }
  return s;
}

void RunWriter::writeSummary(const RunSummary& summary) {
  writeText(runfiles::kSummary, summaryToJsonText(summary));
}

void RunWriter::writeMetrics(const MetricTable& metrics, const std::string& markdown) {
  nlohmann::json j = nlohmann::json::object();
  nlohmann::json names = metrics.names, values = nlohmann::json::array();
  for (double v : metrics.values) values.push_back(v);
  j["names"] = names;
  j["values"] = values;
  writeText(runfiles::kMetricsJson, j.dump(2));
  writeText(runfiles::kMetricsMd, markdown);
}

LoadedRun loadRunFolder(const std::string& dir) {
  LoadedRun run;
  run.dir = dir;
  const fs::path root(dir);
  const fs::path summaryPath = root / runfiles::kSummary;
  if (!fs::exists(summaryPath))
    throw Error("'" + dir + "' is not a PoseScope run folder (no " + runfiles::kSummary + ")");
  run.summary = summaryFromJsonText(readTextFile(summaryPath.string()), summaryPath.string());
  const fs::path recordsPath = root / runfiles::kRecords;
  if (fs::exists(recordsPath)) {
    std::ifstream in(recordsPath);
    std::string line;
    int lineNo = 0;
    while (std::getline(in, line)) {
      ++lineNo;
      if (trim(line).empty()) continue;
      const std::string where = recordsPath.string() + ":" + std::to_string(lineNo);
      nlohmann::json j;
      try {
        j = nlohmann::json::parse(line);
      } catch (const nlohmann::json::parse_error& e) {
        throw Error(where + ": malformed record: " + e.what());
      }
      run.records.push_back(recordFromJson(j, where));
    }
  }
  if (fs::exists(root / runfiles::kConfig))
    run.configYaml = readTextFile((root / runfiles::kConfig).string());
  if (fs::exists(root / runfiles::kMetricsJson)) {
    const std::string path = (root / runfiles::kMetricsJson).string();
    try {
      const auto j = nlohmann::json::parse(readTextFile(path));
      MetricTable m;
      m.names = j.at("names").get<std::vector<std::string>>();
      m.values = j.at("values").get<std::vector<double>>();
      if (m.names.size() != m.values.size())
        throw Error(path + ": names and values differ in length");
      run.metrics = std::move(m);
    } catch (const nlohmann::json::exception& e) {
      throw Error(path + ": malformed metrics: " + e.what());
    }
  }
  if (fs::exists(root / runfiles::kMetricsMd))
    run.metricsMarkdown = readTextFile((root / runfiles::kMetricsMd).string());
  return run;
}

}  // namespace posescope
