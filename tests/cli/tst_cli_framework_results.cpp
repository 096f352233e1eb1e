// posescope-cli with results files as other frameworks write them (tests/eval/fixtures/frameworks):
// Ultralytics' predictions.json, whose image ids are file name stems, scored by metrics, analyze
// and an imported run as pycocotools scores it; a stem no image has is exit 3.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "demo_eval.h"
#include "test_support.h"

namespace {

using posescope::test::CliRun;
using posescope::test::explain;
using posescope::test::runCli;

QString fixture(const QString& name) {
  return QString::fromStdString(posescope::test::sourceDir()) + "/tests/eval/fixtures/frameworks/" +
         name;
}

QJsonObject jsonFile(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(f.readAll()).object();
}

}  // namespace

class TestCliFrameworkResults : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void metricsPrintsTheTable() {
    const CliRun run = runCli(
        {"metrics", "--gt", fixture("gt.json"), "--dt", fixture("ultralytics.predictions.json")});
    QVERIFY2(run.exitCode == 0, qPrintable(explain(run)));
    QVERIFY2(run.out.startsWith("| Arch | AP | Ap .5 |"), qPrintable(run.out));
    QVERIFY2(run.out.contains("| pose | 0.402 | 0.594 | 0.379 | 0.950 | 0.200 |"),
             qPrintable(run.out));
  }

  // The stats in full precision are pycocotools' (goldens.json).
  void metricsJsonIsPycocotools() {
    const CliRun run = runCli({"metrics", "--gt", fixture("gt.json"), "--dt",
                               fixture("ultralytics.predictions.json"), "--json"});
    QVERIFY2(run.exitCode == 0, qPrintable(explain(run)));
    const QJsonArray stats = QJsonDocument::fromJson(run.out.toUtf8()).object()["stats"].toArray();
    const QJsonArray golden =
        jsonFile(fixture("goldens.json"))["ultralytics.predictions.json"].toArray();
    QCOMPARE(stats.size(), 10);
    QCOMPARE(stats.size(), golden.size());
    for (int i = 0; i < stats.size(); ++i)
      QVERIFY(std::abs(stats[i].toDouble() - golden[i].toDouble()) <= 1e-9);
  }

  void unknownStemIsExit3() {
    QTemporaryDir dir;
    QFile in(fixture("ultralytics.predictions.json"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QString renamed = dir.filePath("predictions.json");
    QFile out(renamed);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(in.readAll().replace("\"park_bench\"", "\"park_bench_2\""));
    out.close();
    const CliRun run = runCli({"metrics", "--gt", fixture("gt.json"), "--dt", renamed});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(renamed + ": result[") &&
                 run.err.contains("image_id \"park_bench_2\" is the file name stem of no image"),
             qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
  }

  void groundTruthAsResultsIsExit3() {
    const CliRun run = runCli({"metrics", "--gt", fixture("gt.json"), "--dt", fixture("gt.json")});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains("this looks like a COCO ground-truth file"), qPrintable(run.err));
  }

  void analyzeReadsStems() {
    const CliRun run = runCli(
        {"analyze", "--gt", fixture("gt.json"), "--dt", fixture("ultralytics.predictions.json")});
    QVERIFY2(run.exitCode == 0, qPrintable(explain(run)));
    QVERIFY2(run.out.contains("13 detections"), qPrintable(run.out));
  }

  // import resolves the stems too: the run scores as metrics does and analyze opens it.
  void importedRunScoresAsMetrics() {
    QTemporaryDir dir;
    const QString runDir = dir.filePath("imported");
    const CliRun imported =
        runCli({"import", "--gt", fixture("gt.json"), "--dt",
                fixture("ultralytics.predictions.json"), "--name", "pose", "--out", runDir});
    QVERIFY2(imported.exitCode == 0, qPrintable(explain(imported)));
    const CliRun metrics = runCli(
        {"metrics", "--gt", fixture("gt.json"), "--dt", fixture("ultralytics.predictions.json")});
    QCOMPARE(imported.out, metrics.out);
    const CliRun analysed = runCli({"analyze", runDir});
    QVERIFY2(analysed.exitCode == 0, qPrintable(explain(analysed)));
  }
};

QTEST_GUILESS_MAIN(TestCliFrameworkResults)
#include "tst_cli_framework_results.moc"
