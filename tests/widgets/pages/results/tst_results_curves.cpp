// The Results page's Curves tab on the analysis fixture's run folder: the curves drawn are the
// analysis' accumulate arrays, the selectors pick their threshold and area, the legend's AP is the
// analysis' own, a re-evaluation's thresholds replace the selector's, and the exports hold them.
// The per-joint PCK, OKS histogram and calibration charts draw exactly matchAccuracy's values (what
// posescope-cli metrics --accuracy writes) at the threshold chosen, computed off the GUI thread.

#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include "analysis/match_accuracy.h"
#include "analysis/match_accuracy_json.h"
#include "widgets/analysis_run_fixture.h"
#include "widgets/common/calibration_chart.h"
#include "widgets/common/chart_export.h"
#include "widgets/common/joint_pck_chart.h"
#include "widgets/common/oks_histogram_chart.h"
#include "widgets/common/plot_svg.h"
#include "widgets/common/pr_curve_chart.h"
#include "widgets/common/qcp.h"
#include "widgets/pages/results/curves_view.h"
#include "widgets/pages/results/evaluation_settings_panel.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"

using namespace posescope;

namespace {

constexpr int kTimeoutMs = 60000;

const ErrorCurves& curvesOf(const KeypointAnalysis& analysis, ErrorType error) {
  for (const ErrorCurves& curves : analysis.curves)
    if (curves.error == error) return curves;
  throw std::runtime_error("no curves for " + errorTypeName(error));
}

std::size_t indexOfArea(const KeypointAnalysis& analysis, const std::string& label) {
  for (std::size_t a = 0; a < analysis.params.eval.areas.size(); ++a)
    if (analysis.params.eval.areas[a].label == label) return a;
  throw std::runtime_error("no area " + label);
}

// Every graph of `chart` holds its curve's precision row of `analysis` at (area, threshold t),
// keyed by the recall points, and its legend names the analysis' AP of that row.
void verifyCurvesDrawn(const PrCurveChart& chart, const KeypointAnalysis& analysis,
                       const std::string& area, std::size_t t) {
  const std::size_t a = indexOfArea(analysis, area);
  QCOMPARE(chart.plot()->graphCount(), static_cast<int>(chart.curves().size()));
  QCOMPARE(chart.curves().size(), analysis.curves.size());
  for (std::size_t i = 0; i < chart.curves().size(); ++i) {
    const PrCurveChart::Curve& curve = chart.curves()[i];
    const std::vector<double>& row = curvesOf(analysis, curve.error).precision[a][t];
    QCPGraph* graph = chart.plot()->graph(static_cast<int>(i));
    QCOMPARE(graph->dataCount(), static_cast<int>(row.size()));
    for (std::size_t r = 0; r < row.size(); ++r) {
      QCOMPARE(graph->data()->at(static_cast<int>(r))->key, analysis.params.eval.recThrs[r]);
      QCOMPARE(graph->data()->at(static_cast<int>(r))->value, row[r]);
    }
    const ApIfFixed* stat = analysis.find(curve.error, area, t);
    QVERIFY(stat);
    QCOMPARE(curve.ap, stat->ap);
    QString ap = QString::number(stat->ap, 'f', 3);
    if (ap.startsWith(QLatin1String("0."))) ap = ap.mid(1);
    QVERIFY2(graph->name().startsWith(QStringLiteral("[%1] ").arg(ap)), qPrintable(graph->name()));
  }
}

// The value of `bars` at `key`, or NaN when it has no bar there.
double barAt(const QCPBars* bars, double key) {
  for (const QCPBarsData& bar : *bars->data())
    if (std::abs(bar.key - key) < 1e-9) return bar.value;
  return std::nan("");
}

QCPBars* barsNamed(QCustomPlot* plot, const QString& prefix) {
  for (int i = 0; i < plot->plottableCount(); ++i)
    if (auto* bars = qobject_cast<QCPBars*>(plot->plottable(i));
        bars && bars->name().startsWith(prefix))
      return bars;
  return nullptr;
}

// What `posescope-cli metrics --accuracy --accuracy-oks oks` computes on the run's inputs.
MatchAccuracy expectedAccuracy(const RunAnalysis& analysis, double oks) {
  AccuracySettings settings;
  settings.oksThreshold = oks;
  const RunEvaluationInput& input = *analysis.input;
  return matchAccuracy(input.groundTruth, input.results, evalParamsFor(input.variant), settings);
}

// The three charts of `view` draw exactly `expected`'s first category.
void verifyAccuracyDrawn(const CurvesView& view, const MatchAccuracy& expected) {
  QVERIFY(view.accuracy());
  QCOMPARE(view.accuracy()->oksThreshold, expected.oksThreshold);
  const CategoryAccuracy& c = expected.categories.front();
  // PCK per joint: PCK@0.5, PCK@0.75 and mean ks bars at each joint, then all joints pooled.
  JointPckChart* pck = view.pckChart();
  QCOMPARE(pck->plot()->plottableCount(), 3);
  QCOMPARE(pck->jointNames().size(), static_cast<int>(c.joints.joints.size()) + 1);
  QCOMPARE(pck->jointNames().back(), QStringLiteral("all"));
  for (std::size_t k = 0; k <= c.joints.joints.size(); ++k) {
    const JointAccuracy& row = k < c.joints.joints.size() ? c.joints.joints[k] : c.joints.allJoints;
    const double expectedValues[] = {row.pck50, row.pck75, row.meanKs};
    for (std::size_t s = 0; s < 3; ++s) {
      auto* bars = qobject_cast<QCPBars*>(pck->plot()->plottable(static_cast<int>(s)));
      QVERIFY(bars);
      QCOMPARE(barAt(bars, pck->barKey(s, k)), expectedValues[s]);
    }
  }
  QCOMPARE(pck->csv(), QString::fromStdString(formatJointAccuracyCsv(expected)));
  // OKS histogram: every bin's count of both histograms, the threshold's line.
  OksHistogramChart* oks = view.oksHistogramChart();
  QCPBars* matched = barsNamed(oks->plot(), QStringLiteral("matched detections"));
  QCPBars* best = barsNamed(oks->plot(), QStringLiteral("best per person"));
  QVERIFY(matched && best);
  QCOMPARE(matched->dataCount(), static_cast<int>(c.oks.matched.counts.size()));
  for (std::size_t i = 0; i < c.oks.matched.counts.size(); ++i) {
    QCOMPARE(barAt(matched, oks->barKey(i, false)), static_cast<double>(c.oks.matched.counts[i]));
    QCOMPARE(barAt(best, oks->barKey(i, true)), static_cast<double>(c.oks.bestPerPerson.counts[i]));
  }
  QCOMPARE(oks->plot()->graph(0)->data()->at(0)->key, expected.oksThreshold);
  // Calibration: the bins' precision at their mean score, their shares of the detections.
  CalibrationChart* calibration = view.calibrationChart();
  QCPGraph* precision = nullptr;
  for (int g = 0; g < calibration->plot()->graphCount(); ++g)
    if (calibration->plot()->graph(g)->name() == calibration->precisionName())
      precision = calibration->plot()->graph(g);
  QVERIFY(precision);
  QCPBars* tp = barsNamed(calibration->plot(), QStringLiteral("true positives"));
  QCPBars* fp = barsNamed(calibration->plot(), QStringLiteral("false positives"));
  QVERIFY(tp && fp);
  const double judged =
      static_cast<double>(c.calibration.truePositives + c.calibration.falsePositives);
  int point = 0;
  for (const ScoreBin& bin : c.calibration.bins) {
    const double center = (bin.lo + bin.hi) / 2;
    QCOMPARE(barAt(tp, center), static_cast<double>(bin.truePositives) / judged);
    QCOMPARE(barAt(fp, center), static_cast<double>(bin.falsePositives) / judged);
    if (bin.precision < 0) continue;
    QCOMPARE(precision->data()->at(point)->key, bin.meanScore);
    QCOMPARE(precision->data()->at(point)->value, bin.precision);
    ++point;
  }
  QCOMPARE(precision->dataCount(), point);
  // The legend's form: ".214", "1.000".
  const auto legendText = [](double value) {
    const QString text = QString::number(value, 'f', 3);
    return text.startsWith(QLatin1String("0.")) ? text.mid(1) : text;
  };
  QCOMPARE(calibration->precisionName(),
           QStringLiteral("precision (ECE %1, AUC %2)")
               .arg(legendText(c.calibration.expectedCalibrationError),
                    legendText(c.calibration.rankingAuc)));
}

// Opens `runDir` in `session`, which `view` follows, and waits for its analysis.
bool openAnalysed(RunSession& session, ResultsView& view, const QString& runDir) {
  view.followDocument(session.document());
  QObject::connect(&view, &ResultsView::evaluationRequested, session.analysis(),
                   &RunAnalysisSession::reevaluate);
  QSignalSpy ready(session.analysis(), &RunAnalysisSession::analysisReady);
  session.openRunFolder(runDir);
  return ready.wait(kTimeoutMs);
}

}  // namespace

class TestResultsCurves : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_results_curves");
    QVERIFY(dir_.isValid());
    annotations_ = dir_.filePath("annotations.json");
    runDir_ = dir_.filePath("run");
    test::writeAnalysisFixtureGroundTruth(annotations_.toStdString());
    test::writeAnalysisFixtureRun(runDir_.toStdString(), annotations_.toStdString());
  }

  void curvesAreTheAnalysisArrays() {
    RunSession session;
    ResultsView view;
    QVERIFY(openAnalysed(session, view, runDir_));
    const RunAnalysisPtr analysis = session.document()->analysis();
    QVERIFY(analysis);
    const KeypointAnalysis& a = analysis->analysis;
    view.showTab(ResultsView::CurvesTab);
    QCOMPARE(view.detailTabs()->currentWidget(), view.curvesView());
    PrCurveChart* chart = view.curvesView()->prChart();
    QCOMPARE(chart->areas(), (QStringList{"all", "medium", "large"}));
    QCOMPARE(chart->oksThresholds(), a.params.eval.iouThrs);
    QCOMPARE(chart->area(), QStringLiteral("all"));
    QCOMPARE(chart->oks(), 0.5);
    QCOMPARE(chart->curves().front().error, ErrorType::Baseline);
    verifyCurvesDrawn(*chart, a, "all", 0);

    // Issue 53 item 12: the legend is beside the axes, not over the curves, at the Results
    // page's width in a 1280-pixel window.
    view.resize(1280 - 300, 560);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    chart->plot()->replot();
    const QRect legend = chart->plot()->legend->outerRect();
    const QRect axes = chart->plot()->axisRect()->outerRect();
    QVERIFY(chart->plot()->legend->visible() && legend.width() > 0);
    QVERIFY2(!legend.intersects(axes) && legend.left() >= axes.right(),
             qPrintable(QStringLiteral("legend %1,%2 %3x%4; axes right %5")
                            .arg(legend.x())
                            .arg(legend.y())
                            .arg(legend.width())
                            .arg(legend.height())
                            .arg(axes.right())));
    QVERIFY(legend.bottom() <= chart->plot()->height());

    // The selectors pick another row of the arrays: OKS .95; the large people (all of them).
    QSignalSpy changed(chart, &PrCurveChart::choiceChanged);
    chart->setOks(0.95);
    QCOMPARE(changed.count(), 1);
    verifyCurvesDrawn(*chart, a, "all", 9);
    QVERIFY(chart->curves().front().precision != curvesOf(a, ErrorType::Baseline).precision[0][0]);
    chart->setArea(QStringLiteral("large"));
    verifyCurvesDrawn(*chart, a, "large", 9);
    // No person is medium-sized: the arrays hold -1 and nothing is drawn.
    chart->setArea(QStringLiteral("medium"));
    QCOMPARE(curvesOf(a, ErrorType::Baseline).precision[1][9].front(), -1.0);
    for (int i = 0; i < chart->plot()->graphCount(); ++i)
      QCOMPARE(chart->plot()->graph(i)->dataCount(), 0);
    chart->setArea(QStringLiteral("all"));

    // The CSV holds the curves drawn at full precision; the PNG and PDF are written.
    QTemporaryDir out;
    const QString csvPath = out.filePath("curves.csv");
    QString error;
    QVERIFY2(exportChart(
                 chart->plot(), [chart] { return chart->csv(); }, csvPath, &error),
             qPrintable(error));
    QFile file(csvPath);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), static_cast<int>(a.params.eval.recThrs.size()) + 1);
    QVERIFY(lines.front().startsWith(
        QLatin1String("area,oks,recall,baseline precision,baseline score,miss precision")));
    const QStringList row50 = lines[51].split(',');
    QCOMPARE(row50.size(), 3 + 2 * static_cast<int>(chart->curves().size()));
    QCOMPARE(row50[0], QStringLiteral("all"));
    QCOMPARE(row50[1].toDouble(), 0.95);
    QCOMPARE(row50[2].toDouble(), a.params.eval.recThrs[50]);
    const ErrorCurves& baseline = curvesOf(a, ErrorType::Baseline);
    QCOMPARE(row50[3].toDouble(), baseline.precision[0][9][50]);
    QCOMPARE(row50[4].toDouble(), baseline.scores[0][9][50]);
    for (const char* name : {"curves.png", "curves.pdf"}) {
      QVERIFY2(exportChart(
                   chart->plot(), [chart] { return chart->csv(); }, out.filePath(name), &error),
               qPrintable(error));
      QVERIFY(QFileInfo(out.filePath(name)).size() > 1000);
    }
    // The SVG: one polyline per curve through every recall point, the legend's names.
    const QString svgPath = out.filePath("curves.svg");
    QVERIFY2(exportChart(
                 chart->plot(), [chart] { return chart->csv(); }, svgPath, &error),
             qPrintable(error));
    QFile svgFile(svgPath);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QString svg = QString::fromUtf8(svgFile.readAll());
    QVERIFY(svg.startsWith(QLatin1String("<svg ")));
    QCOMPARE(svg.count(QLatin1String("<polyline")), static_cast<int>(chart->curves().size()));
    const qsizetype polyline = svg.indexOf(QLatin1String("<polyline"));
    const QString points = svg.mid(svg.indexOf(QLatin1String("points=\""), polyline) + 8);
    QCOMPARE(points.left(points.indexOf(QLatin1Char('"'))).split(' ').size(),
             static_cast<int>(a.params.eval.recThrs.size()));
    for (std::size_t i = 0; i < chart->curves().size(); ++i)
      QVERIFY(svg.contains(chart->legendName(i).toHtmlEscaped()));
    QVERIFY(!svg.contains(QLatin1String("clip-path=")));
    // Zoomed in, the curves are clipped to the axis rectangle.
    chart->plot()->xAxis->setRange(0, 0.5);
    QVERIFY(plotSvg(chart->plot()).contains(QLatin1String("clip-path=\"url(#area)\"")));
    chart->plot()->xAxis->setRange(0, 1);
    QVERIFY(chart->pointToolTip(0, 50).contains(QLatin1String("recall 0.50")));

    // A re-evaluation with thresholds up to .75: the selector offers them, the nearest chosen.
    EvalParams settings = evalParamsFor(EvalVariant::Coco);
    settings.iouThrs = {0.5, 0.6, 0.75};
    QSignalSpy analysed(session.analysis(), &RunAnalysisSession::analysisReady);
    view.applyEvaluationSettings(settings);
    view.settingsPanel()->applyNow();
    QVERIFY(analysed.wait(kTimeoutMs));
    const RunAnalysisPtr again = session.document()->analysis();
    QVERIFY(again && again != analysis);
    QCOMPARE(chart->oksThresholds(), (std::vector<double>{0.5, 0.6, 0.75}));
    QCOMPARE(chart->oks(), 0.75);
    verifyCurvesDrawn(*chart, again->analysis, "all", 2);
  }

  // Issue 35: the metric table's PR curve is drawn with the table, from the re-evaluation's own
  // arrays, before the analysis of the new settings brings the fixed-error curves.
  void theTableCurveComesWithTheTable() {
    RunSession session;
    ResultsView view;
    QVERIFY(openAnalysed(session, view, runDir_));
    PrCurveChart* chart = view.curvesView()->prChart();
    // What the chart holds when the table arrives (the document tells the page, then this).
    std::vector<PrCurveChart::Curve> atTable;
    RunReevaluationPtr reevaluation;
    connect(session.document(), &RunDocument::reevaluationChanged, this, [&] {
      reevaluation = session.document()->reevaluation();
      atTable = chart->curves();
    });
    EvalParams settings = evalParamsFor(EvalVariant::Coco);
    settings.sigmas[0] = 0.05;  // the nose's sigma: other numbers than valid.py's
    QSignalSpy analysed(session.analysis(), &RunAnalysisSession::analysisReady);
    view.applyEvaluationSettings(settings);
    view.settingsPanel()->applyNow();
    QVERIFY(analysed.wait(kTimeoutMs));
    QVERIFY(reevaluation && reevaluation->curves);
    QCOMPARE(atTable.size(), std::size_t{1});
    QCOMPARE(atTable[0].name, QStringLiteral("metric table"));
    const CategoryCurves& arrays = reevaluation->curves->categories.front();
    QCOMPARE(atTable[0].precision, arrays.precision[0][0]);  // area all, OKS .50
    QCOMPARE(atTable[0].scores, arrays.scores[0][0]);
    // Its legend's AP is the table's AP .5 (pycocotools' mean of the defined precisions).
    QVERIFY(std::abs(atTable[0].ap - reevaluation->table.values[1]) < 1e-12);
    // Then the analysis of those settings replaces it with the baseline and the fixed errors.
    QCOMPARE(chart->curves().size(), session.document()->analysis()->analysis.curves.size());
    verifyCurvesDrawn(*chart, session.document()->analysis()->analysis, "all", 0);
  }

  // PCK per joint, the OKS histogram and calibration at OKS .50 and then .75: matchAccuracy's
  // values, computed off the GUI thread; their CSV exports.
  void accuracyChartsAreMatchAccuracy() {
    RunSession session;
    ResultsView view;
    view.followDocument(session.document());
    QObject::connect(&view, &ResultsView::evaluationRequested, session.analysis(),
                     &RunAnalysisSession::reevaluate);
    CurvesView* curves = view.curvesView();
    QSignalSpy ready(session.analysis(), &RunAnalysisSession::analysisReady);
    QSignalSpy finished(curves, &CurvesView::accuracyFinished);
    session.openRunFolder(runDir_);
    QVERIFY(ready.wait(kTimeoutMs));
    const RunAnalysisPtr analysis = session.document()->analysis();
    QVERIFY(analysis);
    // The analysis is shown at once; the measures follow from a pool thread.
    QCOMPARE(curves->accuracyOks(), 0.5);
    QVERIFY(!curves->accuracy());
    QVERIFY(curves->accuracyStatus().contains(QLatin1String("Matching at OKS .50")));
    QVERIFY(finished.wait(kTimeoutMs));
    const MatchAccuracy at50 = expectedAccuracy(*analysis, 0.5);
    verifyAccuracyDrawn(*curves, at50);
    QVERIFY(curves->accuracyStatus().contains(QLatin1String("valid.py's evaluation settings")));
    // The fixture's jittered wrist (ks about 0.7) counts at 0.5, not at 0.75.
    const CategoryAccuracy& c50 = at50.categories.front();
    QVERIFY(c50.joints.joints[test::kLeftWrist].pck75 < c50.joints.joints[test::kLeftWrist].pck50);
    QVERIFY(c50.calibration.falsePositives > 0);

    // The exports: the CSV of each chart as the chart gives it, the pictures.
    QTemporaryDir out;
    QString error;
    const std::vector<std::pair<AccuracyChart*, QString>> charts = {
        {curves->pckChart(), QStringLiteral("pck")},
        {curves->oksHistogramChart(), QStringLiteral("oks")},
        {curves->calibrationChart(), QStringLiteral("calibration")}};
    for (const auto& [chart, name] : charts) {
      const QString csvPath = out.filePath(name + ".csv");
      QVERIFY2(exportChart(
                   chart->plot(), [chart = chart] { return chart->csv(); }, csvPath, &error),
               qPrintable(error));
      QFile file(csvPath);
      QVERIFY(file.open(QIODevice::ReadOnly));
      QCOMPARE(QString::fromUtf8(file.readAll()), chart->csv());
      for (const char* suffix : {".png", ".pdf", ".svg"}) {
        const QString path = out.filePath(name + suffix);
        QVERIFY2(exportChart(
                     chart->plot(), [chart = chart] { return chart->csv(); }, path, &error),
                 qPrintable(error));
        QVERIFY(QFileInfo(path).size() > 1000);
      }
    }
    const QStringList calibrationLines =
        curves->calibrationChart()->csv().split('\n', Qt::SkipEmptyParts);
    QCOMPARE(calibrationLines.front(),
             QStringLiteral("lo,hi,true_positives,false_positives,mean_score,precision"));
    QCOMPARE(calibrationLines.size(), static_cast<int>(c50.calibration.bins.size()) + 1);
    const QStringList top = calibrationLines.back().split(',');
    QCOMPARE(top[2].toULongLong(), c50.calibration.bins.back().truePositives);
    QCOMPARE(top[3].toULongLong(), c50.calibration.bins.back().falsePositives);
    QCOMPARE(top[5].toDouble(), c50.calibration.bins.back().precision);
    const QStringList oksLines = curves->oksHistogramChart()->csv().split('\n', Qt::SkipEmptyParts);
    QCOMPARE(oksLines.front(), QStringLiteral("lo,hi,matched,best_per_person"));
    QCOMPARE(oksLines.size(), static_cast<int>(c50.oks.matched.counts.size()) + 1);
    // The SVG of the PCK chart: a rectangle per bar, the joint names turned under the axis.
    QFile svgFile(out.filePath("pck.svg"));
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QString svg = QString::fromUtf8(svgFile.readAll());
    int bars = 0;
    for (int s = 0; s < 3; ++s)
      bars += curves->pckChart()->plot()->plottable(s)->interface1D()->dataCount();
    // Less the clip path's, the frame's and the legend's three.
    QCOMPARE(svg.count(QLatin1String("<rect x=")) - 2 - 3, bars);
    QVERIFY(svg.contains(QLatin1String(") rotate(45.00)\" text-anchor=\"start\">left_shoulder<")));

    // Another threshold: computed again, the charts follow.
    curves->setAccuracyOks(0.75);
    QVERIFY(!curves->accuracy());
    QVERIFY(finished.wait(kTimeoutMs));
    const MatchAccuracy at75 = expectedAccuracy(*analysis, 0.75);
    verifyAccuracyDrawn(*curves, at75);
    QVERIFY(curves->pckChart()->title().contains(QLatin1String("OKS .75")));
    QVERIFY(formatMatchAccuracyJson(at75) != formatMatchAccuracyJson(at50));

    // A re-evaluation with other sigmas: the measures follow the metric table's settings.
    EvalParams settings = evalParamsFor(EvalVariant::Coco);
    for (double& sigma : settings.sigmas) sigma *= 2;
    view.applyEvaluationSettings(settings);
    view.settingsPanel()->applyNow();
    QTRY_VERIFY_WITH_TIMEOUT(curves->accuracy() && !curves->accuracy()->settingChanges.empty(),
                             kTimeoutMs);
    AccuracySettings wide;
    wide.oksThreshold = 0.75;
    const RunEvaluationInput& input = *analysis->input;
    const MatchAccuracy widened = matchAccuracy(input.groundTruth, input.results, settings, wide);
    verifyAccuracyDrawn(*curves, widened);
    QVERIFY(curves->accuracyStatus().contains(QLatin1String("changed evaluation settings")));
  }

  // Two runs on one chart (what Compare draws): each baseline in its run's colour, named.
  void comparedRunsDrawBothBaselines() {
    RunSession session;
    QSignalSpy ready(session.analysis(), &RunAnalysisSession::analysisReady);
    session.openRunFolder(runDir_);
    QVERIFY(ready.wait(kTimeoutMs));
    const RunAnalysisPtr analysis = session.document()->analysis();
    QVERIFY(analysis);
    const auto a = std::shared_ptr<const KeypointAnalysis>(analysis, &analysis->analysis);
    PrCurveChart chart;
    chart.setComparedAnalyses(a, a, QStringLiteral("A: one"), QStringLiteral("B: two"));
    QCOMPARE(chart.curves().size(), std::size_t{2});
    QCOMPARE(chart.curves()[0].name, QStringLiteral("A: one"));
    QCOMPARE(chart.curves()[1].name, QStringLiteral("B: two"));
    const auto& row = curvesOf(*a, ErrorType::Baseline).precision[0][0];
    for (int g = 0; g < 2; ++g) {
      QCOMPARE(chart.plot()->graph(g)->dataCount(), static_cast<int>(row.size()));
      QCOMPARE(chart.plot()->graph(g)->data()->at(40)->value, row[40]);
    }
    QVERIFY(chart.plot()->graph(0)->pen().color() != chart.plot()->graph(1)->pen().color());
    QVERIFY(chart.legendName(1).endsWith(QLatin1String("] B: two")));
    // B alone (A not open yet) is drawn under its own name.
    chart.setComparedAnalyses(nullptr, a, QStringLiteral("A: one"), QStringLiteral("B: two"));
    QCOMPARE(chart.curves().size(), std::size_t{1});
    QCOMPARE(chart.curves()[0].name, QStringLiteral("B: two"));
  }

  // Issue 35: a click on the baseline at a recall point asks Inspect for the detection the
  // reference's scores array names there, then those ranked after it in score order.
  void aClickOnTheBaselineRequestsItsDetection() {
    RunSession session;
    ResultsView view;
    QVERIFY(openAnalysed(session, view, runDir_));
    const RunAnalysisPtr analysis = session.document()->analysis();
    PrCurveChart* chart = view.curvesView()->prChart();
    QSignalSpy requested(&view, &ResultsView::detectionsRequested);
    const PrCurveChart::Curve& baseline = chart->curves().front();
    std::size_t clicked = 0;
    for (std::size_t r = 0; r < baseline.precision.size(); ++r) {
      if (baseline.precision[r] <= 0) {  // past the last recall reached: no detection there
        chart->clickPoint(0, r);
        QCOMPARE(requested.size(), static_cast<int>(clicked));
        continue;
      }
      chart->clickPoint(0, r);
      QCOMPARE(requested.size(), static_cast<int>(++clicked));
      const auto ids = requested.last().at(1).value<QList<qint64>>();
      const int person = requested.last().at(2).toInt();
      QVERIFY(!ids.isEmpty() && ids.size() <= CurvesView::kRankedImages);
      const std::vector<std::size_t>& ofImage = analysis->detectionsOf(ids.front());
      QVERIFY(person >= 0 && static_cast<std::size_t>(person) < ofImage.size());
      const double score =
          analysis->analysis.detections[ofImage[static_cast<std::size_t>(person)]].score;
      QCOMPARE(score, baseline.scores[r]);
      // The queue's images in ranking order: each enters with its best detection scored at most
      // the clicked one's, and those entry scores never rise.
      double previous = score;
      for (qint64 id : ids) {
        double entry = -1;
        for (std::size_t d : analysis->detectionsOf(id))
          if (analysis->analysis.detections[d].score <= score)
            entry = std::max(entry, analysis->analysis.detections[d].score);
        QVERIFY(entry >= 0 && entry <= previous);
        previous = entry;
      }
    }
    QVERIFY(clicked > 0);
    // A fixed-error curve's scores are not the detections' own: nothing is asked.
    chart->clickPoint(1, 0);
    QCOMPARE(requested.size(), static_cast<int>(clicked));
  }

  void aFailedAnalysisLeavesNoCurve() {
    QTemporaryDir other;
    const QString run = other.filePath("run");
    test::writeAnalysisFixtureRun(run.toStdString(), other.filePath("gone.json").toStdString());
    RunSession session;
    ResultsView view;
    view.followDocument(session.document());
    QObject::connect(&view, &ResultsView::evaluationRequested, session.analysis(),
                     &RunAnalysisSession::reevaluate);
    QSignalSpy failed(session.analysis(), &RunAnalysisSession::analysisFailed);
    session.openRunFolder(run);
    QVERIFY(failed.wait(kTimeoutMs));
    QVERIFY(view.curvesView()->prChart()->curves().empty());
    QVERIFY(view.curvesView()->prChart()->plot()->isHidden());
  }

 private:
  QTemporaryDir dir_;
  QString annotations_, runDir_;
};

QTEST_MAIN(TestResultsCurves)
#include "tst_results_curves.moc"
