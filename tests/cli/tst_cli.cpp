// posescope-cli as a user runs it: usage and exit codes, `config`, `eval` errors and, with the
// parity data, `eval` reproducing the reference's metric table.

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

#include "test_files.h"
#include "test_support.h"

namespace {

using posescope::test::CliRun;
using posescope::test::runCli;
using posescope::test::runCliIn;

using posescope::test::repoFile;

}  // namespace

class TestCli : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void usageAndExitCodes() {
    CliRun help = runCli({"--help"});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains("eval"));
    QCOMPARE(runCli({}).exitCode, 2);
    QCOMPARE(runCli({"no-such-command"}).exitCode, 2);
    for (const char* cmd : {"config", "summary", "verify-model", "eval", "bench", "metrics"}) {
      CliRun r = runCli({cmd, "--help"});
      QVERIFY2(r.exitCode == 0, cmd);
      QVERIFY2(r.out.contains("usage"), cmd);
    }
    CliRun missing = runCli({"eval"});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains("--cfg"), qPrintable(missing.err));
    QCOMPARE(runCli({"eval", "--cfg", "x.yaml", "--bogus"}).exitCode, 2);
  }

  void configShowsSuperconfigSizes() {
    CliRun r = runCli({"config", "--cfg", repoFile("configs/crowd_pose/mobilenet/mobile.yaml"),
                       "--superconfig", repoFile("configs/arch/search-XS.json")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("INPUT_SIZE: 256"), qPrintable(r.out.left(400)));
    QVERIFY2(r.out.contains(QRegularExpression("OUTPUT_SIZE:\\s*\\[64, 128\\]")),
             qPrintable(r.out.left(400)));
  }

  void configBadInputExitsThreeNamingTheFile() {
    CliRun r = runCli({"config", "--cfg", "/nonexistent/exp.yaml"});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains("exp.yaml"), qPrintable(r.err));
    CliRun odd = runCli(
        {"config", "--cfg", repoFile("configs/coco/mobilenet/mobile.yaml"), "TEST.FLIP_TEST"});
    QCOMPARE(odd.exitCode, 3);
  }

  void evalWithoutDatasetNamesTheAnnotationFile() {
    QTemporaryDir dir;
    CliRun r = runCli({"eval", "--cfg", repoFile("configs/coco/mobilenet/mobile.yaml"), "--out",
                       dir.filePath("run"), "DATASET.ROOT", dir.filePath("nowhere"),
                       "TEST.MODEL_FILE", dir.filePath("model.pth")});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains("person_keypoints_val2017.json"), qPrintable(r.err));
  }

  // LibTorch's OpenMP workers wait passively unless the user chose a policy (a spinning worker
  // made eval 7x slower beside one busy process); libgomp reads it before main, so the front end
  // sets it for posescope-cli-full.
  void evalRunsWithPassiveOpenMpWaitUnlessTheUserChose() {
    QTemporaryDir dir;
    QVERIFY(runCli({"make-dataset", "--out", dir.filePath("data"), "--images", "2"}).exitCode == 0);
    for (const QString& chosen : {QString(), QStringLiteral("ACTIVE")}) {
      QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
      env.remove("OMP_WAIT_POLICY");
      if (!chosen.isEmpty()) env.insert("OMP_WAIT_POLICY", chosen);
      const QString run = dir.filePath("run" + chosen);
      CliRun r = runCliIn(env, {"eval", "--quiet", "--cfg", repoFile("configs/demo/demo.yaml"),
                                "--superconfig", repoFile("configs/demo/demo-arch.json"), "--out",
                                run, "DATASET.ROOT", dir.filePath("data"), "TEST.MODEL_FILE",
                                repoFile("resources/demo/demo_litepose.pth")});
      QVERIFY2(r.exitCode == 0, qPrintable(r.err));
      QFile log(run + "/log.txt");
      QVERIFY(log.open(QIODevice::ReadOnly));
      const QString expected =
          "OMP_WAIT_POLICY=" + (chosen.isEmpty() ? QStringLiteral("PASSIVE") : chosen);
      const QString text = QString::fromUtf8(log.readAll());
      QVERIFY2(text.contains(expected), qPrintable(text.left(600)));
    }
  }

  void evalReproducesReferenceTable() {
    POSESCOPE_REQUIRE_PARITY(parity);
    const QString p = QString::fromStdString(parity);
    QTemporaryDir dir;
    CliRun r = runCli(
        {"eval", "--quiet", "--device", "cpu", "--cfg", p + "/configs/coco/mobilenet/mobile.yaml",
         "--superconfig", p + "/configs/arch/search-XS.json", "--out", dir.filePath("run"),
         "DATASET.ROOT", p + "/data/coco", "TEST.MODEL_FILE", p + "/models/coco_xs_overfit.pth"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QFile ref(p + "/runs/coco4_xs_flip.ref_metrics.md");
    QVERIFY(ref.open(QIODevice::ReadOnly));
    QCOMPARE(r.out.trimmed(), QString::fromUtf8(ref.readAll()).trimmed());
    QVERIFY(QFileInfo::exists(dir.filePath("run/metrics.md")));
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
