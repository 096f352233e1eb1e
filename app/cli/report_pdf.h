#pragma once
// The analysis report's PDF from the command line, in every build: core's content
// (report/analysis_report_content.h) written by report_pdf/ under an offscreen QGuiApplication.

#include <string>

namespace posescope::cli {

/// Writes the analysis report of run folder `runDir` to `out` as a PDF and prints where it went
/// on stderr (unless `quiet`); returns the exit code. Throws Error naming the folder or file
/// when the run cannot be analysed or the PDF cannot be written.
int writeReportPdf(const std::string& runDir, const std::string& out, bool quiet);

}  // namespace posescope::cli
