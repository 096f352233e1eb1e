// The search's Pareto front as CSV and JSON, and a candidate's export (search/pareto_export.h):
// the files the Search page and `posescope-cli search-front` write.
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/errors.h"
#include "config/arch_config.h"
#include "search/pareto_export.h"
#include "search/scored_candidates.h"
#include "test_support.h"

using namespace posescope;
using namespace posescope::search;
namespace fs = std::filesystem;

namespace {

using posescope::test::scoredCandidate;

// Three on the front (cheapest first), one beaten on both by the second cheapest.
std::vector<CandidateScore> candidates() {
  return {scoredCandidate(8, 0.5, 1'200'000'000), scoredCandidate(16, 0.1, 300'000'000, 4.5),
          scoredCandidate(24, 0.1 + 0.2, 700'000'000, 7.25),
          scoredCandidate(32, 0.2, 900'000'000, 3)};
}

std::string readText(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void writeText(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
}

}  // namespace

class TestParetoExport : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void csvHoldsTheFrontByMacs() {
    const auto all = candidates();
    const std::string csv = paretoFrontCsv(all);
    std::istringstream lines(csv);
    std::string line;
    std::vector<std::string> rows;
    while (std::getline(lines, line)) rows.push_back(line);
    QCOMPARE(rows.size(), std::size_t(4));
    QCOMPARE(rows[0], std::string("candidate,ap,gmacs,macs,parameters,latency_ms,generation,arch"));
    // AP round-trips (0.1 + 0.2 is not 0.3), GMACs are ptflops' two decimals, no latency is empty.
    const std::string cheapest = candidateKey(all[1].arch) + ",0.1,0.30,300000000,1016,4.500,1,";
    QCOMPARE(rows[1].substr(0, cheapest.size()), cheapest);
    const std::string middle =
        candidateKey(all[2].arch) + ",0.30000000000000004,0.70,700000000,1024,7.250,0,";
    QCOMPARE(rows[2].substr(0, middle.size()), middle);
    const std::string dearest = candidateKey(all[0].arch) + ",0.5,1.20,1200000000,1008,,2,";
    QCOMPARE(rows[3].substr(0, dearest.size()), dearest);
    // The arch's JSON text, quoted, its quotes doubled.
    std::string quoted = "\"";
    for (char c : archToJsonText(all[0].arch))
      quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    QCOMPARE(rows[3].substr(dearest.size()), quoted + "\"");
  }

  void jsonHoldsTheFrontsScores() {
    const auto all = candidates();
    const nlohmann::json doc = paretoFrontJson(all);
    QCOMPARE(doc.size(), std::size_t(3));
    QCOMPARE(doc[0].at("key").get<std::string>(), candidateKey(all[1].arch));
    QCOMPARE(doc[2].at("key").get<std::string>(), candidateKey(all[0].arch));
    QCOMPARE(scoreFromJson(doc[1], "front").accuracy, all[2].accuracy);
  }

  void writesCsvAndJsonBesideIt() {
    QTemporaryDir dir;
    const std::string csvPath = dir.filePath("front.csv").toStdString();
    const auto written = writeParetoFront(candidates(), csvPath);
    const std::string jsonPath = dir.filePath("front.json").toStdString();
    QCOMPARE(written, (std::vector<std::string>{csvPath, jsonPath}));
    QCOMPARE(readText(csvPath), paretoFrontCsv(candidates()));
    QCOMPARE(nlohmann::json::parse(readText(jsonPath)), paretoFrontJson(candidates()));
    // A folder that does not exist is named.
    const std::string missing = dir.filePath("no/such/front.csv").toStdString();
    try {
      writeParetoFront(candidates(), missing);
      QFAIL("wrote into a missing folder");
    } catch (const Error& e) {
      QVERIFY2(std::string(e.what()).find(missing) != std::string::npos, e.what());
    }
  }

  void candidateExportCopiesArchAndWeights() {
    QTemporaryDir search, out;
    const std::string key = "0123456789abcdef";
    const fs::path from = fs::path(search.path().toStdString()) / "candidates" / key;
    fs::create_directories(from);
    writeText((from / "arch.json").string(), "{\"img_size\": 256}\n");
    const std::string outDir = out.path().toStdString();
    const std::string archOut = (fs::path(outDir) / (key + ".json")).string();
    const std::string weightsOut = (fs::path(outDir) / (key + ".pth")).string();
    // A search that kept no weights: the arch alone.
    QCOMPARE(exportCandidate(search.path().toStdString(), key, outDir),
             std::vector<std::string>{archOut});
    QCOMPARE(readText(archOut), std::string("{\"img_size\": 256}\n"));
    // With weights, both, over what an earlier export left.
    writeText((from / "weights.pth").string(), "PK-fake-weights");
    writeText(weightsOut, "older");
    QCOMPARE(exportCandidate(search.path().toStdString(), key, outDir),
             (std::vector<std::string>{archOut, weightsOut}));
    QCOMPARE(readText(weightsOut), std::string("PK-fake-weights"));
    // An unknown candidate is named.
    try {
      exportCandidate(search.path().toStdString(), "nosuchcandidate", outDir);
      QFAIL("an unknown candidate was exported");
    } catch (const Error& e) {
      QVERIFY2(std::string(e.what()).find("nosuchcandidate") != std::string::npos, e.what());
    }
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestParetoExport)
#include "tst_pareto_export.moc"
