// valid.py's Markdown table (line for line), and the CSV / JSON exports.

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "eval/keypoint_eval.h"
#include "eval/metric_table.h"
#include "test_support.h"

using namespace posescope;

class TestMetricTable : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void markdownLikeValidPy() {
    const MetricTable table{{"AP", "Ap .5", "AR"}, {0.4665, 1.0005, -1}};
    // '{:.3f}' rounds the binary value: 0.4665 is 0.46650000000000003 -> 0.467,
    // 1.0005 is 1.000499999... -> 1.000.
    QCOMPARE(formatMarkdownTable(table, "pose_mobilenet"),
             std::string("| Arch | AP | Ap .5 | AR |\n"
                         "|---|---|---|---|\n"
                         "| pose_mobilenet | 0.467 | 1.000 | -1.000 |\n"));
  }
  void halfwayValuesRoundToEven() {
    // 0.0625 and 0.3125 are exact binary halves: Python prints 0.062 and 0.312.
    const MetricTable table{{"a", "b"}, {0.0625, 0.3125}};
    QCOMPARE(formatMarkdownTable(table, "x"),
             std::string("| Arch | a | b |\n|---|---|---|\n| x | 0.062 | 0.312 |\n"));
  }
  void longArchNamesAreShortened() {
    QCOMPARE(shortenArchName("pose_higher_hrnet"), std::string("pose_hig..."));
    QCOMPARE(shortenArchName("123456789012345"), std::string("123456789012345"));  // 15
    QCOMPARE(shortenArchName("1234567890123456"), std::string("12345678..."));     // 16
    QCOMPARE(shortenArchName("pose_supermobilenet"), std::string("pose_sup..."));
    // Characters, not bytes: 15 two-byte letters stay.
    const std::string greek15 = "αβγδεζηθικλμνξο";
    QCOMPARE(shortenArchName(greek15), greek15);
    QCOMPARE(shortenArchName(greek15 + "π"), std::string("αβγδεζηθ..."));
    const MetricTable table{{"AP"}, {0.5}};
    QCOMPARE(formatMarkdownTable(table, "pose_supermobilenet"),
             std::string("| Arch | AP |\n|---|---|\n| pose_sup... | 0.500 |\n"));
  }
  void csvAndJsonKeepFullPrecision() {
    const MetricTable table{{"AP", "Ap .5", "AP (M)"}, {0.1 + 0.2, 1.0 / 3, -1}};
    const std::string csv = formatCsvTable(table, "pose, v2");
    std::istringstream lines(csv);
    std::string header, values;
    std::getline(lines, header);
    std::getline(lines, values);
    QCOMPARE(header, std::string("Arch,AP,Ap .5,AP (M)"));
    QVERIFY(values.rfind("\"pose, v2\",", 0) == 0);
    const std::string numbers = values.substr(std::string("\"pose, v2\",").size());
    const char* p = numbers.c_str();
    for (double expected : table.values) {
      char* end = nullptr;
      QCOMPARE(std::strtod(p, &end), expected);  // exact round trip
      p = *end == ',' ? end + 1 : end;
    }
    // Issue 15, item 14: the shortest digits that round-trip, not %.17g's noise.
    QVERIFY2(values.find(",0.30000000000000004,") != std::string::npos, values.c_str());
    const std::string plain = formatCsvTable(MetricTable{{"AP"}, {49.31675}}, "a");
    QVERIFY2(plain.find("a,49.31675\n") != std::string::npos, plain.c_str());
    const auto json = nlohmann::json::parse(formatJsonTable(table, "pose"));
    QCOMPARE(json.at("arch").get<std::string>(), std::string("pose"));
    QCOMPARE(json.at("names").get<std::vector<std::string>>(), table.names);
    QCOMPARE(json.at("stats").get<std::vector<double>>(), table.values);
  }
  void referenceTablesLineForLine() {
    // The metric tables valid.py logged in the parity runs, rebuilt from their own numbers.
    POSESCOPE_REQUIRE_PARITY(parity);
    for (const char* run : {"coco4_xs_flip", "coco4_xs_multiscale"}) {
      std::ifstream in(parity + "/runs/" + run + ".ref_metrics.md");
      QVERIFY2(in, run);
      std::stringstream text;
      text << in.rdbuf();
      std::string header, rule, row;
      std::getline(text, header);
      std::getline(text, rule);
      std::getline(text, row);
      MetricTable table{statNames(EvalVariant::Coco), {}};
      std::stringstream cells(row);
      std::string cell;
      std::getline(cells, cell, '|');  // before the first bar
      std::getline(cells, cell, '|');  // arch
      const std::string arch = cell.substr(1, cell.size() - 2);
      while (std::getline(cells, cell, '|')) {
        if (cell.find_first_not_of(' ') == std::string::npos) continue;
        table.values.push_back(std::stod(cell));
      }
      QCOMPARE(formatMarkdownTable(table, arch), header + "\n" + rule + "\n" + row + "\n");
    }
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestMetricTable)
#include "tst_metric_table.moc"
