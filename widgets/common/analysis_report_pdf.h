#pragma once
// The analysis report's PDF is report_pdf/'s (Qt Gui, no widget); this name stays for the GUI
// suites that include it (tests/widgets/shell/tst_imported_run_pages.cpp).

#include "report_pdf/analysis_report_pdf.h"
