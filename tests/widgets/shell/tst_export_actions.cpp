// Issue 15, items 2, 3 and 14: every export exports what the window shows now and names every
// file it wrote, with the run's name in the file name; from the Compare page a metric table is
// the comparison; exports are enabled only with something to export; save dialogs start in one
// folder and offer the file's own type.

#include <QAction>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/results_io.h"
#include "report/report_fixtures.h"
#include "widgets/analysis_run_fixture.h"
#include "widgets/pages/compare/compare_view.h"
#include "widgets/pages/results/evaluation_settings_panel.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/pages/timing/timing_view.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_document.h"
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
    const QByteArray bytes = pdf.readAll();
    QVERIFY(bytes.startsWith("%PDF"));
    // Tables, charts, the curves page (its PCK measured off the GUI thread), two of images.
    QCOMPARE(QString::fromLatin1(bytes).count(QRegularExpression("/Type\\s*/Page[^s]")), 5);
    const QString tables = readAll(out.path() + "/fixture_analysis_report.json");
    QVERIFY2(tables.contains("\"ap_if_fixed\"") && tables.contains("\"worst_images\""),
             qPrintable(tables.left(200)));
  }

  // Under changed evaluation settings the exports are what the Results page shows, and say so.
  void exportsCarryTheEvaluationSettings() {
    QTemporaryDir analysed;
    const QString annotations = analysed.filePath("annotations.json");
    const QString run = analysed.filePath("fixture");
    test::writeAnalysisFixtureGroundTruth(annotations.toStdString());
    test::writeAnalysisFixtureRun(run.toStdString(), annotations.toStdString());
    const MetricTable valid =
        evaluateKeypoints(loadGroundTruth(annotations.toStdString()),
                          loadResults((run + "/results.json").toStdString()), EvalVariant::Coco)
            .table;
    RunWriter(run.toStdString(), /*continueRun=*/true)
        .writeMetrics(valid, formatMarkdownTable(valid, "pose_mobilenet"));
    MainWindow window;
    QSignalSpy analysedOnce(window.session()->analysis(), &RunAnalysisSession::analysisReady);
    QVERIFY(openRun(window, run));
    QVERIFY(analysedOnce.count() > 0 || analysedOnce.wait(kTimeoutMs));
    EvaluationSettingsPanel* panel = window.resultsView()->settingsPanel();
    QVERIFY(panel->hasReference());
    panel->maxDetsBox()->setValue(1);
    QSignalSpy table(window.session()->analysis(), &RunAnalysisSession::reevaluated);
    QSignalSpy analysis(window.session()->analysis(), &RunAnalysisSession::analysisReady);
    panel->applyNow();
    QVERIFY(table.wait(kTimeoutMs));
    QVERIFY(analysis.count() > 0 || analysis.wait(kTimeoutMs));
    const RunReevaluationPtr re = window.document()->reevaluation();
    QVERIFY(re && !re->usesValidPySettings());

    ChooserLog log;
    QTemporaryDir out;
    log.folder = out.path();
    window.exportActions()->setSavePathChooser(chooserInto(&log));
    for (const char* name : {"exportMetricsJson", "exportMetricsMarkdown", "exportPerImageCsv",
                             "exportAnalysisTablesJson", "exportAnalysisReportPdf"}) {
      window.statusBar()->clearMessage();
      QVERIFY2(trigger(window, name), name);
      QTRY_VERIFY_WITH_TIMEOUT(window.statusBar()->currentMessage().startsWith("Wrote"),
                               kTimeoutMs);
    }
    const QJsonObject metrics =
        QJsonDocument::fromJson(readAll(out.path() + "/fixture_metrics.json").toUtf8()).object();
    QCOMPARE(metrics["settings"].toArray(), QJsonArray{QStringLiteral("maxDets 1")});
    const QJsonArray stats = metrics["stats"].toArray();
    QCOMPARE(stats.size(), static_cast<int>(re->table.values.size()));
    for (int i = 0; i < stats.size(); ++i)
      QCOMPARE(stats[i].toDouble(), re->table.values[static_cast<std::size_t>(i)]);
    QVERIFY(readAll(out.path() + "/fixture_metrics.md")
                .endsWith("Evaluation settings (not valid.py's): maxDets 1\n"));
    const QStringList perImage =
        readAll(out.path() + "/fixture_per_image.csv").split('\n', Qt::SkipEmptyParts);
    QCOMPARE(perImage.size(), 8);  // header and the 7 images
    QVERIFY(perImage[0].endsWith(",error,settings"));
    QVERIFY(perImage[4].endsWith(",maxDets 1"));
    const QJsonObject report =
        QJsonDocument::fromJson(readAll(out.path() + "/fixture_analysis_report.json").toUtf8())
            .object();
    QCOMPARE(report["settings"].toArray(), QJsonArray{QStringLiteral("maxDets 1")});
    QCOMPARE(report["metrics"].toObject()["AP"].toDouble(), re->table.values[0]);

    // Back to valid.py's: the exports are the run folder's again, without a settings line.
    panel->resetToReference();
    QVERIFY(table.wait(kTimeoutMs));
    window.statusBar()->clearMessage();
    QVERIFY(trigger(window, "exportMetricsJson"));
    QTRY_VERIFY_WITH_TIMEOUT(window.statusBar()->currentMessage().startsWith("Wrote"), kTimeoutMs);
    const QJsonObject back =
        QJsonDocument::fromJson(readAll(out.path() + "/fixture_metrics.json").toUtf8()).object();
    QVERIFY(!back.contains("settings"));
    QCOMPARE(back["stats"].toArray().at(0).toDouble(), valid.values[0]);
  }

  void timingPlotsExportTheRunShownAndNameBothFiles() {
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(openRun(window, runA_));
    window.pages()->setCurrentIndex(MainWindow::TimingPage);  // drawn for A
    QCOMPARE(window.findChild<TimingView*>()->records().size(), size_t(3));
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
    QCOMPARE(window.findChild<TimingView*>()->records().size(), size_t(4));
    QCOMPARE(window.findChild<TimingView*>()->stats().total.max, 400.0);
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
