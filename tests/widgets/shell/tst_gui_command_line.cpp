// The posescope executable's command line, run as a user runs it (offscreen): help and version
// (also without any display), and bad command lines refused with exit code 2 and a message
// naming the option, before any window is shown.

#include <QProcess>
#include <QtTest>

#include "built_programs.h"

namespace {

struct Run {
  int exitCode = -1;
  QString out, err;
};

// Runs the window's executable offscreen, or with no display at all (`display` false).
Run runGui(const QStringList& args, bool display = true) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  if (display) {
    env.insert("QT_QPA_PLATFORM", "offscreen");
  } else {
    for (const char* name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"}) env.remove(name);
  }
  p.setProcessEnvironment(env);
  p.start(posescope::test::guiPath(), args);
  Run r;
  if (!p.waitForFinished(60000)) {
    p.kill();
    p.waitForFinished();
    return r;
  }
  r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

}  // namespace

class TestGuiCommandLine : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void helpAndVersion() {
    const Run help = runGui({"--help"});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains("--open-run DIR"));
    QVERIFY(help.out.contains("--compare RUN_A RUN_B"));
    const Run version = runGui({"--version"});
    QCOMPARE(version.exitCode, 0);
    QVERIFY(version.out.startsWith("PoseScope "));
  }

  // Help, version and bad command lines are answered before Qt looks for a display (on a server
  // without one, a GUI application aborts when it finds none).
  void helpNeedsNoDisplay() {
    const Run help = runGui({"--help"}, false);
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.contains("--open-run DIR"), qPrintable(help.err));
    QVERIFY(help.out.contains("--max-dets N"));  // the evaluation settings, as the CLI's
    QVERIFY(help.err.isEmpty());
    const Run version = runGui({"--version"}, false);
    QCOMPARE(version.exitCode, 0);
    QVERIFY2(version.out.startsWith("PoseScope "), qPrintable(version.out + version.err));
    // --min-score is the Inspect display filter alone: not also the evaluation settings' score
    // floor, which would evaluate the run again (numbers that are not valid.py's) and need
    // --open-run.
    QCOMPARE(help.out.count("--min-score"), 1);
    const Run filter = runGui({"--min-score", "0.3", "--version"}, false);
    QCOMPARE(filter.exitCode, 0);
    const Run bad = runGui({"--page", "bogus"}, false);
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains("--page: unknown page 'bogus'"), qPrintable(bad.err));
  }

  void badCommandLinesExitTwo_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("unknown option") << QStringList{"--bogus"} << "--bogus";
    QTest::newRow("missing value") << QStringList{"--cfg"} << "--cfg needs a value";
    QTest::newRow("one run to compare") << QStringList{"--compare", "a"} << "--compare";
    QTest::newRow("odd overrides") << QStringList{"--fresh", "TEST.FLIP_TEST"} << "KEY VALUE";
    QTest::newRow("joint not a number") << QStringList{"--joint", "x"} << "--joint";
    QTest::newRow("unknown layer") << QStringList{"--fresh", "--layers", "gt,bogus"} << "bogus";
    QTest::newRow("unknown queue") << QStringList{"--fresh", "--queue", "bogus"} << "worst-oks";
    QTest::newRow("person not a number") << QStringList{"--person", "x"} << "--person";
    QTest::newRow("unknown tab") << QStringList{"--tab", "bogus"} << "--tab: unknown tab";
    QTest::newRow("settings without a run") << QStringList{"--max-dets", "5"} << "need --open-run";
  }
  void badCommandLinesExitTwo() {
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    const Run r = runGui(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(mentions), qPrintable(r.err));
  }
};

QTEST_GUILESS_MAIN(TestGuiCommandLine)
#include "tst_gui_command_line.moc"
