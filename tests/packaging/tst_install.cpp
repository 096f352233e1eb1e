// `cmake --install` into a temporary prefix: the binaries, the configs and demo weights under
// share/posescope, the desktop entry and icon; the installed CLI runs on the installed configs,
// and the GUI's demo lookup finds the installed demo next to bin/.

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#if POSESCOPE_GUI_BUILT
#include "widgets/session/demo_setup.h"
#include "widgets/session/network_engine.h"
#endif

namespace {

QByteArray sha1Of(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha1);
}

QString sourceDir() {
  return qEnvironmentVariable("POSESCOPE_SOURCE_DIR");
}

}  // namespace

class TestInstall : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString prefix_;

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    prefix_ = dir_.filePath("prefix");
    QProcess install;
    install.setProcessChannelMode(QProcess::MergedChannels);
    install.start(QStringLiteral(POSESCOPE_CMAKE),
                  {"--install", QStringLiteral(POSESCOPE_BUILD_DIR), "--prefix", prefix_});
    QVERIFY(install.waitForFinished(120000));
    QVERIFY2(install.exitCode() == 0, install.readAll().constData());
  }

  void installsBinariesConfigsAndDemo() {
    QStringList expected = {"bin/posescope-cli",
                            "libexec/posescope/posescope-cli-full",
                            "bin/posescope-train",
                            "share/posescope/configs/demo/demo.yaml",
                            "share/posescope/configs/demo/demo-arch.json",
                            "share/posescope/configs/demo/demo-arch-tiny.json",
                            "share/posescope/configs/arch/search-XS.json",
                            "share/posescope/configs/coco/mobilenet/mobile.yaml",
                            "share/posescope/configs/crowd_pose/mobilenet/mobile.yaml",
                            "share/posescope/resources/demo/README.md",
                            "share/doc/posescope/README.md",
                            "share/doc/posescope/LICENSE",
                            "share/doc/posescope/copyright"};
#if POSESCOPE_GUI_BUILT
    expected << "bin/posescope"
             << "libexec/posescope/posescope-network-engine.so"
             << "share/applications/posescope.desktop"
             << "share/icons/hicolor/scalable/apps/posescope.svg";
#endif
    for (const QString& file : expected)
      QVERIFY2(QFileInfo::exists(QDir(prefix_).filePath(file)), qPrintable(file));
    for (const QString& bin : {QString("bin/posescope-cli"), QString("bin/posescope-train"),
                               QString("libexec/posescope/posescope-cli-full")})
      QVERIFY(QFileInfo(QDir(prefix_).filePath(bin)).isExecutable());
    // Debian's copyright file carries the repository's license text.
    QFile copyright(QDir(prefix_).filePath("share/doc/posescope/copyright"));
    QVERIFY(copyright.open(QIODevice::ReadOnly));
    const QByteArray text = copyright.readAll();
    QVERIFY(text.contains("License: MIT"));
    QVERIFY(text.contains(" Permission is hereby granted, free of charge"));
    // The demo weights are the committed ones, byte for byte.
    for (const QString& weights :
         {QString("demo_litepose.pth"), QString("demo_litepose_tiny.pth")}) {
      const QByteArray installed =
          sha1Of(QDir(prefix_).filePath("share/posescope/resources/demo/" + weights));
      QVERIFY(!installed.isEmpty());
      QCOMPARE(installed, sha1Of(sourceDir() + "/resources/demo/" + weights));
    }
  }

  // `summary` builds a network: the installed front end must find posescope-cli-full in libexec.
  void installedCliRunsOnInstalledConfigs() {
    const QString share = QDir(prefix_).filePath("share/posescope/");
    QProcess cli;
    cli.start(QDir(prefix_).filePath("bin/posescope-cli"),
              {"summary", "--cfg", share + "configs/demo/demo.yaml", "--superconfig",
               share + "configs/demo/demo-arch.json"});
    QVERIFY(cli.waitForFinished(120000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    const QString out = QString::fromUtf8(cli.readAllStandardOutput());
    QVERIFY2(out.contains("Total Parameters: 239"), qPrintable(out.right(400)));
  }

  void desktopEntryStartsTheGui() {
#if POSESCOPE_GUI_BUILT
    QFile entry(QDir(prefix_).filePath("share/applications/posescope.desktop"));
    QVERIFY(entry.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(entry.readAll()).split('\n');
    QVERIFY(lines.contains("[Desktop Entry]"));
    QVERIFY(lines.contains("Exec=posescope"));  // the binary installed in bin/
    QVERIFY(lines.contains("Icon=posescope"));  // the SVG installed under icons/hicolor
    QVERIFY(lines.contains("Type=Application"));
#else
    QSKIP("headless build: no GUI, no desktop entry");
#endif
  }

  // The installed GUI finds its network engine in libexec and it loads (its LibTorch found).
  void guiFindsTheInstalledNetworkEngine() {
#if POSESCOPE_GUI_BUILT
    qunsetenv("POSESCOPE_NETWORK_ENGINE");  // the build tree's module, set by ctest
    const auto candidates =
        posescope::networkEngineCandidates(QDir(prefix_).filePath("bin").toStdString());
    const QString installed =
        QDir(prefix_).filePath(QStringLiteral("libexec/posescope/posescope-network-engine.so"));
    QCOMPARE(QDir::cleanPath(QString::fromStdString(candidates.back())), installed);
    try {
      posescope::loadNetworkEngine(candidates);
    } catch (const std::exception& e) {
      QFAIL(e.what());
    }
#else
    QSKIP("headless build: the network engine is the GUI's");
#endif
  }

  void guiFindsTheInstalledDemo() {
#if POSESCOPE_GUI_BUILT
    qunsetenv("POSESCOPE_DATA_DIR");  // the lookup must work from the install layout alone
    const posescope::DemoFiles demo = posescope::locateDemoFiles(QDir(prefix_).filePath("bin"));
    const QString share = QDir(QDir(prefix_).filePath("share/posescope")).absolutePath();
    QCOMPARE(QDir::cleanPath(demo.config), share + "/configs/demo/demo.yaml");
    QCOMPARE(QDir::cleanPath(demo.checkpoint), share + "/resources/demo/demo_litepose.pth");
    QCOMPARE(QDir::cleanPath(demo.tinyArch), share + "/configs/demo/demo-arch-tiny.json");
#else
    QSKIP("headless build: the demo lookup is the GUI's");
#endif
  }
};

QTEST_MAIN(TestInstall)
#include "tst_install.moc"
