// From "where the AP goes" to the images: a bar of the Results page's analysis charts opens the
// Inspect page on the queue of the images with that error. One image in view on every page: the
// document's current image, whichever page chose it, forgotten when another run opens.

#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "widgets/analysis_run_fixture.h"
#include "widgets/common/ap_if_fixed_chart.h"
#include "widgets/common/joint_error_chart.h"
#include "widgets/common/pr_curve_chart.h"
#include "widgets/models/record_table_model.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/pages/results/curves_view.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/pages/timing/timing_view.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/main_window.h"

using namespace posescope;

namespace {

// The dataset index of the row selected in the Results page's image table, if any.
std::optional<std::size_t> resultsSelection(MainWindow& window) {
  RecordTableModel* records = window.resultsView()->recordModel();
  for (auto* table : window.resultsView()->findChildren<QTableView*>()) {
    auto* proxy = qobject_cast<QSortFilterProxyModel*>(table->model());
    if (!proxy || proxy->sourceModel() != records) continue;
    const QModelIndexList rows = table->selectionModel()->selectedRows();
    if (rows.size() != 1) return std::nullopt;
    return records->records()[static_cast<std::size_t>(proxy->mapToSource(rows[0]).row())].index;
  }
  return std::nullopt;
}

// Writes the analysis fixture's run into `dir`, opens it in `window` and waits for its analysis.
bool openAnalysedFixture(MainWindow& window, const QTemporaryDir& dir) {
  QStandardPaths::setTestModeEnabled(true);
  const QString annotations = dir.filePath("annotations.json");
  const QString run = dir.filePath("run");
  test::writeAnalysisFixtureGroundTruth(annotations.toStdString());
  test::writeAnalysisFixtureRun(run.toStdString(), annotations.toStdString());
  QSignalSpy ready(window.session()->analysis(), &RunAnalysisSession::analysisReady);
  window.openRunFolder(run);
  return ready.wait(60000);
}

}  // namespace

class TestResultsToInspect : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void aBarOpensItsImagesOnInspect() {
    QTemporaryDir dir;
    MainWindow window;
    QVERIFY(openAnalysedFixture(window, dir));
    ApIfFixedChart* chart = window.resultsView()->apChart();
    int swap = -1;
    for (std::size_t i = 0; i < chart->bars().size(); ++i)
      if (chart->bars()[i].error == ErrorType::Swap) swap = static_cast<int>(i);
    QVERIFY(chart->requestImages(swap));
    QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(window.inspectView()));
    // The queue names its order: the images with the most swapped joints first (issue 33).
    QCOMPARE(window.inspectView()->queueTitle(),
             QStringLiteral("images with swapped joints (count), most first"));
    // Image 4 (dataset index 3) is the fixture's one swap.
    QCOMPARE(window.inspectView()->currentImage().value_or(99), std::size_t{3});
    // The per-joint chart does the same for one joint and label.
    QVERIFY(window.resultsView()->jointChart()->requestImages(test::kLeftWrist, JointLabel::Swap));
    QCOMPARE(window.inspectView()->queueTitle(),
             QStringLiteral("images with left_wrist swap (count), most first"));
  }

  // Issue 35: a point of the PR curve opens its detection on Inspect, that person selected.
  void aCurvePointOpensItsDetectionOnInspect() {
    QTemporaryDir dir;
    MainWindow window;
    QVERIFY(openAnalysedFixture(window, dir));
    const RunAnalysisPtr analysis = window.session()->document()->analysis();
    PrCurveChart* chart = window.resultsView()->curvesView()->prChart();
    const PrCurveChart::Curve& baseline = chart->curves().front();
    QCOMPARE(baseline.error, ErrorType::Baseline);
    QVERIFY(baseline.precision.front() > 0);
    chart->clickPoint(0, 0);  // recall 0: the best-scored true positive
    QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(window.inspectView()));
    QVERIFY2(window.inspectView()->queueTitle().startsWith("PR curve at recall 0.00"),
             qPrintable(window.inspectView()->queueTitle()));
    const std::size_t shown = window.inspectView()->currentImage().value();
    const std::int64_t imageId = window.inspectView()->data().recordOf(shown)->imageId;
    const int person = window.inspectView()->selectedPerson();
    QVERIFY(person >= 0);
    const std::size_t detection =
        analysis->detectionsOf(imageId).at(static_cast<std::size_t>(person));
    QCOMPARE(analysis->analysis.detections[detection].score, baseline.scores.front());
  }

  void oneImageInViewOnEveryPage() {
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir dir;
    const QString annotations = dir.filePath("annotations.json");
    test::writeAnalysisFixtureGroundTruth(annotations.toStdString());
    for (const char* run : {"run", "other"})
      test::writeAnalysisFixtureRun(dir.filePath(run).toStdString(), annotations.toStdString());
    MainWindow window;
    window.show();
    RunDocument* document = window.document();
    QSignalSpy opened(window.session(), &RunSession::runFolderOpened);
    window.openRunFolder(dir.filePath("run"));
    QVERIFY(opened.wait(60000));
    auto* timing = window.findChild<TimingView*>();

    // Results' double-click (or Enter): the Inspect page on that image, selected everywhere.
    Q_EMIT window.resultsView()->imageActivated(1);
    QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(window.inspectView()));
    QCOMPARE(document->currentImage().value_or(99), std::size_t{1});
    QCOMPARE(window.inspectView()->currentImage().value_or(99), std::size_t{1});
    QCOMPARE(resultsSelection(window).value_or(99), std::size_t{1});

    // A bar clicked on the Timing page: the same image on Results and Inspect, no page change.
    window.showPage(MainWindow::TimingPage);
    QTRY_VERIFY(timing->selectedImage() == std::optional<std::size_t>(1));  // caught up on show
    Q_EMIT timing->imageSelected(2);
    QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(timing));
    QCOMPARE(window.inspectView()->currentImage().value_or(99), std::size_t{2});
    QCOMPARE(resultsSelection(window).value_or(99), std::size_t{2});

    // Next image on Inspect: Results and Timing follow.
    QVERIFY(window.inspectView()->stepImage(1));
    const std::size_t next = window.inspectView()->currentImage().value_or(99);
    QCOMPARE(document->currentImage().value_or(98), next);
    QCOMPARE(timing->selectedImage().value_or(98), next);
    QCOMPARE(resultsSelection(window).value_or(98), next);

    // Another run folder: no image of the one before stays in view.
    window.openRunFolder(dir.filePath("other"));
    QVERIFY(opened.wait(60000));
    QVERIFY(!document->currentImage());
    QCOMPARE(document->runDir(), QFileInfo(dir.filePath("other")).absoluteFilePath());
  }
};

QTEST_MAIN(TestResultsToInspect)
#include "tst_results_to_inspect.moc"
