// The Compare page's analysis of two runs with real results against one ground truth: the
// interval column equals what `posescope-cli compare` prints for the same runs, computed off the
// GUI thread; the AP-if-fixed charts of A and B and the per-image error changes ("B: 1 new
// swap") follow the runs' analyses; the Curves tab draws both runs' precision-recall curves and
// PCK per joint (matchAccuracy's at OKS .50); the models pass QAbstractItemModelTester.

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QProcess>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <fstream>

#include <nlohmann/json.hpp>

#include "analysis/error_images.h"
#include "analysis/match_accuracy.h"
#include "built_programs.h"
#include "report/error_label_changes.h"
#include "report/report_fixtures.h"
#include "report/run_ground_truth.h"
#include "widgets/common/ap_if_fixed_chart.h"
#include "widgets/common/calibration_chart.h"
#include "widgets/common/image_canvas.h"
#include "widgets/common/joint_pck_chart.h"
#include "widgets/common/oks_histogram_chart.h"
#include "widgets/common/overlay_legend.h"
#include "widgets/common/plot_utils.h"
#include "widgets/common/pr_curve_chart.h"
#include "widgets/common/qcp.h"
#include "widgets/models/comparison_models.h"
#include "widgets/pages/compare/canvas_pair.h"
#include "widgets/pages/compare/compare_curves.h"
#include "widgets/pages/compare/compare_view.h"
#include "widgets/session/run_analysis.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"
#include "widgets/session/triage_queues.h"

using namespace posescope;

namespace {

constexpr int kImages = 8;
constexpr int kJoints = 17;
constexpr int kLeftElbow = 7;
constexpr std::int64_t kTwoPeopleImage = 3, kMissedByB = 8;

// Joint j of person p in every image.
double jointX(int p, int j) {
  return 60 + 240 * p + 8 * (j % 5);
}
double jointY(int j) {
  return 40 + 14 * j;
}

// Ground truth: one person per image, two in image 3.
void writeGroundTruth(const std::string& path) {
  nlohmann::json doc;
  nlohmann::json names = nlohmann::json::array();
  for (int j = 0; j < kJoints; ++j) names.push_back("k" + std::to_string(j));
  doc["categories"] = {{{"id", 1}, {"name", "person"}, {"keypoints", names}}};
  doc["images"] = nlohmann::json::array();
  doc["annotations"] = nlohmann::json::array();
  int annotation = 1;
  for (int i = 1; i <= kImages; ++i) {
    doc["images"].push_back({{"id", i},
                             {"file_name", "img_" + std::to_string(i) + ".jpg"},
                             {"width", 640},
                             {"height", 480}});
    for (int p = 0; p < (i == kTwoPeopleImage ? 2 : 1); ++p) {
      std::vector<double> kp;
      for (int j = 0; j < kJoints; ++j) kp.insert(kp.end(), {jointX(p, j), jointY(j), 2.0});
      doc["annotations"].push_back({{"id", annotation++},
                                    {"image_id", i},
                                    {"category_id", 1},
                                    {"iscrowd", 0},
                                    {"num_keypoints", kJoints},
                                    {"keypoints", kp},
                                    {"area", 9000.0},
                                    {"bbox", {60 + 240 * p, 40, 32, 224}}});
    }
  }
  std::ofstream(path) << doc.dump();
}

// Results on every person shifted by `shift(image)` px; `swapInB` moves the first person's left
// elbow in image 3 onto the second person's; `skipLast` leaves the last image without results.
void writeResults(const std::string& runDir, double (*shift)(int), bool swapInB, bool skipLast) {
  nlohmann::json results = nlohmann::json::array();
  for (int i = 1; i <= kImages; ++i) {
    if (skipLast && i == kMissedByB) continue;
    for (int p = 0; p < (i == kTwoPeopleImage ? 2 : 1); ++p) {
      std::vector<double> kp;
      for (int j = 0; j < kJoints; ++j) {
        double x = jointX(p, j) + shift(i), y = jointY(j);
        if (swapInB && i == kTwoPeopleImage && p == 0 && j == kLeftElbow) x = jointX(1, j);
        kp.insert(kp.end(), {x, y, 0.9});
      }
      results.push_back({{"image_id", i},
                         {"category_id", 1},
                         {"keypoints", kp},
                         {"score", 0.95 - 0.05 * i - 0.1 * p}});
    }
  }
  std::ofstream(runDir + "/results.json") << results.dump();
}

double shiftA(int i) {
  return (i % 4) * 2.5;  // none in image 8, as B, where only the missed person differs
}
double shiftB(int i) {
  return (i % 4) * 4.0;
}

struct AnalysedPair {
  QTemporaryDir tmp;
  QString dirA = tmp.filePath("runA"), dirB = tmp.filePath("runB");

  AnalysedPair() {
    const std::string gt = tmp.filePath("gt.json").toStdString();
    writeGroundTruth(gt);
    std::vector<test::FixtureImage> images;
    for (int i = 1; i <= kImages; ++i) {
      test::FixtureImage image;
      image.id = i;
      images.push_back(image);
    }
    std::vector<double> a, b;
    for (int s = 0; s < 10; ++s) {
      a.push_back(0.5 + 0.01 * s);
      b.push_back(0.45 + 0.02 * s);
    }
    test::writeFixtureRun(dirA.toStdString(), "search-XS", images, test::cocoNames(), a, gt);
    test::writeFixtureRun(dirB.toStdString(), "search-S", images, test::cocoNames(), b, gt);
    writeResults(dirA.toStdString(), shiftA, false, false);
    writeResults(dirB.toStdString(), shiftB, true, true);
  }
};

// The "95 % CI of B - A" cell of each metric row in `posescope-cli compare`'s Markdown.
QMap<QString, QString> cliIntervals(const QString& dirA, const QString& dirB) {
  QProcess cli;
  cli.start(posescope::test::cliPath(), {QStringLiteral("compare"), dirA, dirB});
  if (!cli.waitForFinished(120000) || cli.exitCode() != 0) {
    qWarning() << cli.readAllStandardError();
    return {};
  }
  QMap<QString, QString> intervals;
  bool inMetrics = false;
  const QString out = QString::fromUtf8(cli.readAllStandardOutput());
  for (const QString& line : out.split('\n')) {
    if (line.startsWith(QLatin1String("| Metric |"))) {
      inMetrics = line.contains(QLatin1String("95 % CI"));
      continue;
    }
    if (!inMetrics || line.startsWith(QLatin1String("|---"))) continue;
    if (!line.startsWith(QLatin1String("| "))) break;
    const QStringList cells = line.split(QStringLiteral(" | "));
    if (cells.size() < 5) continue;
    QString interval = cells[4];
    interval.chop(2);  // " |"
    intervals.insert(cells[0].mid(2), interval.trimmed());
  }
  return intervals;
}

bool openPair(CompareView& view, const AnalysedPair& pair) {
  return view.setSide(CompareView::A, loadCompareSide(pair.dirA.toStdString())) &&
         view.setSide(CompareView::B, loadCompareSide(pair.dirB.toStdString()));
}

// `dir`'s matching at `oks` with valid.py's settings (posescope-cli metrics --accuracy
// --accuracy-oks).
MatchAccuracy accuracyOf(const QString& dir, double oks = 0.5) {
  const RunEvaluationInput input = loadRunEvaluationInput(loadRunFolder(dir.toStdString()));
  AccuracySettings settings;
  settings.oksThreshold = oks;
  return matchAccuracy(input.groundTruth, input.results, evalParamsFor(input.variant), settings);
}

// The Curves tab's OKS histogram and calibration draw exactly `a`'s and `b`'s matching: A's
// matched bars and best-per-person line, then B's; each run's precision per score bin; and the
// CSV gives each run's columns.
void checkComparedMatching(const CompareCurves& curves, const CategoryAccuracy& a,
                           const CategoryAccuracy& b) {
  const OksHistogramChart* histogram = curves.oksHistogramChart();
  QCOMPARE(histogram->plot()->plottableCount(), 5);  // and the threshold
  for (int side = 0; side < 2; ++side) {
    const CategoryAccuracy& c = side == 0 ? a : b;
    auto* bars = qobject_cast<QCPBars*>(histogram->plot()->plottable(2 * side));
    auto* line = qobject_cast<QCPGraph*>(histogram->plot()->plottable(2 * side + 1));
    QVERIFY(bars && line);
    QVERIFY(bars->name().startsWith(side == 0 ? QLatin1String("A: ") : QLatin1String("B: ")));
    QVERIFY(line->name().startsWith(side == 0 ? QLatin1String("A: ") : QLatin1String("B: ")));
    QCOMPARE(bars->brush().color(), runColor(side == 0 ? RunSideColor::A : RunSideColor::B));
    QCOMPARE(line->pen().color(), runColor(side == 0 ? RunSideColor::A : RunSideColor::B));
    QCOMPARE(static_cast<std::size_t>(bars->dataCount()), c.oks.matched.counts.size());
    for (std::size_t i = 0; i < c.oks.matched.counts.size(); ++i) {
      const int k = static_cast<int>(i);
      QCOMPARE(bars->data()->at(k)->value, static_cast<double>(c.oks.matched.counts[i]));
      // The line's step over bin i: its left and right edge at the bin's count.
      for (int edge = 0; edge < 2; ++edge) {
        QCOMPARE(line->data()->at(2 * k + edge)->key, c.oks.bestPerPerson.edges[i + edge]);
        QCOMPARE(line->data()->at(2 * k + edge)->value,
                 static_cast<double>(c.oks.bestPerPerson.counts[i]));
      }
    }
  }
  QStringList lines = histogram->csv().split('\n', Qt::SkipEmptyParts);
  QCOMPARE(lines.front(),
           QStringLiteral("lo,hi,a_matched,a_best_per_person,b_matched,b_best_per_person"));
  QCOMPARE(lines.size(), 1 + static_cast<int>(a.oks.matched.counts.size()));
  for (std::size_t i = 0; i < a.oks.matched.counts.size(); ++i) {
    const QStringList cells = lines[static_cast<int>(i) + 1].split(',');
    QCOMPARE(cells.size(), 6);
    QCOMPARE(cells[2].toULongLong(), a.oks.matched.counts[i]);
    QCOMPARE(cells[3].toULongLong(), a.oks.bestPerPerson.counts[i]);
    QCOMPARE(cells[4].toULongLong(), b.oks.matched.counts[i]);
    QCOMPARE(cells[5].toULongLong(), b.oks.bestPerPerson.counts[i]);
  }

  const CalibrationChart* calibration = curves.calibrationChart();
  QCOMPARE(calibration->plot()->plottableCount(), 3);  // the diagonal, A's and B's precision
  for (int side = 0; side < 2; ++side) {
    const ScoreCalibration& c = (side == 0 ? a : b).calibration;
    QCPGraph* precision = calibration->plot()->graph(side + 1);
    QCOMPARE(precision->name(), calibration->precisionName(side == 1));
    QVERIFY(precision->name().startsWith(side == 0 ? QLatin1String("A: ") : QLatin1String("B: ")));
    QVERIFY(precision->name().contains(QLatin1String("ECE ") +
                                       QString::number(c.expectedCalibrationError, 'f', 3).mid(1)));
    QCOMPARE(precision->pen().color(), runColor(side == 0 ? RunSideColor::A : RunSideColor::B));
    int point = 0;
    for (const ScoreBin& bin : c.bins) {
      if (bin.precision < 0) continue;
      QCOMPARE(precision->data()->at(point)->key, bin.meanScore);
      QCOMPARE(precision->data()->at(point)->value, bin.precision);
      ++point;
    }
    QCOMPARE(precision->dataCount(), point);
  }
  lines = calibration->csv().split('\n', Qt::SkipEmptyParts);
  QCOMPARE(lines.front(),
           QStringLiteral("lo,hi,a_true_positives,a_false_positives,a_mean_score,a_precision,"
                          "b_true_positives,b_false_positives,b_mean_score,b_precision"));
  QCOMPARE(lines.size(), 1 + static_cast<int>(a.calibration.bins.size()));
  for (std::size_t i = 0; i < a.calibration.bins.size(); ++i) {
    const QStringList cells = lines[static_cast<int>(i) + 1].split(',');
    QCOMPARE(cells.size(), 10);
    QCOMPARE(cells[2].toULongLong(), a.calibration.bins[i].truePositives);
    QCOMPARE(cells[3].toULongLong(), a.calibration.bins[i].falsePositives);
    QCOMPARE(cells[6].toULongLong(), b.calibration.bins[i].truePositives);
    QCOMPARE(cells[7].toULongLong(), b.calibration.bins[i].falsePositives);
  }
}

}  // namespace

class TestCompareAnalysis : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void intervalsEqualTheCli() {
    const AnalysedPair pair;
    const QMap<QString, QString> expected = cliIntervals(pair.dirA, pair.dirB);
    QCOMPARE(expected.size(), 10);
    CompareView view;
    QAbstractItemModelTester metricTester(view.metricModel(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester imageTester(view.imageModel(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy finished(&view, &CompareView::pairAnalysisFinished);
    QVERIFY(openPair(view, pair));
    // Computed off the GUI thread: the table is there at once, the intervals follow.
    QVERIFY(view.pairAnalysisRunning());
    const MetricComparisonModel* model = view.metricModel();
    QCOMPARE(model->index(0, MetricComparisonModel::IntervalColumn).data().toString(),
             QStringLiteral("\u2026"));
    QVERIFY(finished.wait(120000));
    QVERIFY(view.pairAnalysis());
    int significant = 0;
    for (int r = 0; r < model->rowCount(); ++r) {
      const QString name = model->index(r, MetricComparisonModel::NameColumn).data().toString();
      const QString shown =
          model->index(r, MetricComparisonModel::IntervalColumn).data().toString();
      QVERIFY2(expected.contains(name), qPrintable(name));
      QCOMPARE(shown, expected.value(name));
      const bool marked = shown.endsWith(QLatin1String(" *"));
      QCOMPARE(model->index(r, MetricComparisonModel::NameColumn).data(Qt::FontRole).isValid(),
               marked);
      significant += marked ? 1 : 0;
    }
    QCOMPARE(model->headerData(MetricComparisonModel::IntervalColumn, Qt::Horizontal).toString(),
             QStringLiteral("95 % CI of B \u2212 A"));
    // The comparison shown carries the intervals too (its exports print them).
    QVERIFY(view.comparison()->significance);
    QCOMPARE(view.comparison()->significance->stats.size(), std::size_t{10});
    // Both kinds of rows occur: intervals that exclude 0 (marked) and that include it.
    QVERIFY(significant > 0 && significant < model->rowCount());
    // Issue 53 item 12: over so few images the notes and each interval's tip say how rough it is.
    const QString few = QString::fromStdString(fewImagesNote(kImages));
    QVERIFY(!few.isEmpty());
    QVERIFY2(view.notesText().contains(few), qPrintable(view.notesText()));
    QVERIFY(model->index(0, MetricComparisonModel::IntervalColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .endsWith(few));
  }

  // Issue 39: the run the window shows is compared with the ground truth and results its own
  // analysis read (not read a second time), and the intervals are still the CLI's.
  void theShownRunIsAnalysedFromItsOwnReading() {
    const AnalysedPair pair;
    const QMap<QString, QString> expected = cliIntervals(pair.dirA, pair.dirB);
    RunSession session;
    CompareView view;
    view.followDocument(session.document());
    QSignalSpy analysed(session.document(), &RunDocument::analysisChanged);
    session.openRunFolder(pair.dirA);
    QTRY_VERIFY_WITH_TIMEOUT(session.document()->analysis(), 120000);
    const RunEvaluationInputPtr shownInput = session.document()->analysis()->input;
    QVERIFY(shownInput);
    const long heldBefore = shownInput.use_count();

    QSignalSpy finished(&view, &CompareView::pairAnalysisFinished);
    session.openComparison(pair.dirA, pair.dirB);
    QVERIFY(finished.wait(120000));
    // The Curves tab keeps A's reading for other thresholds: the shown run's, one more holder.
    QTRY_COMPARE(shownInput.use_count(), heldBefore + 1);
    const MetricComparisonModel* model = view.metricModel();
    for (int r = 0; r < model->rowCount(); ++r) {
      const QString name = model->index(r, MetricComparisonModel::NameColumn).data().toString();
      QCOMPARE(model->index(r, MetricComparisonModel::IntervalColumn).data().toString(),
               expected.value(name));
    }
  }

  void chartsAndErrorChangesFollowTheAnalyses() {
    const AnalysedPair pair;
    CompareView view;
    QSignalSpy finished(&view, &CompareView::pairAnalysisFinished);
    QVERIFY(openPair(view, pair));
    QVERIFY(finished.wait(120000));
    const RunPairAnalysisPtr analysis = view.pairAnalysis();
    QVERIFY(analysis);
    // Each side's chart draws its own run's analysis, on one area and OKS choice.
    for (auto side : {CompareView::A, CompareView::B}) {
      const KeypointAnalysis& a = side == CompareView::A ? analysis->a : analysis->b;
      ApIfFixedChart* chart = view.apChart(side);
      QVERIFY(!chart->bars().empty());
      QCOMPARE(chart->bars().front().fixed, meanApIfFixed(a, ErrorType::Baseline, "all"));
    }
    view.apChart(CompareView::A)->setOks(ApIfFixedChart::Oks::At75);
    QCOMPARE(view.apChart(CompareView::B)->oks(), ApIfFixedChart::Oks::At75);
    QCOMPARE(view.apChart(CompareView::B)->bars().front().fixed,
             analysis->b.find(ErrorType::Baseline, "all", 5)->ap);

    // Image 3: B's elbow landed on the neighbour; image 8: B found nobody.
    const ImageDeltaModel* images = view.imageModel();
    auto changes = [images](std::int64_t id) {
      return images->index(images->rowOfImage(id), ImageDeltaModel::ErrorChangesColumn)
          .data()
          .toString();
    };
    QCOMPARE(changes(kTwoPeopleImage).section(QLatin1String(", "), 0, 0),
             QStringLiteral("B: 1 new swap"));
    QCOMPARE(changes(kMissedByB), QStringLiteral("B: 1 new missed person"));
    // Every row says what errorLabelChanges says of the two triages.
    const auto expected = errorLabelChangesByImage(analysis->triageA, analysis->triageB);
    for (int r = 0; r < images->rowCount(); ++r) {
      const std::int64_t id = images->deltaAt(r)->imageId;
      const auto it = expected.find(id);
      QCOMPARE(changes(id), it == expected.end() ? QString() : QString::fromStdString(it->second));
    }
    // Ranked by Δ OKS: B's largest loss first.
    QCOMPARE(view.order(), DeltaOrder::Oks);
    for (int r = 1; r < images->rowCount(); ++r) {
      const auto& prev = images->deltaAt(r - 1)->deltaOks;
      const auto& cur = images->deltaAt(r)->deltaOks;
      if (prev && cur) QVERIFY(*prev <= *cur);
    }
  }

  // Issue 33: the canvases get the Inspect page's errors layer: each side's scene carries its
  // run's error labels (B's swapped elbow in image 3), drawn in the labels' colours once the
  // layer is on, and the legend names them.
  void canvasesDrawEachRunsErrorLabels() {
    const AnalysedPair pair;
    CompareView view;
    view.resize(1280, 800);
    QSignalSpy finished(&view, &CompareView::pairAnalysisFinished);
    QVERIFY(openPair(view, pair));
    QVERIFY(!view.sceneOf(CompareView::B, kTwoPeopleImage)->jointErrors.size());
    QVERIFY(finished.wait(120000));
    QVERIFY(view.pairAnalysis());
    const auto labelAt = [&view](CompareView::Side side, int joint) {
      const std::optional<OverlayScene> scene = view.sceneOf(side, kTwoPeopleImage);
      return scene && !scene->jointErrors.empty() &&
                     scene->jointErrors[0].size() > static_cast<std::size_t>(joint)
                 ? scene->jointErrors[0][static_cast<std::size_t>(joint)].label
                 : JointLabel::Unlabelled;
    };
    QCOMPARE(labelAt(CompareView::B, kLeftElbow), JointLabel::Swap);
    const JointLabel inA = labelAt(CompareView::A, kLeftElbow);
    QVERIFY(inA == JointLabel::Good || inA == JointLabel::Jitter);  // A never swapped it
    QVERIFY(view.sceneOf(CompareView::B, kTwoPeopleImage)->jointErrors[0][kLeftElbow].landedAt);

    CanvasPair* canvases = view.canvasPair();
    auto* errors = canvases->findChild<QCheckBox*>(QStringLiteral("errorsLayerBox"));
    QVERIFY(errors);
    QVERIFY(!errors->isChecked());
    QVERIFY(!canvases->legend()->errorLabelsShown());
    errors->setChecked(true);
    for (auto side : {CompareView::A, CompareView::B})
      QVERIFY(view.canvas(side)->options().showErrors);
    QVERIFY(canvases->legend()->errorLabelsShown());
  }

  // The Curves tab: A's and B's baseline curves on one chart (their analyses' arrays); their
  // PCK@0.5 per joint side by side, their OKS histograms and score calibration on one chart each,
  // matchAccuracy's at OKS .50 and again at the threshold chosen.
  void curvesOverlayBothRuns() {
    const AnalysedPair pair;
    CompareView view;
    QSignalSpy finished(&view, &CompareView::pairAnalysisFinished);
    QSignalSpy pck(view.curves(), &CompareCurves::accuracyFinished);
    QVERIFY(openPair(view, pair));
    QVERIFY(finished.wait(120000));
    const RunPairAnalysisPtr analysis = view.pairAnalysis();
    QVERIFY(analysis);
    view.showDetail(CompareView::CurvesDetail);
    PrCurveChart* chart = view.curves()->prChart();
    QCOMPARE(chart->curves().size(), std::size_t{2});
    QVERIFY(chart->curves()[0].name.startsWith(QLatin1String("A: ")));
    QVERIFY(chart->curves()[1].name.startsWith(QLatin1String("B: ")));
    for (int side = 0; side < 2; ++side) {
      const KeypointAnalysis& a = side == 0 ? analysis->a : analysis->b;
      const auto curves = std::find_if(a.curves.begin(), a.curves.end(), [](const auto& c) {
        return c.error == ErrorType::Baseline;
      });
      QVERIFY(curves != a.curves.end());
      const std::vector<double>& row = curves->precision[0][0];  // area all, OKS .50
      QCPGraph* graph = chart->plot()->graph(side);
      int point = 0;
      for (std::size_t r = 0; r < row.size(); ++r) {
        if (row[r] <= -1) continue;
        QCOMPARE(graph->data()->at(point)->key, a.params.eval.recThrs[r]);
        QCOMPARE(graph->data()->at(point)->value, row[r]);
        ++point;
      }
      QCOMPARE(graph->dataCount(), point);
      QCOMPARE(chart->curves()[static_cast<std::size_t>(side)].ap,
               a.find(ErrorType::Baseline, "all", 0)->ap);
    }
    // B's curve differs: its elbow swap and its missed person.
    QVERIFY(chart->curves()[0].precision != chart->curves()[1].precision);

    // PCK@0.5 per joint: matchAccuracy's of each run, A's bars beside B's.
    if (!view.curves()->accuracy(true)) QVERIFY(pck.wait(120000));
    const MatchAccuracy expectedA = accuracyOf(pair.dirA), expectedB = accuracyOf(pair.dirB);
    JointPckChart* bars = view.curves()->pckChart();
    QCOMPARE(bars->series().size(), std::size_t{2});
    const CategoryAccuracy& a = expectedA.categories.front();
    const CategoryAccuracy& b = expectedB.categories.front();
    for (std::size_t k = 0; k < a.joints.joints.size(); ++k) {
      QCOMPARE(bars->series()[0].values[k], a.joints.joints[k].pck50);
      QCOMPARE(bars->series()[1].values[k], b.joints.joints[k].pck50);
    }
    QCOMPARE(bars->series()[0].values.back(), a.joints.allJoints.pck50);
    QCOMPARE(bars->series()[1].values.back(), b.joints.allJoints.pck50);
    QCOMPARE(bars->plot()->plottableCount(), 2);
    // B's left elbow went onto the neighbour: its PCK there is lower.
    QVERIFY(b.joints.joints[kLeftElbow].pck50 < a.joints.joints[kLeftElbow].pck50);
    // The CSV: each run's posescope-cli metrics --accuracy-csv lines, led by the run's name.
    const QStringList lines = bars->csv().split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.front(),
             QStringLiteral("run,category,joint,sigma,labelled,mean_ks,pck_50,pck_75"));
    QCOMPARE(lines.size(), 1 + 2 * static_cast<int>(a.joints.joints.size() + 1));
    QVERIFY(lines[1].startsWith(QLatin1String("A: ")));
    QVERIFY(lines.back().startsWith(QLatin1String("B: ")));
    QVERIFY(lines.back().contains(QLatin1String(",all,")));
    checkComparedMatching(*view.curves(), a, b);
    if (QTest::currentTestFailed()) return;
    // B's missed person shows as one person fewer matched.
    QVERIFY(b.calibration.truePositives < a.calibration.truePositives);

    // At OKS .95 both runs' measures are computed again; the charts draw the new ones.
    pck.clear();
    view.curves()->setAccuracyOks(0.95);
    QVERIFY(!view.curves()->accuracy(false));  // being computed
    QVERIFY(pck.wait(120000));
    QCOMPARE(view.curves()->accuracy(false)->oksThreshold, 0.95);
    const MatchAccuracy strictA = accuracyOf(pair.dirA, 0.95);
    const MatchAccuracy strictB = accuracyOf(pair.dirB, 0.95);
    const CategoryAccuracy& sa = strictA.categories.front();
    const CategoryAccuracy& sb = strictB.categories.front();
    QVERIFY(sb.calibration.truePositives < b.calibration.truePositives);  // a stricter matching
    for (std::size_t k = 0; k < sa.joints.joints.size(); ++k) {
      QCOMPARE(bars->series()[0].values[k], sa.joints.joints[k].pck50);
      QCOMPARE(bars->series()[1].values[k], sb.joints.joints[k].pck50);
    }
    QVERIFY(view.curves()->oksHistogramChart()->title().contains(QLatin1String("OKS .95")));
    QVERIFY(view.curves()->calibrationChart()->title().contains(QLatin1String("OKS .95")));
    checkComparedMatching(*view.curves(), sa, sb);
  }

  void aChartBarListsItsImages() {
    const AnalysedPair pair;
    CompareView view;
    QSignalSpy finished(&view, &CompareView::pairAnalysisFinished);
    QVERIFY(openPair(view, pair));
    QVERIFY(finished.wait(120000));
    const RunPairAnalysisPtr analysis = view.pairAnalysis();
    QVERIFY(analysis);
    const ImageDeltaModel* images = view.imageModel();
    const int all = images->rowCount();
    QVERIFY(view.imageSelectionText().isEmpty());

    // B's swap bar: the table lists exactly B's images with a swap (image 3), most swaps first,
    // and the line above it gives their counts (issue 33).
    ApIfFixedChart* chart = view.apChart(CompareView::B);
    const auto& bars = chart->bars();
    const auto swap = std::find_if(bars.begin(), bars.end(),
                                   [](const auto& bar) { return bar.error == ErrorType::Swap; });
    QVERIFY(swap != bars.end());
    QVERIFY(chart->requestImages(static_cast<int>(swap - bars.begin())));
    const auto expected = imagesWithError(analysis->b, analysis->triageB, ErrorType::Swap);
    QVERIFY(!expected.empty());
    QCOMPARE(images->rowCount(), static_cast<int>(expected.size()));
    for (int r = 0; r < images->rowCount(); ++r) {
      QVERIFY(std::count(expected.begin(), expected.end(), images->deltaAt(r)->imageId));
    }
    QVERIFY(std::count(expected.begin(), expected.end(), kTwoPeopleImage));
    const ImageQueue queue = errorQueue(analysis->b, analysis->triageB, ErrorType::Swap,
                                        QStringLiteral("swapped joints"));
    for (int r = 0; r < images->rowCount(); ++r)
      QCOMPARE(qint64(images->deltaAt(r)->imageId), queue.imageIds[r]);
    // The count is a column beside the file; "top" keeps the first images.
    QAbstractItemModelTester tester(const_cast<ImageDeltaModel*>(images),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto* deltas = view.findChild<QTableView*>(QStringLiteral("imageDeltaTable"));
    QVERIFY(!deltas->isColumnHidden(ImageDeltaModel::QueueKeyColumn));
    QCOMPARE(images->headerData(ImageDeltaModel::QueueKeyColumn, Qt::Horizontal).toString(),
             QStringLiteral("Swapped joints"));
    for (int r = 0; r < images->rowCount(); ++r)
      QCOMPARE(images->index(r, ImageDeltaModel::QueueKeyColumn).data(Qt::UserRole).toDouble(),
               queue.keys.value(queue.imageIds[r]));
    if (queue.imageIds.size() > 1) {
      view.keepSelectionTop(1);
      QCOMPARE(images->rowCount(), 1);
      view.keepSelectionTop(0);
      QCOMPARE(images->rowCount(), static_cast<int>(expected.size()));
    }
    QCOMPARE(view.currentImage(), images->deltaAt(0)->imageId);
    QVERIFY(view.imageSelectionText().contains(QStringLiteral("in run B")));
    QVERIFY(view.findChild<QWidget*>(QStringLiteral("showAllImagesButton"))->isVisibleTo(&view));

    // Show all images: every image again, the one shown still shown and selected.
    const std::optional<std::int64_t> shown = view.currentImage();
    view.showAllImages();
    QCOMPARE(images->rowCount(), all);
    QVERIFY(view.imageSelectionText().isEmpty());
    QCOMPARE(view.currentImage(), shown);
    auto* table = view.findChild<QTableView*>(QStringLiteral("imageDeltaTable"));
    QCOMPARE(table->currentIndex().row(), images->rowOfImage(*shown));
    // Exchanging A and B drops a selection (it named one side's errors).
    QVERIFY(chart->requestImages(static_cast<int>(swap - bars.begin())));
    view.swapRuns();
    QCOMPARE(images->rowCount(), all);
    QVERIFY(view.imageSelectionText().isEmpty());
  }

  void aRunWithoutAnnotationsSaysWhy() {
    const AnalysedPair pair;
    QFile::remove(pair.tmp.filePath("gt.json"));
    CompareView view;
    QSignalSpy finished(&view, &CompareView::pairAnalysisFinished);
    QVERIFY(openPair(view, pair));
    QVERIFY(finished.wait(120000));
    QVERIFY(!view.pairAnalysis());
    QVERIFY2(view.notesText().contains(QLatin1String("gt.json")), qPrintable(view.notesText()));
    QCOMPARE(view.metricModel()->index(0, MetricComparisonModel::IntervalColumn).data().toString(),
             QStringLiteral("\u2013"));
  }
};

QTEST_MAIN(TestCompareAnalysis)
#include "tst_compare_analysis.moc"
