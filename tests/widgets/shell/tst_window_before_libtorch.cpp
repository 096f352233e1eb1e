// The window appears without waiting for LibTorch (issue 17): the GUI executable links none, the
// whole window is built, shown and painted with none loaded, and the network engine then arrives
// on its own, after which the device choices are known.

#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

#include "built_programs.h"
#include "widgets/loaded_libraries.h"
#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/session/network_engine.h"
#include "widgets/shell/main_window.h"

using namespace posescope;
using posescope::test::libTorchLoaded;

class TestWindowBeforeLibTorch : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  // ldd lists every shared library the dynamic loader maps before main() runs.
  void guiExecutableLinksNoLibTorch() {
    QProcess ldd;
    ldd.start(QStringLiteral("ldd"), {test::guiPath()});
    QVERIFY(ldd.waitForFinished(60000));
    QCOMPARE(ldd.exitCode(), 0);
    const QString libraries = QString::fromLocal8Bit(ldd.readAllStandardOutput());
    QVERIFY2(libraries.contains("libQt6Widgets"), qPrintable(libraries));
    QVERIFY2(!libraries.contains("libtorch"), qPrintable(libraries));
    QVERIFY2(!libraries.contains("libc10"), qPrintable(libraries));
  }

  void windowShowsThenTheEngineLoads() {
    QVERIFY(!libTorchLoaded());
    MainWindow window;
    window.runSetupView()->setDevice(QStringLiteral("cuda:0"));
    // Until LibTorch says which devices there are, a CUDA device is not ruled out.
    QCOMPARE(window.runSetupView()->fieldError(SetupField::Device), QString());
    // Shown and painted before the event loop runs: the engine starts loading from the event loop.
    window.show();
    QVERIFY(window.isVisible());
    QVERIFY(!window.grab().isNull());
    QVERIFY2(!libTorchLoaded(), "the window waited for LibTorch");

    // From the event loop, with nothing asked of it, the engine loads and the devices are known.
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(libTorchLoaded(), 120000);
    const bool cuda = networkEngine().cudaDeviceCount() > 0;
    QTRY_COMPARE_WITH_TIMEOUT(window.runSetupView()->fieldError(SetupField::Device).isEmpty(), cuda,
                              60000);
  }
};

QTEST_MAIN(TestWindowBeforeLibTorch)
#include "tst_window_before_libtorch.moc"
