// Runs the posescope-cli binary as a user would: verify-model on a parity set (pass and a
// deliberate mismatch), summary totals against the set's .json, and --help.

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

#include "built_programs.h"
#include "test_support.h"

namespace {

struct Run {
  int exitCode = -1;
  QString out;
};

// The largest "max abs diff" verify-model prints (-1 when it prints none).
double largestDifference(const QString& out) {
  double worst = -1;
  const QRegularExpression re("max abs diff ([0-9.eE+-]+)");
  for (auto it = re.globalMatch(out); it.hasNext();)
    worst = std::max(worst, it.next().captured(1).toDouble());
  return worst;
}

Run runCli(const QStringList& args) {
  QProcess p;
  p.setProcessChannelMode(QProcess::MergedChannels);
  p.start(posescope::test::cliPath(), args);
  if (!p.waitForFinished(600000)) return {};
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
          QString::fromUtf8(p.readAll())};
}

}  // namespace

class TestVerifyModelCli : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void help();
  void verifyPasses();
  void verifyFailsOnMismatchedOutputs();
  void summaryTotals();
  void extractThenVerify();
};

void TestVerifyModelCli::help() {
  for (const char* cmd : {"verify-model", "summary"}) {
    const Run r = runCli({cmd, "--help"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("usage: posescope-cli " + QString(cmd)), qPrintable(r.out));
  }
  const Run missing = runCli({"verify-model", "--cfg", "x.yaml"});
  QCOMPARE(missing.exitCode, 2);  // --checkpoint and --io are required
}

void TestVerifyModelCli::verifyPasses() {
  POSESCOPE_REQUIRE_PARITY(parityDir);
  const QString p = QString::fromStdString(parityDir);
  const Run r = runCli({"verify-model", "--cfg", p + "/configs/coco/mobilenet/mobile.yaml",
                        "--superconfig", p + "/configs/arch/search-XS.json", "--checkpoint",
                        p + "/models/litepose_xs_coco.pth", "--io",
                        p + "/models/litepose_xs_coco.io.pth", "--tol", "4e-7"});
  // verify-model keeps the BatchNorms apart: tst_models_parity's tolerance for LitePose-XS,
  // measured at 2.38e-7 there (2026-12-02, 2-core AMD EPYC, AVX2).
  qInfo("verify-model litepose_xs_coco: largest max abs diff %.3g", largestDifference(r.out));
  QVERIFY2(r.exitCode == 0, qPrintable(r.out));
  QVERIFY(r.out.contains("output0:"));
  QVERIFY(r.out.contains("output1:"));
  QVERIFY(r.out.contains("PASS"));
  QVERIFY2(largestDifference(r.out) >= 0, qPrintable(r.out));
}

void TestVerifyModelCli::verifyFailsOnMismatchedOutputs() {
  POSESCOPE_REQUIRE_PARITY(parityDir);
  const QString p = QString::fromStdString(parityDir);
  // LitePose-XS (COCO, 17 joints) against SimpleNet's recording (CrowdPose, 14 joints).
  const Run r = runCli({"verify-model", "--cfg", p + "/configs/coco/mobilenet/mobile.yaml",
                        "--superconfig", p + "/configs/arch/search-XS.json", "--checkpoint",
                        p + "/models/litepose_xs_coco.pth", "--io",
                        p + "/models/simplenet_crowdpose.io.pth"});
  QVERIFY2(r.exitCode == 1, qPrintable(r.out));
  QVERIFY(r.out.contains("shape"));
  QVERIFY(r.out.contains("FAIL"));

  // A checkpoint for another arch is refused before anything runs (exit 3, names the file).
  const Run wrongArch =
      runCli({"verify-model", "--cfg", p + "/configs/coco/mobilenet/mobile.yaml", "--superconfig",
              p + "/configs/arch/search-S.json", "--checkpoint", p + "/models/litepose_xs_coco.pth",
              "--io", p + "/models/litepose_xs_coco.io.pth"});
  QVERIFY2(wrongArch.exitCode == 3, qPrintable(wrongArch.out));
  QVERIFY(wrongArch.out.contains("litepose_xs_coco.pth"));
}

void TestVerifyModelCli::summaryTotals() {
  POSESCOPE_REQUIRE_PARITY(parityDir);
  const QString p = QString::fromStdString(parityDir);
  QFile jsonFile(p + "/models/litepose_xs_coco.json");
  QVERIFY(jsonFile.open(QIODevice::ReadOnly));
  const QJsonObject meta = QJsonDocument::fromJson(jsonFile.readAll()).object();
  const Run r = runCli({"summary", "--cfg", p + "/configs/coco/mobilenet/mobile.yaml",
                        "--superconfig", p + "/configs/arch/search-XS.json", "--totals"});
  QVERIFY2(r.exitCode == 0, qPrintable(r.out));
  const qint64 params = meta.value("num_parameters").toVariant().toLongLong();
  QVERIFY2(r.out.contains(QString("Total Parameters: %1 ").arg(params)), qPrintable(r.out));
}

// extract writes a file that valid.py-style loading (verify-model's strict load) accepts and that
// reproduces the reference extract's golden outputs; a non-supernet config exits 3.
void TestVerifyModelCli::extractThenVerify() {
  POSESCOPE_REQUIRE_PARITY(parityDir);
  const QString p = QString::fromStdString(parityDir);
  QTemporaryDir dir;
  const QString out = dir.filePath("sub.pth");
  const Run r = runCli({"extract", "--cfg", p + "/configs/crowd_pose/mobilenet/supermobile.yaml",
                        "--superconfig", p + "/configs/arch/search-M.json", "--checkpoint",
                        p + "/models/supernet_m_crowdpose.pth", "--out", out});
  QVERIFY2(r.exitCode == 0, qPrintable(r.out));
  QVERIFY2(r.out.contains("MODEL.NAME pose_mobilenet"), qPrintable(r.out));
  const Run v =
      runCli({"verify-model", "--cfg", p + "/configs/crowd_pose/mobilenet/mobile.yaml",
              "--superconfig", p + "/configs/arch/search-M.json", "--checkpoint", out, "--io",
              p + "/search/supernet_m_crowdpose.to_search-M.io.pth", "--tol", "3e-7"});
  // tst_subnet_extraction's tolerance for the extract, measured at 1.79e-7 there.
  qInfo("verify-model of the extract: largest max abs diff %.3g", largestDifference(v.out));
  QVERIFY2(v.exitCode == 0, qPrintable(v.out));
  QVERIFY2(largestDifference(v.out) >= 0, qPrintable(v.out));
  const Run wrong = runCli({"extract", "--cfg", p + "/configs/crowd_pose/mobilenet/mobile.yaml",
                            "--superconfig", p + "/configs/arch/search-M.json", "--checkpoint", out,
                            "--out", dir.filePath("again.pth")});
  QCOMPARE(wrong.exitCode, 3);
  QVERIFY2(wrong.out.contains("pose_supermobilenet"), qPrintable(wrong.out));
}

POSESCOPE_TEST_GUILESS_MAIN(TestVerifyModelCli)
#include "tst_verify_model_cli.moc"
