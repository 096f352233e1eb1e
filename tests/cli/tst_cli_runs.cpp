// posescope-cli runs as users run it: a library folder holding a demo eval run, the same
// predictions imported, predictions on another ground truth, a damaged run and a folder that is
// no run; listed as a table, CSV and JSON with the stats of each run's metrics.json, sorted,
// filtered by ground truth, and bad command lines refused with their exit codes.

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
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
  QVERIFY(QDir().mkpath(QFileInfo(path).path()));
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text.data(), static_cast<qint64>(text.size()));
}

// Two images of one three-joint animal each, and results finding them exactly.
void writeAnimalSet(const QString& gtPath, const QString& resultsPath) {
  nlohmann::json gt = {
      {"images", nlohmann::json::array()},
      {"annotations", nlohmann::json::array()},
      {"categories", {{{"id", 1}, {"name", "animal"}, {"keypoints", {"a", "b", "c"}}}}}};
  nlohmann::json results = nlohmann::json::array();
  for (int i = 0; i < 2; ++i) {
    const std::vector<double> joints = {50, 60, 2, 120, 70, 2, 90, 140, 2};
    gt["images"].push_back({{"id", 1 + i},
                            {"file_name", std::to_string(i) + ".jpg"},
                            {"width", 200},
                            {"height", 200}});
    gt["annotations"].push_back({{"id", 1 + i},
                                 {"image_id", 1 + i},
                                 {"category_id", 1},
                                 {"iscrowd", 0},
                                 {"num_keypoints", 3},
                                 {"area", 6000},
                                 {"bbox", {50, 60, 70, 80}},
                                 {"keypoints", joints}});
    results.push_back(
        {{"image_id", 1 + i}, {"category_id", 1}, {"keypoints", joints}, {"score", 0.9}});
  }
  writeFile(gtPath, gt.dump());
  writeFile(resultsPath, results.dump());
}

QString sha256Of(const QString& path) {
  return QString::fromLatin1(
      QCryptographicHash::hash(fileBytes(path), QCryptographicHash::Sha256).toHex());
}

nlohmann::json parsed(const CliRun& run) {
  return nlohmann::json::parse(run.out.toStdString());
}

const nlohmann::json* rowNamed(const nlohmann::json& rows, const std::string& name) {
  for (const auto& row : rows)
    if (row.at("name") == name) return &row;
  return nullptr;
}

std::vector<std::string> namesOf(const nlohmann::json& rows) {
  std::vector<std::string> names;
  for (const auto& row : rows) names.push_back(row.at("name").get<std::string>());
  return names;
}

}  // namespace

class TestCliRuns : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  QString lib_, annotations_;

  QString path(const QString& name) const { return dir_.filePath(name); }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    lib_ = path("lib");
    const QString data = path("data");
    const CliRun made = posescope::test::makeDemoDataset(data, 4);
    QVERIFY2(made.exitCode == 0, qPrintable(explain(made)));
    const CliRun eval =
        runCli(QStringList{"eval", "--out", lib_ + "/demo/eval"} << demoEvalArguments(data));
    QVERIFY2(eval.exitCode == 0, qPrintable(explain(eval)));
    annotations_ = QString::fromStdString(
        nlohmann::json::parse(fileBytes(lib_ + "/demo/eval/run.json").toStdString())
            .at("annotation_file")
            .get<std::string>());
    const CliRun imported =
        runCli({"import", "--gt", annotations_, "--dt", lib_ + "/demo/eval/results.json", "--out",
                lib_ + "/imported", "--name", "demo-again", "--quiet"});
    QVERIFY2(imported.exitCode == 0, qPrintable(explain(imported)));
    writeAnimalSet(path("animal.gt.json"), path("animal.results.json"));
    const CliRun animal =
        runCli({"import", "--gt", path("animal.gt.json"), "--dt", path("animal.results.json"),
                "--sigmas", "0.05,0.05,0.05", "--out", lib_ + "/animal", "--quiet"});
    QVERIFY2(animal.exitCode == 0, qPrintable(explain(animal)));
    writeFile(lib_ + "/broken/run.json", "{\"state\": \"complete\", \"model\"");
    writeFile(lib_ + "/broken/records.jsonl", "");
    writeFile(lib_ + "/notes/config.yaml", "MODEL:\n  NAME: pose_mobilenet\n");
  }

  void markdownTableIsTheDefault() {
    const CliRun listed = runCli({"runs", lib_});
    QVERIFY2(listed.exitCode == 0, qPrintable(explain(listed)));
    const QStringList lines = listed.out.split('\n');
    QVERIFY2(lines[0].startsWith("| run | state | model | checkpoint | epoch | dataset | images | "
                                 "AP | Ap .5 |"),
             qPrintable(listed.out));
    QVERIFY2(lines[0].endsWith("| params | MACs | ms/image | date |"), qPrintable(lines[0]));
    // Four rows: the eval, the two imports and the damaged run; not the folder of notes.
    QCOMPARE(listed.out.count(QRegularExpression("^\\| (animal|broken|demo/eval|imported) \\|",
                                                 QRegularExpression::MultilineOption)),
             4);
    QVERIFY2(!listed.out.contains("notes"), qPrintable(listed.out));
    QVERIFY2(listed.out.contains("| demo/eval | complete | "), qPrintable(listed.out));
    QVERIFY2(listed.out.contains("| imported | complete | demo-again (imported) | – |"),
             qPrintable(listed.out));
    QVERIFY2(listed.out.contains("| broken | unreadable |"), qPrintable(listed.out));
    // The reason below the table, naming the file.
    QVERIFY2(QRegularExpression("\n- broken \\(unreadable\\): .*broken/run.json")
                 .match(listed.out)
                 .hasMatch(),
             qPrintable(listed.out));
  }

  void jsonRowsCarryTheRunsFiles() {
    const CliRun listed = runCli({"runs", lib_, "--format", "json"});
    QVERIFY2(listed.exitCode == 0, qPrintable(explain(listed)));
    const nlohmann::json rows = parsed(listed);
    QCOMPARE(namesOf(rows),
             (std::vector<std::string>{"animal", "broken", "demo/eval", "imported"}));
    const nlohmann::json& eval = *rowNamed(rows, "demo/eval");
    QCOMPARE(eval.at("run").get<std::string>(),
             QDir(lib_ + "/demo/eval").absolutePath().toStdString());
    QCOMPARE(eval.at("state"), "complete");
    QCOMPARE(eval.at("checkpoint"), "demo_litepose.pth");
    QVERIFY(eval.at("epoch").is_null());
    QCOMPARE(eval.at("dataset").at("file").get<std::string>(), annotations_.toStdString());
    QCOMPARE(eval.at("dataset").at("sha256").get<std::string>(),
             sha256Of(annotations_).toStdString());
    QCOMPARE(eval.at("images"), 4);
    QVERIFY(eval.at("params").get<double>() > 0);
    QVERIFY(eval.at("macs").get<double>() > 0);
    QVERIFY(eval.at("ms_per_image").get<double>() > 0);
    QVERIFY(eval.at("sweep").is_null());
    QVERIFY(!eval.at("date").get<std::string>().empty());
    // The stats are metrics.json's, named as metrics --json names them.
    const nlohmann::json metrics =
        nlohmann::json::parse(fileBytes(lib_ + "/demo/eval/metrics.json").toStdString());
    const CliRun table = runCli(
        {"metrics", "--gt", annotations_, "--dt", lib_ + "/demo/eval/results.json", "--json"});
    QVERIFY2(table.exitCode == 0, qPrintable(explain(table)));
    QCOMPARE(parsed(table).at("names"), metrics.at("names"));
    for (const char* name : {"demo/eval", "imported"}) {
      const nlohmann::json& row = *rowNamed(rows, name);
      QCOMPARE(row.at("stats").size(), metrics.at("names").size());
      for (std::size_t i = 0; i < metrics.at("names").size(); ++i)
        QCOMPARE(row.at("stats").at(metrics.at("names")[i].get<std::string>()).get<double>(),
                 metrics.at("stats")[i].get<double>());
    }
    // Imported predictions: a row without costs.
    const nlohmann::json& imported = *rowNamed(rows, "imported");
    QCOMPARE(imported.at("imported"), true);
    for (const char* cost : {"params", "macs", "ms_per_image", "checkpoint", "epoch"})
      QVERIFY2(imported.at(cost).is_null(), cost);
    const nlohmann::json& broken = *rowNamed(rows, "broken");
    QCOMPARE(broken.at("state"), "unreadable");
    QVERIFY(broken.at("problem").get<std::string>().find("run.json") != std::string::npos);
    QVERIFY(broken.at("stats").empty());
  }

  void csvHasAHeaderAndARowPerRun() {
    const CliRun listed = runCli({"runs", lib_, "--format", "csv"});
    QVERIFY2(listed.exitCode == 0, qPrintable(explain(listed)));
    const QStringList lines = listed.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 5);
    QVERIFY2(lines[0].startsWith("run,name,state,shard,problem,model,arch,imported,checkpoint,"
                                 "epoch,dataset,dataset_sha256,images,images_total,AP,"),
             qPrintable(lines[0]));
    QVERIFY2(lines[0].endsWith(",params,macs,ms_per_image,date,sweep"), qPrintable(lines[0]));
    QVERIFY2(lines[3].contains(",demo/eval,complete,,,"), qPrintable(lines[3]));
  }

  void sortedByAStatOrAKey() {
    const CliRun byAp = runCli({"runs", lib_, "--format", "json", "--sort", "AP"});
    QVERIFY2(byAp.exitCode == 0, qPrintable(explain(byAp)));
    const nlohmann::json rows = parsed(byAp);
    // The animal found exactly (AP 1) first, the damaged run without stats last.
    QCOMPARE(rows.front().at("name"), "animal");
    QCOMPARE(rows.back().at("name"), "broken");
    for (std::size_t i = 1; i + 1 < rows.size(); ++i)
      QVERIFY(rows[i - 1].at("stats").at("AP") >= rows[i].at("stats").at("AP"));
    const CliRun byMs = runCli({"runs", lib_, "--format", "json", "--sort", "ms"});
    QCOMPARE(parsed(byMs).front().at("name"), "demo/eval");
    const CliRun unknown = runCli({"runs", lib_, "--sort", "speed"});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains("'speed'") && unknown.err.contains("epoch") &&
                 unknown.err.contains("'AP'"),
             qPrintable(unknown.err));
  }

  void onlyTheRunsOfOneGroundTruth() {
    const CliRun listed = runCli({"runs", lib_, "--format", "json", "--dataset", annotations_});
    QVERIFY2(listed.exitCode == 0, qPrintable(explain(listed)));
    QCOMPARE(namesOf(parsed(listed)), (std::vector<std::string>{"demo/eval", "imported"}));
    QVERIFY2(listed.err.contains("left out 1 run(s) scored on other ground truths and 1 run(s) "
                                 "whose ground truth is unknown"),
             qPrintable(listed.err));
    const CliRun animal =
        runCli({"runs", lib_, "--format", "json", "--dataset", path("animal.gt.json")});
    QCOMPARE(namesOf(parsed(animal)), (std::vector<std::string>{"animal"}));
  }

  void badCommandLinesAndFolders() {
    const CliRun missing = runCli({"runs", path("no-such-folder")});
    QCOMPARE(missing.exitCode, 3);
    QVERIFY2(missing.err.contains("no-such-folder"), qPrintable(missing.err));
    const CliRun none = runCli({"runs"});
    QCOMPARE(none.exitCode, 2);
    const CliRun format = runCli({"runs", lib_, "--format", "xml"});
    QCOMPARE(format.exitCode, 2);
    QVERIFY2(format.err.contains("xml"), qPrintable(format.err));
    const CliRun gt = runCli({"runs", lib_, "--dataset", path("no-such.json")});
    QCOMPARE(gt.exitCode, 3);
    QVERIFY2(gt.err.contains("no-such.json"), qPrintable(gt.err));
    // An empty library is an empty list, not an error.
    QVERIFY(QDir().mkpath(path("empty")));
    const CliRun empty = runCli({"runs", path("empty"), "--format", "json"});
    QCOMPARE(empty.exitCode, 0);
    QCOMPARE(empty.out.trimmed(), QString("[]"));
  }
};

QTEST_GUILESS_MAIN(TestCliRuns)
#include "tst_cli_runs.moc"
