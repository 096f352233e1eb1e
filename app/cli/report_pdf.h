#pragma once
// The analysis report's PDF from the command line: the GUI build's report writer under an
// offscreen QApplication (the charts are widgets). Absent from builds without the GUI.

#include <string>

namespace posescope::cli {

/// Writes the analysis report of run folder `runDir` to `out` as a PDF and prints where it went
/// on stderr (unless `quiet`); returns the exit code. Throws Error naming the folder or file
/// when the run cannot be analysed or the PDF cannot be written, and Error saying that the
/// report needs the GUI build in a build without it.
int writeReportPdf(const std::string& runDir, const std::string& out, bool quiet);

}  // namespace posescope::cli
