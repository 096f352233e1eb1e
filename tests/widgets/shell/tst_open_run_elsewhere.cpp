// Issue 15, item 1: a run folder made as scripts/demo makes it (posescope-cli eval with paths
// relative to the folder it runs in) opens with its heatmaps from any other working folder; a
// checkpoint changed since the run is said plainly where the maps are shown.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "built_programs.h"
#include "synthetic_fixture.h"
#include "test_files.h"
#include "test_support.h"
#include "widgets/common/image_canvas.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/main_window.h"

using namespace posescope;

namespace {

constexpr int kTimeoutMs = 180000;

using posescope::test::repoFile;

// Opens `dir` in `window` and shows its first image; true once its maps are drawn.
bool openAndShowMaps(MainWindow& window, const QString& dir, QString* why) {
  QSignalSpy opened(window.session(), &RunSession::runFolderOpened);
  window.openRunFolder(dir);
  if (!opened.wait(kTimeoutMs)) {
    *why = "the run folder was not opened";
    return false;
  }
  InspectView* inspect = window.inspectView();
  QSignalSpy maps(inspect, &InspectView::mapsShown);
  if (!inspect->showImage(0)) {
    *why = "no image 0";
    return false;
  }
  QElapsedTimer clock;
  clock.start();
  while (maps.isEmpty() && !inspect->statusText().contains("maps unavailable") &&
         clock.elapsed() < kTimeoutMs)
    QTest::qWait(20);
  *why = inspect->statusText();
  return !maps.isEmpty() && inspect->canvas()->hasMaps();
}

}  // namespace

class TestOpenRunElsewhere : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir tmp_;
  QString work_, runDir_;

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_open_run_elsewhere");
    QSettings().clear();
    QVERIFY(tmp_.isValid());
    // The demo's inputs inside a working folder, named relative to it as scripts/demo does.
    work_ = tmp_.filePath("work");
    QVERIFY(QDir().mkpath(work_ + "/resources/demo"));
    QVERIFY(QFile::copy(repoFile("resources/demo/demo_litepose.pth"),
                        work_ + "/resources/demo/demo_litepose.pth"));
    test::makeSyntheticCoco(work_ + "/data", 2);
    runDir_ = tmp_.filePath("run");
    QProcess cli;
    cli.setWorkingDirectory(work_);
    cli.start(posescope::test::cliPath(),
              {"eval", "--cfg", repoFile("configs/demo/demo.yaml"), "--superconfig",
               repoFile("configs/demo/demo-arch.json"), "--out", runDir_, "--device", "cpu",
               "--quiet", "DATASET.ROOT", "data/coco", "TEST.MODEL_FILE",
               "resources/demo/demo_litepose.pth", "TEST.FLIP_TEST", "False"});
    QVERIFY(cli.waitForFinished(kTimeoutMs));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
  }

  void mapsAvailableFromAnotherFolder() {
    const QString elsewhere = tmp_.filePath("elsewhere");
    QVERIFY(QDir().mkpath(elsewhere));
    const QString previous = QDir::currentPath();
    QVERIFY(QDir::setCurrent(elsewhere));
    MainWindow window;
    window.resize(1280, 800);
    QString why;
    const bool ok = openAndShowMaps(window, runDir_, &why);
    QDir::setCurrent(previous);
    QVERIFY2(ok, qPrintable(why));
    QVERIFY2(!why.contains("unavailable"), qPrintable(why));
    QVERIFY(window.inspectView()->inputsWarning().isEmpty());
  }

  void changedCheckpointIsSaidWhereMapsAreShown() {
    QFile checkpoint(work_ + "/resources/demo/demo_litepose.pth");
    QVERIFY(checkpoint.open(QIODevice::Append));
    checkpoint.write("x");  // the file the run used is not this one any more
    checkpoint.close();
    MainWindow window;
    QSignalSpy opened(window.session(), &RunSession::runFolderOpened);
    window.openRunFolder(runDir_);
    QVERIFY(opened.wait(kTimeoutMs));
    const QString warning = window.inspectView()->inputsWarning();
    QVERIFY2(warning.contains("checkpoint") && warning.contains("demo_litepose.pth") &&
                 warning.contains("changed since the run"),
             qPrintable(warning));
  }
};

QTEST_MAIN(TestOpenRunElsewhere)
#include "tst_open_run_elsewhere.moc"
