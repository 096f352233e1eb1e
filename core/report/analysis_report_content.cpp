#include "report/analysis_report_content.h"

#include "analysis/image_ranking.h"
#include "common/errors.h"
#include "render/render_options.h"
#include "render/run_overlay_data.h"

namespace posescope {

namespace {

// Draws the worst images of `content` framed for export; a failure only adds a note.
void drawWorstImages(AnalysisReportContent& content) {
  content.overlays.resize(content.worst.size());
  if (content.worst.empty()) return;
  std::unique_ptr<RunOverlayData> images;
  try {
    images = std::make_unique<RunOverlayData>(loadRunOverlayData(content.run));
  } catch (const std::exception& e) {
    content.notes.push_back(std::string("no overlays: ") + e.what());
    return;
  }
  for (std::size_t i = 0; i < content.worst.size(); ++i) {
    const ImageRecord* record = nullptr;
    for (const ImageRecord& r : images->records)
      if (r.imageId == content.worst[i].imageId) record = &r;
    if (!record) continue;
    try {
      content.overlays[i] = renderFramedRecordOverlay(*images, *record, RenderOptions{});
    } catch (const std::exception& e) {
      content.notes.push_back("image " + std::to_string(content.worst[i].imageId) + ": " +
                              e.what());
    }
  }
}

// Measures the per-joint accuracy at OKS .50 of `input` under `params`; a failure only adds a
// note.
void measureAccuracy(AnalysisReportContent& content, const RunEvaluationInput& input,
                     const EvalParams& params) {
  try {
    content.accuracy = matchAccuracy(input.groundTruth, input.results, params);
  } catch (const std::exception& e) {
    content.notes.push_back(std::string("no per-joint accuracy: ") + e.what());
  }
}

}  // namespace

AnalysisReportContent loadAnalysisReportContent(const std::string& dir, bool forPdf) {
  AnalysisReportContent content;
  content.run = loadRunFolder(dir);
  RunReportAnalysis analysed = analyzeRunForReport(content.run);
  content.ownSettings = ownSettingsText(analysed.input.layout);
  if (forPdf) measureAccuracy(content, analysed.input, evalParamsFor(analysed.input.layout));
  content.analysis = std::make_shared<const KeypointAnalysis>(std::move(analysed.analysis));
  content.triage = std::make_shared<const Triage>(std::move(analysed.triage));
  content.worst = std::move(analysed.worst);
  if (!analysed.worstNote.empty()) content.notes.push_back(analysed.worstNote);
  content.overlays.resize(content.worst.size());
  if (forPdf) drawWorstImages(content);
  return content;
}

AnalysisReportContent analysisReportContentOf(const std::string& dir, const ShownAnalysis& shown,
                                              bool forPdf) {
  AnalysisReportContent content;
  content.run = loadRunFolder(dir);
  content.analysis = shown.analysis;
  content.triage = shown.triage;
  if (shown.table && !shown.settingChanges.empty()) {
    content.run.metrics = *shown.table;
    content.settingChanges = shown.settingChanges;
  }
  if (shown.input) {
    content.ownSettings = ownSettingsText(shown.input->layout);
    // Ranked against the AP the page shows: valid.py's, or the chosen settings'.
    const EvalParams params = shown.params ? *shown.params : evalParamsFor(shown.input->layout);
    try {
      content.worst = worstImages(
          rankImages(shown.input->groundTruth, shown.input->results, params, ImageOrder::ApLost),
          *shown.triage, content.run.records);
    } catch (const EvalError& e) {
      content.notes.push_back(std::string("the worst images are not ranked: ") + e.what());
    }
    if (forPdf) measureAccuracy(content, *shown.input, params);
  }
  content.overlays.resize(content.worst.size());
  if (forPdf) drawWorstImages(content);
  return content;
}

std::string analysisReportTables(const AnalysisReportContent& content, TableFormat format) {
  return formatAnalysisTables(content.run, *content.analysis, content.worst, format,
                              content.settingChanges);
}

}  // namespace posescope
