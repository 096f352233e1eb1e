// From "where the AP goes" to the images: a bar of the Results page's analysis charts opens the
// Inspect page on the queue of the images with that error.

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "widgets/analysis_run_fixture.h"
#include "widgets/common/ap_if_fixed_chart.h"
#include "widgets/common/joint_error_chart.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/main_window.h"

using namespace posescope;

class TestResultsToInspect : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void aBarOpensItsImagesOnInspect() {
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir dir;
    const QString annotations = dir.filePath("annotations.json");
    const QString run = dir.filePath("run");
    test::writeAnalysisFixtureGroundTruth(annotations.toStdString());
    test::writeAnalysisFixtureRun(run.toStdString(), annotations.toStdString());
    MainWindow window;
    QSignalSpy ready(window.session()->analysis(), &RunAnalysisSession::analysisReady);
    window.openRunFolder(run);
    QVERIFY(ready.wait(60000));
    ApIfFixedChart* chart = window.resultsView()->apChart();
    int swap = -1;
    for (std::size_t i = 0; i < chart->bars().size(); ++i)
      if (chart->bars()[i].error == ErrorType::Swap) swap = static_cast<int>(i);
    QVERIFY(chart->requestImages(swap));
    QCOMPARE(window.pages()->currentWidget(), static_cast<QWidget*>(window.inspectView()));
    QCOMPARE(window.inspectView()->queueTitle(), QStringLiteral("Images with swapped joints"));
    // Image 4 (dataset index 3) is the fixture's one swap.
    QCOMPARE(window.inspectView()->currentImage().value_or(99), std::size_t{3});
    // The per-joint chart does the same for one joint and label.
    QVERIFY(window.resultsView()->jointChart()->requestImages(test::kLeftWrist, JointLabel::Swap));
    QCOMPARE(window.inspectView()->queueTitle(), QStringLiteral("left_wrist: swap"));
  }
};

QTEST_MAIN(TestResultsToInspect)
#include "tst_results_to_inspect.moc"
