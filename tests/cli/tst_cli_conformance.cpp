// The conformance corpus (tests/eval/fixtures/conformance): ground truth and results shaped as
// real datasets and frameworks write them, CrowdPose's own annotation file among them. Every
// command that reads them scores what the reference scores exactly as it does (goldens.json, made
// by pycocotools and crowdposetools run from their source), warns about what is odd, and refuses,
// naming the file, exactly what the reference cannot score or would score wrongly (docs/inputs.md).

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include "demo_eval.h"
#include "test_support.h"

namespace {

using posescope::test::CliRun;
using posescope::test::explain;
using posescope::test::runCli;

QString corpusDir() {
  return QString::fromStdString(posescope::test::sourceDir()) + "/tests/eval/fixtures/conformance";
}

QJsonObject jsonFile(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(f.readAll()).object();
}

/// One case of cases.json with its golden.
struct Case {
  QString gt, dt;
  QJsonObject golden;        // {"stats": [...]} or {"refused": "..."}
  QString posescopeRefuses;  // the words of PoseScope's refusal where it refuses on purpose
  bool needsParity = false;
  bool accepted() const { return golden.contains("stats") && posescopeRefuses.isEmpty(); }
};

/// The case named by the current data row; an empty gt when the parity data it needs is absent.
Case caseNamed(const QString& name) {
  const QJsonObject listed = jsonFile(corpusDir() + "/cases.json")[name].toObject();
  Case c;
  const auto path = [&](const QString& file) {
    if (!file.startsWith("PARITY/")) return corpusDir() + "/" + file;
    c.needsParity = true;
    const std::string parity = posescope::test::parityDir();
    return parity.empty() ? QString() : QString::fromStdString(parity) + file.mid(6);
  };
  c.gt = path(listed["gt"].toString());
  c.dt = path(listed["dt"].toString());
  c.golden = jsonFile(corpusDir() + "/goldens.json")["cases"].toObject()[name].toObject();
  c.posescopeRefuses = listed["posescope_refuses"].toString();
  return c;
}

void compareStats(const QJsonArray& ours, const QJsonArray& golden) {
  QCOMPARE(ours.size(), golden.size());
  for (int i = 0; i < ours.size(); ++i) {
    QVERIFY2(std::abs(ours[i].toDouble() - golden[i].toDouble()) <= 1e-9,
             qPrintable(QString("stat %1: %2, the reference %3")
                            .arg(i)
                            .arg(ours[i].toDouble(), 0, 'g', 17)
                            .arg(golden[i].toDouble(), 0, 'g', 17)));
  }
}

/// A refusal names one of the case's files and exits 3 with nothing on stdout.
void expectRefused(const CliRun& run, const Case& c) {
  QVERIFY2(run.exitCode == 3, qPrintable(explain(run)));
  QVERIFY2(run.err.contains(c.gt) || run.err.contains(c.dt), qPrintable(run.err));
  if (!c.posescopeRefuses.isEmpty())
    QVERIFY2(run.err.contains(c.posescopeRefuses), qPrintable(run.err));
}

}  // namespace

class TestCliConformance : public QObject {
  Q_OBJECT

  // The current row's case; skips (fails where the parity data is required) without its files.
  Case currentCase() {
    QFETCH(QString, name);
    return caseNamed(name);
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY2(!jsonFile(corpusDir() + "/goldens.json")["cases"].toObject().isEmpty(),
             qPrintable(corpusDir() + "/goldens.json is missing or empty"));
  }

  void metricsScoresAsTheReference_data() { rows(); }
  void metricsScoresAsTheReference() {
    const Case c = currentCase();
    if (c.needsParity) {
      POSESCOPE_REQUIRE_PARITY(parity);
    }
    const CliRun run = runCli({"metrics", "--gt", c.gt, "--dt", c.dt, "--json"});
    if (!c.accepted()) {
      expectRefused(run, c);
      return;
    }
    QVERIFY2(run.exitCode == 0, qPrintable(explain(run)));
    compareStats(QJsonDocument::fromJson(run.out.toUtf8()).object()["stats"].toArray(),
                 c.golden["stats"].toArray());
  }

  // analyze reads the same files; it accepts and refuses the same ones.
  void analyzeReadsWhatMetricsReads_data() { rows(); }
  void analyzeReadsWhatMetricsReads() {
    const Case c = currentCase();
    if (c.needsParity) {
      POSESCOPE_REQUIRE_PARITY(parity);
    }
    const CliRun run = runCli({"analyze", "--gt", c.gt, "--dt", c.dt, "--json"});
    if (!c.accepted()) {
      expectRefused(run, c);
      return;
    }
    QVERIFY2(run.exitCode == 0, qPrintable(explain(run)));
    QVERIFY2(!QJsonDocument::fromJson(run.out.toUtf8()).isNull(), qPrintable(run.out));
  }

  // An imported run is scored as metrics scores the files; runs, compare, export and analyze
  // open it.
  void importedRunsHoldTheReferenceStats_data() { rows(); }
  void importedRunsHoldTheReferenceStats() {
    const Case c = currentCase();
    if (c.needsParity) {
      POSESCOPE_REQUIRE_PARITY(parity);
    }
    QTemporaryDir tmp;
    const QString out = tmp.filePath("run");
    const CliRun run = runCli({"import", "--gt", c.gt, "--dt", c.dt, "--out", out, "--quiet"});
    if (!c.accepted()) {
      expectRefused(run, c);
      QVERIFY2(!QFileInfo::exists(out), "a refused import left a run folder");
      return;
    }
    QVERIFY2(run.exitCode == 0, qPrintable(explain(run)));
    compareStats(jsonFile(out + "/metrics.json")["stats"].toArray(), c.golden["stats"].toArray());
    const CliRun runs = runCli({"runs", tmp.path(), "--format", "json"});
    QVERIFY2(runs.exitCode == 0, qPrintable(explain(runs)));
    const CliRun compared = runCli({"compare", out, out, "--format", "json"});
    QVERIFY2(compared.exitCode == 0, qPrintable(explain(compared)));
    const CliRun exported = runCli({"export", out, "--what", "metrics", "--format", "json"});
    QVERIFY2(exported.exitCode == 0, qPrintable(explain(exported)));
    const CliRun analysed = runCli({"analyze", out, "--json"});
    QVERIFY2(analysed.exitCode == 0, qPrintable(explain(analysed)));
  }

  // CrowdPose's own file carries COCO's 17-joint skeleton on 14 joints: read, scored, and said
  // once on stderr naming the file and the field.
  void crowdPosesOfficialSkeletonIsAWarningNotARefusal() {
    POSESCOPE_REQUIRE_PARITY(parity);
    const Case c = caseNamed("crowdpose_official_two_images");
    const CliRun run = runCli({"metrics", "--gt", c.gt, "--dt", c.dt});
    QVERIFY2(run.exitCode == 0, qPrintable(explain(run)));
    QCOMPARE(run.err.count("warning: "), 1);
    QVERIFY2(run.err.contains("warning: " + c.gt +
                              ": categories[0]: field 'skeleton': 3 limbs "
                              "outside its 14 keypoints (the first joins joints 16 and 14)"),
             qPrintable(run.err));
    QVERIFY2(run.out.startsWith("| Arch | AP | Ap .5 | AP .75 | AR | AR .5 | AR .75 |"),
             qPrintable(run.out));
  }

  // Regression (issue 51): eval refused CrowdPose's own test annotations, which carry COCO's
  // skeleton, for every network. The parity data's two CrowdPose test images, as CrowdPose ships
  // them, with the reference's SimpleNet config and checkpoint: the run completes, warns once
  // about the skeleton and prints CrowdPose's metric table.
  void evalOnCrowdPoseWithCocosSkeletonOnItsJoints() {
    POSESCOPE_REQUIRE_PARITY(parity);
    const QString root = QString::fromStdString(parity);
    QTemporaryDir tmp;
    const CliRun run = runCli({"eval", "--out", tmp.filePath("run"), "--device", "cpu", "--cfg",
                               root + "/configs/crowd_pose/simplenet/simplenet.yaml",
                               "DATASET.ROOT", root + "/data/crowdpose", "TEST.MODEL_FILE",
                               root + "/models/simplenet_crowdpose.pth"});
    QVERIFY2(run.exitCode == 0, qPrintable(explain(run)));
    QVERIFY2(run.out.contains("| Arch | AP | Ap .5 | AP .75 | AR | AR .5 | AR .75 | AP (easy) | "
                              "AP (medium) | AP (hard) |"),
             qPrintable(run.out));
    QCOMPARE(run.err.count("field 'skeleton': 3 limbs outside its 14 keypoints"), 1);
    const QJsonObject metrics = jsonFile(tmp.filePath("run/metrics.json"));
    QCOMPARE(metrics["stats"].toArray().size(), 9);
  }

 private:
  static void rows() {
    QTest::addColumn<QString>("name");
    for (const QString& name : jsonFile(corpusDir() + "/cases.json").keys())
      QTest::newRow(qPrintable(name)) << name;
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestCliConformance)
#include "tst_cli_conformance.moc"
