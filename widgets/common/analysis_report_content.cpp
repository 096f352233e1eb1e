#include "widgets/common/analysis_report_content.h"

#include <QObject>

#include "analysis/image_ranking.h"
#include "common/errors.h"
#include "eval/eval_params.h"
#include "render/run_overlay_data.h"
#include "widgets/common/overlay_image.h"

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
    content.notes << QObject::tr("no overlays: %1").arg(e.what());
    return;
  }
  for (std::size_t i = 0; i < content.worst.size(); ++i) {
    const ImageRecord* record = nullptr;
    for (const ImageRecord& r : images->records)
      if (r.imageId == content.worst[i].imageId) record = &r;
    if (!record) continue;
    try {
      content.overlays[i] = framedOverlayImageOf(*images, *record, RenderOptions{});
    } catch (const std::exception& e) {
      content.notes << QObject::tr("image %1: %2").arg(content.worst[i].imageId).arg(e.what());
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
    content.notes << QObject::tr("no per-joint accuracy: %1").arg(e.what());
  }
}

}  // namespace

AnalysisReportContent loadAnalysisReportContent(const QString& dir, bool forPdf) {
  AnalysisReportContent content;
  content.run = loadRunFolder(dir.toStdString());
  RunReportAnalysis analysed = analyzeRunForReport(content.run);
  content.ownSettings = ownSettingsText(analysed.input.layout);
  if (forPdf) measureAccuracy(content, analysed.input, evalParamsFor(analysed.input.layout));
  content.analysis = std::make_shared<const KeypointAnalysis>(std::move(analysed.analysis));
  content.triage = std::make_shared<const Triage>(std::move(analysed.triage));
  content.worst = std::move(analysed.worst);
  if (!analysed.worstNote.empty()) content.notes << QString::fromStdString(analysed.worstNote);
  content.overlays.resize(content.worst.size());
  if (forPdf) drawWorstImages(content);
  return content;
}

AnalysisReportContent analysisReportContentOf(const QString& dir, const RunAnalysisPtr& shown,
                                              bool forPdf) {
  AnalysisReportContent content;
  content.run = loadRunFolder(dir.toStdString());
  content.analysis = std::shared_ptr<const KeypointAnalysis>(shown, &shown->analysis);
  content.triage = std::shared_ptr<const Triage>(shown, &shown->triage);
  const RunReevaluationPtr& re = shown->reevaluation;
  if (re && !re->usesValidPySettings()) {
    content.run.metrics = re->table;
    content.settingChanges = re->changes;
  }
  if (shown->input) content.ownSettings = ownSettingsText(shown->input->layout);
  // Ranked against the AP the page shows: valid.py's, or the re-evaluation's settings.
  if (shown->input) {
    try {
      content.worst = worstImages(
          rankImages(shown->input->groundTruth, shown->input->results,
                     re ? re->params : evalParamsFor(shown->input->layout), ImageOrder::ApLost),
          shown->triage, content.run.records);
    } catch (const EvalError& e) {
      content.notes << QObject::tr("the worst images are not ranked: %1").arg(e.what());
    }
  }
  if (forPdf && shown->input) {
    measureAccuracy(content, *shown->input, re ? re->params : evalParamsFor(shown->input->layout));
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
