#pragma once
// The analysis report of the run the window shows: core's report content
// (report/analysis_report_content.h) made from the Results page's analysis (a RunAnalysis), so
// that under changed evaluation settings the report is what the page shows. The PDF is
// report_pdf/'s.

#include <QString>

#include "report/analysis_report_content.h"
#include "widgets/session/run_analysis.h"

namespace posescope {

/// core's analysisReportContentOf with `shown` (an analysis of run folder `dir`): its
/// re-evaluation's settings rank the worst images and measure the accuracy, and when they are not
/// valid.py's its metric table and setting changes replace the run folder's. Throws as
/// analysisReportContentOf.
AnalysisReportContent analysisReportContentOf(const QString& dir, const RunAnalysisPtr& shown,
                                              bool forPdf = true);

}  // namespace posescope
