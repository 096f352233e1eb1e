// posescope-cli analyze, metrics with changed settings and compare's confidence intervals, run as
// separate processes: real runs of the committed demo model on a generated dataset, and the
// parity sets when ../shared is present.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include "cli_runner.h"
#include "eval/keypoint_layout.h"
#include "test_files.h"
#include "test_support.h"

using posescope::test::CliRun;
using posescope::test::runCli;

namespace {

using posescope::test::repoFile;

QJsonObject parseObject(const QString& text) {
  QJsonParseError error;
  const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &error);
  if (error.error != QJsonParseError::NoError)
    qWarning("bad JSON: %s", qPrintable(error.errorString()));
  return doc.object();
}

void writeFile(const QString& path, const QByteArray& text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text);
}

// A one-image ground truth with one fully labelled person and a results file on it.
void writeTinySet(const QTemporaryDir& dir, const QByteArray& results) {
  QByteArray kp, names;
  const auto& joints = posescope::referenceSkeleton(posescope::EvalVariant::Coco).joints;
  for (int k = 0; k < 17; ++k) {
    kp += QByteArray(k ? "," : "") + QByteArray::number(100 + 4 * k) + "," +
          QByteArray::number(80 + 9 * k) + ",2";
    names += QByteArray(k ? "," : "") + "\"" + QByteArray::fromStdString(joints[k]) + "\"";
  }
  writeFile(dir.filePath("gt.json"),
            "{\"images\":[{\"id\":5,\"file_name\":\"a.jpg\",\"width\":400,\"height\":400}],"
            "\"categories\":[{\"id\":1,\"name\":\"person\",\"keypoints\":[" +
                names +
                "]}],"
                "\"annotations\":[{\"id\":9,\"image_id\":5,\"category_id\":1,\"iscrowd\":0,"
                "\"num_keypoints\":17,\"area\":9000,\"bbox\":[100,80,64,144],\"keypoints\":[" +
                kp + "]}]}");
  writeFile(dir.filePath("dt.json"), results);
}

QByteArray shiftedResult(int imageId, double dx, int joints = 17) {
  QByteArray kp;
  for (int k = 0; k < joints; ++k) {
    kp += QByteArray(k ? "," : "") + QByteArray::number(100 + 4 * k + dx) + "," +
          QByteArray::number(80 + 9 * k) + ",0.9";
  }
  return "{\"image_id\":" + QByteArray::number(imageId) +
         ",\"category_id\":1,\"score\":0.8,\"keypoints\":[" + kp + "]}";
}

}  // namespace

class TestCliAnalyze : public QObject {
  Q_OBJECT

  QTemporaryDir runs_;
  QString runA_, runB_;

 private Q_SLOTS:
  void initTestCase() {
    // Two real runs on the same generated images: the demo model and its smaller sibling.
    QVERIFY(runs_.isValid());
    const QString data = runs_.filePath("data");
    CliRun r = runCli(
        {"make-dataset", "--out", data, "--images", "24", "--split", "val2017", "--seed", "3"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    runA_ = runs_.filePath("a");
    runB_ = runs_.filePath("b");
    r = runCli({"eval", "--quiet", "--device", "cpu", "--cfg", repoFile("configs/demo/demo.yaml"),
                "--superconfig", repoFile("configs/demo/demo-arch.json"), "--out", runA_,
                "DATASET.ROOT", data, "TEST.MODEL_FILE",
                repoFile("resources/demo/demo_litepose.pth")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = runCli({"eval", "--quiet", "--device", "cpu", "--cfg", repoFile("configs/demo/demo.yaml"),
                "--superconfig", repoFile("configs/demo/demo-arch-tiny.json"), "--out", runB_,
                "DATASET.ROOT", data, "TEST.MODEL_FILE",
                repoFile("resources/demo/demo_litepose_tiny.pth")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  }

  void evalWritesTheAnalysisAnalyzeRecomputes() {
    QFile stored(runA_ + "/analysis.json");
    QVERIFY2(stored.open(QIODevice::ReadOnly), "eval wrote no analysis.json");
    const QJsonObject kept = QJsonDocument::fromJson(stored.readAll()).object();
    const CliRun r = runCli({"analyze", runA_, "--json"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject fresh = parseObject(r.out);
    QCOMPARE(fresh, kept);
    for (const char* key : {"detections", "ap_if_fixed", "counts", "triage"}) {
      QVERIFY2(fresh.contains(key), key);
    }
    // Every results entry is listed, in file order; matched ones carry a label per joint, but
    // those on a crowd region, which has none.
    QFile results(runA_ + "/results.json");
    QVERIFY(results.open(QIODevice::ReadOnly));
    const QJsonArray entries = QJsonDocument::fromJson(results.readAll()).array();
    const QJsonArray detections = fresh["detections"].toArray();
    QCOMPARE(detections.size(), entries.size());
    int matched = 0;
    for (int i = 0; i < detections.size(); ++i) {
      const QJsonObject d = detections[i].toObject();
      QCOMPARE(d["index"].toInt(), i);
      QCOMPARE(d["image_id"].toInteger(), entries[i].toObject()["image_id"].toInteger());
      QVERIFY(d["crowd"].isBool());
      if (d["gt_id"].isNull() || d["crowd"].toBool()) {
        QVERIFY(d["joints"].toArray().isEmpty());
        continue;
      }
      ++matched;
      QCOMPARE(d["joints"].toArray().size(), 17);
    }
    QVERIFY(matched > 0);
    // 8 error rows x 3 areas x 10 thresholds.
    QCOMPARE(fresh["ap_if_fixed"].toArray().size(), 8 * 3 * 10);
  }

  // Issue 53, item 4: "mean OKS" is one thing, the mean OKS of an image's matches at OKS .50
  // (image_eval.jsonl); the analysis' own per-image figure, of its detections localised at OKS .1,
  // is named loc. OKS / localised_oks wherever it is shown.
  void meanOksIsOneThingAndLocalisedOksAnother() {
    const CliRun r = runCli({"analyze", runA_, "--json"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonArray images = parseObject(r.out)["triage"].toObject()["images"].toArray();
    QVERIFY(!images.isEmpty());
    for (const QJsonValue& image : images) {
      QVERIFY(image.toObject().contains("localised_oks"));
      QVERIFY(!image.toObject().contains("mean_oks"));
    }
    const CliRun text = runCli({"analyze", runA_, "--worst", "3"});
    QVERIFY2(text.out.contains("loc. OKS") && !text.out.contains("mean OKS"), qPrintable(text.out));
  }

  void partialRunIsAnalysedOnItsImages() {
    // eval --limit evaluates the first images only; the analysis must not call the others'
    // people false negatives.
    const QString run = runs_.filePath("limited");
    CliRun r = runCli({"eval", "--quiet", "--device", "cpu", "--limit", "5", "--cfg",
                       repoFile("configs/demo/demo.yaml"), "--superconfig",
                       repoFile("configs/demo/demo-arch.json"), "--out", run, "DATASET.ROOT",
                       runs_.filePath("data"), "TEST.MODEL_FILE",
                       repoFile("resources/demo/demo_litepose.pth")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = runCli({"analyze", run, "--json"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject analysis = parseObject(r.out);
    QCOMPARE(analysis["triage"].toObject()["images"].toArray().size(), qsizetype(5));
    QFile stored(run + "/analysis.json");
    QVERIFY(stored.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(stored.readAll()).object(), analysis);
  }

  void badResultsInARunFolderNameTheFile() {
    QTemporaryDir dir;
    const QString copy = dir.filePath("run");
    QVERIFY(QDir().mkpath(copy));
    for (const QString& file : QDir(runA_).entryList(QDir::Files)) {
      QVERIFY(QFile::copy(runA_ + "/" + file, copy + "/" + file));
    }
    QFile::remove(copy + "/results.json");
    writeFile(copy + "/results.json", "[" + shiftedResult(999999, 0) + "]");
    const CliRun r = runCli({"analyze", copy});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(copy + "/results.json"), qPrintable(r.err));
    QVERIFY2(r.err.contains("image id 999999"), qPrintable(r.err));
  }

  void reportIsReadable() {
    const CliRun r = runCli({"analyze", runA_});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    for (const char* part : {"AP if fixed", "misses fixed", "optimal scores", "Background errors",
                             "Joint labels", "Worst images"}) {
      QVERIFY2(r.out.contains(part), part);
    }
  }

  void compareGivesIntervals() {
    const CliRun r = runCli({"compare", runA_, runB_, "--format", "json", "--resamples", "200"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject c = parseObject(r.out);
    const QJsonObject s = c["significance"].toObject();
    QCOMPARE(s["resamples"].toInt(), 200);
    const QJsonArray stats = s["stats"].toArray();
    QCOMPARE(stats.size(), 10);
    for (const auto& v : stats) {
      const QJsonObject d = v.toObject();
      QVERIFY(d["ci_low"].toDouble() <= d["delta"].toDouble() + 1e-12);
      QVERIFY(d["delta"].toDouble() <= d["ci_high"].toDouble() + 1e-12);
    }
    QCOMPARE(c["metrics"].toObject()["delta"].toArray()[0].toDouble(),
             stats[0].toObject()["delta"].toDouble());
    QVERIFY(c["error_profile"].toObject()["ap_gain_if_fixed"].toArray().size() == 7);
    // A run compared with itself: every difference 0 and no interval away from 0.
    const CliRun same = runCli({"compare", runA_, runA_, "--format", "json", "--resamples", "50"});
    QVERIFY2(same.exitCode == 0, qPrintable(same.err));
    for (const auto& v : parseObject(same.out)["significance"].toObject()["stats"].toArray()) {
      QCOMPARE(v.toObject()["ci_low"].toDouble(), 0.0);
      QCOMPARE(v.toObject()["ci_high"].toDouble(), 0.0);
      QVERIFY(!v.toObject()["significant"].toBool());
    }
    const CliRun md = runCli({"compare", runA_, runB_, "--resamples", "100"});
    QVERIFY2(md.out.contains("95 % CI of B - A"), qPrintable(md.out));
    QVERIFY2(md.out.contains("Where the AP goes"), qPrintable(md.out));
  }

  // Issue 53 item 12: a star over a handful of images says how rough its interval is.
  void compareSaysTheStarIsAHintOverFewImages() {
    const CliRun json = runCli({"compare", runA_, runB_, "--format", "json", "--resamples", "50"});
    QVERIFY2(json.exitCode == 0, qPrintable(json.err));
    const QJsonObject s = parseObject(json.out)["significance"].toObject();
    QCOMPARE(s["images"].toInt(), 24);
    QVERIFY(s["few_images"].toBool());
    const CliRun md = runCli({"compare", runA_, runB_, "--resamples", "50"});
    QVERIFY2(md.out.contains("; only 24 images: an interval over fewer than 30 is rough, so a star "
                             "is a hint, not a test\n"),
             qPrintable(md.out));
  }

  void changedSigmaChangesTheMetrics() {
    QTemporaryDir dir;
    writeTinySet(dir, "[" + shiftedResult(5, 6) + "]");
    const CliRun base = runCli(
        {"metrics", "--gt", dir.filePath("gt.json"), "--dt", dir.filePath("dt.json"), "--json"});
    QVERIFY2(base.exitCode == 0, qPrintable(base.err));
    QVERIFY(!base.err.contains("not valid.py's"));
    QStringList sigmas, printed;
    for (double s : {.026, .025, .025, .035, .035, .079, .079, .072, .072, .062, .062, .107, .107,
                     .087, .087, .089, .089}) {
      sigmas << QString::number(s * 3);
      printed << QString::number(s);
    }
    // valid.py's sigmas typed as printed are valid.py's (the reference divides 0.26 by 10).
    const CliRun same = runCli({"metrics", "--gt", dir.filePath("gt.json"), "--dt",
                                dir.filePath("dt.json"), "--json", "--sigmas", printed.join(',')});
    QVERIFY2(same.exitCode == 0 && !same.err.contains("not valid.py's"), qPrintable(same.err));
    QCOMPARE(same.out, base.out);
    const CliRun wider = runCli({"metrics", "--gt", dir.filePath("gt.json"), "--dt",
                                 dir.filePath("dt.json"), "--json", "--sigmas", sigmas.join(',')});
    QVERIFY2(wider.exitCode == 0, qPrintable(wider.err));
    QVERIFY2(wider.err.contains("not valid.py's setting"), qPrintable(wider.err));
    QVERIFY(base.out != wider.out);
    // The table itself says which settings it was evaluated with; valid.py's says nothing.
    QVERIFY(!parseObject(base.out).contains("settings"));
    const QJsonArray said = parseObject(wider.out)["settings"].toArray();
    QCOMPARE(said.size(), 17);
    QCOMPARE(said.at(0).toString(), QStringLiteral("sigma of joint 0 0.078"));
    const CliRun csv = runCli({"metrics", "--gt", dir.filePath("gt.json"), "--dt",
                               dir.filePath("dt.json"), "--csv", "--max-dets", "3"});
    QVERIFY2(csv.out.startsWith("Arch,AP,") && csv.out.contains(",settings\n") &&
                 csv.out.endsWith(",maxDets 3\n"),
             qPrintable(csv.out));
    const CliRun md = runCli({"metrics", "--gt", dir.filePath("gt.json"), "--dt",
                              dir.filePath("dt.json"), "--min-score", "0.5"});
    QVERIFY2(md.out.endsWith("\nEvaluation settings (not valid.py's): minimum score 0.5\n"),
             qPrintable(md.out));
    const CliRun wrong = runCli({"metrics", "--gt", dir.filePath("gt.json"), "--dt",
                                 dir.filePath("dt.json"), "--sigmas", "0.1,0.2"});
    // Checked against the ground truth's joints, so a bad input rather than a bad command line.
    QCOMPARE(wrong.exitCode, 3);
    QVERIFY2(wrong.err.contains("--sigmas: 2 values, but") && wrong.err.contains("has 17 joints"),
             qPrintable(wrong.err));
    const CliRun thresholds = runCli({"metrics", "--gt", dir.filePath("gt.json"), "--dt",
                                      dir.filePath("dt.json"), "--oks-thresholds", "0.9,0.5"});
    QCOMPARE(thresholds.exitCode, 2);
  }

  void badInputExitsThreeNamingTheFile_data() {
    QTest::addColumn<QByteArray>("results");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("unknown image") << "[" + shiftedResult(77, 0) + "]"
                                   << "image id 77";
    QTest::newRow("joint count") << "[" + shiftedResult(5, 0, 16) + "]"
                                 << "keypoint values";
    QByteArray otherCategory = shiftedResult(5, 0);
    otherCategory.replace("\"category_id\":1", "\"category_id\":4");
    QTest::newRow("unknown category") << "[" + otherCategory + "]" << QString("category id 4");
    QTest::newRow("malformed") << QByteArray("[{\"image_id\": 5,") << "dt.json";
    QByteArray infinite = shiftedResult(5, 0);
    infinite.replace("\"score\":0.8", "\"score\":1e999");
    QTest::newRow("infinite") << "[" + infinite + "]" << QString("score");
    QTest::newRow("nan") << QByteArray(
                                "[{\"image_id\":5,\"category_id\":1,\"score\":NaN,"
                                "\"keypoints\":[]}]")
                         << "dt.json";
  }
  void badInputExitsThreeNamingTheFile() {
    QFETCH(QByteArray, results);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    writeTinySet(dir, results);
    const CliRun r =
        runCli({"analyze", "--gt", dir.filePath("gt.json"), "--dt", dir.filePath("dt.json")});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(mentions), qPrintable(r.err));
    QVERIFY2(r.err.contains("dt.json"), qPrintable(r.err));
  }

  void usage() {
    QCOMPARE(runCli({"analyze"}).exitCode, 2);
    QCOMPARE(runCli({"analyze", "a", "b"}).exitCode, 2);
    const CliRun help = runCli({"analyze", "--help"});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains("--oks-thresholds"));
    QCOMPARE(runCli({"analyze", runA_, "--gt", "x.json"}).exitCode, 2);
  }

  void parityCountsAndBaseline() {
    POSESCOPE_REQUIRE_PARITY(parity);
    const QString p = QString::fromStdString(parity);
    const CliRun r = runCli({"analyze", "--gt", p + "/eval/syn_coco_300.gt.json", "--dt",
                             p + "/eval/syn_coco_300.results.json", "--dataset", "coco", "--json"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject mine = parseObject(r.out);
    QFile f(p + "/analysis/syn_coco_300.analysis.json");
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject theirs = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonObject counts = theirs["counts"].toObject();
    QCOMPARE(mine["counts"].toArray().size(), qsizetype(10));
    for (const auto& v : mine["counts"].toArray()) {
      const QJsonObject c = v.toObject();
      const QString key = QString::number(c["oks"].toDouble());
      QVERIFY2(counts.contains(key), qPrintable(key));
      QCOMPARE(c["background_fp"].toInt(), counts[key].toObject()["bckgd_false_pos"].toInt());
      QCOMPARE(c["false_neg"].toInt(), counts[key].toObject()["false_neg"].toInt());
    }
    // The baseline at OKS .50, area all, through the CLI's JSON.
    double expected = -2, actual = -3;
    for (const auto& v : theirs["stats"].toArray()) {
      const QJsonObject t = v.toObject();
      if (t["err"] == "baseline" && t["area"] == "all" && t["oks"].toDouble() == 0.5) {
        expected = t["auc"].toDouble();
      }
    }
    for (const auto& v : mine["ap_if_fixed"].toArray()) {
      const QJsonObject m = v.toObject();
      if (m["error"] == "baseline" && m["area"] == "all" && m["oks"].toDouble() == 0.5) {
        actual = m["ap"].toDouble();
      }
    }
    QVERIFY(std::fabs(actual - expected) < 1e-12);
    QCOMPARE(mine["detections"].toArray().size(), qsizetype(899));
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestCliAnalyze)
#include "tst_cli_analyze.moc"
