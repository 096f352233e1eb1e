// The Results page's Curves tab on the analysis fixture's run folder: the curves drawn are the
// analysis' accumulate arrays, the selectors pick their threshold and area, the legend's AP is the
// analysis' own, a re-evaluation's thresholds replace the selector's, and the exports hold them.

#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "widgets/analysis_run_fixture.h"
#include "widgets/common/chart_export.h"
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
    view.followSession(&session);
    QSignalSpy ready(session.analysis(), &RunAnalysisSession::analysisReady);
    session.openRunFolder(runDir_);
    QVERIFY(ready.wait(kTimeoutMs));
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

  void aFailedAnalysisLeavesNoCurve() {
    QTemporaryDir other;
    const QString run = other.filePath("run");
    test::writeAnalysisFixtureRun(run.toStdString(), other.filePath("gone.json").toStdString());
    RunSession session;
    ResultsView view;
    view.followSession(&session);
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
