// The Timing page: its statistics equal core's, the stage bars and the totals' histogram, a bar
// clicked selects its image, the plots exported as PNG and PDF, and the run they are of named.

#include <QAbstractItemModelTester>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "widgets/common/elided_label.h"
#include "widgets/common/plot_utils.h"
#include "widgets/common/qcp.h"
#include "widgets/models/timing_stats_model.h"
#include "widgets/pages/timing/timing_view.h"
#include "widgets/session/run_document.h"

using namespace posescope;

namespace {

// Records whose stage times differ per stage: stage s of image i takes (i + 1) * (s + 1) ms.
std::vector<ImageRecord> timedRecords(int n) {
  std::vector<ImageRecord> records;
  for (int i = 0; i < n; ++i) {
    ImageRecord r;
    r.index = static_cast<size_t>(i);
    r.imageId = 100 + i;
    r.file = "img" + std::to_string(i) + ".jpg";
    const double k = i + 1;
    r.times = {k, 2 * k, 3 * k, 4 * k, 5 * k};
    records.push_back(r);
  }
  return records;
}

double userValue(const QAbstractItemModel& model, int row, int column) {
  return model.index(row, column).data(Qt::UserRole).toDouble();
}

}  // namespace

class TestTimingView : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void timingStatsEqualCore();
  void eachWarmUpRecordedIsSetAside();
  void timingBarsAndHistogram();
  void clickingABarSelectsItsImage();
  void plotsExportAsPngAndPdf();
  void namesTheRunShown();
  void followsTheDocumentsRun();
};

void TestTimingView::timingStatsEqualCore() {
  std::vector<ImageRecord> records = timedRecords(4);
  records.push_back(records.back());
  records.back().index = 4;
  records.back().imageId = 200;
  records.back().error = "cannot decode";
  records.back().times = {1000, 1000, 1000, 1000, 1000};  // failed: must not count

  TimingView view;
  QAbstractItemModelTester tester(view.statsModel(),
                                  QAbstractItemModelTester::FailureReportingMode::QtTest);
  view.setRecords(records);
  const TimingStatsModel& model = *view.statsModel();
  QCOMPARE(model.rowCount(), 6);  // five stages and the total
  QCOMPARE(model.index(5, TimingStatsModel::StageColumn).data().toString(), QString("total"));

  // Issue 15, item 15: the first image of a run that does not say which are warm-ups is the
  // warm-up, marked and left out of the statistics.
  QCOMPARE(view.warmUpImages(), std::vector<size_t>{0});
  QVERIFY2(view.captionText().contains("1 warm-up image(s) (first of a replica or an input "
                                       "size, up to 15.0 ms)") &&
               view.captionText().contains("median 45.0 ms"),
           qPrintable(view.captionText()));
  // By hand: totals 30, 45, 60 (failed image and warm-up left out): mean 45, numpy's linear
  // p50 45, p90 = 45 + 0.8 * 15 = 57, max 60. The forward stage (3 * k): 6, 9, 12.
  QCOMPARE(userValue(model, 5, TimingStatsModel::MeanColumn), 45.0);
  QCOMPARE(userValue(model, 5, TimingStatsModel::P50Column), 45.0);
  QVERIFY(std::abs(userValue(model, 5, TimingStatsModel::P90Column) - 57.0) < 1e-9);
  QCOMPARE(userValue(model, 5, TimingStatsModel::MaxColumn), 60.0);
  QCOMPARE(userValue(model, 2, TimingStatsModel::MeanColumn), 9.0);
  QCOMPARE(userValue(model, 2, TimingStatsModel::MaxColumn), 12.0);
  QCOMPARE(model.headerData(TimingStatsModel::P50Column, Qt::Horizontal).toString(),
           QString("Median (ms)"));
  QCOMPARE(int(TimingStatsModel::P50Column), 1);  // the median first, the mean last

  // Every cell equals core's statistics.
  const TimingStats core =
      computeTimingStats(std::vector<ImageRecord>(records.begin() + 1, records.end()));
  QCOMPARE(core.failed, size_t{1});
  for (size_t s = 0; s <= core.perStage.size(); ++s) {
    const StatSummary& c = s < core.perStage.size() ? core.perStage[s] : core.total;
    const int row = static_cast<int>(s);
    QCOMPARE(userValue(model, row, TimingStatsModel::MeanColumn), c.mean);
    QCOMPARE(userValue(model, row, TimingStatsModel::P50Column), c.p50);
    QCOMPARE(userValue(model, row, TimingStatsModel::P90Column), c.p90);
    QCOMPARE(userValue(model, row, TimingStatsModel::MaxColumn), c.max);
  }
  QCOMPARE(model.index(5, TimingStatsModel::MeanColumn).data().toString(), QString("45.00"));
}

// Issue 53, item 5: with two replicas each one's first forward is a warm-up, and so is the first
// image at a new input size; all are marked and left out, the caption counts them.
void TestTimingView::eachWarmUpRecordedIsSetAside() {
  std::vector<ImageRecord> records = timedRecords(6);
  records[0].warmUp = "first forward of replica 1";
  records[1].warmUp = "first forward of replica 2";
  records[4].warmUp = "first image at input 256x416";
  TimingView view;
  view.setRecords(records);
  QCOMPARE(view.warmUpImages(), (std::vector<size_t>{0, 1, 4}));
  // Totals 15 * k: the steady images are k = 3, 4, 6.
  QCOMPARE(view.stats().images, size_t{3});
  QCOMPARE(view.stats().total.max, 90.0);
  QCOMPARE(view.stats().total.p50, 60.0);
  QVERIFY2(view.captionText().contains("3 warm-up image(s) (first of a replica or an input "
                                       "size, up to 75.0 ms) left out"),
           qPrintable(view.captionText()));
  // Every image a warm-up: nothing else to give statistics, so none is left out.
  view.setRecords({records[0], records[1]});
  QVERIFY(view.warmUpImages().empty());
  QCOMPARE(view.stats().images, size_t{2});
}

void TestTimingView::timingBarsAndHistogram() {
  std::vector<ImageRecord> records = timedRecords(9);
  records[4].error = "failed";
  TimingView view;
  view.setRecords(records);
  QCOMPARE(view.stageBars().size(), size_t{5});
  for (size_t s = 0; s < 5; ++s) {
    const auto data = view.stageBars()[s]->data();
    QCOMPARE(data->size(), 8);  // the failed image has no bar
    // Bar 4 is dataset image 5 (image 4 failed): stage s takes 6 * (s + 1) ms.
    QCOMPARE(data->at(4)->value, 6.0 * static_cast<double>(s + 1));
  }
  QCOMPARE(view.imageAtKey(4).value(), size_t{5});
  QCOMPARE(view.imageAtKey(3.2).value(), size_t{3});
  QVERIFY(!view.imageAtKey(8).has_value());
  QVERIFY(!view.imageAtKey(-1).has_value());
  // Histogram: ceil(sqrt(7)) = 3 bins over the seven totals 15 * k (k = 2..4, 6..9; the
  // warm-up image k = 1 is left out).
  const Histogram& h = view.totalsHistogram();
  QCOMPARE(h.counts.size(), size_t{3});
  QCOMPARE(h.edges.front(), 30.0);
  QCOMPARE(h.edges.back(), 135.0);
  QCOMPARE(h.counts[0] + h.counts[1] + h.counts[2], size_t{7});
  QCOMPARE(h.counts[0], size_t{3});  // 30, 45, 60 below 65
  QVERIFY(!view.selectImage(4));     // failed: no bar
  QVERIFY(view.selectImage(6));
  QCOMPARE(view.stageBars()[2]->selection().dataRange().begin(), 5);
}

void TestTimingView::clickingABarSelectsItsImage() {
  TimingView view;
  view.resize(1000, 700);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  std::vector<ImageRecord> records = timedRecords(6);
  records[1].error = "failed";
  view.setRecords(records);
  QSignalSpy selected(&view, &TimingView::imageSelected);
  QCustomPlot* plot = view.stagePlot();
  plot->replot();
  // Bar 2 is dataset image 3 (image 1 failed); click the middle of its stack.
  const QPoint at(static_cast<int>(plot->xAxis->coordToPixel(2)),
                  static_cast<int>(plot->yAxis->coordToPixel(records[3].times.totalMs() / 2)));
  QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, at);
  QCOMPARE(selected.size(), 1);
  QCOMPARE(selected.first().at(0).toULongLong(), 3ull);
  QCOMPARE(view.selectedImage().value(), size_t{3});
  QCOMPARE(view.stageBars()[0]->selection().dataRange().begin(), 2);
  // Zoom and pan are on.
  QVERIFY(plot->interactions().testFlag(QCP::iRangeDrag));
  QVERIFY(plot->interactions().testFlag(QCP::iRangeZoom));
}

void TestTimingView::plotsExportAsPngAndPdf() {
  QTemporaryDir tmp;
  TimingView view;
  view.resize(900, 700);
  view.setRecords(timedRecords(5));
  QString error;
  QVERIFY2(view.savePlots(tmp.filePath("timing.png"), nullptr, &error), qPrintable(error));
  const QImage stages(tmp.filePath("timing.png"));
  QVERIFY(!stages.isNull());
  QVERIFY(stages.width() >= 600);
  QVERIFY(!QImage(tmp.filePath("timing_totals.png")).isNull());
  QVERIFY(view.savePlots(tmp.filePath("timing.pdf"), nullptr, &error));
  QFile pdf(tmp.filePath("timing_totals.pdf"));
  QVERIFY(pdf.open(QIODevice::ReadOnly));
  QCOMPARE(pdf.read(5), QByteArray("%PDF-"));
  QVERIFY(!savePlot(view.stagePlot(), tmp.filePath("missing/dir/x.png"), &error));
  QVERIFY(error.contains("missing/dir"));
}

// Issue 33: the page said nothing of which run its timings are; it names the run shown (its
// folder's name and the folder holding it) and follows the document to another run.
void TestTimingView::namesTheRunShown() {
  RunDocument document;
  TimingView view;
  view.followDocument(&document);
  auto* name = view.findChild<QLabel*>(QStringLiteral("timingRunName"));
  QVERIFY(name);
  QVERIFY(view.runFolder().isEmpty());
  QVERIFY(name->isHidden());

  const QString first = QStringLiteral("/experiments/pose/runs/run-0001");
  document.beginRun(first);
  QCOMPARE(view.runFolder(), first);
  QVERIFY(!name->isHidden());
  QVERIFY2(name->text().contains(QLatin1String("<b>run-0001</b>")), qPrintable(name->text()));
  auto* path = view.findChild<ElidedLabel*>();
  QVERIFY(path);
  QCOMPARE(path->text(), QStringLiteral("/experiments/pose/runs"));
  QCOMPARE(path->toolTip(), first);
  const QString second = QStringLiteral("/experiments/pose/runs/hrnet & co/");
  document.beginRun(second);
  QCOMPARE(view.runFolder(), second);
  QVERIFY2(name->text().contains(QLatin1String("hrnet &amp; co")), qPrintable(name->text()));
}

// The run in progress as its records arrive (its people dropped), then the folder read back; a
// hidden page catches up when shown.
void TestTimingView::followsTheDocumentsRun() {
  RunDocument document;
  TimingView view;
  view.followDocument(&document);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  document.beginRun(QStringLiteral("/runs/live"));
  std::vector<ImageRecord> live = timedRecords(3);
  live[0].people.resize(2);
  for (std::size_t i = 0; i < live.size(); ++i)
    Q_EMIT document.recordArrived(live[i], i + 1, live.size());
  QTRY_COMPARE_WITH_TIMEOUT(view.records().size(), std::size_t{3}, 60000);
  QVERIFY(view.records()[0].people.empty());
  QCOMPARE(view.records()[2].times.forwardMs, live[2].times.forwardMs);

  view.hide();
  auto opened = std::make_shared<OpenedRun>();
  opened->run.dir = "/runs/read-back";
  opened->run.records = timedRecords(5);
  document.openRun(opened);
  QCOMPARE(view.records().size(), std::size_t{3});  // hidden: stale until shown
  view.show();
  QCOMPARE(view.records().size(), std::size_t{5});
  QCOMPARE(view.runFolder(), QStringLiteral("/runs/read-back"));
}

QTEST_MAIN(TestTimingView)
#include "tst_timing_view.moc"
