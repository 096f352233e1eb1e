// The analysis report (core's content, report_pdf/'s PDF), in every build: its precision-recall
// panels carry the analysis' own arrays (the legend's areas are the means of those arrays, the
// AP-if-fixed numbers), the mean panel averages over the thresholds leaving -1 out, the PCK chart
// is matchAccuracy's, an analysis already made is reported under its own settings, and the PDF
// has its pages.

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "analysis/image_ranking.h"
#include "analysis/match_accuracy.h"
#include "eval/ground_truth.h"
#include "eval/results_io.h"
#include "report/analysis_report_content.h"
#include "report/analysis_tables.h"
#include "report_pdf/analysis_report_pdf.h"
#include "report_pdf/report_charts.h"
#include "widgets/analysis_run_fixture.h"

using namespace posescope;

namespace {

// The mean of the entries above -1, computed here apart from the report's code.
double definedMean(const std::vector<double>& values) {
  double sum = 0;
  int count = 0;
  for (double v : values)
    if (v > -1) sum += v, ++count;
  return count ? sum / count : -1;
}

// coco-analyze's legend value: ".523".
QString legendValue(double area) {
  return QString::number(area, 'f', 3).mid(area < 1 ? 1 : 0);
}

// The pages of a PDF written by QPdfWriter (its page objects are not compressed).
int pdfPageCount(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return -1;
  const QByteArray pdf = file.readAll();
  int pages = 0;
  for (qsizetype at = pdf.indexOf("/Type /Page"); at >= 0; at = pdf.indexOf("/Type /Page", at + 1))
    if (pdf.mid(at + 11, 1) != "s") ++pages;
  return pages;
}

// A run folder of the analysis fixture, with its annotation file, in a temporary folder.
struct FixtureRun {
  QTemporaryDir dir;
  std::string annotations = dir.filePath("annotations.json").toStdString();
  std::string run = dir.filePath("fixture").toStdString();
  FixtureRun() {
    test::writeAnalysisFixtureGroundTruth(annotations);
    test::writeAnalysisFixtureRun(run, annotations);
  }
};

void compareAccuracy(const JointAccuracyTable& shown, const JointAccuracyTable& measured) {
  QCOMPARE(shown.truePositives, measured.truePositives);
  QCOMPARE(shown.joints.size(), measured.joints.size());
  for (std::size_t k = 0; k < measured.joints.size(); ++k) {
    QCOMPARE(shown.joints[k].name, measured.joints[k].name);
    QCOMPARE(shown.joints[k].labelled, measured.joints[k].labelled);
    QCOMPARE(shown.joints[k].pck50, measured.joints[k].pck50);
    QCOMPARE(shown.joints[k].pck75, measured.joints[k].pck75);
  }
  QCOMPARE(shown.allJoints.pck50, measured.allJoints.pck50);
  QCOMPARE(shown.allJoints.pck75, measured.allJoints.pck75);
}

}  // namespace

class TestAnalysisReport : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  // Each threshold's panel is the analysis' arrays at that threshold in area 'all'; its legend
  // value is their mean, which is the AP-if-fixed table's number.
  void panelsCarryTheAnalysisArrays() {
    FixtureRun fixture;
    const AnalysisReportContent content = loadAnalysisReportContent(fixture.run, false);
    const KeypointAnalysis& analysis = *content.analysis;
    const std::vector<ReportPrPanel> panels = reportPrPanels(analysis);
    QCOMPARE(panels.size(), std::size_t{3});
    QCOMPARE(panels[0].oks, 0.5);
    QCOMPARE(panels[1].oks, 0.75);
    QCOMPARE(panels[2].oks, -1.0);
    const std::size_t all = 0;  // coco-analyze's areas: all, medium, large
    QCOMPARE(analysis.params.eval.areas[all].label, std::string("all"));
    for (const ReportPrPanel& panel : panels) {
      QCOMPARE(panel.curves.size(), analysis.curves.size());
      QCOMPARE(panel.curves.front().error, ErrorType::Baseline);
      for (std::size_t e = 0; e < analysis.curves.size(); ++e) {
        const ErrorCurves& arrays = analysis.curves[e];
        const ReportPrCurve& curve = panel.curves[e];
        QCOMPARE(curve.error, arrays.error);
        if (panel.oks > 0) {
          const std::size_t t = panel.oks == 0.5 ? 0 : 5;
          QCOMPARE(analysis.params.eval.iouThrs[t], panel.oks);
          QCOMPARE(curve.precision, arrays.precision[all][t]);
          QCOMPARE(curve.area, definedMean(arrays.precision[all][t]));
          const ApIfFixed* stat = analysis.find(arrays.error, "all", t);
          QVERIFY(stat);
          QVERIFY(std::abs(curve.area - stat->ap) < 1e-12);
        } else {
          // The area under the mean curve is the AP over the thresholds.
          QVERIFY(std::abs(curve.area - apIfFixedAt(analysis, arrays.error, "all", -1)) < 1e-12);
        }
        QVERIFY(curve.area > 0);
        QVERIFY2(reportPrLegend(curve).startsWith("[" + legendValue(curve.area) + "] "),
                 qPrintable(reportPrLegend(curve)));
      }
    }
    QVERIFY(reportPrLegend(panels[0].curves[0]).endsWith("] baseline"));
    QVERIFY(reportPrLegend(panels[0].curves[1]).endsWith(" fixed"));
  }

  // The mean curve: at each recall point the thresholds' precision averaged, -1 left out; the
  // .75 panel is absent when .75 is not a threshold.
  void meanPanelAveragesTheDefinedEntries() {
    KeypointAnalysis analysis;
    analysis.params.eval = evalParamsFor(EvalVariant::Coco);
    analysis.params.eval.iouThrs = {0.5, 0.6, 0.9};
    analysis.params.eval.recThrs = {0, 0.5, 1};
    ErrorCurves baseline;
    baseline.precision = {{{1, 0.8, 0.2}, {1, 0.4, -1}, {-1, -1, -1}}, {}, {}};
    analysis.curves.push_back(baseline);
    const std::vector<ReportPrPanel> panels = reportPrPanels(analysis);
    QCOMPARE(panels.size(), std::size_t{2});
    QCOMPARE(panels[0].oks, 0.5);
    QCOMPARE(panels[0].curves[0].area, (1 + 0.8 + 0.2) / 3);
    QCOMPARE(panels[1].oks, -1.0);
    const ReportPrCurve& mean = panels[1].curves[0];
    QCOMPARE(mean.precision.size(), std::size_t{3});
    QCOMPARE(mean.precision[0], 1.0);
    QCOMPARE(mean.precision[1], (0.8 + 0.4) / 2);
    QCOMPARE(mean.precision[2], 0.2);
    QCOMPARE(mean.area, (1 + 0.6 + 0.2) / 3);
    QCOMPARE(reportPrLegend(mean), QStringLiteral("[.600] baseline"));
    baseline.precision = {{{-1, -1, -1}, {-1, -1, -1}, {-1, -1, -1}}, {}, {}};
    analysis.curves = {baseline};
    QCOMPARE(reportPrLegend(reportPrPanels(analysis).back().curves[0]),
             QStringLiteral("[n/a] baseline"));
  }

  // The PCK chart's numbers are matchAccuracy's at OKS .50 under valid.py's settings; the tables
  // alone do not measure them.
  void pckIsMatchAccuracys() {
    FixtureRun fixture;
    const AnalysisReportContent content = loadAnalysisReportContent(fixture.run);
    QVERIFY(content.accuracy);
    QCOMPARE(content.accuracy->oksThreshold, 0.5);
    QCOMPARE(content.accuracy->categories.size(), std::size_t{1});
    const MatchAccuracy measured =
        matchAccuracy(loadGroundTruth(fixture.annotations),
                      loadResults(fixture.run + "/results.json"), evalParamsFor(EvalVariant::Coco));
    compareAccuracy(content.accuracy->categories[0].joints, measured.categories[0].joints);
    const JointAccuracyTable& joints = measured.categories[0].joints;
    QCOMPARE(joints.joints.size(), std::size_t{17});
    // The jittered wrist is matched but off: its PCK@0.75 falls below the nose's.
    QVERIFY(joints.joints[test::kLeftWrist].pck75 < joints.joints[0].pck75);
    QVERIFY(!loadAnalysisReportContent(fixture.run, false).accuracy);
  }

  // With an analysis already made under other settings (the Results page's), the report is that
  // one: its metric table and settings named, the PCK and the ranking under those settings.
  void shownAnalysisFollowsItsSettings() {
    FixtureRun fixture;
    const LoadedRun run = loadRunFolder(fixture.run);
    RunReportAnalysis analysed = analyzeRunForReport(run);
    ShownAnalysis shown;
    shown.input = std::make_shared<const RunEvaluationInput>(analysed.input);
    shown.analysis = std::make_shared<const KeypointAnalysis>(std::move(analysed.analysis));
    shown.triage = std::make_shared<const Triage>(std::move(analysed.triage));
    EvalParams params = evalParamsFor(EvalVariant::Coco);
    params.sigmas[test::kLeftWrist] *= 4;  // a wide wrist: the jittered one counts as good
    shown.params = params;
    shown.settingChanges = differencesFromReference(params);
    QVERIFY(!shown.settingChanges.empty());
    MetricTable table;
    table.names = {"AP"};
    table.values = {0.123};
    shown.table = table;
    const AnalysisReportContent content = analysisReportContentOf(fixture.run, shown);
    QCOMPARE(content.analysis, shown.analysis);
    QCOMPARE(content.settingChanges, shown.settingChanges);
    QVERIFY(content.run.metrics);
    QCOMPARE(content.run.metrics->values, std::vector<double>{0.123});
    QCOMPARE(analysisReportMetricsHeading(content),
             QStringLiteral("Metrics with changed evaluation settings (not valid.py's)"));
    QVERIFY(content.accuracy);
    const MatchAccuracy measured =
        matchAccuracy(analysed.input.groundTruth, analysed.input.results, params);
    compareAccuracy(content.accuracy->categories[0].joints, measured.categories[0].joints);
    const MatchAccuracy valid = matchAccuracy(analysed.input.groundTruth, analysed.input.results,
                                              evalParamsFor(EvalVariant::Coco));
    QVERIFY(measured.categories[0].joints.joints[test::kLeftWrist].pck75 >
            valid.categories[0].joints.joints[test::kLeftWrist].pck75);
    QCOMPARE(content.worst.size(),
             worstImages(rankImages(analysed.input.groundTruth, analysed.input.results, params,
                                    ImageOrder::ApLost),
                         *shown.triage, run.records)
                 .size());
    QCOMPARE(content.overlays.size(), content.worst.size());

    // Without the settings: valid.py's, the run folder's metric table, no settings named.
    shown.params.reset();
    shown.settingChanges.clear();
    shown.table.reset();
    const AnalysisReportContent plain = analysisReportContentOf(fixture.run, shown, false);
    QVERIFY(plain.settingChanges.empty());
    QCOMPARE(plain.run.metrics.has_value(), run.metrics.has_value());
    QVERIFY(!plain.accuracy);
  }

  // The content names what it could not draw: the fixture's images are not on disk, so each worst
  // image has no overlay and a note says why; the PDF still has its pages.
  void missingImagesOnlyAddNotes() {
    FixtureRun fixture;
    const AnalysisReportContent content = loadAnalysisReportContent(fixture.run);
    QVERIFY(!content.worst.empty());
    QCOMPARE(content.overlays.size(), content.worst.size());
    for (const cv::Mat& overlay : content.overlays) QVERIFY(overlay.empty());
    QVERIFY(!content.notes.empty());
  }

  // Issue 33: the report says its AP-if-fixed baseline is coco-analyze's, with the number, and
  // names the thresholds as the settings have them.
  void reportNamesTheBaseline() {
    FixtureRun fixture;
    const AnalysisReportContent content = loadAnalysisReportContent(fixture.run, false);
    const std::string markdown =
        formatAnalysisTables(content.run, *content.analysis, content.worst, TableFormat::Markdown);
    const double baseline = apIfFixedAt(*content.analysis, ErrorType::Baseline, "all", -1);
    const std::string note = apBaselineNote(*content.analysis, 0.508, true);
    QVERIFY2(note.find("coco-analyze's AP (area 'all' from 32\u00b2, mean over OKS .50:.95): " +
                       QString::number(baseline, 'f', 3).toStdString()) != std::string::npos,
             note.c_str());
    QVERIFY2(note.find("valid.py's (area 'all' from 0): 0.508") != std::string::npos, note.c_str());
    QVERIFY2(markdown.find("coco-analyze's AP (area 'all' from 32\u00b2") != std::string::npos,
             markdown.c_str());
    QVERIFY(apBaselineNote(*content.analysis, 0.508, false).find("changed evaluation settings") !=
            std::string::npos);

    QCOMPARE(oksThresholdsText(evalParamsFor(EvalVariant::Coco).iouThrs), std::string(".50:.95"));
    QCOMPARE(oksThresholdsText({0.5, 0.55, 0.6, 0.65, 0.7, 0.75}), std::string(".50:.75"));
    QCOMPARE(oksThresholdsText({0.5, 0.6, 0.7}), std::string(".50:.10:.70"));
    QCOMPARE(oksThresholdsText({0.5}), std::string(".50"));
    QCOMPARE(oksThresholdsText({0.5, 0.6, 0.9}), std::string(".50, .60, .90"));
  }

  // The PDF has the curves page: tables, charts, curves, then the worst images.
  void pdfHasTheCurvesPage() {
    FixtureRun fixture;
    const AnalysisReportContent content = loadAnalysisReportContent(fixture.run);
    const int expected = 3 + static_cast<int>((content.worst.size() + 3) / 4);
    QCOMPARE(analysisReportPageCount(content), expected);
    const QString path = fixture.dir.filePath("report.pdf");
    QVERIFY(!QFile::exists(path));
    QString error;
    QCOMPARE(writeAnalysisReportPdf(content, path, &error), expected);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(pdfPageCount(path), expected);
    // COCO's joints: valid.py's settings, no "Scored with" row.
    QCOMPARE(analysisReportMetricsHeading(content),
             QStringLiteral("Metrics (as valid.py prints them)"));
    for (const QStringList& row : analysisReportRunRows(content))
      QVERIFY2(row.front() != QLatin1String("Scored with"), qPrintable(row.join(": ")));
  }
};

QTEST_MAIN(TestAnalysisReport)
#include "tst_analysis_report.moc"
