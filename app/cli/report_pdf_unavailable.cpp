#include "common/errors.h"
#include "report_pdf.h"

namespace posescope::cli {

int writeReportPdf(const std::string&, const std::string&, bool) {
  throw Error(
      "the PDF analysis report needs the GUI build (configure with -DPOSESCOPE_GUI=ON): it draws "
      "the charts with Qt Widgets; --format md|csv|json writes its tables in this build");
}

}  // namespace posescope::cli
