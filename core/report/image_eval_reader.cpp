#include "report/image_eval_reader.h"

#include <cmath>
#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/strings.h"
#include "pipeline/json_numbers.h"
#include "pipeline/run_folder.h"

namespace posescope {

namespace {

// Integers through jsonInteger: nlohmann's get<> of an out-of-range float is undefined behaviour.
template <class Int>
std::vector<Int> integers(const nlohmann::json& array, const char* what) {
  if (!array.is_array()) throw EvalError(std::string(what) + " must be an array");
  std::vector<Int> out;
  out.reserve(array.size());
  for (const auto& v : array) out.push_back(jsonInteger<Int>(v, what));
  return out;
}

ImageEvaluation evaluationFromJson(const nlohmann::json& j) {
  ImageEvaluation e;
  e.imageId = jsonInteger<std::int64_t>(j.at("image_id"), "image_id");
  e.categoryId = jsonInteger<std::int64_t>(j.at("category_id"), "category_id");
  e.ap = j.at("ap").get<double>();
  e.meanOks = j.at("mean_oks").get<double>();
  e.detections = integers<std::size_t>(j.at("detections"), "detections");
  if (j.contains("dropped_detections"))
    e.droppedDetections = integers<std::size_t>(j.at("dropped_detections"), "dropped_detections");
  e.groundTruthIds = integers<std::int64_t>(j.at("gt_ids"), "gt_ids");
  e.groundTruthIgnored = j.at("gt_ignored").get<std::vector<bool>>();
  for (const auto& row : j.at("oks"))
    for (const auto& v : row) e.oks.push_back(v.get<double>());
  for (const auto& t : j.at("thresholds")) {
    ThresholdMatches tm;
    tm.threshold = t.at("threshold").get<double>();
    for (const auto& m : t.at("matches")) {
      tm.matches.push_back({jsonInteger<std::size_t>(m.at(0), "matches"),
                            jsonInteger<std::int64_t>(m.at(1), "matches"), m.at(2).get<double>(),
                            m.at(3).get<bool>()});
    }
    tm.unmatchedDetections =
        integers<std::size_t>(t.at("unmatched_detections"), "unmatched_detections");
    tm.unmatchedGroundTruths = integers<std::int64_t>(t.at("unmatched_gt_ids"), "unmatched_gt_ids");
    e.thresholds.push_back(std::move(tm));
  }
  if (e.groundTruthIgnored.size() != e.groundTruthIds.size())
    throw EvalError("gt_ignored and gt_ids differ in length");
  if (!e.oks.empty() && e.oks.size() != e.detections.size() * e.groundTruthIds.size())
    throw EvalError("oks is not detections x gt_ids");
  return e;
}

}  // namespace

std::vector<ImageEvaluation> parseImageEvaluationsJsonl(const std::string& text,
                                                        const std::string& source) {
  std::vector<ImageEvaluation> out;
  std::istringstream in(text);
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    if (trim(line).empty()) continue;
    const std::string where = source + ":" + std::to_string(lineNo);
    try {
      out.push_back(evaluationFromJson(nlohmann::json::parse(line)));
    } catch (const nlohmann::json::exception& e) {
      throw EvalError(where + ": bad per-image evaluation: " + e.what());
    } catch (const Error& e) {  // EvalError, or a number jsonInteger refused
      throw EvalError(where + ": bad per-image evaluation: " + e.what());
    }
  }
  return out;
}

std::vector<ImageEvaluation> loadImageEvaluations(const std::string& path) {
  std::string text;
  try {
    text = readTextFile(path);
  } catch (const Error& e) {
    throw EvalError(e.what());
  }
  return parseImageEvaluationsJsonl(text, path);
}

RunImageEvaluations::RunImageEvaluations(const std::vector<ImageRecord>& records,
                                         std::vector<ImageEvaluation> evaluations,
                                         std::int64_t categoryId)
    : evaluations_(std::move(evaluations)) {
  for (std::size_t i = 0; i < evaluations_.size(); ++i)
    if (evaluations_[i].categoryId == categoryId) byImage_[evaluations_[i].imageId] = i;
  // results.json numbering: records in order, people with joints only (recordToResults).
  std::size_t next = 0;
  for (const auto& r : records) {
    firstDetection_.emplace(r.imageId, next);
    auto& people = detectionPeople_[r.imageId];
    for (std::size_t p = 0; p < r.people.size(); ++p) {
      if (r.people[p].joints.empty()) continue;
      people.push_back(p);
      ++next;
    }
  }
}

RunImageEvaluations RunImageEvaluations::loadFromRunFolder(const std::string& dir,
                                                           const std::vector<ImageRecord>& records,
                                                           std::int64_t categoryId) {
  const std::filesystem::path path = std::filesystem::path(dir) / runfiles::kImageEval;
  if (!std::filesystem::exists(path)) return {};
  return RunImageEvaluations(records, loadImageEvaluations(path.string()), categoryId);
}

const ImageEvaluation* RunImageEvaluations::find(std::int64_t imageId) const {
  const auto it = byImage_.find(imageId);
  return it == byImage_.end() ? nullptr : &evaluations_[it->second];
}

std::vector<PredictionMatch> RunImageEvaluations::matchesFor(const ImageRecord& record,
                                                             double threshold) const {
  std::vector<PredictionMatch> out;
  const ImageEvaluation* e = find(record.imageId);
  const auto first = firstDetection_.find(record.imageId);
  const auto people = detectionPeople_.find(record.imageId);
  if (!e || e->thresholds.empty() || first == firstDetection_.end()) return out;
  const ThresholdMatches* best = &e->thresholds.front();
  for (const auto& t : e->thresholds)
    if (std::abs(t.threshold - threshold) < std::abs(best->threshold - threshold)) best = &t;
  for (const auto& m : best->matches) {
    if (m.detection < first->second) continue;
    const std::size_t local = m.detection - first->second;
    if (local >= people->second.size()) continue;
    out.push_back({people->second[local], m.groundTruthId, m.oks, m.groundTruthIgnored});
  }
  return out;
}

int RunImageEvaluations::regularGroundTruthCount(std::int64_t imageId) const {
  const ImageEvaluation* e = find(imageId);
  if (!e) return byImage_.empty() ? -1 : 0;  // evaluated, but no person and no detection
  int n = 0;
  for (bool ignored : e->groundTruthIgnored) n += ignored ? 0 : 1;
  return n;
}

}  // namespace posescope
