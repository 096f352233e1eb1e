// Issue 15, items 2, 3 and 14: every export exports what the window shows now and names every
// file it wrote, with the run's name in the file name; from the Compare page a metric table is
// the comparison; exports are enabled only with something to export; save dialogs start in one
// folder and offer the file's own type.

#include <QAction>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "report/report_fixtures.h"
#include "widgets/analysis_run_fixture.h"
#include "widgets/pages/compare/compare_view.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/pages/timing/timing_view.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/export_actions.h"
#include "widgets/shell/main_window.h"

using namespace posescope;

namespace {

constexpr int kTimeoutMs = 60000;

test::FixtureImage image(std::int64_t id, double ms, double ap) {
  test::FixtureImage i;
  i.id = id;
  i.ms = ms;
  i.ap = ap;
  i.oks = ap;
  return i;
}

std::vector<double> metricValues(double base) {
  std::vector<double> v;
  for (int i = 0; i < 10; ++i) v.push_back(base + 0.01 * i);
  return v;
}

QString readAll(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// A save dialog stand-in: remembers what it was offered, answers a file in `folder`.
struct ChooserLog {
  QString folder;
  QStringList suggested, filters;
};

ExportActions::SavePathChooser chooserInto(ChooserLog* log) {
  return [log](const QString&, const QString& suggested, const QString& filter) {
    log->suggested << suggested;
    log->filters << filter;
    return QDir(log->folder).filePath(QFileInfo(suggested).fileName());
  };
}

bool openRun(MainWindow& window, const QString& dir) {
  QSignalSpy opened(window.session(), &RunSession::runFolderOpened);
  window.openRunFolder(dir);
  return opened.wait(kTimeoutMs);
}

QAction* action(MainWindow& window, const char* name) {
  return window.findChild<QAction*>(QLatin1String(name));
}

// Triggers export `name` as the menu would (enabled state updated first); false if disabled.
bool trigger(MainWindow& window, const char* name) {
  window.exportActions()->updateEnabled();
  QAction* a = action(window, name);
  if (!a || !a->isEnabled()) return false;
  a->trigger();
  return true;
}

}  // namespace

class TestExportActions : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir tmp_;
  QString runA_, runB_;

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_export_actions");
    QSettings().clear();
    QVERIFY(tmp_.isValid());
    runA_ = tmp_.filePath("runA");
    runB_ = tmp_.filePath("runB");
    test::writeFixtureRun(runA_.toStdString(), "search-XS",
                          {image(1, 10, 0.9), image(2, 20, 0.5), image(3, 30, 0.7)},
                          test::cocoNames(), metricValues(0.5));
    test::writeFixtureRun(
        runB_.toStdString(), "search-S",
        {image(1, 100, 0.8), image(2, 200, 0.4), image(3, 300, 0.6), image(4, 400, 0.6)},
        test::cocoNames(), metricValues(0.6));
  }

  void init() { QSettings().clear(); }

  void nothingLoadedDisablesEveryExport() {
    MainWindow window;
    window.exportActions()->updateEnabled();
    for (const char* name :
         {"exportMetricsMarkdown", "exportMetricsCsv", "exportMetricsJson", "exportPerImageCsv",
          "exportResultsJson", "exportCanvas", "exportAllOverlays", "exportFilteredOverlays",
          "exportTimingPng", "exportTimingPdf", "exportComparisonMarkdown", "exportImageDeltas",
          "exportComparisonTimingPng", "exportBothCanvases", "exportAnalysisReportPdf",
          "exportAnalysisTablesMd", "exportAnalysisTablesCsv", "exportAnalysisTablesJson"}) {
      QAction* a = action(window, name);
      QVERIFY2(a, name);
      QVERIFY2(!a->isEnabled(), name);
    }
  }

  void exportsNameTheRunAndStartInOneFolder() {
    MainWindow window;
    QVERIFY(openRun(window, runA_));
    ChooserLog log;
    QTemporaryDir out;
    log.folder = out.path();
    window.exportActions()->setSavePathChooser(chooserInto(&log));
    for (const char* name : {"exportMetricsCsv", "exportPerImageCsv", "exportResultsJson"}) {
      window.statusBar()->clearMessage();
      QVERIFY2(trigger(window, name), name);
      QTRY_VERIFY_WITH_TIMEOUT(window.statusBar()->currentMessage().startsWith("Wrote"),
                               kTimeoutMs);
    }
    QCOMPARE(log.suggested.size(), 3);
    // The run's name first; the first dialog in the run's folder, then where the last export went.
    QCOMPARE(log.suggested[0], runA_ + "/runA_metrics.csv");
    QCOMPARE(log.suggested[1], out.path() + "/runA_per_image.csv");
    QCOMPARE(log.suggested[2], out.path() + "/runA_results.json");
    QCOMPARE(log.filters, QStringList({"CSV (*.csv)", "CSV (*.csv)", "JSON (*.json)"}));
    QVERIFY(window.statusBar()->currentMessage().contains(out.path() + "/runA_results.json"));
    QVERIFY(readAll(out.path() + "/runA_metrics.csv").startsWith("Arch,AP,"));
  }

  void analysisReportAsPdfAndTables() {
    QTemporaryDir analysed;
    const QString annotations = analysed.filePath("annotations.json");
    const QString run = analysed.filePath("fixture");
    test::writeAnalysisFixtureGroundTruth(annotations.toStdString());
    test::writeAnalysisFixtureRun(run.toStdString(), annotations.toStdString());
    MainWindow window;
    QVERIFY(openRun(window, run));
    ChooserLog log;
    QTemporaryDir out;
    log.folder = out.path();
    window.exportActions()->setSavePathChooser(chooserInto(&log));
    for (const char* name : {"exportAnalysisReportPdf", "exportAnalysisTablesJson"}) {
      window.statusBar()->clearMessage();
      QVERIFY2(trigger(window, name), name);
      QTRY_VERIFY_WITH_TIMEOUT(window.statusBar()->currentMessage().startsWith("Wrote"),
                               kTimeoutMs);
    }
    QCOMPARE(log.suggested, QStringList({run + "/fixture_analysis_report.pdf",
                                         out.path() + "/fixture_analysis_report.json"}));
    QCOMPARE(log.filters, QStringList({"PDF (*.pdf)", "JSON (*.json)"}));
    QFile pdf(out.path() + "/fixture_analysis_report.pdf");
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    QVERIFY(pdf.read(4) == "%PDF");
    const QString tables = readAll(out.path() + "/fixture_analysis_report.json");
    QVERIFY2(tables.contains("\"ap_if_fixed\"") && tables.contains("\"worst_images\""),
             qPrintable(tables.left(200)));
  }

  void timingPlotsExportTheRunShownAndNameBothFiles() {
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(openRun(window, runA_));
    window.pages()->setCurrentIndex(MainWindow::TimingPage);  // drawn for A
    QCOMPARE(window.timingView()->records().size(), size_t(3));
    window.pages()->setCurrentIndex(MainWindow::ComparePage);  // the Timing page is hidden now
    QVERIFY(openRun(window, runB_));
    window.pages()->setCurrentIndex(MainWindow::ResultsPage);
    ChooserLog log;
    QTemporaryDir out;
    log.folder = out.path();
    window.exportActions()->setSavePathChooser(chooserInto(&log));
    QVERIFY(trigger(window, "exportTimingPng"));
    QCOMPARE(log.suggested.value(0), runB_ + "/runB_timing.png");
    // B's records were plotted, and both files are named.
    QCOMPARE(window.timingView()->records().size(), size_t(4));
    QCOMPARE(window.timingView()->stats().total.max, 400.0);
    const QString message = window.statusBar()->currentMessage();
    QVERIFY2(message.contains(out.path() + "/runB_timing.png") &&
                 message.contains(out.path() + "/runB_timing_totals.png"),
             qPrintable(message));
    QVERIFY(QFileInfo::exists(out.path() + "/runB_timing.png"));
    QVERIFY(QFileInfo::exists(out.path() + "/runB_timing_totals.png"));
  }

  void metricTableFromComparePageExportsTheComparison() {
    MainWindow window;
    QSignalSpy compared(window.session(), &RunSession::comparisonOpened);
    window.compareRuns(runA_, runB_);
    QVERIFY(compared.wait(kTimeoutMs));
    QCOMPARE(window.pages()->currentIndex(), int(MainWindow::ComparePage));
    ChooserLog log;
    QTemporaryDir out;
    log.folder = out.path();
    window.exportActions()->setSavePathChooser(chooserInto(&log));
    QVERIFY(trigger(window, "exportMetricsMarkdown"));
    QCOMPARE(QFileInfo(log.suggested.value(0)).fileName(), QString("runA_vs_runB.md"));
    const QString text = readAll(out.path() + "/runA_vs_runB.md");
    QVERIFY2(text.contains("| Metric | search-XS | search-S | B - A |"), qPrintable(text));
    QVERIFY2(text.contains("| AP | 0.500 | 0.600 | +0.100 |"), qPrintable(text));
    QVERIFY(window.statusBar()->currentMessage().contains("runA_vs_runB.md"));
  }
};

QTEST_MAIN(TestExportActions)
#include "tst_export_actions.moc"
