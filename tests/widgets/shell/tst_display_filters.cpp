// Issue 33, "No hidden state": a display filter that is not its default is said above the
// canvas with what it hides on the image shown and a reset; another run resets it (or keeps it
// when asked) and the status bar says which; exported overlays name the layers and filters they
// were drawn with in their header and in the PNG's text, with a legend under them, and a narrow
// image's header wraps instead of being cut.

#include <QApplication>
#include <QCheckBox>
#include <QImage>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include <opencv2/imgcodecs.hpp>

#include "cli_runner.h"
#include "render/export_legend.h"
#include "render/overlay_export.h"
#include "widgets/analysis_run_fixture.h"
#include "widgets/common/display_filter_banner.h"
#include "widgets/common/image_canvas.h"
#include "widgets/pages/compare/canvas_pair.h"
#include "widgets/pages/compare/compare_view.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/session/overlay_export.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/export_actions.h"
#include "widgets/shell/main_window.h"

using namespace posescope;

namespace {

constexpr int kTimeoutMs = 60000;

bool openRun(MainWindow& window, const QString& dir) {
  QSignalSpy opened(window.session(), &RunSession::runFolderOpened);
  window.openRunFolder(dir);
  return opened.wait(kTimeoutMs);
}

}  // namespace

class TestDisplayFilters : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir tmp_;
  QString runA_, runB_, annotations_;

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    annotations_ = tmp_.filePath("gt.json");
    test::writeAnalysisFixtureGroundTruth(annotations_.toStdString());
    runA_ = tmp_.filePath("runA");
    runB_ = tmp_.filePath("runB");
    test::writeAnalysisFixtureRun(runA_.toStdString(), annotations_.toStdString());
    test::writeAnalysisFixtureRun(runB_.toStdString(), annotations_.toStdString());
  }

  void init() { QSettings().clear(); }

  void bannerSaysWhatTheScoreFloorHides() {
    MainWindow window;
    QVERIFY(openRun(window, runA_));
    InspectView* inspect = window.inspectView();
    QTRY_VERIFY_WITH_TIMEOUT(inspect->data().records.size() == 7, kTimeoutMs);
    QVERIFY(window.inspectImage(0));  // image 1: one person scoring 0.9
    DisplayFilterBanner* banner = inspect->filterBanner();
    QVERIFY(banner->isHidden());  // defaults: nothing to say
    inspect->setDisplayFilter(0.95, 0);
    QVERIFY(!banner->isHidden());
    QVERIFY2(
        banner->text().contains(QStringLiteral("score \u2265 0.95: 1 of 1 predictions hidden")),
        qPrintable(banner->text()));
    inspect->setDisplayFilter(0.5, 0);
    QVERIFY2(
        banner->text().contains(QStringLiteral("score \u2265 0.50: 0 of 1 predictions hidden")),
        qPrintable(banner->text()));
    inspect->resetDisplayFilters();  // the banner's reset link
    QVERIFY(banner->isHidden());
    QCOMPARE(inspect->options().minPersonScore, 0.0);
  }

  void anotherRunResetsOrKeepsTheFilters() {
    MainWindow window;
    QVERIFY(openRun(window, runA_));
    InspectView* inspect = window.inspectView();
    QTRY_VERIFY_WITH_TIMEOUT(inspect->data().records.size() == 7, kTimeoutMs);
    inspect->setDisplayFilter(0.3, 0);
    QSignalSpy followed(inspect, &InspectView::displayFiltersFollowedRun);
    QVERIFY(openRun(window, runB_));
    QTRY_COMPARE_WITH_TIMEOUT(followed.size(), 1, kTimeoutMs);
    QCOMPARE(inspect->options().minPersonScore, 0.0);  // reset by default
    QVERIFY(inspect->filterBanner()->isHidden());
    QTRY_VERIFY2_WITH_TIMEOUT(window.statusBar()->currentMessage().contains(QStringLiteral(
                                  "Display filters reset for the new run (score \u2265 0.30")),
                              qPrintable(window.statusBar()->currentMessage()), kTimeoutMs);

    // Pinned: kept, and said so.
    inspect->setDisplayFilter(0.3, 2);
    inspect->filterBanner()->keepBox()->setChecked(true);
    QVERIFY(openRun(window, runA_));
    QTRY_COMPARE_WITH_TIMEOUT(followed.size(), 2, kTimeoutMs);
    QCOMPARE(inspect->options().minPersonScore, 0.3);
    QCOMPARE(inspect->options().maxPeople, 2);
    QVERIFY(!inspect->filterBanner()->isHidden());
    QTRY_VERIFY2_WITH_TIMEOUT(
        window.statusBar()->currentMessage().contains(
            QStringLiteral("Display filter score \u2265 0.30, top 2 kept from the previous run")),
        qPrintable(window.statusBar()->currentMessage()), kTimeoutMs);

    // The same folder read again changes nothing: Inspect is given its data again (the moment
    // another run's filters would follow), and no note comes.
    QSignalSpy inspected(window.session()->document(), &RunDocument::inspectionChanged);
    QVERIFY(openRun(window, runA_));
    QTRY_VERIFY_WITH_TIMEOUT(!inspected.isEmpty(), kTimeoutMs);
    QCOMPARE(followed.size(), 2);
  }

  // Issue 33: another pair of runs on the Compare page resets its filters as another run does on
  // Inspect, and the status bar says so; A and B exchanged are the same pair.
  void anotherPairResetsTheCompareFilters() {
    const QString runC = tmp_.filePath("runC");
    test::writeAnalysisFixtureRun(runC.toStdString(), annotations_.toStdString());
    MainWindow window;
    QSignalSpy compared(window.session(), &RunSession::comparisonOpened);
    window.compareRuns(runA_, runB_);
    QVERIFY(compared.wait(kTimeoutMs));
    CanvasPair* pair = window.compareView()->canvasPair();
    RenderOptions options = pair->options();
    options.minPersonScore = 0.3;
    pair->setOptions(options);
    QSignalSpy followed(pair, &CanvasPair::displayFiltersFollowedRuns);
    window.compareView()->swapRuns();
    QCOMPARE(pair->options().minPersonScore, 0.3);
    window.compareRuns(runA_, runC);
    QVERIFY(compared.wait(kTimeoutMs));
    QTRY_COMPARE_WITH_TIMEOUT(followed.size(), 1, kTimeoutMs);
    QCOMPARE(pair->options().minPersonScore, 0.0);
    QTRY_VERIFY2_WITH_TIMEOUT(
        window.statusBar()->currentMessage().contains(QStringLiteral(
            "Compare: display filters reset for the new pair of runs (score \u2265 0.30")),
        qPrintable(window.statusBar()->currentMessage()), kTimeoutMs);
  }

  // The Compare page's canvases: one set of filters, what they hide on each side.
  void compareCanvasesSayWhatTheFiltersHide() {
    CanvasPair pair;
    pair.resize(900, 600);
    pair.show();
    OverlayScene a, b;
    PersonPrediction low, high;
    low.score = 0.2F;
    high.score = 0.9F;
    a.predictions = {low, high};
    b.predictions = {high};
    QImage image(64, 48, QImage::Format_RGB888);
    image.fill(Qt::gray);
    pair.canvas(CanvasPair::A)->setImage(image, a);
    pair.canvas(CanvasPair::B)->setImage(image, b);
    QVERIFY(pair.filterBanner()->isHidden());
    RenderOptions options = pair.options();
    options.minPersonScore = 0.5;
    pair.setOptions(options);
    QVERIFY2(pair.filterBanner()->text().contains(
                 QStringLiteral("score \u2265 0.50: A: 1 of 2, B: 0 of 1 predictions hidden")),
             qPrintable(pair.filterBanner()->text()));
    // Another pair of runs resets them unless kept, as on Inspect (tst_compare_view).
    QVERIFY(!pair.filterBanner()->keepBox()->isHidden());
    Q_EMIT pair.filterBanner()->resetRequested();  // as the reset link does
    QCOMPARE(pair.options().minPersonScore, 0.0);
    QVERIFY(pair.filterBanner()->isHidden());
  }

  // Export -> Overlays of All Images with a score floor: each PNG's header and text name it,
  // a narrow image's header wraps, and a legend is under the overlay.
  void exportedOverlaysNameTheirLayersAndFilters() {
    MainWindow window;
    QVERIFY(openRun(window, runA_));
    InspectView* inspect = window.inspectView();
    QTRY_VERIFY_WITH_TIMEOUT(inspect->data().records.size() == 7, kTimeoutMs);
    inspect->setDisplayFilter(0.3, 0);
    // The fixture has no image files: narrow ones (120 x 300) where the export looks for them.
    const QString images = tmp_.filePath("images");
    QVERIFY(QDir().mkpath(images));
    auto data = std::make_shared<RunOverlayData>(inspect->data());
    data->imageDirectory = images.toStdString();
    std::vector<std::size_t> indices;
    for (const ImageRecord& record : data->records) {
      indices.push_back(record.index);
      QVERIFY(cv::imwrite((images + "/" + QString::fromStdString(record.file)).toStdString(),
                          cv::Mat(300, 120, CV_8UC3, cv::Scalar(90, 90, 90))));
    }
    // Through the Export menu's job the status bar names the filter. The run's images are not
    // where its data says: the warning that lists them skipped is closed as it opens.
    QTimer closeWarnings;
    connect(&closeWarnings, &QTimer::timeout, [] {
      if (QWidget* modal = QApplication::activeModalWidget()) modal->close();
    });
    closeWarnings.start(50);
    QString error;
    OverlayExportJob* menuJob =
        window.exportActions()->startOverlayExport(false, tmp_.filePath("menu_overlays"), &error);
    QVERIFY2(menuJob, qPrintable(error));
    QTRY_VERIFY2_WITH_TIMEOUT(window.statusBar()->currentMessage().contains(QStringLiteral(
                                  "with the display filter score \u2265 0.30 of the Inspect page")),
                              qPrintable(window.statusBar()->currentMessage()), kTimeoutMs);
    const QString out = tmp_.filePath("overlays");
    OverlayExportJob job(data, inspect->analysis(), indices, inspect->options(), out);
    QSignalSpy finished(&job, &OverlayExportJob::finished);
    job.start();
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(job.result().written, std::size_t(7));
    const QImage overlay(out + "/img_1.png");
    QVERIFY(!overlay.isNull());
    QCOMPARE(overlay.text("posescope:layers"), QStringLiteral("predictions,gt,crowd,matches"));
    QCOMPARE(overlay.text("posescope:filters"), QStringLiteral("score >= 0.30"));
    QCOMPARE(overlay.text("posescope:hidden"), QStringLiteral("0 of 1 predictions"));
    // Drawn x3 (360 x 900): the header takes several lines of 22 px instead of one cut line,
    // the scale bar 30 px, the legend its rows.
    QCOMPARE(overlay.width(), 360);
    const int legend = exportLegend(360, inspect->options()).rows;
    QVERIFY(legend > 0);
    QVERIFY2(overlay.height() >= 900 + 30 + legend + 4 * 22,
             qPrintable(QString::number(overlay.height())));
  }

  // Issue 53: with the Errors layer on, the bulk export of an image, the canvas export and
  // `posescope-cli export --what overlays --framed` draw the same pixels (the bulk export drew
  // the joints plain while its header said "errors").
  void theErrorsLayerIsTheSameOnTheCanvasInTheBulkExportAndFromTheCli() {
    // An imported copy of the fixture run, its images (grey, 320 x 240) where the import says.
    const QString images = tmp_.filePath("error-images");
    QVERIFY(QDir().mkpath(images));
    for (const ImageRecord& record : test::analysisFixtureRecords())
      QVERIFY(cv::imwrite((images + "/" + QString::fromStdString(record.file)).toStdString(),
                          cv::Mat(240, 320, CV_8UC3, cv::Scalar(90, 90, 90))));
    const QString run = tmp_.filePath("errors-imported");
    const test::CliRun imported =
        test::runCli({"import", "--gt", annotations_, "--dt", runA_ + "/results.json", "--images",
                      images, "--out", run, "--quiet"});
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));

    MainWindow window;
    QVERIFY(openRun(window, run));
    InspectView* inspect = window.inspectView();
    QTRY_VERIFY_WITH_TIMEOUT(inspect->data().records.size() == 7, kTimeoutMs);
    const QStringList layers = {"predictions", "gt", "crowd", "matches", "errors"};
    QVERIFY(inspect->setLayers(layers).isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(inspect->analysis() != nullptr, kTimeoutMs);
    const ImageRecord& record = inspect->data().records.at(2);
    QSignalSpy decoded(inspect, &InspectView::imageDecoded);
    QVERIFY(window.inspectImage(record.index));
    QTRY_VERIFY_WITH_TIMEOUT(!inspect->readingImage() && !decoded.isEmpty(), kTimeoutMs);
    const QString canvasFile = tmp_.filePath("canvas.png");
    QString error;
    QVERIFY2(window.exportActions()->exportCurrentCanvas(canvasFile, &error), qPrintable(error));

    const QString bulk = tmp_.filePath("bulk");
    OverlayExportJob job(inspect->sharedData(), inspect->analysis(), {record.index},
                         inspect->options(), bulk);
    QSignalSpy finished(&job, &OverlayExportJob::finished);
    job.start();
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(job.result().written, std::size_t(1));

    const QString cli = tmp_.filePath("cli");
    const test::CliRun exported =
        test::runCli({"export", run, "--what", "overlays", "--layers", layers.join(','), "--framed",
                      "--out", cli, "--quiet"});
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));

    const QString name = QString::fromStdString(overlayFileName(record));
    const QImage canvas(canvasFile), fromBulk(bulk + "/" + name), fromCli(cli + "/" + name);
    QVERIFY(!canvas.isNull() && !fromBulk.isNull() && !fromCli.isNull());
    for (const QImage* image : {&canvas, &fromBulk, &fromCli})
      QCOMPARE(image->text("posescope:layers"), layers.join(','));
    QCOMPARE(fromBulk.convertToFormat(QImage::Format_RGB888),
             canvas.convertToFormat(QImage::Format_RGB888));
    QCOMPARE(fromCli.convertToFormat(QImage::Format_RGB888),
             canvas.convertToFormat(QImage::Format_RGB888));
    // And the errors are drawn: without the layer the same image differs.
    inspect->setLayer(OverlayLayer::Errors, false);
    QVERIFY(window.exportActions()->exportCurrentCanvas(tmp_.filePath("plain.png"), &error));
    QVERIFY(QImage(tmp_.filePath("plain.png")).convertToFormat(QImage::Format_RGB888) !=
            canvas.convertToFormat(QImage::Format_RGB888));
  }
};

QTEST_MAIN(TestDisplayFilters)
#include "tst_display_filters.moc"
