// posescope-cli import as users run it: another framework's predictions (here the demo model's
// results.json and a six-joint set) kept as a run folder that metrics, analyze, compare and export
// open like an evaluation's, with the same numbers; bad input is exit 3 and leaves nothing.

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include "demo_eval.h"
#include "test_support.h"

namespace {

using posescope::test::CliRun;
using posescope::test::demoEvalArguments;
using posescope::test::explain;
using posescope::test::fileBytes;
using posescope::test::runCli;

void writeFile(const QString& path, const std::string& text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text.data(), static_cast<qint64>(text.size()));
}

// Four images with one six-joint animal each, and a results file finding them with jitter.
void writeSixJointSet(const QString& gtPath, const QString& resultsPath) {
  nlohmann::json gt = {
      {"images", nlohmann::json::array()},
      {"annotations", nlohmann::json::array()},
      {"categories",
       {{{"id", 1}, {"name", "animal"}, {"keypoints", {"a", "b", "c", "d", "e", "f"}}}}}};
  nlohmann::json results = nlohmann::json::array();
  for (int i = 0; i < 4; ++i) {
    gt["images"].push_back({{"id", 10 + i},
                            {"file_name", std::to_string(i) + ".jpg"},
                            {"width", 300},
                            {"height", 300}});
    std::vector<double> truth, found;
    for (int k = 0; k < 6; ++k) {
      truth.insert(truth.end(), {60.0 + 25 * k, 50.0 + 17 * ((k * 7 + i) % 6), 2.0});
      found.insert(found.end(), {60.0 + 25 * k + (k + i) % 4, 50.0 + 17 * ((k * 7 + i) % 6), 0.8});
    }
    gt["annotations"].push_back({{"id", i + 1},
                                 {"image_id", 10 + i},
                                 {"category_id", 1},
                                 {"iscrowd", 0},
                                 {"num_keypoints", 6},
                                 {"area", 12000},
                                 {"bbox", {60, 50, 125, 85}},
                                 {"keypoints", truth}});
    results.push_back(
        {{"image_id", 10 + i}, {"category_id", 1}, {"keypoints", found}, {"score", 0.5 + 0.1 * i}});
  }
  writeFile(gtPath, gt.dump());
  writeFile(resultsPath, results.dump());
}

// `text` without its lines that contain `needle`.
QString withoutLines(const QString& text, const QString& needle) {
  QStringList kept;
  for (const QString& line : text.split('\n'))
    if (!line.contains(needle)) kept << line;
  return kept.join('\n');
}

}  // namespace

class TestCliImport : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  QString data_, annotations_;

  QString path(const QString& name) const { return dir_.filePath(name); }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    data_ = path("data");
    const CliRun made = posescope::test::makeDemoDataset(data_, 10);
    QVERIFY2(made.exitCode == 0, qPrintable(explain(made)));
    const CliRun eval =
        runCli(QStringList{"eval", "--out", path("eval")} << demoEvalArguments(data_));
    QVERIFY2(eval.exitCode == 0, qPrintable(explain(eval)));
    const QJsonObject run = QJsonDocument::fromJson(fileBytes(path("eval/run.json"))).object();
    annotations_ = run.value("annotation_file").toString();
    QVERIFY(QFile::exists(annotations_));
    writeSixJointSet(path("six.gt.json"), path("six.results.json"));
  }

  // The demo model's predictions, imported as if another framework had made them.
  void importedEvalResultsScoreAsTheEvalRun() {
    const CliRun imported =
        runCli({"import", "--gt", annotations_, "--dt", path("eval/results.json"), "--name", "demo",
                "--images", data_ + "/images/val2017", "--out", path("imported")});
    QVERIFY2(imported.exitCode == 0, qPrintable(explain(imported)));
    const CliRun metrics = runCli(
        {"metrics", "--gt", annotations_, "--dt", path("eval/results.json"), "--arch", "demo"});
    QVERIFY2(metrics.exitCode == 0, qPrintable(explain(metrics)));
    QCOMPARE(imported.out, metrics.out);
    // The same detections on the same ground truth: the same per-image evaluation.
    QCOMPARE(fileBytes(path("imported/image_eval.jsonl")),
             fileBytes(path("eval/image_eval.jsonl")));
    const CliRun exported = runCli({"export", path("imported"), "--what", "metrics"});
    QVERIFY2(exported.exitCode == 0, qPrintable(explain(exported)));
    QCOMPARE(exported.out, metrics.out);
    const CliRun results = runCli({"export", path("imported"), "--what", "results"});
    QCOMPARE(results.out.toUtf8(), fileBytes(path("eval/results.json")));
  }

  void analyzeOpensTheImportedRun() {
    const CliRun ofImport = runCli({"analyze", path("imported")});
    QVERIFY2(ofImport.exitCode == 0, qPrintable(explain(ofImport)));
    const CliRun ofEval = runCli({"analyze", path("eval")});
    QVERIFY2(ofEval.exitCode == 0, qPrintable(explain(ofEval)));
    QVERIFY2(ofImport.out.contains("AP if fixed"), qPrintable(ofImport.out));
    // The same analysis; only the results file's folder differs.
    QCOMPARE(withoutLines(ofImport.out, "results.json"), withoutLines(ofEval.out, "results.json"));
  }

  void comparesWithTheEvalRun() {
    const CliRun compared =
        runCli({"compare", path("eval"), path("imported"), "--resamples", "20"});
    QVERIFY2(compared.exitCode == 0, qPrintable(explain(compared)));
    // The imported side has no model, device or timings: "-", not zeros.
    QVERIFY2(compared.out.contains("imported predictions"), qPrintable(compared.out));
    QVERIFY2(QRegularExpression("\\| Mean total \\(ms\\) \\| [0-9.]+ \\| - \\|")
                 .match(compared.out)
                 .hasMatch(),
             qPrintable(compared.out));
    QVERIFY2(compared.out.contains("run B holds imported predictions"), qPrintable(compared.out));
    // No experiment on the imported side: no config keys listed as "not set" against the eval's.
    QVERIFY2(!compared.out.contains("Settings that differ"), qPrintable(compared.out));
    // Same detections: every stat the same.
    const CliRun json =
        runCli({"compare", path("eval"), path("imported"), "--no-bootstrap", "--format", "json"});
    QVERIFY2(json.exitCode == 0, qPrintable(explain(json)));
    const auto delta = nlohmann::json::parse(json.out.toStdString()).at("metrics").at("delta");
    QCOMPARE(delta.size(), size_t(10));
    for (const auto& d : delta) QCOMPARE(d.get<double>(), 0.0);
  }

  void overlaysDrawOnTheImportedImages() {
    const CliRun drawn = runCli(
        {"export", path("imported"), "--what", "overlays", "--quiet", "--out", path("overlays")});
    QVERIFY2(drawn.exitCode == 0, qPrintable(explain(drawn)));
    QCOMPARE(QDir(path("overlays")).entryList({"*.png"}, QDir::Files).size(), 10);
    // Without --images at import there is nothing to draw on: said, not guessed.
    const CliRun bare = runCli({"import", "--quiet", "--gt", annotations_, "--dt",
                                path("eval/results.json"), "--out", path("bare")});
    QVERIFY2(bare.exitCode == 0, qPrintable(explain(bare)));
    const CliRun refused = runCli({"export", path("bare"), "--what", "overlays", "--quiet"});
    QCOMPARE(refused.exitCode, 3);
    QVERIFY2(refused.err.contains("imported predictions without their images folder"),
             qPrintable(refused.err));
  }

  void sixJointsNeedTheirSigmas() {
    const CliRun refused = runCli({"import", "--gt", path("six.gt.json"), "--dt",
                                   path("six.results.json"), "--out", path("six-refused")});
    QCOMPARE(refused.exitCode, 3);
    for (const char* says : {"category 1 ('animal') has 6 joints", "--sigmas", "--skeleton"})
      QVERIFY2(refused.err.contains(says), qPrintable(refused.err));
    QVERIFY(!QFileInfo::exists(path("six-refused")));

    const QString sigmas = "0.05,0.06,0.07,0.08,0.09,0.1";
    const CliRun imported =
        runCli({"import", "--gt", path("six.gt.json"), "--dt", path("six.results.json"), "--sigmas",
                sigmas, "--out", path("six")});
    QVERIFY2(imported.exitCode == 0, qPrintable(explain(imported)));
    const CliRun metrics =
        runCli({"metrics", "--gt", path("six.gt.json"), "--dt", path("six.results.json"),
                "--sigmas", sigmas, "--arch", "six.results"});
    QVERIFY2(metrics.exitCode == 0, qPrintable(explain(metrics)));
    // metrics notes that the sigmas are not valid.py's; the table is the same.
    QVERIFY2(metrics.out.endsWith(imported.out) || metrics.out.contains(imported.out),
             qPrintable(metrics.out + "\n" + imported.out));
    const CliRun analyzed = runCli({"analyze", path("six")});
    QVERIFY2(analyzed.exitCode == 0, qPrintable(explain(analyzed)));
  }

  void badCommandLinesAndFolders() {
    const CliRun noOut =
        runCli({"import", "--gt", path("six.gt.json"), "--dt", path("six.results.json")});
    QCOMPARE(noOut.exitCode, 2);
    const CliRun both =
        runCli({"import", "--gt", path("six.gt.json"), "--dt", path("six.results.json"), "--sigmas",
                "1,2,3,4,5,6", "--skeleton", path("x.json"), "--out", path("both")});
    QCOMPARE(both.exitCode, 2);
    // An existing run is never overwritten.
    const CliRun again = runCli({"import", "--gt", annotations_, "--dt", path("eval/results.json"),
                                 "--out", path("imported")});
    QCOMPARE(again.exitCode, 3);
    QVERIFY2(again.err.contains("not empty"), qPrintable(again.err));
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestCliImport)
#include "tst_cli_import.moc"
