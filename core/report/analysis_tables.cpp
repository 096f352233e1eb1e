#include "report/analysis_tables.h"

#include <cmath>
#include <cstdio>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "analysis/analysis_params.h"
#include "analysis/error_profile_comparison.h"
#include "common/errors.h"
#include "common/number_text.h"
#include "eval/eval_params.h"
#include "eval/metric_table.h"
#include "report/per_image_table.h"
#include "report/run_ground_truth.h"

namespace posescope {

namespace {

constexpr ErrorType kErrorRows[] = {ErrorType::Baseline,     ErrorType::Miss,    ErrorType::Swap,
                                    ErrorType::Inversion,    ErrorType::Jitter,  ErrorType::Score,
                                    ErrorType::BackgroundFP, ErrorType::FalseNeg};

std::string fixed3(double value) {
  return value <= -1 ? "-" : fixedText(value, 3);
}

std::string mdCell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out;
}

std::string runLabel(const LoadedRun& run) {
  if (!run.summary.archName.empty()) return run.summary.archName;
  if (!run.summary.modelName.empty()) return run.summary.modelName;
  return run.dir;
}

// Run identity rows: name, value.
std::vector<std::pair<std::string, std::string>> identityRows(const LoadedRun& run) {
  const RunSummary& s = run.summary;
  std::size_t failed = 0;
  for (const auto& r : run.records) failed += r.failed() ? 1 : 0;
  return {{"run folder", run.dir},
          {"model", s.modelName},
          {"arch", s.archName},
          {"state", runStateName(s.state)},
          {"dataset", s.datasetKind},
          {"annotation file", s.annotationFile},
          {"images", std::to_string(run.records.size())},
          {"failed images", std::to_string(failed)},
          {"device", s.device}};
}

bool present(const KeypointAnalysis& analysis, ErrorType error) {
  return analysis.find(error, "all", 0) != nullptr;
}

std::string markdown(const LoadedRun& run, const KeypointAnalysis& analysis,
                     const std::vector<WorstImage>& worst,
                     const std::vector<std::string>& changes) {
  std::string out = "# Analysis report: " + mdCell(runLabel(run)) + "\n\n| | |\n|---|---|\n";
  for (const auto& [name, value] : identityRows(run))
    out += "| " + name + " | " + mdCell(value) + " |\n";
  out += changes.empty()
             ? "\n## Metrics (as valid.py prints them)\n\n"
             : "\n## Metrics with changed evaluation settings (not valid.py's)\n\n"
               "Evaluated with " +
                   mdCell(joinSettingChanges(changes)) + "; the analysis below follows them.\n\n";
  if (run.metrics) {
    out += "| Metric | Value |\n|---|---|\n";
    for (std::size_t i = 0; i < run.metrics->names.size(); ++i)
      out += "| " + mdCell(run.metrics->names[i]) + " | " + fixed3(run.metrics->values[i]) + " |\n";
  } else {
    out += "No metric table (the run did not complete).\n";
  }
  out += "\n## AP if fixed (coco-analyze's error analysis)\n\n| Fixed |";
  std::string rule = "|---|";
  for (const ApColumn& c : reportApColumns()) {
    out += " " + c.title + " |";
    rule += "---|";
  }
  out += "\n" + rule + "\n";
  for (ErrorType e : kErrorRows) {
    if (!present(analysis, e)) continue;
    out += "| " + errorTypeName(e) + " |";
    for (const ApColumn& c : reportApColumns())
      out += " " + fixed3(apIfFixedAt(analysis, e, c.area, c.oks)) + " |";
    out += "\n";
  }
  out +=
      "\nEach keypoint error type and the scores fixed alone; background false positives "
      "removed from the baseline, then false negatives too. " +
      apBaselineNote(analysis,
                     run.metrics && !run.metrics->values.empty() ? run.metrics->values[0] : -1,
                     changes.empty()) +
      "\n";
  out += "\n## Joint labels of the localised detections\n\n| Joint |";
  rule = "|---|";
  for (JointLabel l : kJointLabels) {
    out += " " + jointLabelName(l) + " |";
    rule += "---|";
  }
  out += "\n" + rule + "\n";
  for (std::size_t k = 0; k < analysis.jointCounts.size(); ++k) {
    out += "| " +
           mdCell(k < analysis.jointNames.size() ? analysis.jointNames[k]
                                                 : "joint " + std::to_string(k)) +
           " |";
    for (std::size_t n : analysis.jointCounts[k]) out += " " + std::to_string(n) + " |";
    out += "\n";
  }
  out += "\n## " + worstImagesHeading(worst.size()) + "\n\n" + worstImagesKey() +
         "\n\n| Image id | File | AP lost | Image AP | People | Detections | Missed | "
         "Background FP |\n|---|---|---|---|---|---|---|---|\n";
  for (const WorstImage& w : worst)
    out += "| " + std::to_string(w.imageId) + " | " + mdCell(w.file) + " | " +
           fixedText(w.apLost, 5, true) + " | " + fixed3(w.imageAp) + " | " +
           std::to_string(w.people) + " | " + std::to_string(w.detections) + " | " +
           std::to_string(w.missedPeople) + " | " + std::to_string(w.backgroundFalsePositives) +
           " |\n";
  return out;
}

std::string csv(const LoadedRun& run, const KeypointAnalysis& analysis,
                const std::vector<WorstImage>& worst, const std::vector<std::string>& changes) {
  std::string out = "section,row,column,value\n";
  auto line = [&out](const std::string& section, const std::string& row, const std::string& column,
                     const std::string& value) {
    out += section + "," + csvField(row) + "," + csvField(column) + "," + csvField(value) + "\n";
  };
  for (const auto& [name, value] : identityRows(run)) line("run", name, "", value);
  for (const std::string& change : changes) line("settings", "not valid.py's", "", change);
  if (run.metrics)
    for (std::size_t i = 0; i < run.metrics->names.size(); ++i)
      line("metric", run.metrics->names[i], "", csvNumber(run.metrics->values[i]));
  for (ErrorType e : kErrorRows) {
    if (!present(analysis, e)) continue;
    for (const ApColumn& c : reportApColumns()) {
      const double ap = apIfFixedAt(analysis, e, c.area, c.oks);
      line("ap_if_fixed", errorTypeName(e), c.title, ap > -1 ? csvNumber(ap) : "");
    }
  }
  for (std::size_t k = 0; k < analysis.jointCounts.size(); ++k)
    for (std::size_t l = 0; l < analysis.jointCounts[k].size(); ++l)
      line("joint_labels",
           k < analysis.jointNames.size() ? analysis.jointNames[k] : std::to_string(k),
           jointLabelName(kJointLabels[l]), std::to_string(analysis.jointCounts[k][l]));
  for (const WorstImage& w : worst) {
    const std::string id = std::to_string(w.imageId);
    line("worst_image", id, "file", w.file);
    line("worst_image", id, "ap_lost", csvNumber(w.apLost));
    line("worst_image", id, "image_ap", w.imageAp > -1 ? csvNumber(w.imageAp) : "");
    line("worst_image", id, "people", std::to_string(w.people));
    line("worst_image", id, "detections", std::to_string(w.detections));
    line("worst_image", id, "missed_people", std::to_string(w.missedPeople));
    line("worst_image", id, "background_fp", std::to_string(w.backgroundFalsePositives));
  }
  return out;
}

std::string json(const LoadedRun& run, const KeypointAnalysis& analysis,
                 const std::vector<WorstImage>& worst, const std::vector<std::string>& changes) {
  nlohmann::ordered_json j;
  for (const auto& [name, value] : identityRows(run)) j["run"][name] = value;
  if (!changes.empty()) j["settings"] = changes;
  j["metrics"] = nlohmann::ordered_json::object();
  if (run.metrics)
    for (std::size_t i = 0; i < run.metrics->names.size(); ++i)
      j["metrics"][run.metrics->names[i]] = run.metrics->values[i];
  j["ap_if_fixed"] = nlohmann::ordered_json::array();
  for (const ApIfFixed& f : analysis.apIfFixed) {
    j["ap_if_fixed"].push_back(
        {{"error", errorTypeName(f.error)},
         {"area", f.area},
         {"oks", f.oks},
         {"ap", f.ap > -1 ? nlohmann::ordered_json(f.ap) : nullptr},
         {"recall", f.recall > -1 ? nlohmann::ordered_json(f.recall) : nullptr}});
  }
  j["joint_labels"] = nlohmann::ordered_json::object();
  for (std::size_t k = 0; k < analysis.jointCounts.size(); ++k) {
    nlohmann::ordered_json labels;
    for (std::size_t l = 0; l < analysis.jointCounts[k].size(); ++l)
      labels[jointLabelName(kJointLabels[l])] = analysis.jointCounts[k][l];
    j["joint_labels"][k < analysis.jointNames.size() ? analysis.jointNames[k] : std::to_string(k)] =
        labels;
  }
  j["worst_images"] = nlohmann::ordered_json::array();
  for (const WorstImage& w : worst)
    j["worst_images"].push_back(
        {{"image_id", w.imageId},
         {"file", w.file},
         {"ap_lost", w.apLost},
         {"image_ap", w.imageAp > -1 ? nlohmann::ordered_json(w.imageAp) : nullptr},
         {"people", w.people},
         {"detections", w.detections},
         {"missed_people", w.missedPeople},
         {"background_fp", w.backgroundFalsePositives}});
  return j.dump(2) + "\n";
}

}  // namespace

double apIfFixedAt(const KeypointAnalysis& analysis, ErrorType error, const std::string& area,
                   double oks) {
  if (oks < 0) return meanApIfFixed(analysis, error, area);
  const auto& thresholds = analysis.params.eval.iouThrs;
  for (std::size_t t = 0; t < thresholds.size(); ++t) {
    if (std::abs(thresholds[t] - oks) > 1e-9) continue;
    const ApIfFixed* f = analysis.find(error, area, t);
    return f ? f->ap : -1;
  }
  return -1;
}

std::string oksThresholdsText(const std::vector<double>& thresholds) {
  auto text = [](double t) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f", t);
    std::string s = buffer;
    if (std::abs(std::stod(s) - t) > 1e-9) {
      std::snprintf(buffer, sizeof buffer, "%g", t);
      s = buffer;
    }
    return s.rfind("0.", 0) == 0 ? s.substr(1) : s;
  };
  if (thresholds.empty()) return "";
  if (thresholds.size() == 1) return text(thresholds.front());
  const double step = thresholds[1] - thresholds[0];
  bool even = true;
  for (std::size_t i = 1; i < thresholds.size(); ++i)
    even = even && std::abs(thresholds[i] - thresholds[i - 1] - step) < 1e-9;
  if (!even) {
    std::string out;
    for (double t : thresholds) out += (out.empty() ? "" : ", ") + text(t);
    return out;
  }
  const std::string first = text(thresholds.front()), last = text(thresholds.back());
  return std::abs(step - 0.05) < 1e-9 ? first + ":" + last : first + ":" + text(step) + ":" + last;
}

namespace {

// An area bound as the note writes it: 1024 -> "32²", 0 -> "0".
std::string areaText(double area) {
  const double side = std::round(std::sqrt(area));
  if (area > 0 && std::abs(side * side - area) < 1e-9)
    return std::to_string(static_cast<long long>(side)) + "\u00b2";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", area);
  return buffer;
}

}  // namespace

std::string apBaselineNote(const KeypointAnalysis& analysis, double tableAp, bool tableIsValidPys) {
  double allFrom = 0;
  for (const AreaRange& a : analysis.params.eval.areas)
    if (a.label == "all") allFrom = a.lo;
  std::string note = "The bars start from coco-analyze's AP (area 'all' from " + areaText(allFrom) +
                     ", mean over OKS " + oksThresholdsText(analysis.params.eval.iouThrs) +
                     "): " + fixed3(apIfFixedAt(analysis, ErrorType::Baseline, "all", -1)) + ".";
  if (tableAp < 0) return note;
  return note +
         (tableIsValidPys ? " The metric table's AP is valid.py's (area 'all' from 0): "
                          : " The metric table's AP, with the changed evaluation settings: ") +
         fixed3(tableAp) + ".";
}

std::vector<ApColumn> reportApColumns() {
  return {{"all", 0.5, "all .50"},
          {"all", 0.75, "all .75"},
          {"all", -1, "all mean"},
          {"medium", -1, "medium mean"},
          {"large", -1, "large mean"}};
}

std::vector<WorstImage> worstImages(const std::vector<RankedImage>& ranked, const Triage& triage,
                                    const std::vector<ImageRecord>& records, std::size_t count) {
  std::unordered_map<std::int64_t, const ImageTriage*> triageOf;
  for (const ImageTriage& i : triage.images) triageOf[i.imageId] = &i;
  std::unordered_map<std::int64_t, const std::string*> fileOf;
  for (const ImageRecord& r : records) fileOf[r.imageId] = &r.file;
  std::vector<WorstImage> out;
  for (const RankedImage& r : ranked) {
    if (out.size() >= count) break;
    WorstImage w;
    w.imageId = r.imageId;
    w.apLost = r.apLost;
    w.imageAp = r.imageAp;
    if (const auto f = fileOf.find(r.imageId); f != fileOf.end()) w.file = *f->second;
    if (const auto t = triageOf.find(r.imageId); t != triageOf.end()) {
      w.people = t->second->people;
      w.detections = t->second->detections;
      w.missedPeople = t->second->missedPeople;
      w.backgroundFalsePositives = t->second->backgroundFalsePositives;
    }
    out.push_back(w);
  }
  return out;
}

std::string worstImagesHeading(std::size_t count) {
  return "The " + std::to_string(count) + " worst images by AP lost";
}

std::string worstImagesKey() {
  return "AP lost: how much higher the dataset's AP is without the image.";
}

RunReportAnalysis analyzeRunForReport(const LoadedRun& run) {
  RunReportAnalysis out;
  out.input = loadRunEvaluationInput(run);
  const RunEvaluationInput& input = out.input;
  AnalysisOptions options;
  options.resultsSource = input.resultsFile;
  out.analysis =
      analyzeKeypoints(input.groundTruth, input.results, analysisParamsFor(input.layout), options);
  out.triage = buildTriage(out.analysis, input.groundTruth);
  try {
    out.worst = worstImages(rankImages(input.groundTruth, input.results,
                                       evalParamsFor(input.layout), ImageOrder::ApLost),
                            out.triage, run.records);
  } catch (const EvalError& e) {
    out.worstNote = std::string("the worst images are not ranked: ") + e.what();
  }
  return out;
}

std::string formatAnalysisTables(const LoadedRun& run, const KeypointAnalysis& analysis,
                                 const std::vector<WorstImage>& worst, TableFormat format,
                                 const std::vector<std::string>& settingChanges) {
  switch (format) {
    case TableFormat::Csv:
      return csv(run, analysis, worst, settingChanges);
    case TableFormat::Json:
      return json(run, analysis, worst, settingChanges);
    case TableFormat::Markdown:
      break;
  }
  return markdown(run, analysis, worst, settingChanges);
}

}  // namespace posescope
