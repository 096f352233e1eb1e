#include "report_pdf.h"

#include <QApplication>
#include <iostream>

#include "commands.h"
#include "common/errors.h"
#include "widgets/common/analysis_report_content.h"
#include "widgets/common/analysis_report_pdf.h"

namespace posescope::cli {

int writeReportPdf(const std::string& runDir, const std::string& out, bool quiet) {
  // Headless: no display is needed or used, whatever DISPLAY says.
  qputenv("QT_QPA_PLATFORM", "offscreen");
  static int argc = 1;
  static char name[] = "posescope-cli";
  static char* argv[] = {name, nullptr};
  QApplication app(argc, argv);
  const AnalysisReportContent content = loadAnalysisReportContent(QString::fromStdString(runDir));
  QString error;
  const int pages = writeAnalysisReportPdf(content, QString::fromStdString(out), &error);
  if (pages == 0) throw Error(error.toStdString());
  for (const QString& note : content.notes) std::cerr << "note: " << note.toStdString() << "\n";
  if (!quiet) std::cerr << "wrote " << out << " (" << pages << " pages)\n";
  return 0;
}

}  // namespace posescope::cli
