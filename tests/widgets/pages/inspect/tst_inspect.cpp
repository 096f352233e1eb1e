// The Inspect page: per-image table model, overlay colours on the canvas, heatmap projection,
// the maps cache in front of the worker, and (with the parity data) real recomputed maps.

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <memory>

#include "pipeline/evaluator.h"
#include "render/palette.h"
#include "render/run_overlay_data.h"
#include "test_support.h"
#include "widgets/common/color_bar.h"
#include "widgets/common/elided_label.h"
#include "widgets/common/image_canvas.h"
#include "widgets/common/overlay_legend.h"
#include "widgets/models/inspect_table_model.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/pages/inspect/joint_grid.h"
#include "widgets/session/background_pool.h"
#include "widgets/session/inspect_controller.h"

using namespace posescope;

namespace {

ImageRecord makeRecord(size_t index, std::int64_t id, const std::string& file, double totalMs) {
  ImageRecord r;
  r.index = index;
  r.imageId = id;
  r.file = file;
  r.times.forwardMs = totalMs;
  return r;
}

ImageEvaluation makeEvaluation(std::int64_t id, double ap, double meanOks, int regularGt) {
  ImageEvaluation e;
  e.imageId = id;
  e.categoryId = 1;
  for (int i = 0; i < regularGt; ++i) {
    e.groundTruthIds.push_back(id * 10 + i);
    e.groundTruthIgnored.push_back(false);
  }
  e.groundTruthIds.push_back(id * 10 + 9);  // a crowd region: not counted
  e.groundTruthIgnored.push_back(true);
  e.ap = ap;
  e.meanOks = meanOks;
  return e;
}

PersonPrediction personWith(std::initializer_list<std::pair<int, std::array<float, 2>>> joints) {
  PersonPrediction p;
  p.joints.assign(17, {0, 0, 0, 0});  // score 0: hidden
  for (const auto& [j, xy] : joints) p.joints[static_cast<size_t>(j)] = {xy[0], xy[1], 1.0f, 0.25f};
  p.score = 1;
  return p;
}

QColor scalarColor(const cv::Scalar& s) {
  return QColor(static_cast<int>(s[0]), static_cast<int>(s[1]), static_cast<int>(s[2]));
}

// Brightest pixel (sum of channels) of a picture.
QPoint brightest(const QImage& image) {
  QPoint best;
  int bestValue = -1;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) {
      const QColor c = image.pixelColor(x, y);
      const int v = c.red() + c.green() + c.blue();
      if (v > bestValue) {
        bestValue = v;
        best = QPoint(x, y);
      }
    }
  return best;
}

// Maps of 17 joints, 40 x 50, with one Gaussian peak of joint `joint` at map pixel (mx, my).
std::shared_ptr<ImageMaps> peakMaps(int joint, int mx, int my) {
  auto maps = std::make_shared<ImageMaps>();
  maps->joints = 17;
  maps->height = 40;
  maps->width = 50;
  maps->tagCopies = 1;
  maps->heatmaps.assign(17 * 40 * 50, 0.0f);
  maps->tags.assign(17 * 40 * 50, 0.0f);
  for (int y = 0; y < 40; ++y)
    for (int x = 0; x < 50; ++x)
      maps->heatmaps[static_cast<size_t>((joint * 40 + y) * 50 + x)] =
          static_cast<float>(std::exp(-((x - mx) * (x - mx) + (y - my) * (y - my)) / 8.0));
  maps->mapToImage = {4, 0, 2, 0, 4, -2};  // map pixel (x, y) -> image (4x + 2, 4y - 2)
  return maps;
}

// Counts computeMaps calls; returns small maps naming the index asked for.
class CountingProvider : public MapsProvider {
 public:
  explicit CountingProvider(std::shared_ptr<std::atomic<int>> calls) : calls_(std::move(calls)) {}
  ImageMaps computeMaps(std::size_t index) override {
    ++*calls_;
    ImageMaps maps;
    maps.record.index = index;
    maps.joints = 17;
    maps.height = 8;
    maps.width = 8;
    maps.tagCopies = 1;
    maps.heatmaps.assign(17 * 64, 0.5f);
    maps.tags.assign(17 * 64, 0.0f);
    maps.mapToImage = {4, 0, 0, 0, 4, 0};
    return maps;
  }

 private:
  std::shared_ptr<std::atomic<int>> calls_;
};

}  // namespace

class TestInspect : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void tableModelContentsAndSorting();
  void overlayColoursAtJointsAndLimbs();
  void heatmapPeakIsAtRecordJoint();
  void switchingImagesRecomputesOnceThenHitsCache();
  void imagesAreReadOffTheGuiThreadAndAStaleReadIsNeverDrawn();
  void jointGridSelectsJoint();
  void filterIsClearedForAnotherRun();
  void filterMatchesTheChosenColumn();
  void longMessagesNeverWidenTheLayout();
  void realMapsPeakAtRecordJoint();
};

void TestInspect::tableModelContentsAndSorting() {
  std::vector<ImageRecord> records = {makeRecord(0, 10, "a.jpg", 30),
                                      makeRecord(1, 11, "b.jpg", 10),
                                      makeRecord(2, 12, "c.jpg", 20)};
  records[1].people.resize(3);
  records[2].error = "cannot decode c.jpg";
  const RunImageEvaluations evaluations(
      records, {makeEvaluation(10, 0.5, 0.75, 2), makeEvaluation(11, 0.9, 0.95, 1)}, 1);
  InspectTableModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
  model.setRows(perImageRows(records, evaluations));
  QCOMPARE(model.rowCount(), 3);
  QCOMPARE(model.columnCount(), static_cast<int>(InspectTableModel::ColumnCount));
  auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
  QCOMPARE(text(0, InspectTableModel::ImageIdColumn), QStringLiteral("10"));
  QCOMPARE(text(0, InspectTableModel::FileColumn), QStringLiteral("a.jpg"));
  QCOMPARE(text(0, InspectTableModel::GroundTruthColumn),
           QStringLiteral("2"));  // crowd not counted
  QCOMPARE(text(1, InspectTableModel::PeopleColumn), QStringLiteral("3"));
  QCOMPARE(text(0, InspectTableModel::ApColumn), QStringLiteral("0.500"));
  QCOMPARE(text(1, InspectTableModel::MeanOksColumn), QStringLiteral("0.950"));
  QCOMPARE(text(2, InspectTableModel::ApColumn), QStringLiteral("\u2013"));  // no evaluation
  QCOMPARE(text(2, InspectTableModel::FailureColumn), QStringLiteral("cannot decode c.jpg"));
  QCOMPARE(text(0, InspectTableModel::TotalMsColumn), QStringLiteral("30.0"));
  QCOMPARE(model.headerData(InspectTableModel::FirstStageColumn + 2, Qt::Horizontal).toString(),
           QStringLiteral("%1 ms").arg(QString::fromStdString(stageNames()[2])));
  QVERIFY(!model.index(3, 0).data().isValid());

  QSortFilterProxyModel proxy;
  proxy.setSourceModel(&model);
  proxy.setSortRole(Qt::UserRole);
  QAbstractItemModelTester proxyTester(&proxy,
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
  proxy.sort(InspectTableModel::ApColumn, Qt::DescendingOrder);
  QCOMPARE(proxy.index(0, InspectTableModel::ImageIdColumn).data().toString(),
           QStringLiteral("11"));
  QCOMPARE(proxy.index(2, InspectTableModel::ImageIdColumn).data().toString(),
           QStringLiteral("12"));
  proxy.sort(InspectTableModel::TotalMsColumn, Qt::AscendingOrder);
  QCOMPARE(proxy.index(0, InspectTableModel::FileColumn).data().toString(),
           QStringLiteral("b.jpg"));
  QCOMPARE(proxy.index(1, InspectTableModel::FileColumn).data().toString(),
           QStringLiteral("c.jpg"));
  proxy.setFilterKeyColumn(-1);
  proxy.setFilterFixedString(QStringLiteral("decode"));
  QCOMPARE(proxy.rowCount(), 1);

  model.appendRow(perImageRows({makeRecord(3, 13, "d.jpg", 5)}, evaluations).front());
  QCOMPARE(model.rowCount(), 4);
  QCOMPARE(model.rowOfDatasetIndex(3), 3);
  QCOMPARE(text(3, InspectTableModel::GroundTruthColumn), QStringLiteral("0"));
}

void TestInspect::overlayColoursAtJointsAndLimbs() {
  QImage image(200, 160, QImage::Format_RGB888);
  image.fill(QColor(90, 90, 90));
  OverlayScene scene;
  scene.skeleton = skeletonFor(DatasetKind::Coco);
  // Person 0: left shoulder -> left elbow (a COCO limb), vertical; person 1: one joint.
  scene.predictions = {personWith({{5, {50, 40}}, {7, {50, 120}}}), personWith({{0, {150, 30}}})};
  GroundTruthPerson gt;
  gt.id = 7;
  gt.imageId = 1;
  gt.categoryId = 1;
  gt.keypoints.assign(17 * 3, 0);
  gt.keypoints[0] = 150;  // nose at (150, 110), visible
  gt.keypoints[1] = 110;
  gt.keypoints[2] = 2;
  gt.numKeypoints = 1;
  gt.bbox = {140, 100, 20, 20};
  scene.groundTruth = {gt};

  ImageCanvas canvas;
  RenderOptions options;
  options.jointRadius = 6;
  options.lineWidth = 3;
  options.showMatches = false;
  canvas.setOptions(options);
  canvas.setImage(image, scene);
  const QImage out = canvas.overlayImage();
  QCOMPARE(out.size(), image.size());
  const QColor first = scalarColor(personColor(0)), second = scalarColor(personColor(1));
  QVERIFY(first != second);
  QCOMPARE(out.pixelColor(50, 40), first);   // joint
  QCOMPARE(out.pixelColor(50, 120), first);  // joint
  QCOMPARE(out.pixelColor(50, 80), first);   // limb midpoint
  QCOMPARE(out.pixelColor(150, 30), second);
  QCOMPARE(out.pixelColor(100, 80), QColor(90, 90, 90));  // untouched background
  QCOMPARE(out.pixelColor(50, 10), QColor(90, 90, 90));   // no limb beyond the joints
  // The ground-truth joint: a white ring around it, its centre not filled with a person colour.
  bool whiteRing = false;
  for (int dx = -8; dx <= 8; ++dx)
    whiteRing = whiteRing || out.pixelColor(150 + dx, 110) == QColor(255, 255, 255);
  QVERIFY(whiteRing);
  QVERIFY(out.pixelColor(150, 110) != first && out.pixelColor(150, 110) != second);

  QVERIFY(canvas.toolTipAt(QPointF(50, 40)).contains(QStringLiteral("left_shoulder")));
  QVERIFY(canvas.toolTipAt(QPointF(50, 40)).contains(QStringLiteral("score 1.000")));
  QVERIFY(canvas.toolTipAt(QPointF(50, 40)).contains(QStringLiteral("tag 0.250")));
  QVERIFY(canvas.toolTipAt(QPointF(150, 110)).contains(QStringLiteral("Ground truth 7")));
  QVERIFY(canvas.toolTipAt(QPointF(100, 80)).isEmpty());

  // Predictions off: the joint keeps the background.
  options.showPredictions = false;
  canvas.setOptions(options);
  QCOMPARE(canvas.overlayImage().pixelColor(50, 80), QColor(90, 90, 90));
  QVERIFY(canvas.toolTipAt(QPointF(50, 40)).isEmpty());

  // Issue 15, item 9: lines and joints are drawn in screen pixels after the view transform, so
  // the limb and the joint keep their width on screen at any zoom (they grew with the square root
  // of the zoom before).
  options.showPredictions = true;
  canvas.setOptions(options);
  canvas.resize(400, 320);
  canvas.show();
  QVERIFY(QTest::qWaitForWindowExposed(&canvas));
  int limbWidth = 0, jointWidth = 0;  // at zoom 1, in view pixels
  for (const double zoom : {1.0, 3.0, 10.0, 40.0}) {
    canvas.zoomBy(zoom / canvas.zoom());
    canvas.centerOn(50.5, 80.5);  // the limb's midpoint
    canvas.viewport()->repaint();
    const QImage view = canvas.viewImage();
    QVERIFY(!view.isNull());
    // The view pixel whose centre picture point (x, y) is nearest (both with pixel centres at
    // whole numbers; the scene's pixel i covers [i, i + 1)).
    const auto inView = [&](double x, double y) {
      return (canvas.viewportTransform().map(QPointF(x + 0.5, y + 0.5)) -
              QPointF(canvas.viewRect().topLeft()) - QPointF(0.5, 0.5))
          .toPoint();
    };
    // Pixels of the person's colour on the view's row through `p`, around it.
    const auto runAt = [&](QPoint p) {
      int run = 0;
      for (int x = 0; x < view.width(); ++x)
        if (std::abs(x - p.x()) <= 40 && view.pixelColor(x, p.y()) == first) ++run;
      return run;
    };
    const QPoint limb = inView(50, 80);
    QCOMPARE(view.pixelColor(limb), first);
    const QString at = QStringLiteral("at zoom %1").arg(zoom);
    // As wide as at zoom 1 (a pixel either way from where the line falls on the pixel grid);
    // lineWidth 3 is drawn 3 to 5 pixels wide with OpenCV's anti-aliased edges.
    if (zoom == 1.0) limbWidth = runAt(limb);
    QVERIFY2(
        limbWidth >= options.lineWidth && limbWidth <= options.lineWidth + 2 &&
            std::abs(runAt(limb) - limbWidth) <= 1,
        qPrintable(
            at +
            QStringLiteral(": limb %1 px wide, %2 at zoom 1").arg(runAt(limb)).arg(limbWidth)));
    if (zoom <= 3.0) {  // the joint in view: a disc of radius 6, about 13 pixels across
      const QPoint joint = inView(50, 40);
      QCOMPARE(view.pixelColor(joint), first);
      if (zoom == 1.0) jointWidth = runAt(joint);
      QVERIFY2(std::abs(jointWidth - (2 * options.jointRadius + 1)) <= 2 &&
                   std::abs(runAt(joint) - jointWidth) <= 1,
               qPrintable(at + QStringLiteral(": joint %1 px wide, %2 at zoom 1")
                                   .arg(runAt(joint))
                                   .arg(jointWidth)));
    }
    QVERIFY(canvas.toolTipAt(QPointF(50, 40)).contains(QStringLiteral("left_shoulder")));
  }
}

void TestInspect::heatmapPeakIsAtRecordJoint() {
  QImage image(200, 160, QImage::Format_RGB888);
  image.fill(Qt::black);
  // The record's joint 3 at the image position of the map's peak (30, 12) -> (122, 46).
  OverlayScene scene;
  scene.skeleton = skeletonFor(DatasetKind::Coco);
  scene.predictions = {personWith({{3, {122, 46}}})};
  ImageCanvas canvas;
  RenderOptions options;
  options.showPredictions = options.showGroundTruth = options.showMatches = false;
  options.showHeatmap = true;
  options.heatmapJoint = 3;
  options.heatmapOpacity = 1.0;
  options.colormap = Colormap::Inferno;  // brightness grows with the value
  canvas.setOptions(options);
  canvas.setImage(image, scene);
  canvas.setMaps(peakMaps(3, 30, 12));
  const QPoint peak = brightest(canvas.overlayImage());
  QVERIFY2(std::abs(peak.x() - 122) <= 3 && std::abs(peak.y() - 46) <= 3,
           qPrintable(QStringLiteral("peak at %1,%2").arg(peak.x()).arg(peak.y())));
  // Another joint shown: its plane is empty, the joint's place looks like everywhere else.
  options.heatmapJoint = 4;
  canvas.setOptions(options);
  QCOMPARE(canvas.overlayImage().pixelColor(122, 46), canvas.overlayImage().pixelColor(100, 100));
  // Maximum over joints, at network resolution: the picture is the map and the joint maps there.
  options.heatmapJoint = -1;
  options.projectMaps = false;
  canvas.setOptions(options);
  QVERIFY(canvas.atNetworkResolution());
  QCOMPARE(canvas.overlayImage().size(), QSize(50, 40));
  const QPoint mapPeak = brightest(canvas.overlayImage());
  QVERIFY(std::abs(mapPeak.x() - 30) <= 1 && std::abs(mapPeak.y() - 12) <= 1);
  const QPointF joint = canvas.toPicture(122, 46);
  QVERIFY(std::abs(joint.x() - 30) < 1e-9 && std::abs(joint.y() - 12) < 1e-9);
}

void TestInspect::switchingImagesRecomputesOnceThenHitsCache() {
  auto calls = std::make_shared<std::atomic<int>>(0);
  RunOverlayData data;
  data.imageDirectory = "/nonexistent";  // images are missing: a placeholder is shown
  for (size_t i = 0; i < 12; ++i)
    data.records.push_back(
        makeRecord(i, static_cast<std::int64_t>(100 + i), "img" + std::to_string(i) + ".jpg", 1));
  refreshRows(data);
  InspectView view;
  view.setData(data, std::make_unique<CountingProvider>(calls));
  QSignalSpy shown(&view, &InspectView::mapsShown);

  QVERIFY(view.showImage(0));
  QVERIFY(shown.wait(10000));
  QCOMPARE(calls->load(), 1);
  QVERIFY(view.canvas()->hasMaps());
  QVERIFY(view.showImage(1));
  QVERIFY(shown.wait(10000));
  QCOMPARE(calls->load(), 2);
  QCOMPARE(shown.size(), 2);
  // Back to a cached image: drawn at once, nothing recomputed.
  QVERIFY(view.showImage(0));
  QCOMPARE(shown.size(), 3);
  QCOMPARE(shown.last().at(0).toULongLong(), 0ull);
  QVERIFY(view.canvas()->hasMaps());
  QVERIFY(view.stepImage(1));  // keyboard's next image: row 1, cached
  QCOMPARE(view.currentImage().value(), size_t{1});
  QCOMPARE(shown.size(), 4);
  QCOMPARE(calls->load(), 2);

  // Memory stays bounded: the cache never holds more than its capacity.
  for (size_t i = 2; i < 12; ++i) {
    QVERIFY(view.showImage(i));
    QVERIFY(shown.wait(10000));
  }
  QCOMPARE(calls->load(), 12);
  QCOMPARE(view.controller()->cache().size(), view.controller()->cache().capacity());
  QVERIFY(!view.controller()->cache().contains(0));  // evicted: computed again
  QVERIFY(view.showImage(0));
  QVERIFY(shown.wait(10000));
  QCOMPARE(calls->load(), 13);
}

// Issue 37: the page reads image files on a pool thread; the image shown has a placeholder until
// then, and a file read for an image no longer shown never lands on the canvas.
void TestInspect::imagesAreReadOffTheGuiThreadAndAStaleReadIsNeverDrawn() {
  QTemporaryDir dir;
  RunOverlayData data;
  data.imageDirectory = dir.path().toStdString();
  const std::pair<const char*, QColor> files[] = {{"red.png", QColor(220, 20, 20)},
                                                  {"blue.png", QColor(20, 20, 220)}};
  for (size_t i = 0; i < 2; ++i) {
    QImage picture(64, 48, QImage::Format_RGB888);
    picture.fill(files[i].second);
    QVERIFY(picture.save(dir.filePath(files[i].first)));
    data.records.push_back(makeRecord(i, static_cast<std::int64_t>(10 + i), files[i].first, 1));
  }
  refreshRows(data);
  InspectView view;
  view.setData(data, nullptr);
  QSignalSpy decoded(&view, &InspectView::imageDecoded);
  const auto corner = [&] { return view.canvas()->overlayImage().pixelColor(1, 1); };

  QVERIFY(view.showImage(0));
  QVERIFY(view.readingImage());  // nothing was read on this thread
  QVERIFY2(view.statusText().contains("reading the image"), qPrintable(view.statusText()));
  QCOMPARE(corner(), QColor(24, 24, 24));  // the placeholder
  QVERIFY(view.showImage(1));              // before image 0's file is read
  QTRY_VERIFY_WITH_TIMEOUT(!view.readingImage(), 10000);
  backgroundPool()->waitForDone();  // image 0's read (and the read-ahead) reported too
  QCoreApplication::processEvents();
  QCOMPARE(decoded.size(), 1);
  QCOMPARE(decoded.front().front().toULongLong(), 1ull);
  QCOMPARE(view.currentImage().value(), size_t{1});
  QCOMPARE(corner(), files[1].second);
  QVERIFY(!view.statusText().contains("reading the image"));

  // Image 0 was read meanwhile: drawn at once, its pixels on the canvas before showImage returns.
  QVERIFY(view.showImage(0));
  QVERIFY(!view.readingImage());
  QCOMPARE(decoded.size(), 2);
  QCOMPARE(corner(), files[0].second);
}

void TestInspect::jointGridSelectsJoint() {
  InspectView view;
  view.setData(RunOverlayData{}, nullptr);
  JointGrid* grid = view.jointGrid();
  grid->setMaps({}, peakMaps(3, 30, 12), Colormap::Jet);
  QAbstractItemModelTester tester(grid->gridModel(),
                                  QAbstractItemModelTester::FailureReportingMode::QtTest);
  QCOMPARE(grid->gridModel()->rowCount(), 18);  // max + 17 joints
  QVERIFY(!grid->gridModel()->thumbnail(4).isNull());
  QVERIFY(std::abs(grid->gridModel()->peak(4) - 1.0) < 1e-6);  // joint 3's plane
  QCOMPARE(grid->gridModel()->peak(5), 0.0);
  QSignalSpy selected(grid, &JointGrid::jointSelected);
  connect(grid, &JointGrid::jointSelected, &view, &InspectView::setJoint);
  Q_EMIT grid->clicked(grid->gridModel()->index(4));
  QCOMPARE(selected.size(), 1);
  QCOMPARE(selected.first().at(0).toInt(), 3);
  QCOMPARE(view.joint(), 3);
  QCOMPARE(view.canvas()->options().heatmapJoint, 3);
}

// Issue 15, item 5: a filter typed for one run does not hide the next run's images.
void TestInspect::filterIsClearedForAnotherRun() {
  RunOverlayData first, second;
  for (size_t i = 0; i < 4; ++i) {
    first.records.push_back(makeRecord(i, 10 + i, "first" + std::to_string(i) + ".jpg", 1));
    second.records.push_back(makeRecord(i, 20 + i, "second" + std::to_string(i) + ".jpg", 1));
  }
  refreshRows(first);
  refreshRows(second);
  InspectView view;
  view.setData(first, nullptr);
  view.filterEdit()->setText("first2");
  QCOMPARE(view.proxyModel()->rowCount(), 1);
  view.setData(second, nullptr);
  QVERIFY(view.filterEdit()->text().isEmpty());
  QCOMPARE(view.proxyModel()->rowCount(), 4);
  QVERIFY(view.statusText().contains("4 image(s)"));
}

// Issue 33: the filter matches the column chosen beside it (any column by default, as before):
// an image id whole, a file name or a failure message in part.
void TestInspect::filterMatchesTheChosenColumn() {
  RunOverlayData data;
  data.records = {makeRecord(0, 1, "img10.jpg", 0), makeRecord(1, 10, "a.jpg", 0),
                  makeRecord(2, 2, "b.jpg", 0), makeRecord(3, 3, "file1.jpg", 0)};
  data.records[2].error = "cannot decode b.jpg (file 1 of 4)";
  refreshRows(data);
  InspectView view;
  QAbstractItemModelTester tester(view.proxyModel(),
                                  QAbstractItemModelTester::FailureReportingMode::QtTest);
  view.setData(data, nullptr);
  QComboBox* column = view.filterColumnBox();
  QCOMPARE(column->currentText(), QStringLiteral("Any column"));
  QVERIFY(view.filterEdit()->placeholderText().contains("any column"));
  const auto shownIds = [&view] {
    QList<qint64> ids;
    for (int r = 0; r < view.proxyModel()->rowCount(); ++r)
      ids << view.proxyModel()->index(r, InspectTableModel::ImageIdColumn).data().toLongLong();
    return ids;
  };
  const auto choose = [column](const QString& text) {
    column->setCurrentIndex(column->findText(text));
    QCOMPARE(column->currentText(), text);
  };
  view.filterEdit()->setText("1");
  QCOMPARE(shownIds(), (QList<qint64>{1, 10, 2, 3}));  // ids, file names and the failure
  choose("Image id");
  QCOMPARE(shownIds(), QList<qint64>{1});  // the whole id: not 10
  QVERIFY(view.filterEdit()->placeholderText().contains("Image id"));
  choose("File name");
  QCOMPARE(shownIds(), (QList<qint64>{1, 3}));
  view.filterEdit()->setText("DECODE");
  QCOMPARE(shownIds(), QList<qint64>{});
  choose("Failure");
  QCOMPARE(shownIds(), QList<qint64>{2});
  // Another run clears the text, not the choice.
  view.setData(data, nullptr);
  QCOMPARE(column->currentText(), QStringLiteral("Failure"));
  QCOMPARE(view.proxyModel()->rowCount(), 4);
}

// Issue 15, item 1: a long message under the canvas (an error naming a file) is elided; the image
// table and the joint grid keep their widths at the default window size.
void TestInspect::longMessagesNeverWidenTheLayout() {
  RunOverlayData data;
  for (size_t i = 0; i < 4; ++i)
    data.records.push_back(makeRecord(i, 10 + i, "img" + std::to_string(i) + ".jpg", 1));
  refreshRows(data);
  InspectView view;
  view.resize(1280, 760);
  view.setData(data, nullptr);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  const int tableWidth = view.findChild<QTableView*>("imageTable")->width();
  const int gridWidth = view.jointGrid()->width();
  const QString longError =
      "maps unavailable: cannot open checkpoint '" + QString(400, 'x') + "/demo_litepose.pth'";
  view.showUnavailable(longError);
  QTest::qWait(50);
  QCOMPARE(view.findChild<QTableView*>("imageTable")->width(), tableWidth);
  QCOMPARE(view.jointGrid()->width(), gridWidth);
  QVERIFY(view.statusText().contains(longError));  // the whole message, in the tooltip too
  QVERIFY(view.statusLabel()->isElided());
  QVERIFY(view.statusLabel()->toolTip().contains(longError));
  // The legend is always there; the colour bar follows the heatmap layer.
  QVERIFY(view.legend()->isVisible());
  QVERIFY(view.legend()->text().contains("missed person"));
  QVERIFY(view.colorBar()->isVisible());
  view.setLayer(OverlayLayer::Heatmap, false);
  QVERIFY(!view.colorBar()->isVisible());
}

void TestInspect::realMapsPeakAtRecordJoint() {
  POSESCOPE_REQUIRE_PARITY(parity);
  // A one-image run of LitePose-XS trained on the parity images, then its maps recomputed through
  // the viewer's provider, from the run folder's config.yaml as the GUI does.
  QTemporaryDir tmp;
  const std::string runDir = tmp.filePath("run").toStdString();
  ExperimentSpec spec;
  spec.cfgFile = parity + "/configs/coco/mobilenet/mobile.yaml";
  spec.archFile = parity + "/configs/arch/search-XS.json";
  spec.overrides = {"DATASET.ROOT", parity + "/data/coco", "TEST.MODEL_FILE",
                    parity + "/models/coco_xs_overfit.pth"};
  EvaluatorOptions options;
  options.device = "cpu";
  options.limit = 1;
  options.outDir = runDir;
  EvaluationResult result;
  {
    Evaluator evaluator(loadExperiment(spec), options);
    result = evaluator.run();
  }
  QCOMPARE(result.records.size(), size_t{1});
  const ImageRecord& record = result.records.front();
  QVERIFY(!record.people.empty());

  EvaluatorMapsProvider provider(runDir, "cpu");
  const ImageMaps maps = provider.computeMaps(0);
  QCOMPARE(maps.record.people.size(), record.people.size());
  QCOMPARE(maps.record.people[0].joints[0][0], record.people[0].joints[0][0]);  // same numbers
  QVERIFY(maps.joints == 17 && maps.width > 0 && maps.height > 0);

  // Each confident joint of the best person sits at its heatmap's peak (within one map pixel,
  // projected onto the image: the parser refines and shifts by a quarter pixel).
  const auto& a = maps.mapToImage;
  const double pixel = std::sqrt(std::abs(a[0] * a[4] - a[1] * a[3]));
  int checked = 0;
  for (int j = 0; j < maps.joints; ++j) {
    const auto& joint = record.people[0].joints[static_cast<size_t>(j)];
    if (joint[2] < 0.5) continue;
    const float* plane = maps.heatmaps.data() + static_cast<size_t>(j) * maps.width * maps.height;
    const int best =
        static_cast<int>(std::max_element(plane, plane + maps.width * maps.height) - plane);
    const double mx = best % maps.width, my = best / maps.width;
    const double x = a[0] * mx + a[1] * my + a[2], y = a[3] * mx + a[4] * my + a[5];
    QVERIFY2(std::hypot(x - joint[0], y - joint[1]) <= 1.5 * pixel,
             qPrintable(QStringLiteral("joint %1: peak (%2, %3), record (%4, %5)")
                            .arg(j)
                            .arg(x)
                            .arg(y)
                            .arg(joint[0])
                            .arg(joint[1])));
    ++checked;
  }
  QVERIFY(checked >= 5);
}

POSESCOPE_TEST_MAIN(TestInspect)
#include "tst_inspect.moc"
