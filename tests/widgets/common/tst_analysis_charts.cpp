// The analysis charts on a hand-made analysis: the bars drawn equal the analysis' numbers for
// every area and OKS choice, hover texts carry them, and a click on a bar asks for exactly the
// images with that error.

#include <QSignalSpy>
#include <QtTest>

#include "analysis/error_images.h"
#include "analysis/error_profile_comparison.h"
#include "analysis_scene.h"
#include "widgets/common/ap_if_fixed_chart.h"
#include "widgets/common/joint_error_chart.h"
#include "widgets/common/qcp.h"

using namespace posescope;

namespace {

// The value stacked at `key` by every QCPBars of `plot` (the top of the bar).
double stackedValue(QCustomPlot* plot, double key) {
  double sum = 0;
  for (int i = 0; i < plot->plottableCount(); ++i) {
    auto* bars = qobject_cast<QCPBars*>(plot->plottable(i));
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
      if (std::abs(it->key - key) < 1e-9) sum += it->value;
  }
  return sum;
}

// The value of `plot`'s bars named `name` at `key` (-1 when it has none).
double barValue(QCustomPlot* plot, const QString& name, double key) {
  for (int i = 0; i < plot->plottableCount(); ++i) {
    auto* bars = qobject_cast<QCPBars*>(plot->plottable(i));
    if (bars->name() != name) continue;
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
      if (std::abs(it->key - key) < 1e-9) return it->value;
  }
  return -1;
}

int barIndex(const ApIfFixedChart& chart, ErrorType error) {
  for (std::size_t i = 0; i < chart.bars().size(); ++i)
    if (chart.bars()[i].error == error) return static_cast<int>(i);
  return -1;
}

QList<qint64> asList(const std::vector<std::int64_t>& ids) {
  return QList<qint64>(ids.begin(), ids.end());
}

}  // namespace

class TestAnalysisCharts : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void theSceneHasEveryError() {
    const test::AnalysisScene scene;
    QCOMPARE(asList(imagesWithJointLabel(*scene.analysis, JointLabel::Swap)), QList<qint64>{1});
    QCOMPARE(asList(imagesWithError(*scene.analysis, *scene.triage, ErrorType::FalseNeg)),
             QList<qint64>{3});
    QCOMPARE(asList(imagesWithError(*scene.analysis, *scene.triage, ErrorType::BackgroundFP)),
             QList<qint64>{3});
    // Images 1 (two detections) and 2 have good left elbows; image 1 first, it has more.
    QCOMPARE(asList(imagesWithJointLabel(*scene.analysis, JointLabel::Good, test::kLeftElbow)),
             (QList<qint64>{1, 2}));
    QVERIFY(imagesWithError(*scene.analysis, *scene.triage, ErrorType::Baseline).empty());
  }

  void apBarsEqualTheAnalysis() {
    const test::AnalysisScene scene;
    ApIfFixedChart chart;
    chart.setAnalysis(scene.analysis, scene.triage);
    const KeypointAnalysis& a = *scene.analysis;
    for (const QString& area :
         {QStringLiteral("all"), QStringLiteral("medium"), QStringLiteral("large")}) {
      for (auto oks :
           {ApIfFixedChart::Oks::At50, ApIfFixedChart::Oks::At75, ApIfFixedChart::Oks::Mean}) {
        chart.setArea(area);
        chart.setOks(oks);
        QCOMPARE(chart.bars().size(), std::size_t{8});  // baseline + seven error types
        const std::size_t t = oks == ApIfFixedChart::Oks::At50 ? 0 : 5;  // .50, .55, ... .75
        auto expected = [&](ErrorType e) {
          if (oks == ApIfFixedChart::Oks::Mean) return meanApIfFixed(a, e, area.toStdString());
          return a.find(e, area.toStdString(), t)->ap;
        };
        for (std::size_t i = 0; i < chart.bars().size(); ++i) {
          const ApIfFixedChart::Bar& bar = chart.bars()[i];
          QCOMPARE(bar.fixed, expected(bar.error));
          const ErrorType from =
              bar.error == ErrorType::FalseNeg ? ErrorType::BackgroundFP : ErrorType::Baseline;
          QCOMPARE(bar.from, expected(from));
          // What is drawn: the bar's top is the AP with the error fixed (0 where undefined).
          const double key = static_cast<double>(i + 1);
          if (bar.fixed >= bar.from && bar.from > -1)
            QVERIFY(std::abs(stackedValue(chart.plot(), key) - bar.fixed) < 1e-12);
        }
      }
    }
    // The scene's numbers are not trivial: removing the background false positive raises the
    // AP; the hover text gives the exact values.
    chart.setArea(QStringLiteral("all"));
    chart.setOks(ApIfFixedChart::Oks::Mean);
    const int fp = barIndex(chart, ErrorType::BackgroundFP);
    const ApIfFixedChart::Bar& bar = chart.bars()[static_cast<std::size_t>(fp)];
    QVERIFY2(bar.fixed > bar.from, qPrintable(chart.barToolTip(fp)));
    QVERIFY(chart.barToolTip(fp).contains(QString::number(bar.fixed, 'f', 3)));
    QVERIFY(chart.barToolTip(fp).contains(QString::asprintf("%+.3f", bar.fixed - bar.from)));
  }

  void clickingABarAsksForItsImages() {
    const test::AnalysisScene scene;
    ApIfFixedChart chart;
    chart.resize(700, 360);
    chart.setAnalysis(scene.analysis, scene.triage);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.plot()->replot();
    QSignalSpy spy(&chart, &ApIfFixedChart::imagesRequested);
    const struct {
      ErrorType error;
      QList<qint64> ids;
    } cases[] = {{ErrorType::Swap, {1}},
                 {ErrorType::Miss, {1}},
                 {ErrorType::BackgroundFP, {3}},
                 {ErrorType::FalseNeg, {3}}};
    for (const auto& c : cases) {
      const int i = barIndex(chart, c.error);
      const ApIfFixedChart::Bar& bar = chart.bars()[static_cast<std::size_t>(i)];
      QCustomPlot* plot = chart.plot();
      // Mid-height of the drawn bar.
      const QPoint at(qRound(plot->xAxis->coordToPixel(i + 1)),
                      qRound(plot->yAxis->coordToPixel(std::max(bar.fixed, bar.from) / 2)));
      QTest::mouseClick(plot, Qt::LeftButton, {}, at);
      QCOMPARE(spy.count(), 1);
      QCOMPARE(spy.takeFirst().at(0).value<ImageQueue>().imageIds, c.ids);
    }
    QVERIFY(!chart.requestImages(barIndex(chart, ErrorType::Baseline)));
    QCOMPARE(spy.count(), 0);
  }

  void jointRowsEqualTheCounts() {
    const test::AnalysisScene scene;
    JointErrorChart chart;
    chart.setAnalysis(scene.analysis);
    const KeypointAnalysis& a = *scene.analysis;
    QCOMPARE(chart.plot()->plottableCount(), 5);
    for (int k = 0; k < test::kSceneJoints; ++k) {
      const auto& counts = a.jointCounts[static_cast<std::size_t>(k)];
      std::size_t judged = 0;
      for (std::size_t l = 0; l < 5; ++l) judged += counts[l];  // good .. miss
      QCOMPARE(chart.judged(k), judged);
      for (std::size_t l = 0; l < 5; ++l) {
        const JointLabel label = kJointLabels[l];
        QCOMPARE(chart.count(k, label), counts[l]);
        const double rate = judged ? double(counts[l]) / double(judged) : 0.0;
        QCOMPARE(barValue(chart.plot(), QString::fromStdString(jointLabelName(label)),
                          chart.keyOfJoint(k)),
                 rate);
      }
    }
    // Left elbow: two good, one swap of three judged predictions.
    QCOMPARE(chart.count(test::kLeftElbow, JointLabel::Swap), std::size_t{1});
    QCOMPARE(chart.judged(test::kLeftElbow), std::size_t{3});
    QVERIFY(chart.segmentToolTip(test::kLeftElbow, JointLabel::Swap).contains("1 of 3"));
    QVERIFY(chart.segmentToolTip(test::kLeftElbow, JointLabel::Swap).contains("33.3 %"));
  }

  void clickingASegmentAsksForItsImages() {
    const test::AnalysisScene scene;
    JointErrorChart chart;
    chart.resize(600, 500);
    chart.setAnalysis(scene.analysis);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.plot()->replot();
    QSignalSpy spy(&chart, &JointErrorChart::imagesRequested);
    QCustomPlot* plot = chart.plot();
    const double y = plot->yAxis->coordToPixel(chart.keyOfJoint(test::kLeftElbow));
    // The swap segment spans 2/3 .. 1 (good first, no jitter or inversion at this joint).
    QTest::mouseClick(plot, Qt::LeftButton, {},
                      QPoint(qRound(plot->xAxis->coordToPixel(5.0 / 6)), qRound(y)));
    QCOMPARE(spy.count(), 1);
    // The queue names its key, the count of such joints in each image (issue 33).
    const ImageQueue swaps = spy.first().at(0).value<ImageQueue>();
    QCOMPARE(swaps.imageIds, QList<qint64>{1});
    const QString elbow = QString::fromStdString(scene.analysis->jointNames[test::kLeftElbow]);
    QCOMPARE(swaps.keyName, elbow + QStringLiteral(" swap"));
    QCOMPARE(swaps.title, QStringLiteral("images with %1 swap (count), most first").arg(elbow));
    QCOMPARE(swaps.keys.value(1), 1.0);
    spy.clear();
    QTest::mouseClick(plot, Qt::LeftButton, {},
                      QPoint(qRound(plot->xAxis->coordToPixel(1.0 / 3)), qRound(y)));
    QCOMPARE(spy.count(), 1);
    const ImageQueue good = spy.first().at(0).value<ImageQueue>();
    QCOMPARE(good.imageIds, (QList<qint64>{1, 2}));
    for (qint64 id : good.imageIds) QCOMPARE(good.keys.value(id), 1.0);
  }

  void noAnalysisDrawsNothing() {
    ApIfFixedChart ap;
    JointErrorChart joints;
    QVERIFY(ap.bars().empty());
    QCOMPARE(ap.plot()->plottableCount(), 0);
    QVERIFY(!ap.requestImages(0));
    QVERIFY(!joints.requestImages(0, JointLabel::Miss));
    ap.setMessage(QStringLiteral("Analysing\u2026"));
    QVERIFY(!ap.plot()->isVisibleTo(&ap));
  }
};

QTEST_MAIN(TestAnalysisCharts)
#include "tst_analysis_charts.moc"
