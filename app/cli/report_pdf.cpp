#include "report_pdf.h"

#include <QGuiApplication>
#include <iostream>

#include "commands.h"
#include "common/errors.h"
#include "report/analysis_report_content.h"
#include "report_pdf/analysis_report_pdf.h"

namespace posescope::cli {

int writeReportPdf(const std::string& runDir, const std::string& out, bool quiet) {
  // The fonts need a QGuiApplication, and it a platform: the offscreen one needs no display. A
  // platform the user chose is kept.
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  static int argc = 1;
  static char name[] = "posescope-cli";
  static char* argv[] = {name, nullptr};
  QGuiApplication app(argc, argv);
  const AnalysisReportContent content = loadAnalysisReportContent(runDir);
  QString error;
  const int pages = writeAnalysisReportPdf(content, QString::fromStdString(out), &error);
  if (pages == 0) throw Error(error.toStdString());
  for (const std::string& note : content.notes) std::cerr << "note: " << note << "\n";
  if (!quiet) std::cerr << "wrote " << out << " (" << pages << " pages)\n";
  return kOk;
}

}  // namespace posescope::cli
