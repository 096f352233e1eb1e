#include "widgets/common/analysis_report_content.h"

namespace posescope {

AnalysisReportContent analysisReportContentOf(const QString& dir, const RunAnalysisPtr& shown,
                                              bool forPdf) {
  ShownAnalysis analysis;
  analysis.analysis = std::shared_ptr<const KeypointAnalysis>(shown, &shown->analysis);
  analysis.triage = std::shared_ptr<const Triage>(shown, &shown->triage);
  analysis.input = shown->input;
  if (const RunReevaluationPtr& re = shown->reevaluation) {
    analysis.params = re->params;
    if (!re->usesValidPySettings()) {
      analysis.settingChanges = re->changes;
      analysis.table = re->table;
    }
  }
  return analysisReportContentOf(dir.toStdString(), analysis, forPdf);
}

}  // namespace posescope
