// The architecture search: the generators and the evolution against CPython / NumPy and the
// reference's own EvolutionFinder, arch costs against the reference's networks, and the search
// folder: budget, determinism, cache, resume after a kill -9, shards.
#include <QTemporaryDir>
#include <QtTest>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <thread>

#include "common/errors.h"
#include "common/python_random.h"
#include "config/experiment.h"
#include "search/arch_cost.h"
#include "search/evolution.h"
#include "search/search_folder.h"
#include "search/search_run.h"
#include "test_files.h"
#include "test_support.h"

using namespace posescope;
using namespace posescope::search;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// The reference's architectures as tests/search/make_reference_evolution.py records them.
std::vector<int> compact(const ArchConfig& a) {
  std::vector<int> c{a.imgSize, a.inputChannel};
  for (int d : a.deconvSetting) c.push_back(d);
  for (const auto& s : a.backbone) c.push_back(s.channel);
  return c;
}

// The same two fixed functions as make_reference_evolution.py, same operation order.
double fakeCost(const ArchConfig& a) {
  const auto c = compact(a);
  double sum = 0;
  for (std::size_t i = 1; i < c.size(); ++i) sum += c[i];
  return (c[0] / 64.0) * (c[0] / 64.0) * sum / 100.0;
}
double fakeAccuracy(const ArchConfig& a) {
  const auto c = compact(a);
  return c[0] / 64.0 + c[1] / 8.0 + (c[2] + c[3] + c[4]) / 100.0 +
         (c[5] + c[6] + c[7] + c[8]) / 10.0;
}

using posescope::test::readJson;

SearchPlan smallPlan(double budgetGmacs) {
  SearchPlan plan;
  plan.evolution.populationSize = 8;
  plan.evolution.generations = 4;
  plan.evolution.efficiencyBudget = budgetGmacs;
  plan.evolution.seed = 11;
  plan.network.arch.deconvSetting = {24, 24, 24};
  return plan;
}

const ArchManager kSpace({24, 24, 24});

json settingsOf(const SearchPlan& plan) {
  return {{"population", plan.evolution.populationSize},
          {"generations", plan.evolution.generations},
          {"budget_gmacs", plan.evolution.efficiencyBudget},
          {"seed", plan.evolution.seed}};
}

// The fake evaluation of a search: accuracy from the arch, counted in `calls` when given.
MeasureFunction fakeMeasure(std::atomic<int>* calls = nullptr) {
  return [calls](const ArchConfig& arch, const std::string&) {
    if (calls) ++*calls;
    return Measurement{fakeAccuracy(arch), -1};
  };
}

struct Outcome {
  std::vector<std::pair<std::string, double>> population;
  std::string best;
  bool operator==(const Outcome& o) const { return population == o.population && best == o.best; }
};

Outcome outcomeOf(const EvolutionResult& r) {
  Outcome o;
  for (const Member& m : rankedPopulation(r.population))
    o.population.emplace_back(candidateKey(m.arch), m.accuracy);
  o.best = candidateKey(r.best.arch);
  return o;
}

Outcome runFakeSearch(const std::string& dir, const SearchPlan& plan,
                      std::atomic<int>* calls = nullptr, const ShardLauncher& shards = {}) {
  SearchFolder folder(dir, settingsOf(plan));
  return outcomeOf(runSearch(folder, kSpace, plan, fakeMeasure(calls), shards));
}

int scoreFiles(const std::string& dir) {
  int n = 0;
  if (!fs::exists(dir + "/candidates")) return 0;
  for (const auto& e : fs::directory_iterator(dir + "/candidates"))
    n += fs::exists(e.path() / "score.json");
  return n;
}

}  // namespace

class TestSearch : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // Golden values printed by CPython 3.11 and NumPy 1.24 (random.seed / np.random.seed).
  void pythonRandomMatchesCPython() {
    PythonRandom r0(0);
    QCOMPARE(r0.random(), 0.8444218515250481);
    std::vector<long long> ints;
    for (int i = 0; i < 8; ++i) ints.push_back(r0.randint(0, 4));
    QCOMPARE(ints, (std::vector<long long>{3, 0, 2, 4, 3, 3, 2, 3}));
    std::vector<std::size_t> choices;
    for (int i = 0; i < 6; ++i) choices.push_back(r0.choiceIndex(2));
    QCOMPARE(choices, (std::vector<std::size_t>{1, 0, 0, 1, 0, 0}));
    QCOMPARE(r0.randint(0, 1000000000000LL), 878829203004LL);

    PythonRandom r42(42);
    QCOMPARE(r42.random(), 0.6394267984578837);
    PythonRandom wide((1ULL << 40) + 5);  // a seed wider than 32 bits keys two words
    QCOMPARE(wide.random(), 0.5043802970418443);
    ints.clear();
    for (int i = 0; i < 8; ++i) ints.push_back(wide.randint(0, 4));
    QCOMPARE(ints, (std::vector<long long>{2, 0, 4, 0, 1, 0, 1, 1}));
  }

  void numpyLegacyRandomMatchesNumpy() {
    NumpyLegacyRandom n0(0);
    std::vector<long long> ints;
    for (int i = 0; i < 10; ++i) ints.push_back(n0.randint(10));
    QCOMPARE(ints, (std::vector<long long>{5, 0, 3, 3, 7, 9, 3, 5, 2, 4}));
    QCOMPARE(n0.randint(1), 0LL);  // draws nothing
    ints.clear();
    for (int i = 0; i < 5; ++i) ints.push_back(n0.randint(3));
    QCOMPARE(ints, (std::vector<long long>{2, 0, 0, 0, 2}));
    NumpyLegacyRandom n1(1234567);
    ints.clear();
    for (int i = 0; i < 10; ++i) ints.push_back(n1.randint(10));
    QCOMPARE(ints, (std::vector<long long>{3, 4, 6, 5, 2, 0, 0, 3, 0, 2}));
  }

  // The reference's EvolutionFinder, run by make_reference_evolution.py with the same fixed
  // cost and accuracy, evaluated these architectures in this order.
  void evolutionVisitsTheReferencesArchitectures() {
    const json golden = readJson(test::sourceDir() + "/tests/search/reference_evolution.json");
    const ArchManager space(golden.at("deconv_filters").get<std::vector<int>>());
    for (const json& c : golden.at("cases")) {
      EvolutionSettings s;
      s.seed = c.at("seed").get<std::uint32_t>();
      s.efficiencyBudget = c.at("budget").get<double>();
      const json& kw = c.at("settings");
      if (kw.contains("population_size")) s.populationSize = kw.at("population_size");
      if (kw.contains("max_time_budget")) s.generations = kw.at("max_time_budget");
      std::vector<std::vector<int>> evaluated;
      const EvolutionResult r = runRegularizedEvolution(
          space, s, fakeCost, [&](const std::vector<ArchConfig>& archs, int) {
            std::vector<double> acc;
            for (const auto& a : archs) {
              evaluated.push_back(compact(a));
              acc.push_back(fakeAccuracy(a));
            }
            return acc;
          });
      const auto expected = c.at("evaluated").get<std::vector<std::vector<int>>>();
      QCOMPARE(evaluated.size(), expected.size());
      for (std::size_t i = 0; i < expected.size(); ++i)
        QVERIFY2(evaluated[i] == expected[i],
                 qPrintable(QString("seed %1: architecture %2 differs").arg(s.seed).arg(i)));
      QCOMPARE(compact(r.best.arch), c.at("best").at("arch").get<std::vector<int>>());
      QCOMPARE(r.best.accuracy, c.at("best").at("accuracy").get<double>());
      QCOMPARE(r.best.efficiency, c.at("best").at("cost").get<double>());
    }
  }

  void unreachableBudgetIsAnErrorNotAHang() {
    EvolutionSettings s;
    s.efficiencyBudget = 0.001;
    s.maxDrawsPerSample = 200;
    try {
      runRegularizedEvolution(kSpace, s, fakeCost, [](const auto& archs, int) {
        return std::vector<double>(archs.size(), 0.0);
      });
      QFAIL("an unreachable budget must be refused");
    } catch (const Error& e) {
      QVERIFY2(QString(e.what()).contains("budget"), e.what());
    }
  }

  // pose_mobilenet's parameters and multiply-adds as the reference's own network reports them.
  void archCostMatchesTheReferenceNetwork() {
    POSESCOPE_REQUIRE_PARITY(parity);
    const json info = readJson(parity + "/models/litepose_xs_coco.json");
    const Experiment e = loadExperiment({parity + "/configs/coco/mobilenet/mobile.yaml",
                                         parity + "/configs/arch/search-XS.json",
                                         {}});
    const auto options = models::litePoseOptionsFromConfig(e.cfg, *e.effectiveArch());
    const auto shape = info.at("input_shape").get<std::vector<int>>();
    const ArchCost cost = poseMobilenetCost(options, shape[2], shape[3]);
    QCOMPARE(cost.convMultiplyAdds, info.at("conv_macs").get<std::int64_t>());
    QCOMPARE(cost.parameters, info.at("num_parameters").get<std::int64_t>());
    QVERIFY(cost.ptflopsMacs > cost.convMultiplyAdds);
  }

  void searchStaysWithinBudgetIsDeterministicAndCaches() {
    const SearchPlan plan = smallPlan(0.9);
    // The budget cuts the space: its largest arch is over it.
    SearchPlan full = plan;
    QVERIFY(costOf(full, kSpace.fixedSample(512, 1.0)).gmacs() > 0.9);
    QTemporaryDir a, b;
    std::atomic<int> calls{0};
    const Outcome first = runFakeSearch(a.path().toStdString(), plan, &calls);
    QCOMPARE(runFakeSearch(b.path().toStdString(), plan), first);
    // Each architecture is evaluated once however often the evolution draws it.
    SearchFolder folder(a.path().toStdString(), settingsOf(plan));
    QCOMPARE(calls.load(), static_cast<int>(folder.candidates().size()));
    QVERIFY(calls.load() < plan.evolution.populationSize * (plan.evolution.generations + 1));
    for (const CandidateScore& s : folder.candidates()) QVERIFY(s.cost.gmacs() <= 0.9);
    // A finished search run again evaluates nothing and ends the same.
    std::atomic<int> again{0};
    QCOMPARE(runFakeSearch(a.path().toStdString(), plan, &again), first);
    QCOMPARE(again.load(), 0);
    const json result = readJson(a.path().toStdString() + "/result.json");
    QCOMPARE(result.at("best").at("key").get<std::string>(), first.best);
    QVERIFY(!result.at("pareto_front").empty());
  }

  // Candidates scored before the cost model became ptflops' count ("macs" counted otherwise) are
  // refused by name rather than mixed with today's costs.
  void candidatesOfAnEarlierCostModelAreRefused() {
    QTemporaryDir dir;
    const SearchPlan plan = smallPlan(0.9);
    runFakeSearch(dir.path().toStdString(), plan);
    const SearchFolder folder(dir.path().toStdString(), settingsOf(plan));
    QVERIFY(!folder.candidates().empty());
    json old = scoreToJson(folder.candidates().front());
    QVERIFY(old.contains("ptflops_macs"));
    old["macs"] = old["ptflops_macs"];
    old.erase("ptflops_macs");
    try {
      scoreFromJson(old, "candidates/x.json");
      QFAIL("a candidate of the earlier cost model must be refused");
    } catch (const Error& e) {
      QVERIFY2(QString(e.what()).startsWith("candidates/x.json: scored by an earlier PoseScope"),
               e.what());
      QVERIFY2(QString(e.what()).contains("start a new search"), e.what());
    }
  }

  void otherSettingsAreRefusedOnResume() {
    QTemporaryDir dir;
    const SearchPlan plan = smallPlan(0.9);
    runFakeSearch(dir.path().toStdString(), plan);
    SearchPlan other = plan;
    other.evolution.seed = 12;
    try {
      SearchFolder folder(dir.path().toStdString(), settingsOf(other));
      QFAIL("other settings must be refused");
    } catch (const ConfigError& e) {
      QVERIFY2(QString(e.what()).contains("seed is 11 there and 12 now"), e.what());
    }
  }

  // A search killed (SIGKILL) at several points of its run ends, when started again on its
  // folder, with the population an uninterrupted search ends with.
  void resumesAfterAKillToTheSamePopulation() {
    const SearchPlan plan = smallPlan(0.9);
    QTemporaryDir reference;
    const Outcome expected = runFakeSearch(reference.path().toStdString(), plan);
    const int total = scoreFiles(reference.path().toStdString());
    for (int killAfter : {1, total / 3, total / 2, total - 2}) {
      QTemporaryDir dir;
      const std::string path = dir.path().toStdString();
      const pid_t child = fork();
      if (child == 0) {
        try {  // an exception must not carry the child on into the rest of the suite
          SearchFolder folder(path, settingsOf(plan));
          // Once it has scored killAfter candidates the child waits to be killed: the kill cannot
          // come too late, however busy the machine.
          int measured = 0;
          const MeasureFunction measure = fakeMeasure();
          runSearch(folder, kSpace, plan,
                    [&](const ArchConfig& arch, const std::string& dir) {
                      if (++measured > killAfter)
                        for (;;) pause();
                      return measure(arch, dir);
                    },
                    {});
        } catch (...) {
          _exit(1);
        }
        _exit(0);
      }
      // A child that ends first, or has not scored killAfter candidates within a minute, fails
      // the test, not hangs it.
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
      int status = 0;
      bool ended = false;
      while (scoreFiles(path) < killAfter && !ended &&
             std::chrono::steady_clock::now() < deadline) {
        ended = waitpid(child, &status, WNOHANG) == child;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      }
      if (scoreFiles(path) < killAfter) {
        if (!ended) {
          kill(child, SIGKILL);
          waitpid(child, &status, 0);
        }
        QFAIL(qPrintable(QString("the search %1 with %2 of the %3 scores it is killed after")
                             .arg(ended ? QString("ended (wait status %1)").arg(status)
                                        : QString("was still running after 60 s"))
                             .arg(scoreFiles(path))
                             .arg(killAfter)));
      }
      if (!ended) {
        kill(child, SIGKILL);
        waitpid(child, &status, 0);
      }
      QVERIFY2(WIFSIGNALED(status), "the search ended before it was killed");
      const int before = scoreFiles(path);
      QCOMPARE(before, killAfter);
      std::atomic<int> calls{0};
      QCOMPARE(runFakeSearch(path, plan, &calls), expected);
      QCOMPARE(calls.load(), total - before);
    }
  }

  // Two shard workers (separate processes, as --shards 2 starts them) end like one process.
  void twoShardsEqualOne() {
    const SearchPlan one = smallPlan(0.9);
    QTemporaryDir a, b;
    const Outcome expected = runFakeSearch(a.path().toStdString(), one);
    SearchPlan two = one;
    two.shards = 2;
    const std::string path = b.path().toStdString();
    int launches = 0;
    const ShardLauncher forkWorkers = [&](int generation, int shards) {
      ++launches;
      std::vector<pid_t> children;
      for (int k = 0; k < shards; ++k) {
        const pid_t child = fork();
        if (child == 0) {
          SearchFolder folder(path, settingsOf(two));
          evaluateShard(folder, two, generation, k, shards, fakeMeasure());
          _exit(0);
        }
        children.push_back(child);
      }
      for (pid_t c : children) {
        int status = 0;
        waitpid(c, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) throw Error("a shard failed");
      }
    };
    QCOMPARE(runFakeSearch(path, two, nullptr, forkWorkers), expected);
    // A generation whose children are all known launches no workers.
    QVERIFY(launches > 1 && launches <= two.evolution.generations + 1);
    QCOMPARE(scoreFiles(path), scoreFiles(a.path().toStdString()));
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestSearch)
#include "tst_search.moc"
