// sweep.json: what a sweep writes reads back identically; a file that is not a sweep summary is
// an error naming the file and the key.

#include <QtTest>

#include <cmath>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "pipeline/sweep_summary.h"

using namespace posescope;

namespace {

SweepSummary sampleSummary() {
  SweepSummary s;
  s.statNames = {"AP", "Ap .5"};
  s.resamples = 200;
  s.seed = 7;
  s.level = 0.9;
  s.limit = 12;
  s.shard = "1/3";
  SweepCheckpoint first;
  first.checkpoint = "/train/checkpoint.pth.tar";
  first.epoch = 12;
  first.runDir = "checkpoint";
  first.state = "complete";
  first.stats = {0.5, 0.75};
  first.low = {0.45, std::nan("")};
  first.high = {0.55, 0.8};
  SweepCheckpoint failed;
  failed.checkpoint = "/train/other.pth";
  failed.runDir = "other";
  failed.state = "failed";
  failed.problem = "/train/other.pth: stage1.0.weight has shape [8] where the model expects [16]";
  SweepCheckpoint third = first;
  third.checkpoint = "/train/final_state.pth";
  third.epoch.reset();
  third.runDir = "final_state";
  third.stats = {0.25, 0.5};
  s.checkpoints = {first, failed, third};
  s.bestVsSecond = BestVsSecond{0, 2, 0.25, 0.1, 0.4, true};
  return s;
}

QString errorOf(const std::string& text) {
  try {
    sweepSummaryFromJsonText(text, "sweep.json");
  } catch (const Error& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

}  // namespace

class TestSweepSummary : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void roundTrip() {
    const SweepSummary s = sampleSummary();
    const SweepSummary back = sweepSummaryFromJsonText(sweepSummaryToJsonText(s), "sweep.json");
    QCOMPARE(back.rankedBy, s.rankedBy);
    QCOMPARE(back.statNames, s.statNames);
    QCOMPARE(back.resamples, 200);
    QCOMPARE(back.seed, 7ull);
    QCOMPARE(back.level, 0.9);
    QCOMPARE(back.limit, size_t(12));
    QCOMPARE(back.shard, std::string("1/3"));
    QCOMPARE(back.checkpoints.size(), size_t(3));
    const SweepCheckpoint& c = back.checkpoints[0];
    QCOMPARE(c.checkpoint, s.checkpoints[0].checkpoint);
    QCOMPARE(c.epoch, std::optional<int>(12));
    QCOMPARE(c.runDir, std::string("checkpoint"));
    QCOMPARE(c.state, std::string("complete"));
    QCOMPARE(c.stats, s.checkpoints[0].stats);
    QCOMPARE(c.low[0], 0.45);
    QVERIFY(std::isnan(c.low[1]));  // an interval that could not be computed stays unknown
    QCOMPARE(c.high, s.checkpoints[0].high);
    QCOMPARE(back.checkpoints[1].problem, s.checkpoints[1].problem);
    QVERIFY(back.checkpoints[1].stats.empty());
    QVERIFY(!back.checkpoints[2].epoch);
    QVERIFY(back.bestVsSecond);
    QCOMPARE(back.bestVsSecond->best, size_t(0));
    QCOMPARE(back.bestVsSecond->second, size_t(2));
    QCOMPARE(back.bestVsSecond->delta, 0.25);
    QCOMPARE(back.bestVsSecond->low, 0.1);
    QCOMPARE(back.bestVsSecond->high, 0.4);
    QVERIFY(back.bestVsSecond->significant);
  }

  void withoutBestVsSecond() {
    SweepSummary s = sampleSummary();
    s.bestVsSecond.reset();
    s.shard.clear();
    const SweepSummary back = sweepSummaryFromJsonText(sweepSummaryToJsonText(s), "x");
    QVERIFY(!back.bestVsSecond);
    QVERIFY(back.shard.empty());
  }

  void malformedFilesNameFileAndKey() {
    QVERIFY(errorOf("not json").contains("sweep.json"));
    QVERIFY(errorOf("[1]").contains("sweep.json"));
    QVERIFY(errorOf("{\"checkpoints\": []}").contains("stat_names"));
    QVERIFY(errorOf("{\"stat_names\": [\"AP\"]}").contains("checkpoints"));

    auto edited = [](auto edit) {
      nlohmann::json j = nlohmann::json::parse(sweepSummaryToJsonText(sampleSummary()));
      edit(j);
      return errorOf(j.dump());
    };
    QString e = edited([](nlohmann::json& j) { j["checkpoints"][2]["stats"] = {0.1}; });
    QVERIFY2(e.contains("checkpoints[2]: stats") && e.contains("1 values for 2"), qPrintable(e));
    e = edited([](nlohmann::json& j) { j["checkpoints"][0]["epoch"] = 1.5; });
    QVERIFY2(e.contains("checkpoints[0]: epoch"), qPrintable(e));
    e = edited([](nlohmann::json& j) { j["checkpoints"][0].erase("checkpoint"); });
    QVERIFY2(e.contains("checkpoints[0]: missing key 'checkpoint'"), qPrintable(e));
    e = edited([](nlohmann::json& j) { j["checkpoints"][1]["low"] = {"a", 1}; });
    QVERIFY2(e.contains("checkpoints[1]: low[0]"), qPrintable(e));
    e = edited([](nlohmann::json& j) { j["best_vs_second"]["second"] = 3; });
    QVERIFY2(e.contains("best_vs_second: second = 3 names no checkpoint"), qPrintable(e));
    e = edited([](nlohmann::json& j) { j["best_vs_second"].erase("delta"); });
    QVERIFY2(e.contains("best_vs_second: missing key 'delta'"), qPrintable(e));
    e = edited([](nlohmann::json& j) { j["bootstrap"]["resamples"] = "many"; });
    QVERIFY2(e.contains("bootstrap: resamples"), qPrintable(e));
  }
};

QTEST_GUILESS_MAIN(TestSweepSummary)
#include "tst_sweep_summary.moc"
