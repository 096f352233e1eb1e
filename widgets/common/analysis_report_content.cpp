#include "widgets/common/analysis_report_content.h"

#include <QObject>

#include "render/run_overlay_data.h"
#include "widgets/common/overlay_image.h"

namespace posescope {

AnalysisReportContent loadAnalysisReportContent(const QString& dir, bool withOverlays) {
  AnalysisReportContent content;
  content.run = loadRunFolder(dir.toStdString());
  RunReportAnalysis analysed = analyzeRunForReport(content.run);
  content.analysis = std::make_shared<const KeypointAnalysis>(std::move(analysed.analysis));
  content.triage = std::make_shared<const Triage>(std::move(analysed.triage));
  content.worst = std::move(analysed.worst);
  content.overlays.resize(content.worst.size());
  if (!withOverlays || content.worst.empty()) return content;
  std::unique_ptr<RunOverlayData> images;
  try {
    images = std::make_unique<RunOverlayData>(loadRunOverlayData(content.run));
  } catch (const std::exception& e) {
    content.notes << QObject::tr("no overlays: %1").arg(e.what());
    return content;
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
  return content;
}

std::string analysisReportTables(const AnalysisReportContent& content, TableFormat format) {
  return formatAnalysisTables(content.run, *content.analysis, content.worst, format);
}

}  // namespace posescope
