#include "pipeline/run_folder.h"

#include <algorithm>
#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/strings.h"
#include "pipeline/json_numbers.h"
#include "pipeline/run_folder_read.h"
#include "pipeline/run_records.h"

namespace posescope {

namespace fs = std::filesystem;

RunWriter::RunWriter(std::string dir, bool continueRun) : dir_(std::move(dir)) {
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (ec || !fs::is_directory(dir_))
    throw Error("cannot create run folder '" + dir_ + "': " + ec.message());
  lock_ = std::make_unique<RunFolderLock>(dir_);
  const fs::path root(dir_);
  // Unlike records, the log of an earlier attempt is kept on a fresh start too: it is history.
  cutToWholeLines((root / runfiles::kLog).string());
  log_ = std::make_unique<LineAppender>((root / runfiles::kLog).string(), false);
  if (continueRun) cutToWholeLines((root / runfiles::kRecords).string());
  records_ = std::make_unique<LineAppender>((root / runfiles::kRecords).string(), !continueRun);
}

void RunWriter::writeText(const std::string& name, const std::string& text) {
  std::lock_guard<std::mutex> lock(mutex_);
  writeFileAtomically((fs::path(dir_) / name).string(), text);
}

void RunWriter::appendLog(const std::string& line) {
  std::lock_guard<std::mutex> lock(mutex_);
  log_->append(line);
}

void RunWriter::appendRecord(const ImageRecord& record) {
  const std::string line = recordToJson(record).dump();
  std::lock_guard<std::mutex> lock(mutex_);
  records_->append(line);
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
    case RunState::Interrupted:
      return "interrupted";
  }
  return "running";
}

RunState runStateFromName(const std::string& name) {
  for (RunState state : {RunState::Running, RunState::Complete, RunState::Cancelled,
                         RunState::Failed, RunState::Interrupted})
    if (runStateName(state) == name) return state;
  throw Error("unknown run state '" + name + "' (expected running, complete, cancelled or failed)");
}

std::string summaryToJsonText(const RunSummary& s) {
  nlohmann::json j = {{"state", runStateName(s.state)},
                      {"message", s.message},
                      {"model", s.modelName},
                      {"arch", s.archName},
                      {"parameters", s.parameters},
                      {"ptflops_multiply_adds", s.multiplyAdds},
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
  if (s.shard) j["shard"] = shardIdentityToJson(*s.shard);
  if (s.categoryRestricted) j["category_restricted"] = true;
  if (s.imported) j["imported"] = true;
  if (s.checkpointEpoch) j["checkpoint_epoch"] = *s.checkpointEpoch;
  return j.dump(2);
}

LayoutChoice runLayoutChoice(const std::string& dir, const RunSummary& summary) {
  LayoutChoice choice;
  choice.dataset = variantFromDatasetName(summary.datasetKind);
  const fs::path skeleton = fs::path(dir) / runfiles::kSkeleton;
  if (fs::exists(skeleton)) {
    choice.skeletonSource = skeleton.string();
    choice.skeletonFile = loadSkeletonFile(choice.skeletonSource);
  }
  if (summary.categoryRestricted) choice.categoryId = summary.categoryId;
  return choice;
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
    s.parameters = jsonInteger(j, "parameters", std::int64_t(0), source);
    // ptflops' count since 80edff0; the "multiply_adds" of older runs counted convolutions and
    // BatchNorms only, another figure, so it is not read (shown as unknown).
    s.multiplyAdds = jsonInteger(j, "ptflops_multiply_adds", std::int64_t(0), source);
    s.device = j.value("device", std::string());
    s.datasetKind = j.value("dataset", std::string());
    s.annotationFile = j.value("annotation_file", std::string());
    s.categoryId = jsonInteger(j, "category_id", 1, source);
    s.imagesTotal = jsonInteger(j, "images_total", size_t(0), source);
    s.imagesDone = jsonInteger(j, "images_done", size_t(0), source);
    s.imagesFailed = jsonInteger(j, "images_failed", size_t(0), source);
    s.wallSeconds = j.value("wall_seconds", 0.0);
    s.startedAt = j.value("started_at", std::string());
    if (j.contains("inputs"))
      for (const auto& [role, entry] : j.at("inputs").items())
        s.inputs.push_back(
            {role, entry.at("path").get<std::string>(), entry.value("sha256", std::string())});
    if (j.contains("shard")) s.shard = shardIdentityFromJson(j.at("shard"), source);
    s.categoryRestricted = j.value("category_restricted", false);
    s.imported = j.value("imported", false);
    if (j.contains("checkpoint_epoch"))
      s.checkpointEpoch = jsonInteger(j, "checkpoint_epoch", 0, source);
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
  nlohmann::json names = metrics.names, stats = nlohmann::json::array();
  for (double v : metrics.values) stats.push_back(v);
  // "stats", as `metrics --json` and pycocotools name the list (readRunMetricTable also reads the
  // "values" of run folders written before).
  j["names"] = names;
  j["stats"] = stats;
  writeText(runfiles::kMetricsJson, j.dump(2));
  writeText(runfiles::kMetricsMd, markdown);
}

LoadedRun loadRunFolder(const std::string& dir) {
  LoadedRun run;
  run.dir = dir;
  const fs::path root(dir);
  run.summary = readRunSummary(dir);
  RecordsFile records = readRecordsFile((root / runfiles::kRecords).string());
  run.records = std::move(records.records);
  if (!records.note.empty()) run.notes.push_back(records.note);
  // The records are what a run has done: run.json's counts lag behind them when the run was
  // killed between its updates.
  if (run.records.size() > run.summary.imagesDone) {
    run.summary.imagesDone = run.records.size();
    run.summary.imagesFailed = static_cast<std::size_t>(std::count_if(
        run.records.begin(), run.records.end(), [](const ImageRecord& r) { return r.failed(); }));
  }
  if (fs::exists(root / runfiles::kConfig))
    run.configYaml = readTextFile((root / runfiles::kConfig).string());
  run.metrics = readRunMetricTable(dir);
  if (fs::exists(root / runfiles::kMetricsMd))
    run.metricsMarkdown = readTextFile((root / runfiles::kMetricsMd).string());
  return run;
}

}  // namespace posescope
