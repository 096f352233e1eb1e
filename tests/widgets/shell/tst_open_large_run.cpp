// Opening a large run folder does not stall the window: a generated 5,000-image run (records,
// per-image evaluation, ground truth of 10,000 people) is read in the background while a timer
// ticking on the GUI thread measures how late it gets.

#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <string>

#include "pipeline/run_folder.h"
#include "report/report_fixtures.h"
#include "widgets/lateness_probe.h"
#include "widgets/models/record_table_model.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/main_window.h"

using namespace posescope;

namespace {

constexpr int kImages = 5000;
constexpr int kPeoplePerImage = 2;
constexpr int kTickMs = 10;
constexpr qint64 kWorstLatenessMs = 50;

// COCO ground truth: `images` images, kPeoplePerImage people each (ids as the fixture's
// evaluations name them: image id * 100 and image id * 100 + 1).
void writeGroundTruth(const QString& path, int images) {
  std::string json = R"({"images": [)";
  for (int i = 1; i <= images; ++i)
    json += (i > 1 ? "," : "") + std::string(R"({"id": )") + std::to_string(i) +
            R"(, "file_name": "img_)" + std::to_string(i) +
            R"(.jpg", "width": 640, "height": 480})";
  json += R"(], "annotations": [)";
  bool first = true;
  for (int i = 1; i <= images; ++i) {
    for (int p = 0; p < kPeoplePerImage; ++p) {
      std::string keypoints;
      for (int j = 0; j < 17; ++j)
        keypoints += (j ? ", " : "") + std::to_string(10 + 5 * j + 40 * p) + ", " +
                     std::to_string(20 + 3 * j) + ", 2";
      json += (first ? "" : ",") + std::string(R"({"id": )") + std::to_string(i * 100 + p) +
              R"(, "image_id": )" + std::to_string(i) + R"(, "category_id": 1, "iscrowd": 0, )" +
              R"("area": 5000, "num_keypoints": 17, "bbox": [10, 20, 100, 60], "keypoints": [)" +
              keypoints + "]}";
      first = false;
    }
  }
  json +=
      R"(], "categories": [{"id": 1, "name": "person", "keypoints": ["nose", "left_eye", )"
      R"("right_eye", "left_ear", "right_ear", "left_shoulder", "right_shoulder", "left_elbow", )"
      R"("right_elbow", "left_wrist", "right_wrist", "left_hip", "right_hip", "left_knee", )"
      R"("right_knee", "left_ankle", "right_ankle"]}]})";
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write(json.data(), static_cast<qint64>(json.size()));
}

}  // namespace

class TestOpenLargeRun : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString runDir_;

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_open_large_run");
    QVERIFY(dir_.isValid());
    runDir_ = dir_.filePath("run");
    std::vector<test::FixtureImage> images;
    for (int i = 1; i <= kImages; ++i) {
      test::FixtureImage image;
      image.id = i;
      image.people = kPeoplePerImage;
      image.ms = 10 + i % 7;
      image.ap = (i % 10) / 10.0;
      image.oks = (i % 5) / 5.0;
      images.push_back(image);
    }
    // The run's ground truth and config too, so opening reads what a real run folder holds.
    const QString annotations = dir_.filePath("person_keypoints_val2017.json");
    writeGroundTruth(annotations, kImages);
    test::writeFixtureRun(runDir_.toStdString(), "search-XS", images, test::cocoNames(),
                          std::vector<double>(10, 0.5), annotations.toStdString());
    QFile config(runDir_ + "/" + runfiles::kConfig);
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write(("DATASET:\n  ROOT: '" + dir_.path() + "'\n  TEST: val2017\n").toUtf8());
  }

  void openingKeepsTheWindowResponsive() {
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy opened(window.session(), &RunSession::runFolderOpened);
    QSignalSpy failed(window.session(), &RunSession::runFolderFailed);
    QSignalSpy analysed(window.session()->analysis(), &RunAnalysisSession::analysisReady);
    QSignalSpy notAnalysed(window.session()->analysis(), &RunAnalysisSession::analysisFailed);

    test::LatenessProbe probe(kTickMs);
    window.openRunFolder(runDir_);
    QTRY_VERIFY_WITH_TIMEOUT(!opened.isEmpty() || !failed.isEmpty(), 60000);
    // The error analysis follows in the background, and its arrival fills the Inspect page.
    QTRY_VERIFY_WITH_TIMEOUT(!analysed.isEmpty() || !notAnalysed.isEmpty() || !failed.isEmpty(),
                             120000);
    QTest::qWait(300);  // the pages lay out and draw what they were given
    probe.stop();
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(1).toString()));
    QVERIFY2(notAnalysed.isEmpty(), qPrintable(notAnalysed.value(0).value(0).toString()));
    QVERIFY(window.inspectView()->analysis() != nullptr);
    qInfo(
        "GUI timer while opening %d images and analysing them: %d ticks over %lld ms, worst "
        "lateness %lld ms",
        kImages, probe.ticks(), static_cast<long long>(probe.elapsedMs()),
        static_cast<long long>(probe.worstMs()));

    // Everything was read: records, per-image evaluation, ground truth.
    QCOMPARE(window.resultsView()->recordModel()->rowCount(), kImages);
    const RunOverlayData& data = window.inspectView()->data();
    QCOMPARE(data.records.size(), size_t(kImages));
    QVERIFY2(data.warnings.empty(), data.warnings.empty() ? "" : data.warnings.front().c_str());
    QVERIFY(data.evaluations.find(1) && data.evaluations.find(kImages));
    QCOMPARE(data.sceneFor(data.records.front()).groundTruth.size(), size_t(kPeoplePerImage));
    QVERIFY(probe.ticks() > 10);
    QVERIFY2(probe.worstMs() < kWorstLatenessMs,
             qPrintable(QString("worst lateness %1 ms").arg(probe.worstMs())));
  }
};

QTEST_MAIN(TestOpenLargeRun)
#include "tst_open_large_run.moc"
