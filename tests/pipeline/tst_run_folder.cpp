// Image records and run folders: what is written reads back identically; broken folders and
// files are errors that name them.

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/strings.h"
#include "pipeline/run_folder.h"
#include "pipeline/run_folder_read.h"
#include "pipeline/run_labels.h"

using namespace posescope;

namespace {

ImageRecord sampleRecord(size_t index) {
  ImageRecord r;
  r.index = index;
  r.imageId = 785 + static_cast<std::int64_t>(index);
  r.file = "000000000785.jpg";
  PersonPrediction p;
  p.score = 0.75;
  p.joints = {{10.5f, 20.25f, 0.9f, 0.1f}, {30.f, 5.f, 0.5f, 0.2f}, {12.f, 40.f, 0.25f, 0.3f}};
  r.people.push_back(p);
  r.times = {1.5, 2.0, 30.0, 4.0, 0.5};
  return r;
}

}  // namespace

class TestRunFolder : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void recordRoundTrip() {
    const ImageRecord r = sampleRecord(3);
    const ImageRecord back = recordFromJson(recordToJson(r), "test");
    QCOMPARE(back.index, r.index);
    QCOMPARE(back.imageId, r.imageId);
    QCOMPARE(back.people.size(), size_t(1));
    QCOMPARE(back.people[0].joints[1][0], 30.f);
    QCOMPARE(back.people[0].score, 0.75);
    QCOMPARE(back.times.totalMs(), 38.0);
    QVERIFY(!back.failed());
  }

  void resultsUseKeypointExtremesForBbox() {
    const auto results = recordToResults(sampleRecord(0), 1);
    QCOMPARE(results.size(), size_t(1));
    const auto& e = results[0];
    QCOMPARE(e["image_id"].get<int>(), 785);
    QCOMPARE(e["category_id"].get<int>(), 1);
    QCOMPARE(e["keypoints"].size(), size_t(9));
    QCOMPARE(e["keypoints"][2].get<double>(), double(0.9f));
    const auto bbox = e["bbox"].get<std::vector<double>>();
    QCOMPARE(bbox[0], 10.5);
    QCOMPARE(bbox[1], 5.0);
    QCOMPARE(bbox[2], 30.0 - 10.5);
    QCOMPARE(bbox[3], 40.0 - 5.0);
  }

  void writtenFolderLoadsBack() {
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("run/nested").toStdString();
    {
      RunWriter writer(dir);
      writer.writeText(runfiles::kConfig, "TEST:\n  FLIP_TEST: true\n");
      writer.appendLog("started");
      ImageRecord failed;
      failed.index = 1;
      failed.imageId = 9;
      failed.file = "missing.jpg";
      failed.error = "image file 'missing.jpg' not found";
      const std::vector<ImageRecord> records = {sampleRecord(0), failed};
      for (const auto& r : records) writer.appendRecord(r);
      writer.writeResults(records, 1);
      RunSummary s;
      s.state = RunState::Complete;
      s.modelName = "pose_mobilenet";
      s.imagesTotal = 2;
      s.imagesDone = 2;
      s.imagesFailed = 1;
      writer.writeSummary(s);
      writer.writeMetrics({{"AP", "Ap .5"}, {0.5, 0.123456789012345}}, "| Arch | AP |\n");
    }
    const LoadedRun run = loadRunFolder(dir);
    QCOMPARE(runStateName(run.summary.state), std::string("complete"));
    QCOMPARE(run.summary.imagesFailed, size_t(1));
    QCOMPARE(run.records.size(), size_t(2));
    QVERIFY(run.records[1].failed());
    QVERIFY(run.metrics.has_value());
    QCOMPARE(run.metrics->values[1], 0.123456789012345);
    QCOMPARE(run.configYaml, std::string("TEST:\n  FLIP_TEST: true\n"));
    // results.json has one entry: the failed image has no people.
    const auto results = nlohmann::json::parse(readTextFile(dir + "/results.json"));
    QCOMPARE(results.size(), size_t(1));
  }

  // Issue 53, item 10: an imported run is named by its predictions wherever a run's model is
  // shown (the Runs table, Compare, the report), and its metric table's row by their name.
  void importedRunsAreNamedByTheirPredictions() {
    RunSummary evaluated;
    evaluated.modelName = "pose_mobilenet";
    evaluated.archName = "search-XS";
    QCOMPARE(runModelLabel(evaluated), std::string("pose_mobilenet / search-XS"));
    QCOMPARE(runTableName(evaluated), std::string("pose_mobilenet"));
    evaluated.archName = "pose_mobilenet";
    QCOMPARE(runModelLabel(evaluated), std::string("pose_mobilenet"));
    RunSummary imported;
    imported.imported = true;
    imported.archName = "yolo-pose";
    QCOMPARE(runModelLabel(imported), std::string("imported predictions (yolo-pose)"));
    QCOMPARE(runTableName(imported), std::string("yolo-pose"));
  }

  // Issue 51: metrics.json names its list "stats", as `metrics --json` does; a folder written
  // before, with "values", still opens with its metrics.
  void metricsAreCalledStatsAndOldFoldersStillRead() {
    QTemporaryDir tmp;
    const std::string dir = tmp.path().toStdString();
    RunWriter(dir).writeMetrics({{"AP", "AP .5"}, {0.25, 0.5}}, "| Arch | AP |\n");
    const auto written = nlohmann::json::parse(readTextFile(dir + "/metrics.json"));
    QCOMPARE(written.at("stats").get<std::vector<double>>(), (std::vector<double>{0.25, 0.5}));
    QVERIFY(!written.contains("values"));
    std::ofstream(dir + "/metrics.json") << R"({"names": ["AP", "AP .5"], "values": [0.75, 1.0]})";
    const auto old = readRunMetricTable(dir);
    QVERIFY(old.has_value());
    QCOMPARE(old->values, (std::vector<double>{0.75, 1.0}));
  }

  // Issue 33: a run killed between two updates of run.json said "Images: 0 of 200" while its
  // records held 107; the records are what it did.
  void recordsCountWhatAKilledRunDid() {
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("killed").toStdString();
    {
      RunWriter writer(dir);
      RunSummary s;
      s.imagesTotal = 5;
      writer.writeSummary(s);  // "running", nothing done yet
      ImageRecord failed = sampleRecord(2);
      failed.error = "cannot decode";
      for (const ImageRecord& r : {sampleRecord(0), sampleRecord(1), failed})
        writer.appendRecord(r);
    }  // the writer's lock is gone: the run reads as interrupted
    const LoadedRun run = loadRunFolder(dir);
    QCOMPARE(run.summary.state, RunState::Interrupted);
    QCOMPARE(run.summary.imagesDone, std::size_t(3));
    QCOMPARE(run.summary.imagesFailed, std::size_t(1));
    QCOMPARE(run.summary.imagesTotal, std::size_t(5));
  }

  // run.json keeps the state's name, as folders written before RunState was a type do.
  void stateNamesOnDisk() {
    const std::pair<RunState, std::string> names[] = {{RunState::Running, "running"},
                                                      {RunState::Complete, "complete"},
                                                      {RunState::Cancelled, "cancelled"},
                                                      {RunState::Failed, "failed"}};
    for (const auto& [state, name] : names) {
      RunSummary s;
      s.state = state;
      const std::string text = summaryToJsonText(s);
      QVERIFY2(text.find("\"state\": \"" + name + "\"") != std::string::npos, text.c_str());
      QVERIFY(summaryFromJsonText(text, "run.json").state == state);
    }
    try {
      summaryFromJsonText(R"({"state": "paused"})", "old/run.json");
      QFAIL("expected an error");
    } catch (const Error& e) {
      QVERIFY2(QString(e.what()).contains("old/run.json") && QString(e.what()).contains("paused"),
               e.what());
    }
  }

  // run.json's cost is ptflops' count under its own key; an older run's "multiply_adds" counted
  // convolutions and BatchNorms only and is not shown as ptflops' count.
  void multiplyAddsAreReadOnlyAsPtflopsCount() {
    RunSummary s;
    s.multiplyAdds = 1202266112;
    const std::string text = summaryToJsonText(s);
    QVERIFY(text.find("\"ptflops_multiply_adds\": 1202266112") != std::string::npos);
    QCOMPARE(summaryFromJsonText(text, "run.json").multiplyAdds, std::int64_t(1202266112));
    const RunSummary old =
        summaryFromJsonText(R"({"state": "complete", "multiply_adds": 916283392})", "old/run.json");
    QCOMPARE(old.multiplyAdds, std::int64_t(0));
  }

  void inputsRoundTripAndChangesAreNoticed() {
    QTemporaryDir tmp;
    const std::string file = tmp.filePath("abc.txt").toStdString();
    std::ofstream(file) << "abc";
    // FIPS 180-2's test vector for "abc".
    QCOMPARE(sha256OfFile(file),
             std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    RunSummary s;
    s.inputs = {{"checkpoint", file, sha256OfFile(file)},
                {"dataset_root", tmp.path().toStdString(), ""}};
    const RunSummary back = summaryFromJsonText(summaryToJsonText(s), "run.json");
    QCOMPARE(back.inputs.size(), size_t(2));
    QCOMPARE(back.inputs[0].role, std::string("checkpoint"));
    QCOMPARE(back.inputs[0].sha256, s.inputs[0].sha256);
    QVERIFY(back.inputs[1].sha256.empty());
    QVERIFY(changedRunInputs(back.inputs).empty());

    std::ofstream(file, std::ios::app) << "d";
    auto changed = changedRunInputs(back.inputs);
    QCOMPARE(changed.size(), size_t(1));
    const std::string said = describeChangedInputs(changed);
    QVERIFY2(said.find("checkpoint " + file + " has changed") != std::string::npos, said.c_str());

    std::filesystem::remove(file);
    changed = changedRunInputs(back.inputs);
    QCOMPARE(changed.size(), size_t(1));
    QCOMPARE(changed[0].problem, std::string("is missing"));
    QVERIFY_THROWS_EXCEPTION(Error, sha256OfFile(file));
  }

  void notARunFolder() {
    QTemporaryDir tmp;
    try {
      loadRunFolder(tmp.path().toStdString());
      QFAIL("expected an error");
    } catch (const Error& e) {
      QVERIFY2(QString(e.what()).contains("not a PoseScope run folder"), e.what());
    }
  }

  void corruptRecordNamesLine() {
    QTemporaryDir tmp;
    const std::string dir = tmp.path().toStdString();
    {
      RunWriter writer(dir);
      writer.appendRecord(sampleRecord(0));
      writer.writeSummary(RunSummary{});
    }
    std::ofstream(dir + "/records.jsonl", std::ios::app) << "{\"index\": 1, trunc\n";
    try {
      loadRunFolder(dir);
      QFAIL("expected an error");
    } catch (const Error& e) {
      QVERIFY2(QString(e.what()).contains("records.jsonl:2"), e.what());
    }
  }
};

QTEST_GUILESS_MAIN(TestRunFolder)
#include "tst_run_folder.moc"
