// End-to-end parity with the reference's valid.py on real COCO images (../shared/parity/runs):
// same people per image, keypoints within 0.01 px, scores within 1e-4, same metric table.

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "common/strings.h"
#include "parity_cases.h"
#include "pipeline/evaluator.h"
#include "test_support.h"

using namespace posescope;

using posescope::test::readRunCases;
using posescope::test::RunCase;

class TestParityRuns : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void matchesReference_data() {
    QTest::addColumn<int>("caseIndex");
    const std::string parity = posescope::test::parityDir();
    if (parity.empty()) {
      QTest::newRow("no-parity-data") << -1;
      return;
    }
    const auto cases = readRunCases(parity);
    for (size_t i = 0; i < cases.size(); ++i)
      QTest::newRow(cases[i].name.c_str()) << static_cast<int>(i);
  }

  void matchesReference() {
    QFETCH(int, caseIndex);
    POSESCOPE_REQUIRE_PARITY(parity);
    QVERIFY(caseIndex >= 0);
    const RunCase c = readRunCases(parity)[static_cast<size_t>(caseIndex)];
    const Experiment experiment = loadExperiment(c.spec(parity));

    QTemporaryDir out;
    EvaluatorOptions options;
    options.device = "cpu";
    options.outDir = out.filePath("run").toStdString();
    Evaluator evaluator(experiment, options);
    const EvaluationResult result = evaluator.run();
    QCOMPARE(runStateName(result.summary.state), std::string("complete"));
    QCOMPARE(result.summary.imagesFailed, size_t(0));

    // The reference's results, grouped by image in file order.
    const auto ref =
        nlohmann::json::parse(readTextFile(parity + "/runs/" + c.name + ".ref_results.json"));
    std::map<std::int64_t, std::vector<nlohmann::json>> refByImage;
    for (const auto& e : ref) refByImage[e["image_id"].get<std::int64_t>()].push_back(e);

    double worstXY = 0, worstScore = 0;
    for (const auto& record : result.records) {
      const auto& refPeople = refByImage[record.imageId];
      QVERIFY2(record.people.size() == refPeople.size(),
               qPrintable(QString("image %1: %2 people, reference %3")
                              .arg(record.imageId)
                              .arg(record.people.size())
                              .arg(refPeople.size())));
      for (size_t p = 0; p < refPeople.size(); ++p) {
        const auto kp = refPeople[p]["keypoints"].get<std::vector<double>>();
        const auto& joints = record.people[p].joints;
        QCOMPARE(kp.size(), joints.size() * 3);
        for (size_t j = 0; j < joints.size(); ++j) {
          worstXY = std::max({worstXY, std::abs(joints[j][0] - kp[3 * j]),
                              std::abs(joints[j][1] - kp[3 * j + 1])});
          worstScore = std::max(worstScore, std::abs(double(joints[j][2]) - kp[3 * j + 2]));
        }
        worstScore = std::max(
            worstScore, std::abs(record.people[p].score - refPeople[p]["score"].get<double>()));
      }
    }
    qInfo("%s: worst keypoint difference %.6f px, worst score difference %.3g", c.name.c_str(),
          worstXY, worstScore);
    QVERIFY2(worstXY <= 0.01, qPrintable(QString("keypoints differ by %1 px").arg(worstXY)));
    QVERIFY2(worstScore <= 1e-4, qPrintable(QString("scores differ by %1").arg(worstScore)));

    // The metric table, line for line.
    const auto refLines =
        split(trim(readTextFile(parity + "/runs/" + c.name + ".ref_metrics.md")), '\n');
    const auto ourLines = split(trim(result.metricsMarkdown), '\n');
    QCOMPARE(ourLines.size(), refLines.size());
    for (size_t i = 0; i < refLines.size(); ++i) QCOMPARE(trim(ourLines[i]), trim(refLines[i]));
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestParityRuns)
#include "tst_parity_runs.moc"
