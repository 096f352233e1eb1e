// The Compare page: the per-image order of the comparison, its metric and summary models,
// canvases that share zoom, pan, layers, display filters and legend, and the run and comparison
// exports that parse back to the values the page shows.

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonObject>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QWheelEvent>
#include <QtTest>
#include <cmath>

#include "render/palette.h"
#include "report/report_fixtures.h"
#include "test_files.h"
#include "widgets/common/display_filter_banner.h"
#include "widgets/common/display_filter_bar.h"
#include "widgets/common/image_canvas.h"
#include "widgets/common/overlay_legend.h"
#include "widgets/common/plot_utils.h"
#include "widgets/common/qcp.h"
#include "widgets/models/comparison_models.h"
#include "widgets/pages/compare/canvas_pair.h"
#include "widgets/pages/compare/compare_view.h"
#include "widgets/pages/timing/timing_view.h"
#include "widgets/session/background_pool.h"
#include "widgets/session/export_files.h"

using namespace posescope;
using test::FixtureImage;
using test::readQtJson;

namespace {

double userValue(const QAbstractItemModel& model, int row, int column) {
  return model.index(row, column).data(Qt::UserRole).toDouble();
}

QStringList csvLines(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
  return lines;
}

FixtureImage fx(std::int64_t id, int people, double ms, double ap, double oks) {
  FixtureImage image;
  image.id = id;
  image.people = people;
  image.ms = ms;
  image.ap = ap;
  image.oks = oks;
  return image;
}

// Two runs of the same four-image dataset plus one image each of its own: A has images 1-4, B
// images 1-3 and 5, with AP / OKS chosen so each order is known.
struct CompareFixture {
  QTemporaryDir tmp;
  QString dirA, dirB;
  std::vector<double> metricsA, metricsB;

  CompareFixture() {
    dirA = tmp.filePath("runA");
    dirB = tmp.filePath("runB");
    for (int i = 0; i < 10; ++i) {
      metricsA.push_back(0.1 * (i + 1));
      metricsB.push_back(0.1 * (i + 1) + (i % 2 ? 0.05 : -0.02));
    }
    test::writeFixtureRun(dirA.toStdString(), "search-XS",
                          {fx(1, 1, 10, 0.9, 0.8), fx(2, 2, 20, 0.5, 0.9), fx(3, 1, 30, 0.8, 0.4),
                           fx(4, 1, 40, 0.6, 0.6)},
                          test::cocoNames(), metricsA);
    test::writeFixtureRun(dirB.toStdString(), "search-S",
                          {fx(1, 1, 15, 0.5, 0.85), fx(2, 1, 25, 0.6, 0.5), fx(3, 2, 35, 0.7, 0.45),
                           fx(5, 1, 45, 0.3, 0.3)},
                          test::cocoNames(), metricsB);
  }
};

// Reads the fixture's two run folders (as the session does, here on the test's thread) and
// shows them; false and `error` set when they cannot be read or compared.
bool openBoth(CompareView& view, const CompareFixture& f, QString* error = nullptr) {
  try {
    return view.setSide(CompareView::A, loadCompareSide(f.dirA.toStdString()), error) &&
           view.setSide(CompareView::B, loadCompareSide(f.dirB.toStdString()), error);
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

std::vector<std::int64_t> modelOrder(const ImageDeltaModel& model) {
  std::vector<std::int64_t> ids;
  for (int r = 0; r < model.rowCount(); ++r)
    ids.push_back(model.index(r, ImageDeltaModel::ImageIdColumn).data(Qt::UserRole).toLongLong());
  return ids;
}

// Puts the same plain 800 x 600 image in both canvases of `view`.
// Replaces both canvases' images by a grey one, once the page's own (decoded in the background)
// have arrived and cannot replace it.
void showGreyImage(CompareView& view) {
  posescope::backgroundPool()->waitForDone();
  QCoreApplication::processEvents();
  QImage image(800, 600, QImage::Format_RGB888);
  image.fill(QColor(90, 90, 90));
  view.canvas(CompareView::A)->setImage(image, {});
  view.canvas(CompareView::B)->setImage(image, {});
}

QColor scalarColor(const cv::Scalar& s) {
  return QColor(static_cast<int>(s[0]), static_cast<int>(s[1]), static_cast<int>(s[2]));
}

}  // namespace

class TestCompareView : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void comparisonOrdersImagesWhereBLosesFirst();
  void metricAndSummaryModels();
  void canvasesShareZoomPanAndLayers();
  void canvasesFitAlikeWhenFirstShown();
  void canvasesShareDisplayFiltersAndLegend();
  void anotherPairResetsDisplayFiltersUnlessKept();
  void exportedRunFilesEqualShownValues();
  void exportedComparisonEqualsShownValues();
};

void TestCompareView::comparisonOrdersImagesWhereBLosesFirst() {
  CompareFixture f;
  CompareView view;
  QAbstractItemModelTester tester(view.imageModel(),
                                  QAbstractItemModelTester::FailureReportingMode::QtTest);
  QCOMPARE(view.order(), DeltaOrder::Oks);  // ranked by Δ OKS unless Δ AP is chosen
  view.setOrder(DeltaOrder::Ap);
  QString error;
  QVERIFY2(openBoth(view, f, &error), qPrintable(error));
  // Δ AP: image 1 -0.4, image 3 -0.1, image 2 +0.1; 4 and 5 are in one run only (last, by id).
  QCOMPARE(modelOrder(*view.imageModel()), (std::vector<std::int64_t>{1, 3, 2, 4, 5}));
  QCOMPARE(view.currentImage().value(), std::int64_t{1});  // the worst image is shown first
  const ImageDelta* worst = view.imageModel()->deltaAt(0);
  QVERIFY(std::abs(*worst->deltaAp + 0.4) < 1e-12);
  QCOMPARE(view.imageModel()->index(0, ImageDeltaModel::DeltaApColumn).data().toString(),
           QString("-0.400"));
  QCOMPARE(view.imageModel()->index(0, ImageDeltaModel::DeltaApColumn).data(Qt::ForegroundRole),
           QVariant(deltaColor(-1)));
  // Δ OKS: image 2 -0.4, then images 1 and 3 (+0.05 each; the smaller Δ AP first).
  view.setOrder(DeltaOrder::Oks);
  QCOMPARE(modelOrder(*view.imageModel()), (std::vector<std::int64_t>{2, 1, 3, 4, 5}));
  const int onlyA = view.imageModel()->rowOfImage(4);
  QCOMPARE(view.imageModel()->index(onlyA, ImageDeltaModel::NoteColumn).data().toString(),
           QString("only in A"));
  // Swapping makes A's losses B's: image 1 (+0.4 for the new B) goes down, image 2 comes first.
  view.setOrder(DeltaOrder::Ap);
  view.swapRuns();
  QCOMPARE(modelOrder(*view.imageModel()), (std::vector<std::int64_t>{2, 3, 1, 4, 5}));
}

void TestCompareView::metricAndSummaryModels() {
  CompareFixture f;
  CompareView view;
  QAbstractItemModelTester metricTester(view.metricModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
  QAbstractItemModelTester summaryTester(view.summaryModel(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
  QVERIFY(openBoth(view, f));
  const MetricComparisonModel& m = *view.metricModel();
  QCOMPARE(m.rowCount(), 10);
  for (int r = 0; r < 10; ++r) {
    const auto i = static_cast<size_t>(r);
    QCOMPARE(m.index(r, 0).data().toString(), QString::fromStdString(test::cocoNames()[i]));
    QCOMPARE(userValue(m, r, MetricComparisonModel::AColumn), f.metricsA[i]);
    QCOMPARE(userValue(m, r, MetricComparisonModel::BColumn), f.metricsB[i]);
    QCOMPARE(userValue(m, r, MetricComparisonModel::DeltaColumn), f.metricsB[i] - f.metricsA[i]);
    const QColor expected = deltaColor(f.metricsB[i] - f.metricsA[i]);
    QCOMPARE(
        m.index(r, MetricComparisonModel::DeltaColumn).data(Qt::ForegroundRole).value<QColor>(),
        expected);
  }
  QVERIFY(deltaColor(0.05) != deltaColor(-0.02));
  QCOMPARE(m.index(1, MetricComparisonModel::DeltaColumn).data().toString(), QString("+0.050"));
  QCOMPARE(m.headerData(1, Qt::Horizontal).toString(), QString("A: search-XS"));

  // Summary: labels, parameters as run.json says, mean ms per image of each run.
  const auto& rows = view.summaryModel()->rows();
  auto find = [&rows](const QString& name) -> const SideBySideRow* {
    for (const auto& r : rows)
      if (r.name == name) return &r;
    return nullptr;
  };
  QVERIFY(find("Run") && find("Parameters") && find("Mean per image"));
  QCOMPARE(find("Run")->a, QString("search-XS"));
  QCOMPARE(find("Run")->b, QString("search-S"));
  QCOMPARE(find("Mean per image")->a, QString("25.00 ms"));  // (10 + 20 + 30 + 40) / 4
  QCOMPARE(find("Mean per image")->b, QString("30.00 ms"));
  QVERIFY(find("Parameters")->a != find("Parameters")->b);
  // The timing plot has A and B bars per stage: mean ms / 5 per stage.
  QCustomPlot* plot = view.timingPlot();
  QCOMPARE(plot->plottableCount(), 2);
  auto* barsA = qobject_cast<QCPBars*>(plot->plottable(0));
  QVERIFY(barsA);
  QCOMPARE(barsA->data()->size(), 5);
  QVERIFY(std::abs(barsA->data()->at(2)->value - 5.0) < 1e-12);
  // Issue 33: its title names both runs by their folders, so the PNG exported says what it
  // compares: dark text above the bars in the middle of the picture.
  auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
  QVERIFY(title);
  QCOMPARE(title->text(), QString("Mean time per stage \u2014 A: runA vs B: runB"));
  const QString png = f.tmp.filePath("timing.png");
  QVERIFY(savePlot(plot, png));
  const QImage picture(png);
  QVERIFY(!picture.isNull());
  int dark = 0;
  for (int y = 0; y < 25; ++y)
    for (int x = picture.width() * 2 / 5; x < picture.width() * 3 / 5; ++x)
      dark += qGray(picture.pixel(x, y)) < 100 ? 1 : 0;
  QVERIFY2(dark > 20, qPrintable(QString::number(dark)));
}

void TestCompareView::canvasesShareZoomPanAndLayers() {
  CompareView view;
  view.resize(1400, 900);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  ImageCanvas* a = view.canvas(CompareView::A);
  ImageCanvas* b = view.canvas(CompareView::B);
  showGreyImage(view);
  view.canvasPair()->sync(a);
  const double before = b->zoom();
  // The wheel over A zooms A; B follows.
  const QPointF centre(a->viewport()->width() / 2.0, a->viewport()->height() / 2.0);
  QWheelEvent wheel(centre, a->viewport()->mapToGlobal(centre), QPoint(), QPoint(0, 240),
                    Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
  // Three notches: enough zoom for both scroll bars whatever the offscreen window's size.
  for (int notch = 0; notch < 3; ++notch) QApplication::sendEvent(a->viewport(), &wheel);
  QTRY_VERIFY(std::abs(b->zoom() - a->zoom()) < 1e-9);
  QVERIFY(b->zoom() > before * 1.5);
  // Panning A pans B.
  QVERIFY(a->horizontalScrollBar()->maximum() > 10);
  a->horizontalScrollBar()->setValue(a->horizontalScrollBar()->maximum() / 2);
  QCOMPARE(b->horizontalScrollBar()->value(), a->horizontalScrollBar()->value());
  QVERIFY(b->verticalScrollBar()->maximum() > 3);
  b->verticalScrollBar()->setValue(3);
  QCOMPARE(a->verticalScrollBar()->value(), 3);
  // Layers are shared.
  RenderOptions o = view.options();
  o.showGroundTruth = false;
  o.showMatches = false;
  view.setOptions(o);
  QVERIFY(!a->options().showGroundTruth && !b->options().showGroundTruth);
  QVERIFY(!b->options().showMatches && b->options().showPredictions);
}

// The page is filled before it is first shown (as `posescope --compare A B` does): both canvases
// must fit the image at the same zoom however their layout settles, and again after a resize.
void TestCompareView::canvasesFitAlikeWhenFirstShown() {
  CompareFixture f;
  CompareView view;
  QVERIFY(openBoth(view, f));  // captions of different lengths: search-XS, search-S
  ImageCanvas* a = view.canvas(CompareView::A);
  ImageCanvas* b = view.canvas(CompareView::B);
  showGreyImage(view);
  auto wholeImageShown = [](ImageCanvas* c) {
    const QRect shown = c->mapFromScene(c->sceneRect()).boundingRect();
    // fitInView() keeps a margin of a few pixels; the image touches two sides otherwise.
    return c->viewport()->rect().adjusted(-1, -1, 1, 1).contains(shown) &&
           (shown.width() >= c->viewport()->width() - 6 ||
            shown.height() >= c->viewport()->height() - 6);
  };
  view.resize(1400, 900);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  for (const QSize size : {QSize(1400, 900), QSize(1000, 700)}) {
    view.resize(size);
    QTRY_VERIFY(a->viewport()->height() == b->viewport()->height() &&
                std::abs(a->viewport()->width() - b->viewport()->width()) <= 1);
    QVERIFY(a->isFitting() && b->isFitting());
    // Equal columns; an odd width leaves one pixel to one of them.
    QVERIFY(std::abs(a->viewport()->width() - b->viewport()->width()) <= 1);
    QCOMPARE(a->viewport()->height(), b->viewport()->height());
    QTRY_VERIFY(std::abs(a->zoom() / b->zoom() - 1) < 0.01);
    QVERIFY(wholeImageShown(a));
    QVERIFY(wholeImageShown(b));
  }
  // A user zoom stops fitting on both, at one zoom.
  a->zoomBy(2);
  view.canvasPair()->sync(a);
  QVERIFY(!a->isFitting() && !b->isFitting());
  QVERIFY(std::abs(a->zoom() - b->zoom()) < 1e-9);
}

// Issue 15, items 9 and 10: the Compare page's canvases have the Inspect page's legend and display
// filters (minimum score, top N, the matches' OKS threshold); one setting applies to both sides.
void TestCompareView::canvasesShareDisplayFiltersAndLegend() {
  CompareFixture f;
  CompareView view;
  view.resize(1400, 900);
  QVERIFY(openBoth(view, f));
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  CanvasPair* pair = view.canvasPair();
  QVERIFY(pair->legend()->isVisible());
  QVERIFY(pair->legend()->text().contains("missed person"));
  QVERIFY(pair->filterBar()->isVisible());

  // The same two people on both sides: one joint each, scoring 0.9 and 0.3.
  OverlayScene scene;
  scene.skeleton = skeletonFor(DatasetKind::Coco);
  for (const auto& [x, score] : {std::pair{50.0f, 0.9f}, std::pair{150.0f, 0.3f}}) {
    PersonPrediction person;
    person.joints.assign(17, {0, 0, 0, 0});
    person.joints[0] = {x, 40, 1, 0};
    person.score = score;
    scene.predictions.push_back(person);
  }
  QImage image(200, 160, QImage::Format_RGB888);
  image.fill(QColor(90, 90, 90));
  ImageCanvas* sides[] = {view.canvas(CompareView::A), view.canvas(CompareView::B)};
  for (ImageCanvas* c : sides) c->setImage(image, scene);
  const QColor strong = scalarColor(personColor(0)), weak = scalarColor(personColor(1));
  // The joint's centre in the person's colour at the opacity its score gives it (the person's
  // and the joint's: (0.3 + 0.7 x score) x 1), over the grey image.
  const auto draws = [](ImageCanvas* c, int x, const QColor& colour, double score) {
    const double a = 0.3 + 0.7 * score;
    const QColor got = c->overlayImage().pixelColor(x, 40);
    const auto near = [a](int value, int over) {
      return std::abs(value - (90 * (1 - a) + over * a)) <= 2;
    };
    return near(got.red(), colour.red()) && near(got.green(), colour.green()) &&
           near(got.blue(), colour.blue());
  };
  for (ImageCanvas* c : sides) QVERIFY(draws(c, 50, strong, 0.9) && draws(c, 150, weak, 0.3));

  pair->filterBar()->minScoreBox()->setValue(0.5);
  for (ImageCanvas* c : sides) {
    QCOMPARE(c->options().minPersonScore, 0.5);
    QVERIFY(draws(c, 50, strong, 0.9) && !draws(c, 150, weak, 0.3));
  }
  pair->filterBar()->minScoreBox()->setValue(0);
  pair->filterBar()->topBox()->setValue(1);
  for (ImageCanvas* c : sides) {
    QCOMPARE(c->options().maxPeople, 1);
    QVERIFY(draws(c, 50, strong, 0.9) && !draws(c, 150, weak, 0.3));
  }

  // Matches at OKS .75: both sides are shown again with the matches at that threshold.
  QVERIFY(view.showImage(2));
  QSignalSpy shown(&view, &CompareView::imageShown);
  QComboBox* match = pair->filterBar()->matchBox();
  match->setCurrentIndex(1);
  Q_EMIT match->activated(1);  // as the user's choice
  QCOMPARE(shown.size(), 1);
  QCOMPARE(view.currentImage(), std::optional<std::int64_t>(2));
  for (ImageCanvas* c : sides) QCOMPARE(c->options().matchThreshold, 0.75);
  // Set from outside, the bar shows it.
  RenderOptions o = view.options();
  o.matchThreshold = 0.5;
  o.maxPeople = 0;
  view.setOptions(o);
  QCOMPARE(match->currentIndex(), 0);
  QCOMPARE(pair->filterBar()->topBox()->value(), 0);
  QCOMPARE(shown.size(), 2);
}

// Issue 33: another pair of runs resets the display filters, as another run does on the Inspect
// page, unless "Keep for other runs" is ticked; the banner says what is active and a note (for
// the status bar) says which. A and B exchanged are the same pair.
void TestCompareView::anotherPairResetsDisplayFiltersUnlessKept() {
  CompareFixture first, second;
  CompareView view;
  view.resize(1280, 800);
  QVERIFY(openBoth(view, first));
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  CanvasPair* pair = view.canvasPair();
  QSignalSpy notes(pair, &CanvasPair::displayFiltersFollowedRuns);
  pair->filterBar()->minScoreBox()->setValue(0.5);
  QVERIFY(pair->filterBanner()->isVisible());
  QVERIFY(pair->filterBanner()->text().contains(QStringLiteral("score \u2265 0.50")));
  QVERIFY(pair->filterBanner()->keepBox()->isVisible());

  view.swapRuns();  // the same two runs
  QCOMPARE(view.options().minPersonScore, 0.5);
  QCOMPARE(notes.size(), 0);

  QVERIFY(openBoth(view, second));
  QCOMPARE(view.options().minPersonScore, 0.0);
  QCOMPARE(pair->filterBar()->minScoreBox()->value(), 0.0);
  for (auto side : {CompareView::A, CompareView::B})
    QCOMPARE(view.canvas(side)->options().minPersonScore, 0.0);
  QVERIFY(!pair->filterBanner()->isVisible());
  QCOMPARE(notes.size(), 1);  // once: B still open from the first pair was the second change
  QVERIFY2(notes.at(0).at(0).toString().contains(QStringLiteral("reset")),
           qPrintable(notes.at(0).at(0).toString()));

  pair->filterBar()->topBox()->setValue(1);
  pair->filterBanner()->keepBox()->setChecked(true);
  QVERIFY(openBoth(view, first));
  QCOMPARE(view.options().maxPeople, 1);
  QVERIFY(pair->filterBanner()->isVisible());
  QCOMPARE(notes.size(), 3);  // A, then B: kept each time
  QVERIFY2(notes.at(2).at(0).toString().contains(QStringLiteral("kept")),
           qPrintable(notes.at(2).at(0).toString()));
}

void TestCompareView::exportedRunFilesEqualShownValues() {
  CompareFixture f;
  QTemporaryDir out;
  const LoadedRun run = loadRunFolder(f.dirA.toStdString());
  QString error;

  // Metric table: Markdown is the table valid.py prints (metrics.md), JSON holds the values.
  const QString md = out.filePath("m.md");
  QVERIFY2(exportRun(f.dirA, RunExport::MetricsMarkdown, md, &error), qPrintable(error));
  QFile mdFile(md), stored(QDir(f.dirA).filePath("metrics.md"));
  QVERIFY(mdFile.open(QIODevice::ReadOnly) && stored.open(QIODevice::ReadOnly));
  QCOMPARE(mdFile.readAll(), stored.readAll());
  const QString json = out.filePath("m.json");
  QVERIFY(exportRun(f.dirA, RunExport::MetricsJson, json, &error));
  const QJsonArray stats = readQtJson(json).object().value("stats").toArray();
  QCOMPARE(stats.size(), 10);
  CompareView view;
  QVERIFY(openBoth(view, f));
  for (int i = 0; i < 10; ++i)
    QCOMPARE(stats[i].toDouble(),
             userValue(*view.metricModel(), i, MetricComparisonModel::AColumn));
  const QStringList csv = csvLines([&] {
    const QString p = out.filePath("m.csv");
    exportRun(f.dirA, RunExport::MetricsCsv, p, &error);
    return p;
  }());
  QCOMPARE(csv.size(), 2);
  QCOMPARE(csv[1].split(',').at(1).toDouble(), f.metricsA[0]);

  // Per-image table: the Timing page's totals and the comparison's AP per image.
  const QString images = out.filePath("images.csv");
  QVERIFY(exportRun(f.dirA, RunExport::PerImageCsv, images, &error));
  const QStringList lines = csvLines(images);
  QCOMPARE(lines.size(), 5);
  const QStringList header = lines[0].split(',');
  const int idCol = static_cast<int>(header.indexOf("image_id"));
  const int apCol = static_cast<int>(header.indexOf("ap"));
  const int totalCol = static_cast<int>(header.indexOf("total_ms"));
  QVERIFY(idCol >= 0 && apCol >= 0 && totalCol >= 0);
  TimingView timing;
  timing.setRecords(run.records);
  for (int r = 1; r < lines.size(); ++r) {
    const QStringList fields = lines[r].split(',');
    const auto id = fields[idCol].toLongLong();
    const ImageRecord* record = nullptr;
    for (const auto& rec : timing.records())
      if (rec.imageId == id) record = &rec;
    QVERIFY(record);
    QCOMPARE(fields[totalCol].toDouble(), record->times.totalMs());
    const int row = view.imageModel()->rowOfImage(id);
    QCOMPARE(fields[apCol].toDouble(),
             userValue(*view.imageModel(), row, ImageDeltaModel::ApAColumn));
  }

  // COCO results: one entry per predicted person, with its image id.
  const QString results = out.filePath("results.json");
  QVERIFY(exportRun(f.dirA, RunExport::ResultsJson, results, &error));
  const QJsonArray entries = readQtJson(results).array();
  size_t people = 0;
  for (const auto& r : run.records) people += r.people.size();
  QCOMPARE(static_cast<size_t>(entries.size()), people);
  QCOMPARE(entries[0].toObject().value("keypoints").toArray().size(), 51);

  // A folder that is not a run fails with a message naming it.
  QVERIFY(!exportRun(out.filePath("nothing"), RunExport::MetricsJson, json, &error));
  QVERIFY(error.contains("nothing"));
}

void TestCompareView::exportedComparisonEqualsShownValues() {
  CompareFixture f;
  QTemporaryDir out;
  CompareView view;
  QString error;
  QVERIFY(!view.comparison());  // nothing to export before both runs are open
  QVERIFY(openBoth(view, f));
  const RunComparison& shown = *view.comparison();
  view.setOrder(DeltaOrder::Oks);

  const QString csv = out.filePath("comparison.csv");
  QVERIFY2(writeTextFile(csv, comparisonExportText(shown, TableFormat::Csv), &error),
           qPrintable(error));
  int metricRows = 0;
  for (const QString& line : csvLines(csv)) {
    const QStringList f2 = line.split(',');
    if (f2.value(0) != "metric") continue;
    const int row = metricRows++;
    QCOMPARE(f2[1], view.metricModel()->index(row, 0).data().toString());
    QCOMPARE(f2[2].toDouble(), userValue(*view.metricModel(), row, MetricComparisonModel::AColumn));
    QCOMPARE(f2[3].toDouble(), userValue(*view.metricModel(), row, MetricComparisonModel::BColumn));
    QCOMPARE(f2[4].toDouble(),
             userValue(*view.metricModel(), row, MetricComparisonModel::DeltaColumn));
  }
  QCOMPARE(metricRows, 10);

  // The per-image deltas come out in the order shown (Δ OKS here).
  const QString deltas = out.filePath("deltas.csv");
  QVERIFY(writeTextFile(deltas, formatImageDeltasCsv(shown.images), &error));
  const QStringList lines = csvLines(deltas);
  std::vector<std::int64_t> order;
  for (int r = 1; r < lines.size(); ++r) order.push_back(lines[r].split(',').at(0).toLongLong());
  QCOMPARE(order, modelOrder(*view.imageModel()));

  const QString json = out.filePath("comparison.json");
  QVERIFY(writeTextFile(json, comparisonExportText(shown, TableFormat::Json), &error));
  const QJsonObject doc = readQtJson(json).object();
  QVERIFY(doc.contains("metrics") && doc.contains("images"));
  const QJsonArray imgs = doc.value("images").toArray();
  QCOMPARE(imgs.size(), view.imageModel()->rowCount());

  const QString md = out.filePath("comparison.md");
  QVERIFY(writeTextFile(md, comparisonExportText(shown, TableFormat::Markdown), &error));
  QFile mdFile(md);
  QVERIFY(mdFile.open(QIODevice::ReadOnly));
  const QString text = QString::fromUtf8(mdFile.readAll());
  QVERIFY(text.contains(
      view.metricModel()->index(0, MetricComparisonModel::AColumn).data().toString()));
}

QTEST_MAIN(TestCompareView)
#include "tst_compare_view.moc"
