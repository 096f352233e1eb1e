// Reports of runs: timing statistics, per-image evaluations read back and tied to people, run
// comparison ordering, and exports that parse back to the in-memory values.

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <sstream>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/strings.h"
#include "eval/ground_truth.h"
#include "eval/results_io.h"
#include "report/image_eval_reader.h"
#include "report/per_image_table.h"
#include "report/run_comparison.h"
#include "report/run_exports.h"
#include "report/timing_stats.h"
#include "report_fixtures.h"

using namespace posescope;
using posescope::test::FixtureImage;

namespace {

ImageRecord timed(std::int64_t id, StageTimings t, const std::string& error = {}) {
  ImageRecord r;
  r.imageId = id;
  r.times = t;
  r.error = error;
  return r;
}

// Splits CSV text without quoted fields into rows of fields.
std::vector<std::vector<std::string>> csvRows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::string field;
    std::istringstream fs(line);
    while (std::getline(fs, field, ',')) fields.push_back(field);
    if (!line.empty() && line.back() == ',') fields.push_back("");
    rows.push_back(fields);
  }
  return rows;
}

std::optional<double> optionalOf(const nlohmann::json& j) {
  if (j.is_null()) return std::nullopt;
  return j.get<double>();
}

// A person whose 17 joints start at (x0, y0): the same pattern for ground truth and predictions.
std::vector<double> personKeypoints(double x0, double y0) {
  std::vector<double> k;
  for (int j = 0; j < 17; ++j) k.insert(k.end(), {x0 + 4 * j, y0 + 6 * j, 2});
  return k;
}

std::string groundTruthJson() {
  nlohmann::json gt;
  gt["images"] = {{{"id", 1}, {"file_name", "a.jpg"}, {"width", 640}, {"height", 480}},
                  {{"id", 2}, {"file_name", "b.jpg"}, {"width", 640}, {"height", 480}}};
  std::vector<std::string> names(17, "j");
  gt["categories"] = {{{"id", 1}, {"name", "person"}, {"keypoints", names}}};
  auto ann = [](int id, int image, double x0, double y0) {
    return nlohmann::json{{"id", id},
                          {"image_id", image},
                          {"category_id", 1},
                          {"keypoints", personKeypoints(x0, y0)},
                          {"num_keypoints", 17},
                          {"area", 64.0 * 96.0},
                          {"bbox", {x0, y0, 64, 96}},
                          {"iscrowd", 0}};
  };
  gt["annotations"] = {ann(11, 1, 10, 10), ann(12, 1, 300, 200), ann(21, 2, 100, 50)};
  return gt.dump();
}

PersonPrediction predictedAt(double x0, double y0, double score) {
  PersonPrediction p;
  p.score = score;
  const auto k = personKeypoints(x0, y0);
  for (int j = 0; j < 17; ++j)
    p.joints.push_back({float(k[j * 3]), float(k[j * 3 + 1]), 0.9f, float(j)});
  return p;
}

std::vector<FixtureImage> imagesA() {
  return {{1, 1, 10, 0.9, 0.8, ""}, {2, 2, 20, 0.5, 0.6, ""}, {3, 1, 30, 0.7, 0.9, ""},
          {4, 1, 40, -1, -1, ""},   {6, 1, 50, 0, 0, "boom"}, {7, 1, 60, 0.6, 0.9, ""},
          {8, 3, 70, 0.6, 0.9, ""}};
}

std::vector<FixtureImage> imagesB() {
  return {{2, 1, 15, 0.8, 0.55, ""}, {3, 2, 25, 0.2, 0.5, ""}, {4, 1, 35, 0.6, 0.5, ""},
          {5, 1, 45, 0.4, 0.4, ""},  {6, 1, 55, 0.5, 0.5, ""}, {7, 1, 65, 0.5, 0.95, ""},
          {8, 1, 75, 0.5, 0.7, ""}};
}

std::vector<double> metricValues(double base) {
  std::vector<double> v;
  for (int i = 0; i < 10; ++i) v.push_back(base + 0.01 * i);
  return v;
}

std::vector<std::int64_t> idsOf(const std::vector<ImageDelta>& images) {
  std::vector<std::int64_t> ids;
  for (const auto& d : images) ids.push_back(d.imageId);
  return ids;
}

}  // namespace

class TestReport : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void percentileIsNumpysLinear() {
    // np.percentile([1, 2, 3, 4, 10], [50, 90]) -> [3, 7.6]; ([5, 1, 3, 2], [50, 90]) -> [2.5, 4.4]
    QCOMPARE(percentile({1, 2, 3, 4, 10}, 50), 3.0);
    QVERIFY(std::abs(percentile({1, 2, 3, 4, 10}, 90) - 7.6) < 1e-12);
    QCOMPARE(percentile({5, 1, 3, 2}, 50), 2.5);
    QVERIFY(std::abs(percentile({5, 1, 3, 2}, 90) - 4.4) < 1e-12);
    QCOMPARE(percentile({7}, 90), 7.0);
    QCOMPARE(percentile({4, 8}, 100), 8.0);
    QCOMPARE(percentile({4, 8}, 0), 4.0);
    QCOMPARE(percentile({}, 50), 0.0);
  }

  void warmUpsAreTheRecordsThatSayWhy() {
    std::vector<ImageRecord> records = {timed(1, {1, 1, 1, 1, 1}), timed(2, {2, 2, 2, 2, 2}),
                                        timed(3, {3, 3, 3, 3, 3}, "bad image"),
                                        timed(4, {4, 4, 4, 4, 4})};
    // A run recorded before records said why: its first evaluated image.
    QCOMPARE(warmUpPositions(records), std::vector<std::size_t>{0});
    records[1].warmUp = "first forward of replica 2";
    records[3].warmUp = "first image at input 256x416";
    QCOMPARE(warmUpPositions(records), (std::vector<std::size_t>{1, 3}));
    const std::vector<ImageRecord> steady = steadyRecords(records);
    QCOMPARE(steady.size(), std::size_t{2});
    QCOMPARE(steady[0].imageId, records[0].imageId);
    QCOMPARE(steady[1].imageId, records[2].imageId);  // failed: counted as such by the stats
    // The reason survives records.jsonl.
    const ImageRecord back = recordFromJson(recordToJson(records[3]), "records.jsonl");
    QCOMPARE(back.warmUp, records[3].warmUp);
    QVERIFY(!recordToJson(records[0]).contains("warm_up"));
  }

  void timingStatsSkipFailedRecords() {
    const std::vector<ImageRecord> records = {timed(1, {1, 2, 3, 4, 5}), timed(2, {2, 2, 2, 2, 2}),
                                              timed(3, {3, 0, 9, 1, 0}),
                                              timed(4, {100, 100, 100, 100, 100}, "bad image")};
    const TimingStats s = computeTimingStats(records);
    QCOMPARE(s.images, size_t(3));
    QCOMPARE(s.failed, size_t(1));
    QCOMPARE(s.stages, stageNames());
    const StatSummary& decode = s.perStage[0];  // 1, 2, 3
    QCOMPARE(decode.count, size_t(3));
    QCOMPARE(decode.mean, 2.0);
    QCOMPARE(decode.p50, 2.0);
    QVERIFY(std::abs(decode.p90 - 2.8) < 1e-12);
    QCOMPARE(decode.max, 3.0);
    const StatSummary& forward = s.perStage[2];  // 3, 2, 9
    QVERIFY(std::abs(forward.mean - 14.0 / 3) < 1e-12);
    QCOMPARE(forward.p50, 3.0);
    QVERIFY(std::abs(forward.p90 - 7.8) < 1e-12);
    QCOMPARE(forward.max, 9.0);
    // totals 15, 10, 13
    QVERIFY(std::abs(s.total.mean - 38.0 / 3) < 1e-12);
    QCOMPARE(s.total.p50, 13.0);
    QVERIFY(std::abs(s.total.p90 - 14.6) < 1e-12);
    QCOMPARE(s.total.max, 15.0);
    QCOMPARE(totalTimes(records), (std::vector<double>{15, 10, 13}));
  }

  void histogramAsNumpy() {
    // np.histogram([0, 1, 2, 3, 4], 2) -> counts [2, 3], edges [0, 2, 4]
    const Histogram h = histogram({0, 1, 2, 3, 4}, 2);
    QCOMPARE(h.counts, (std::vector<size_t>{2, 3}));
    QCOMPARE(h.edges, (std::vector<double>{0, 2, 4}));
    // np.histogram([5, 5], 3) -> counts [0, 2, 0], edges 4.5 .. 5.5
    const Histogram same = histogram({5, 5}, 3);
    QCOMPARE(same.counts, (std::vector<size_t>{0, 2, 0}));
    QCOMPARE(same.edges.front(), 4.5);
    QCOMPARE(same.edges.back(), 5.5);
    QVERIFY(histogram({}, 4).counts.empty());
  }

  void imageEvaluationsReadBack() {
    ImageEvaluation e;
    e.imageId = 42;
    e.categoryId = 1;
    e.detections = {3, 5};
    e.droppedDetections = {9};
    e.groundTruthIds = {7, 8, 9};
    e.groundTruthIgnored = {false, true, false};
    e.oks = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6};
    e.thresholds = {{0.5, {{3, 7, 0.91, false}, {5, 8, 0.55, true}}, {}, {9}},
                    {0.55, {{3, 7, 0.91, false}}, {5}, {9}}};
    e.ap = 0.505;
    e.meanOks = 0.91;
    const auto back =
        parseImageEvaluationsJsonl("\n" + formatImageEvaluationsJsonl({e, e}) + "\n", "mem");
    QCOMPARE(back.size(), size_t(2));
    const ImageEvaluation& b = back[1];
    QCOMPARE(b.imageId, e.imageId);
    QCOMPARE(b.detections, e.detections);
    QCOMPARE(b.droppedDetections, e.droppedDetections);
    QCOMPARE(b.groundTruthIds, e.groundTruthIds);
    QCOMPARE(b.groundTruthIgnored, e.groundTruthIgnored);
    QCOMPARE(b.oks, e.oks);
    QCOMPARE(b.ap, e.ap);
    QCOMPARE(b.meanOks, e.meanOks);
    QCOMPARE(b.thresholds.size(), size_t(2));
    QCOMPARE(b.thresholds[0].matches[1].groundTruthId, std::int64_t(8));
    QVERIFY(b.thresholds[0].matches[1].groundTruthIgnored);
    QCOMPARE(b.thresholds[1].unmatchedDetections, std::vector<std::size_t>{5});
    QCOMPARE(b.thresholds[1].unmatchedGroundTruths, std::vector<std::int64_t>{9});

    try {
      parseImageEvaluationsJsonl(formatImageEvaluationJson(e) + "\n{\"image_id\": 1}\n", "x.jsonl");
      QFAIL("a line without fields was accepted");
    } catch (const EvalError& err) {
      QVERIFY2(std::string(err.what()).find("x.jsonl:2") != std::string::npos, err.what());
    }
  }

  void matchesMapBackToRecordPeople() {
    const KeypointGroundTruth gt = parseGroundTruth(groundTruthJson(), "gt");
    ImageRecord first;
    first.index = 0;
    first.imageId = 1;
    first.people = {predictedAt(300, 200, 0.9), PersonPrediction{}, predictedAt(10, 10, 0.8)};
    ImageRecord second;
    second.index = 1;
    second.imageId = 2;
    second.people = {predictedAt(100, 50, 0.7)};
    const std::vector<ImageRecord> records = {first, second};
    const auto detections = parseResults(formatRunResultsJson(records, 1), "results in memory");
    QCOMPARE(detections.size(), size_t(3));  // the person without joints is not a detection
    const EvalSummary summary = evaluateKeypoints(gt, detections, EvalVariant::Coco);
    const RunImageEvaluations evaluations(records, summary.images, 1);

    const auto m1 = evaluations.matchesFor(first);
    QCOMPARE(m1.size(), size_t(2));
    std::map<size_t, std::int64_t> byPerson;
    for (const auto& m : m1) {
      byPerson[m.person] = m.groundTruthId;
      QVERIFY(m.oks > 0.99);
    }
    QCOMPARE(byPerson[0], std::int64_t(12));
    QCOMPARE(byPerson[2], std::int64_t(11));
    const auto m2 = evaluations.matchesFor(second, 0.95);
    QCOMPARE(m2.size(), size_t(1));
    QCOMPARE(m2[0].person, size_t(0));
    QCOMPARE(m2[0].groundTruthId, std::int64_t(21));
    QCOMPARE(evaluations.regularGroundTruthCount(1), 2);
    QCOMPARE(RunImageEvaluations().regularGroundTruthCount(1), -1);
  }

  void comparisonPutsImagesWhereBLosesFirst() {
    QTemporaryDir tmp;
    const std::string a = tmp.filePath("a").toStdString(), b = tmp.filePath("b").toStdString();
    test::writeFixtureRun(a, "search-XS", imagesA(), test::cocoNames(), metricValues(0.5));
    test::writeFixtureRun(b, "search-S", imagesB(), test::cocoNames(), metricValues(0.6));
    const RunComparison c = compareRuns(loadRunFolder(a), loadRunFolder(b));

    QVERIFY(c.metrics.has_value());
    QCOMPARE(c.metrics->names, test::cocoNames());
    for (size_t i = 0; i < 10; ++i) {
      QCOMPARE(c.metrics->a[i], metricValues(0.5)[i]);
      QCOMPARE(c.metrics->delta[i], metricValues(0.6)[i] - metricValues(0.5)[i]);
    }
    QCOMPARE(c.a.label, std::string("search-XS"));
    QCOMPARE(c.b.parameters, std::int64_t(8000));
    QCOMPARE(c.a.images, size_t(7));
    QCOMPARE(c.a.failed, size_t(1));
    QCOMPARE(c.a.timing.total.max, 70.0);  // the failed image (50 ms) is not counted
    QCOMPARE(c.b.timing.perStage[2].mean, (15 + 25 + 35 + 45 + 55 + 65 + 75) / 7.0 / 5);

    // delta AP: 3 -0.5; 8 and 7 -0.1 (8's OKS delta is lower); 2 +0.3; then 1 (A only),
    // 4 (no AP in A), 5 (B only), 6 (failed in A) by image id.
    QCOMPARE(idsOf(c.images), (std::vector<std::int64_t>{3, 8, 7, 2, 1, 4, 5, 6}));
    const ImageDelta& worst = c.images[0];
    QVERIFY(worst.inA && worst.inB);
    QCOMPARE(*worst.deltaAp, 0.2 - 0.7);
    QCOMPARE(*worst.deltaOks, 0.5 - 0.9);
    QCOMPARE(worst.peopleA, size_t(1));
    QCOMPARE(worst.peopleB, size_t(2));
    QCOMPARE(worst.groundTruthPeople, 1);
    QCOMPARE(*worst.msA, 30.0);
    const ImageDelta& onlyA = c.images[4];
    QVERIFY(onlyA.inA && !onlyA.inB);
    QVERIFY(!onlyA.deltaAp && !onlyA.apB);
    const ImageDelta& failedA = c.images[7];
    QCOMPARE(failedA.errorA, std::string("boom"));
    QVERIFY(!failedA.msA && failedA.msB);
    QVERIFY(!failedA.apA && failedA.apB);

    RunComparison byOks = c;
    sortImageDeltas(byOks.images, DeltaOrder::Oks);
    QCOMPARE(idsOf(byOks.images), (std::vector<std::int64_t>{3, 8, 2, 7, 1, 4, 5, 6}));
    QVERIFY(!c.notes.empty());
  }

  void differentDevicesAreNoted() {
    QTemporaryDir tmp;
    const std::string a = tmp.filePath("a").toStdString(), b = tmp.filePath("b").toStdString();
    test::writeFixtureRun(a, "XS", imagesA(), test::cocoNames(), metricValues(0.5));
    test::writeFixtureRun(b, "S", imagesB(), test::cocoNames(), metricValues(0.6));
    auto hasDeviceNote = [](const RunComparison& c) {
      return std::any_of(c.notes.begin(), c.notes.end(), [](const std::string& n) {
        return n.find("different devices (cpu and cuda:0)") != std::string::npos;
      });
    };
    LoadedRun runB = loadRunFolder(b);
    QVERIFY(!hasDeviceNote(compareRuns(loadRunFolder(a), runB)));
    runB.summary.device = "cuda:0";
    QVERIFY(hasDeviceNote(compareRuns(loadRunFolder(a), runB)));
  }

  void differentMetricsCannotBeCompared() {
    QTemporaryDir tmp;
    const std::string a = tmp.filePath("a").toStdString(), b = tmp.filePath("b").toStdString();
    test::writeFixtureRun(a, "coco", imagesA(), test::cocoNames(), metricValues(0.5));
    test::writeFixtureRun(b, "crowd", imagesB(), test::crowdNames(), std::vector<double>(9, 0.4));
    try {
      compareRuns(loadRunFolder(a), loadRunFolder(b));
      QFAIL("COCO and CrowdPose runs were compared");
    } catch (const Error& e) {
      const std::string what = e.what();
      QVERIFY2(what.find(a) != std::string::npos && what.find(b) != std::string::npos, e.what());
    }
  }

  void comparisonExportsParseBack() {
    QTemporaryDir tmp;
    const std::string a = tmp.filePath("a").toStdString(), b = tmp.filePath("b").toStdString();
    test::writeFixtureRun(a, "search-XS", imagesA(), test::cocoNames(), metricValues(0.5));
    test::writeFixtureRun(b, "search-S", imagesB(), test::cocoNames(), metricValues(0.6));
    const RunComparison c = compareRuns(loadRunFolder(a), loadRunFolder(b));

    const auto j = nlohmann::json::parse(formatComparisonJson(c));
    QCOMPARE(j["metrics"]["delta"].get<std::vector<double>>(), c.metrics->delta);
    QCOMPARE(j["a"]["timing"]["total"]["p90"].get<double>(), c.a.timing.total.p90);
    QCOMPARE(j["b"]["ptflops_multiply_adds"].get<std::int64_t>(), c.b.multiplyAdds);
    QCOMPARE(j["images"].size(), c.images.size());
    for (size_t i = 0; i < c.images.size(); ++i) {
      const auto& e = j["images"][i];
      QCOMPARE(e["image_id"].get<std::int64_t>(), c.images[i].imageId);
      QCOMPARE(optionalOf(e["delta_ap"]), c.images[i].deltaAp);
      QCOMPARE(optionalOf(e["oks_b"]), c.images[i].oksB);
      QCOMPARE(optionalOf(e["ms_a"]), c.images[i].msA);
    }

    const auto deltas = csvRows(formatImageDeltasCsv(c.images));
    QCOMPARE(deltas.size(), c.images.size() + 1);
    QCOMPARE(deltas[0][9], std::string("delta_ap"));
    for (size_t i = 0; i < c.images.size(); ++i) {
      const auto& row = deltas[i + 1];
      QCOMPARE(row.size(), size_t(17));
      QCOMPARE(std::stoll(row[0]), c.images[i].imageId);
      if (c.images[i].deltaAp)
        QCOMPARE(std::stod(row[9]), *c.images[i].deltaAp);
      else
        QVERIFY(row[9].empty());
    }

    const auto table = csvRows(formatComparisonCsv(c));
    QCOMPARE(table[1][0], std::string("metric"));
    QCOMPARE(table[1][1], std::string("AP"));
    QCOMPARE(std::stod(table[1][4]), c.metrics->delta[0]);

    const std::string md = formatComparisonMarkdown(c);
    QVERIFY2(md.find("| AP | 0.500 | 0.600 | +0.100 |") != std::string::npos, md.c_str());
    // The cost is named as every page names it: ptflops' count.
    const std::string macsRow = "| MACs (ptflops) | " + std::to_string(c.a.multiplyAdds) + " | " +
                                std::to_string(c.b.multiplyAdds) + " |";
    QVERIFY2(md.find(macsRow) != std::string::npos, md.c_str());
    QVERIFY2(md.find("| 3 | img_3.jpg |") != std::string::npos, md.c_str());
  }

  void runExportsEqualTheRunsValues() {
    QTemporaryDir tmp;
    const std::string a = tmp.filePath("a").toStdString();
    test::writeFixtureRun(a, "search-XS", imagesA(), test::cocoNames(), metricValues(0.5));
    const LoadedRun run = loadRunFolder(a);

    QCOMPARE(formatRunMetrics(run, TableFormat::Markdown), run.metricsMarkdown);
    const auto json = nlohmann::json::parse(formatRunMetrics(run, TableFormat::Json));
    QCOMPARE(json["stats"].get<std::vector<double>>(), run.metrics->values);
    QCOMPARE(formatRunMetrics(run, TableFormat::Csv),
             formatCsvTable(*run.metrics, run.summary.modelName));
    LoadedRun cancelled = run;
    cancelled.metrics.reset();
    QVERIFY_THROWS_EXCEPTION(Error, formatRunMetrics(cancelled, TableFormat::Csv));

    QCOMPARE(nlohmann::json::parse(formatRunResultsJson(run.records, 1)),
             nlohmann::json::parse(readTextFile(a + "/results.json")));

    const auto evaluations = RunImageEvaluations::loadFromRunFolder(a, run.records, 1);
    const auto rows = perImageRows(run.records, evaluations);
    const auto csv = csvRows(formatPerImageCsv(rows));
    QCOMPARE(csv.size(), run.records.size() + 1);
    QCOMPARE(csv[0].size(), size_t(13));
    QCOMPARE(csv[0][4], std::string("ap"));
    // Held here: a reference into imagesA()'s temporary dangled past its statement (ASan).
    const std::vector<FixtureImage> images = imagesA();
    for (size_t i = 0; i < rows.size(); ++i) {
      const auto& r = csv[i + 1];
      QCOMPARE(std::stoll(r[0]), run.records[i].imageId);
      QCOMPARE(std::stoul(r[2]), run.records[i].people.size());
      QCOMPARE(std::stod(r[6]), run.records[i].times.totalMs());
      QCOMPARE(std::stod(r[8]), run.records[i].times.forwardMs);
      QCOMPARE(r[12], run.records[i].error);
      const FixtureImage& expected = images.at(i);
      if (expected.ap >= 0 && expected.error.empty())
        QCOMPARE(std::stod(r[4]), expected.ap);
      else
        QVERIFY(r[4].empty());
      if (expected.error.empty()) QCOMPARE(r[3], std::string("1"));
    }
  }
};

QTEST_GUILESS_MAIN(TestReport)
#include "tst_report.moc"
