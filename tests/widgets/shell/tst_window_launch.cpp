// The window's launch options as the shell acts on them (app/gui/main.cpp only reads the words):
// page and tab names, and a run folder opened at launch shown on the image, person, layers and
// evaluation settings asked for, whatever becomes of the caller's copy of the options.

#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

#include "widgets/analysis_run_fixture.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_reevaluation.h"
#include "widgets/shell/window_launch.h"

using namespace posescope;

namespace {

constexpr int kTimeoutMs = 120000;

}  // namespace

class TestWindowLaunch : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString runDir_;

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_window_launch");
    QVERIFY(dir_.isValid());
    const QString annotations = dir_.filePath("annotations.json");
    runDir_ = dir_.filePath("run");
    test::writeAnalysisFixtureGroundTruth(annotations.toStdString());
    test::writeAnalysisFixtureRun(runDir_.toStdString(), annotations.toStdString());
  }

  void namesFollowTheWindowsEnums() {
    QCOMPARE(pageNamed("inspect"), std::optional(MainWindow::InspectPage));
    QCOMPARE(pageNamed("runs"), std::optional(MainWindow::RunsPage));
    QVERIFY(!pageNamed("Inspect"));
    QCOMPARE(detailTabNamed("annotation-qa"), std::optional(MainWindow::AnnotationQaTab));
    QCOMPARE(detailTabNamed("curves"), std::optional(MainWindow::CurvesTab));
    QVERIFY(!detailTabNamed("bogus"));
    const char* const three[] = {"a", "b", "c"};
    QCOMPARE(namesText(three, 3), std::string("a, b or c"));
    QCOMPARE(namesText(three, 1), std::string("a"));
  }

  void aRunOpenedAtLaunchShowsWhatWasAsked() {
    MainWindow window;
    QStringList reports;
    EvalParams defaultsSeen;
    {
      WindowLaunch launch;  // gone before the folder is read, as main()'s would be moved
      launch.inspectImage = 3;
      launch.person = 0;
      launch.layers = {"predictions", "gt"};
      launch.evalSettings = [&defaultsSeen](const EvalParams& runDefaults) {
        defaultsSeen = runDefaults;
        EvalParams settings = runDefaults;
        settings.maxDets = 5;
        return std::optional(settings);
      };
      launch.report = [&reports](const QString& message) { reports << message; };
      openRunAtLaunch(window, runDir_, launch);
    }
    QTRY_COMPARE_WITH_TIMEOUT(window.pages()->currentIndex(), int{MainWindow::InspectPage},
                              kTimeoutMs);
    QCOMPARE(window.document()->currentImage(), std::optional<std::size_t>(3));
    QCOMPARE(window.inspectView()->selectedPerson(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(window.document()->reevaluation() != nullptr, kTimeoutMs);
    QCOMPARE(window.document()->reevaluation()->params.maxDets, 5);
    QCOMPARE(defaultsSeen.sigmas.size(), std::size_t{17});  // the run's own: COCO's joints
    QVERIFY2(reports.isEmpty(), qPrintable(reports.join('\n')));
  }

  void whatCannotBeShownIsReported() {
    MainWindow window;
    QStringList reports;
    WindowLaunch launch;
    launch.inspectImage = 99;
    launch.report = [&reports](const QString& message) { reports << message; };
    openRunAtLaunch(window, runDir_, launch);
    QTRY_VERIFY_WITH_TIMEOUT(!reports.isEmpty(), kTimeoutMs);
    QVERIFY2(reports.first().contains("no image 99"), qPrintable(reports.first()));

    reports.clear();
    openRunAtLaunch(window, dir_.filePath("no-such-run"), launch);
    QTRY_VERIFY_WITH_TIMEOUT(!reports.isEmpty(), kTimeoutMs);
    QVERIFY2(reports.first().contains("no-such-run"), qPrintable(reports.first()));
  }
};

QTEST_MAIN(TestWindowLaunch)
#include "tst_window_launch.moc"
