// The Inspect page explains the error analysis (issue 16): per-image error counts in the table,
// the error layer in the labels' colours, the selected person's joints in the person panel, and
// the triage queues, each exactly the images `posescope-cli analyze --json` lists, in its order.
// On the analysis fixture run (analysis_run_fixture.h) and, with the parity data, on
// syn_coco_300's results.

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QLabel>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <map>

#include <nlohmann/json.hpp>

#include "analysis/analysis_json.h"
#include "analysis/image_ranking.h"
#include "eval/ground_truth.h"
#include "eval/results_io.h"
#include "render/palette.h"
#include "test_support.h"
#include "widgets/analysis_run_fixture.h"
#include "widgets/common/image_canvas.h"
#include "widgets/common/joint_error_chart.h"
#include "widgets/common/overlay_legend.h"
#include "widgets/models/image_queue_proxy.h"
#include "widgets/models/inspect_table_model.h"
#include "widgets/models/person_errors_model.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"

using namespace posescope;

namespace {

// The analysis `posescope-cli analyze` computes of `gt` and `results`, as the session bundles it.
RunAnalysisPtr analyse(KeypointGroundTruth gt, std::vector<KeypointDetection> results) {
  auto in = std::make_shared<RunEvaluationInput>();
  LayoutChoice choice;
  choice.dataset = variantForGroundTruth(gt);
  in->layout = resolveKeypointLayout(gt, choice);
  in->variant = in->layout.variant;
  in->groundTruth = std::move(gt);
  in->results = std::move(results);
  auto a = std::make_shared<RunAnalysis>();
  a->defaultParams = a->params = analysisParamsFor(in->layout);
  a->analysis = analyzeKeypoints(in->groundTruth, in->results, a->params);
  a->triage = buildTriage(a->analysis, in->groundTruth);
  a->worstImages = std::make_shared<const std::vector<RankedImage>>(
      rankImages(in->groundTruth, in->results, evalParamsFor(in->layout), ImageOrder::ApLost));
  a->input = in;
  a->buildIndex();
  return a;
}

// The viewer's data of `records` on `gt` (no image files: placeholders are drawn).
RunOverlayData overlayData(std::vector<ImageRecord> records, const KeypointGroundTruth& gt) {
  RunOverlayData data;
  data.kind = DatasetKind::Coco;
  data.records = std::move(records);
  data.groundTruth = GroundTruthIndex(gt, 1);
  data.rows = perImageRows(data.records, {});
  return data;
}

// Records holding `results` image by image (the image's results in file order), in `gt`'s order.
std::vector<ImageRecord> recordsOf(const KeypointGroundTruth& gt,
                                   const std::vector<KeypointDetection>& results) {
  std::vector<ImageRecord> records;
  for (const auto& image : gt.images) {
    ImageRecord r;
    r.index = records.size();
    r.imageId = image.id;
    r.file = image.fileName;
    for (const auto& d : results) {
      if (d.imageId != image.id) continue;
      PersonPrediction p;
      p.score = d.score;
      for (std::size_t k = 0; k + 2 < d.keypoints.size(); k += 3)
        p.joints.push_back(
            {float(d.keypoints[k]), float(d.keypoints[k + 1]), float(d.keypoints[k + 2]), 0.f});
      r.people.push_back(p);
    }
    records.push_back(std::move(r));
  }
  return records;
}

// The image ids of JSON triage list `key` in order, each once.
QList<qint64> jsonQueue(const nlohmann::json& triage, const char* key) {
  QList<qint64> ids;
  for (const auto& entry : triage.at(key)) {
    const qint64 id = entry.at("image_id").get<qint64>();
    if (!ids.contains(id)) ids.append(id);
  }
  return ids;
}

// The image ids of the table's rows, top to bottom.
QList<qint64> tableIds(const InspectView& view) {
  QList<qint64> ids;
  const QSortFilterProxyModel* proxy = view.proxyModel();
  for (int r = 0; r < proxy->rowCount(); ++r)
    ids.append(proxy->index(r, InspectTableModel::ImageIdColumn).data(Qt::UserRole).toLongLong());
  return ids;
}

qint64 shownImageId(const InspectView& view) {
  return view.currentImage() ? view.data().recordOf(*view.currentImage())->imageId : -1;
}

QColor qcolor(JointLabel label) {
  const cv::Scalar c = jointLabelColor(label);
  return QColor(int(c[0]), int(c[1]), int(c[2]));
}

// Every triage preset of `view` against the JSON of its analysis: the same images, in order;
// next image walks the queue.
void checkPresetsAgainstJson(InspectView& view) {
  const RunAnalysis& a = *view.analysis();
  const nlohmann::json triage =
      nlohmann::json::parse(formatAnalysisJson(a.analysis, a.triage)).at("triage");
  const std::map<TriagePreset, const char*> keys = {
      {TriagePreset::WorstOks, "worst_oks"},
      {TriagePreset::HighScoreFalsePositives, "high_score_false_positives"},
      {TriagePreset::MissedPeople, "missed_people"},
      {TriagePreset::Swaps, "swaps"},
      {TriagePreset::Inversions, "inversions"}};
  for (const auto& [preset, key] : keys) {
    const QList<qint64> expected = jsonQueue(triage, key);
    QVERIFY2(!expected.isEmpty(), key);
    view.triageAction(preset)->trigger();
    QCOMPARE(tableIds(view), expected);
    QCOMPARE(view.queueTitle(), triagePresetTitle(preset));
    // The key is named in the title and shown as a column beside the file.
    const ImageQueue queue = triageQueue(a, preset);
    auto* table = view.findChild<QTableView*>(QStringLiteral("imageTable"));
    QVERIFY(!table->isColumnHidden(InspectTableModel::QueueKeyColumn));
    QCOMPARE(table->horizontalHeader()->visualIndex(InspectTableModel::QueueKeyColumn),
             table->horizontalHeader()->visualIndex(InspectTableModel::FileColumn) + 1);
    QCOMPARE(view.proxyModel()->headerData(InspectTableModel::QueueKeyColumn, Qt::Horizontal),
             QVariant(queue.keyName));
    QCOMPARE(view.proxyModel()->index(0, InspectTableModel::QueueKeyColumn).data().toString(),
             imageQueueKeyText(queue, queue.keys.value(expected.front())));
    QVERIFY(view.queueText().contains(QStringLiteral("(%1 images)").arg(expected.size())));
    QCOMPARE(shownImageId(view), expected.front());
    for (int i = 1; i < expected.size(); ++i) {
      QVERIFY(view.stepImage(1));
      QCOMPARE(shownImageId(view), expected[i]);
    }
    QVERIFY(!view.stepImage(1));  // the queue's end
  }
}

}  // namespace

class TestInspectErrors : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString runDir_;
  KeypointGroundTruth gt_;
  RunAnalysisPtr analysis_;

  RunOverlayData fixtureData() const { return overlayData(test::analysisFixtureRecords(), gt_); }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    const std::string annotations = dir_.filePath("annotations.json").toStdString();
    runDir_ = dir_.filePath("run");
    test::writeAnalysisFixtureGroundTruth(annotations);
    test::writeAnalysisFixtureRun(runDir_.toStdString(), annotations);
    gt_ = loadGroundTruth(annotations);
    analysis_ = analyse(gt_, loadResults(runDir_.toStdString() + "/results.json"));
  }

  void tableCountsErrorsPerImage() {
    InspectTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const RunOverlayData data = fixtureData();
    model.setRows(data.rows);
    auto cell = [&](int row, int column, int role = Qt::DisplayRole) {
      return model.index(row, column).data(role);
    };
    QCOMPARE(cell(3, InspectTableModel::SwapsColumn).toString(), QStringLiteral("\u2013"));
    QCOMPARE(cell(3, InspectTableModel::SwapsColumn, Qt::UserRole).toInt(), -1);
    model.setAnalysis(analysis_);
    // Rows are images 1..7 in order (analysis_run_fixture.h says what each one holds).
    QCOMPARE(cell(3, InspectTableModel::SwapsColumn).toInt(), 1);
    QCOMPARE(cell(2, InspectTableModel::InversionsColumn).toInt(), 2);  // both wrists
    QCOMPARE(cell(4, InspectTableModel::MissesColumn).toInt(), 1);
    QCOMPARE(cell(1, InspectTableModel::JittersColumn).toInt(), 1);
    QCOMPARE(cell(5, InspectTableModel::BackgroundFpColumn).toInt(), 1);
    QCOMPARE(cell(6, InspectTableModel::MissedPeopleColumn, Qt::UserRole).toInt(), 1);
    QCOMPARE(cell(0, InspectTableModel::SwapsColumn).toInt(), 0);
    QCOMPARE(model.headerData(InspectTableModel::BackgroundFpColumn, Qt::Horizontal).toString(),
             QStringLiteral("BG FP"));

    // Sortable and filterable like the other columns, under the queue proxy too.
    ImageQueueProxy proxy(InspectTableModel::ImageIdColumn);
    QAbstractItemModelTester proxyTester(&proxy,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    proxy.sort(InspectTableModel::InversionsColumn, Qt::DescendingOrder);
    QCOMPARE(proxy.index(0, InspectTableModel::ImageIdColumn).data().toLongLong(), 3);
    proxy.setQueue({6, 2, 99, 4});
    QVERIFY(proxy.inQueueOrder());
    QCOMPARE(proxy.rowCount(), 3);  // 99 is not in the run
    QCOMPARE(proxy.index(0, InspectTableModel::ImageIdColumn).data().toLongLong(), 6);
    QCOMPARE(proxy.index(2, InspectTableModel::ImageIdColumn).data().toLongLong(), 4);
    proxy.sort(InspectTableModel::SwapsColumn, Qt::DescendingOrder);  // a header click
    QVERIFY(!proxy.inQueueOrder());
    QCOMPARE(proxy.rowCount(), 3);
    QCOMPARE(proxy.index(0, InspectTableModel::ImageIdColumn).data().toLongLong(), 4);
    proxy.setFilterFixedString(QStringLiteral("img_2"));
    QCOMPARE(proxy.rowCount(), 1);
    proxy.setFilterFixedString({});
    proxy.clearQueue();
    QCOMPARE(proxy.rowCount(), 7);
    model.setAnalysis(nullptr);
    QCOMPARE(cell(3, InspectTableModel::SwapsColumn).toString(), QStringLiteral("\u2013"));
  }

  void personPanelListsJointLabelsAndKs() {
    PersonErrorsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(model.summary().contains("Select a person"));
    const ImageRecord four = test::analysisFixtureRecords()[3];
    const auto person = PersonErrorsModel::personOf(*analysis_, four, 0);
    model.setPerson(person, skeletonFor(DatasetKind::Coco).jointNames);
    QCOMPARE(model.rowCount(), 17);
    const QModelIndex label = model.index(test::kLeftWrist, PersonErrorsModel::LabelColumn);
    QCOMPARE(model.index(test::kLeftWrist, 0).data().toString(), QStringLiteral("left_wrist"));
    QCOMPARE(label.data().toString(), QStringLiteral("swap"));
    QCOMPARE(label.data(Qt::DecorationRole).value<QColor>(), qcolor(JointLabel::Swap));
    QCOMPARE(model.index(0, PersonErrorsModel::LabelColumn).data().toString(),
             QStringLiteral("good"));
    const DetectionAnalysis& d = analysis_->analysis.detections[analysis_->detectionsOf(4)[0]];
    QCOMPARE(model.index(test::kLeftWrist, PersonErrorsModel::KsColumn).data(Qt::UserRole),
             QVariant(d.ownKs[test::kLeftWrist]));
    QCOMPARE(model.index(0, PersonErrorsModel::KsColumn).data().toString(),
             QStringLiteral("1.000"));
    const QString summary = model.summary();
    QVERIFY2(summary.contains("P1") && summary.contains("score 0.900") &&
                 summary.contains(QStringLiteral("OKS %1").arg(d.oks, 0, 'f', 3)) &&
                 summary.contains(QStringLiteral("ground truth %1").arg(*d.gtId)) &&
                 summary.contains("1 swap"),
             qPrintable(summary));
    QCOMPARE(model.verdict(), QStringLiteral("localised, with joint errors"));

    // The confident detection of image 6 where nobody is.
    const ImageRecord six = test::analysisFixtureRecords()[5];
    model.setPerson(PersonErrorsModel::personOf(*analysis_, six, 1), {});
    QCOMPARE(model.verdict(), QStringLiteral("background false positive"));
    QCOMPARE(model.rowCount(), 0);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
  }

  void errorLayerDrawsLabelColours() {
    InspectView view;
    view.resize(1280, 800);
    view.setData(fixtureData(), nullptr);
    view.setAnalysis(analysis_);
    QVERIFY(view.setLayers({"errors"}).isEmpty());
    QVERIFY(view.legend()->errorLabelsShown());
    QVERIFY(view.legend()->text().contains("inversion"));
    const test::FixturePerson a{200, 60};
    const auto joints = a.joints();
    auto pixel = [&](double x, double y) {
      return view.canvas()->overlayImage().pixelColor(int(x), int(y));
    };
    QVERIFY(view.showImage(1));  // image 2: the left wrist jittered 15 px to the right
    QCOMPARE(pixel(joints[test::kLeftWrist][0] + 15, joints[test::kLeftWrist][1]),
             qcolor(JointLabel::Jitter));
    QCOMPARE(pixel(joints[0][0], joints[0][1]), qcolor(JointLabel::Good));
    QVERIFY(view.showImage(3));  // image 4: the left wrist on the other person's
    const auto other = test::FixturePerson{350, 60}.joints()[test::kLeftWrist];
    QCOMPARE(pixel(other[0], other[1] + 14), qcolor(JointLabel::Swap));
    QVERIFY(view.showImage(4));  // image 5: the left ankle missed
    QCOMPARE(pixel(joints[test::kLeftAnkle][0], joints[test::kLeftAnkle][1] - 80),
             qcolor(JointLabel::Miss));
    view.setLayer(OverlayLayer::Errors, false);
    QVERIFY(pixel(joints[0][0], joints[0][1]) != qcolor(JointLabel::Good));
    QVERIFY(!view.legend()->errorLabelsShown());
  }

  // Issue 33: at the default window size the person panel's ks column is whole: every value
  // (and the header) fits its section, and the section lies inside the table's viewport.
  void personPanelKsColumnFitsAtTheDefaultSize() {
    InspectView view;
    view.resize(1280, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setData(fixtureData(), nullptr);
    view.setAnalysis(analysis_);
    QVERIFY(view.showImage(2));  // image 3: the inversion, labels of every width
    view.selectPerson(0);
    QCOMPARE(view.personErrorsModel()->rowCount(), 17);
    auto* table = view.findChild<QTableView*>(QStringLiteral("personErrorsTable"));
    QVERIFY(table);
    QTest::qWait(50);  // the columns resize to their contents once laid out
    const QHeaderView* header = table->horizontalHeader();
    const int column = PersonErrorsModel::KsColumn;
    const int left = header->sectionViewportPosition(column);
    const int width = header->sectionSize(column);
    QVERIFY2(left >= 0 && left + width <= table->viewport()->width(),
             qPrintable(QStringLiteral("ks at %1 + %2 in a viewport %3 wide")
                            .arg(left)
                            .arg(width)
                            .arg(table->viewport()->width())));
    const QFontMetrics metrics(table->font());
    const int margin = 2 * (table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + 1);
    for (int row = 0; row < table->model()->rowCount(); ++row) {
      const QString text = table->model()->index(row, column).data().toString();
      QVERIFY2(metrics.horizontalAdvance(text) + margin <= width,
               qPrintable(QStringLiteral("'%1' in %2 px").arg(text).arg(width)));
    }
    QVERIFY(header->sectionSizeHint(column) <= width);
  }

  void selectingAPersonFillsThePersonPanel() {
    InspectView view;
    view.resize(1280, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setData(fixtureData(), nullptr);
    view.setAnalysis(analysis_);
    QVERIFY(view.showImage(3));
    QCOMPARE(view.selectedPerson(), -1);
    QCOMPARE(view.personErrorsModel()->rowCount(), 0);

    // A row of the people table (sorted by score: P1 0.9 first, P2 0.7 second).
    auto* people = view.findChild<QTableView*>("peopleTable");
    QVERIFY(people);
    people->selectionModel()->setCurrentIndex(people->model()->index(1, 0),
                                              QItemSelectionModel::ClearAndSelect);
    QCOMPARE(view.selectedPerson(), 1);
    QCOMPARE(view.personErrorsModel()->rowCount(), 17);
    QVERIFY(view.personSummary().contains("every joint good"));

    // A click on the first person's swapped wrist on the canvas.
    ImageCanvas* canvas = view.canvas();
    canvas->fit();
    const auto wrist = test::FixturePerson{350, 60}.joints()[test::kLeftWrist];
    const QPoint at = canvas->mapFromScene(QPointF(wrist[0] + 0.5, wrist[1] + 14.5));
    QCOMPARE(canvas->personAt(at), 0);
    QTest::mouseClick(canvas->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(view.selectedPerson(), 0);
    QCOMPARE(people->selectionModel()->currentIndex().row(), 0);
    QCOMPARE(view.personErrorsModel()
                 ->index(test::kLeftWrist, PersonErrorsModel::LabelColumn)
                 .data()
                 .toString(),
             QStringLiteral("swap"));
    // Layers and display filters keep the selection; another image clears it.
    view.setLayer(OverlayLayer::Matches, false);
    QCOMPARE(view.selectedPerson(), 0);
    QCOMPARE(view.personErrorsModel()->rowCount(), 17);
    QVERIFY(view.showImage(0));
    QCOMPARE(view.selectedPerson(), -1);
    QVERIFY(view.personSummary().contains("Select a person"));
  }

  void triagePresetsFollowTheAnalysisJson() {
    InspectView view;
    view.setData(fixtureData(), nullptr);
    for (TriagePreset preset : kTriagePresets) QVERIFY(!view.triageAction(preset)->isEnabled());
    view.setAnalysis(analysis_);
    checkPresetsAgainstJson(view);

    // Another page hands its own queue over; clear lists every image in dataset order again.
    view.showImageQueue(QStringLiteral("from a chart"), {5, 3, 1000});
    QCOMPARE(tableIds(view), (QList<qint64>{5, 3}));
    QVERIFY(view.queueText().contains("from a chart") && view.queueText().contains("(2 images)"));
    QCOMPARE(shownImageId(view), 5);
    auto* banner = view.findChild<QLabel*>("queueBanner");
    QVERIFY(banner && banner->isVisibleTo(&view));
    Q_EMIT banner->linkActivated(QStringLiteral("clear"));
    QCOMPARE(tableIds(view), (QList<qint64>{1, 2, 3, 4, 5, 6, 7}));
    QVERIFY(view.queueTitle().isEmpty() && view.queueText().isEmpty());
    QCOMPARE(shownImageId(view), 5);  // still shown and selected
    QVERIFY(view.stepImage(1));
    QCOMPARE(shownImageId(view), 6);

    // A new run drops the queue and the analysis.
    view.showTriageQueue(TriagePreset::Swaps);
    view.setData(fixtureData(), nullptr);
    QVERIFY(!view.analysis());
    QCOMPARE(view.proxyModel()->rowCount(), 7);
    QVERIFY(!view.triageAction(TriagePreset::Swaps)->isEnabled());
  }

  // Issue 33: the first queue is the worst images by AP lost (core's rankImages, as analyze
  // prints them), its key a column; "top" keeps its first images.
  void worstImagesQueueShowsApLostAndKeepsTheTop() {
    InspectView view;
    view.setData(fixtureData(), nullptr);
    view.setAnalysis(analysis_);
    QAbstractItemModelTester tester(view.tableModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(kTriagePresets.front(), TriagePreset::WorstImages);
    QVERIFY(triagePresetTitle(TriagePreset::WorstImages).contains(QLatin1String("AP lost")));
    QVERIFY(triagePresetTitle(TriagePreset::WorstOks)
                .contains(QLatin1String("lowest OKS of a localised detection (any score)")));
    view.triageAction(TriagePreset::WorstImages)->trigger();
    QList<qint64> expected;
    for (const RankedImage& r : *analysis_->worstImages) expected << r.imageId;
    QCOMPARE(tableIds(view), expected);
    QCOMPARE(view.proxyModel()->headerData(InspectTableModel::QueueKeyColumn, Qt::Horizontal),
             QVariant(QStringLiteral("AP lost")));
    const RankedImage& worst = analysis_->worstImages->front();
    QVERIFY(worst.apLost > 0);
    QCOMPARE(view.proxyModel()->index(0, InspectTableModel::QueueKeyColumn).data().toString(),
             QString::asprintf("%+.4f", worst.apLost));
    QCOMPARE(shownImageId(view), worst.imageId);

    auto* top = view.findChild<QSpinBox*>(QStringLiteral("queueTop"));
    QVERIFY(top);
    top->setValue(2);
    QCOMPARE(tableIds(view), expected.mid(0, 2));
    QVERIFY2(
        view.queueText().contains(QStringLiteral("the first 2 of %1 images").arg(expected.size())),
        qPrintable(view.queueText()));
    top->setValue(0);
    QCOMPARE(tableIds(view), expected);
    view.clearImageQueue();
    auto* table = view.findChild<QTableView*>(QStringLiteral("imageTable"));
    QVERIFY(table->isColumnHidden(InspectTableModel::QueueKeyColumn));
    QCOMPARE(view.proxyModel()->index(0, InspectTableModel::QueueKeyColumn).data().toString(),
             QStringLiteral("\u2013"));
  }

  // Issue 33: a segment of the per-joint error chart (the Results page's) opens a queue that
  // names its key, the count of that joint with that label in each image, shown as a column with
  // a "top N" box as the other queues are.
  void jointChartQueueShowsItsCountAndKeepsTheTop() {
    JointErrorChart chart;
    chart.setAnalysis(std::shared_ptr<const KeypointAnalysis>(analysis_, &analysis_->analysis));
    QSignalSpy requested(&chart, &JointErrorChart::imagesRequested);
    QVERIFY(chart.requestImages(test::kLeftWrist, JointLabel::Good));
    const ImageQueue queue = requested.at(0).at(0).value<ImageQueue>();
    QCOMPARE(queue.keyName, QStringLiteral("left_wrist good"));
    QVERIFY(queue.imageIds.size() > 1);

    InspectView view;
    view.resize(1280, 800);
    view.setData(fixtureData(), nullptr);
    view.setAnalysis(analysis_);
    QAbstractItemModelTester tester(view.proxyModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.showImageQueue(queue);
    QCOMPARE(tableIds(view), queue.imageIds);
    auto* table = view.findChild<QTableView*>(QStringLiteral("imageTable"));
    QVERIFY(!table->isColumnHidden(InspectTableModel::QueueKeyColumn));
    QCOMPARE(view.proxyModel()->headerData(InspectTableModel::QueueKeyColumn, Qt::Horizontal),
             QVariant(QStringLiteral("left_wrist good")));
    // Each image's count: its detections' left wrists labelled good.
    for (int row = 0; row < view.proxyModel()->rowCount(); ++row) {
      const qint64 id = tableIds(view)[row];
      int good = 0;
      for (const DetectionAnalysis& d : analysis_->analysis.detections)
        good += d.imageId == id && d.joints.size() > std::size_t(test::kLeftWrist) &&
                d.joints[std::size_t(test::kLeftWrist)] == JointLabel::Good;
      QVERIFY(good > 0);
      QCOMPARE(view.proxyModel()->index(row, InspectTableModel::QueueKeyColumn).data().toString(),
               QString::number(good));
    }
    QVERIFY(view.queueText().contains(queue.title.toHtmlEscaped()));
    auto* top = view.findChild<QSpinBox*>(QStringLiteral("queueTop"));
    QVERIFY(top->isVisible());
    top->setValue(1);
    QCOMPARE(tableIds(view), queue.imageIds.mid(0, 1));
  }

  void keyboardWalksTheQueue() {
    InspectView view;
    view.resize(1280, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowActive(&view));
    view.setData(fixtureData(), nullptr);
    view.setAnalysis(analysis_);
    view.showImageQueue(QStringLiteral("by hand"), {6, 2, 4});
    QCOMPARE(shownImageId(view), 6);
    view.canvas()->setFocus();
    QTest::keyClick(view.canvas(), Qt::Key_Period);
    QCOMPARE(shownImageId(view), 2);
    QTest::keyClick(view.canvas(), Qt::Key_PageDown);
    QCOMPARE(shownImageId(view), 4);
    QTest::keyClick(view.canvas(), Qt::Key_Comma);
    QCOMPARE(shownImageId(view), 2);
  }

  void sessionAnalysisReachesThePage() {
    RunSession session;
    InspectView view;
    view.followDocument(session.document());
    RunOverlayData data = fixtureData();
    data.runDir = runDir_.toStdString();
    view.setData(std::move(data), nullptr);
    QVERIFY(view.showImage(3));
    const auto run = std::make_shared<const LoadedRun>(loadRunFolder(runDir_.toStdString()));
    session.analysis()->analyzeRun(run);
    QTRY_VERIFY_WITH_TIMEOUT(view.analysis() != nullptr, 60000);
    QCOMPARE(view.tableModel()->index(3, InspectTableModel::SwapsColumn).data().toInt(), 1);
    QVERIFY(view.triageAction(TriagePreset::Swaps)->isEnabled());
    session.analysis()->clear();
    QVERIFY(!view.analysis());
    // A failure of the run shown is said on the status line.
    RunOverlayData gone = fixtureData();
    gone.runDir = dir_.filePath("missing").toStdString();
    const std::string goneDir = gone.runDir;
    view.setData(std::move(gone), nullptr);
    auto orphan = std::make_shared<LoadedRun>(*run);  // its annotation file is gone
    orphan->dir = goneDir;
    orphan->summary.annotationFile = dir_.filePath("missing/gone.json").toStdString();
    session.analysis()->analyzeRun(orphan);
    QTRY_VERIFY_WITH_TIMEOUT(view.statusText().contains("no error analysis"), 60000);
  }

  // The parity set's 300 images: many swaps and inversions, so each queue's order matters.
  void presetsOnParityResults() {
    POSESCOPE_REQUIRE_PARITY(parity);
    const KeypointGroundTruth gt = loadGroundTruth(parity + "/eval/syn_coco_300.gt.json");
    const auto results = loadResults(parity + "/eval/syn_coco_300.results.json");
    InspectView view;
    view.setData(overlayData(recordsOf(gt, results), gt), nullptr);
    view.setAnalysis(analyse(gt, results));
    QVERIFY(view.analysis()->triage.swaps.size() > 3);
    checkPresetsAgainstJson(view);
  }
};

POSESCOPE_TEST_MAIN(TestInspectErrors)
#include "tst_inspect_errors.moc"
