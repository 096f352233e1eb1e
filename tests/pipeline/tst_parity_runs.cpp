// End-to-end parity with the reference's valid.py on real COCO images (../shared/parity/runs):
// a record for every ground-truth image and no other, the same people per image, the same
// keypoints, scores within the float noise measured below (the optimised forward eval runs by
// default on the CPU; the eager one of --exact with BatchNorms folded, and kept apart as
// --no-fold-bn runs), the same metric table.

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "common/strings.h"
#include "parity_cases.h"
#include "pipeline/evaluator.h"
#include "test_support.h"

using namespace posescope;

using posescope::test::readRunCases;
using posescope::test::RunCase;

namespace {

// Scores: the largest difference measured over the default (one replica per core) and
// --threads 1, 2, 3, 4, 8, 16 (2026-12-02, 2-core AMD EPYC, AVX2, OpenBLAS) is 2.38e-7 folded
// (coco4_xs_flip; 1.49e-7 coco4_xs_multiscale) and 1.79e-7 apart (8.94e-8); about 1.7x that.
constexpr double kFoldedScoreTolerance = 4e-7;
constexpr double kScoreTolerance = 3e-7;
// The optimised forward (models/optimized_pose_net.h, BatchNorms folded) stays inside the folded
// tolerance: measured 1.79e-7 (coco4_xs_flip) and 1.49e-7 (coco4_xs_multiscale) by default on
// 2026-12-03 (2-core AMD EPYC, AVX-512), keypoints 0 px.

/// The forward a row runs.
enum class Forward { Optimized, ExactFolded, ExactApart };

}  // namespace

class TestParityRuns : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void matchesReference_data() {
    QTest::addColumn<int>("caseIndex");
    QTest::addColumn<int>("forward");
    const std::string parity = posescope::test::parityDir();
    if (parity.empty()) {
      QTest::newRow("no-parity-data") << -1 << int(Forward::Optimized);
      return;
    }
    const auto cases = readRunCases(parity);
    for (size_t i = 0; i < cases.size(); ++i) {
      const int index = static_cast<int>(i);
      QTest::newRow(cases[i].name.c_str()) << index << int(Forward::Optimized);
      QTest::newRow((cases[i].name + " exact").c_str()) << index << int(Forward::ExactFolded);
      QTest::newRow((cases[i].name + " exact no-fold-bn").c_str())
          << index << int(Forward::ExactApart);
    }
  }

  void matchesReference() {
    QFETCH(int, caseIndex);
    QFETCH(int, forward);
    const bool foldBatchNorm = Forward(forward) != Forward::ExactApart;
    const bool optimized = Forward(forward) == Forward::Optimized;
    POSESCOPE_REQUIRE_PARITY(parity);
    QVERIFY(caseIndex >= 0);
    const RunCase c = readRunCases(parity)[static_cast<size_t>(caseIndex)];
    const Experiment experiment = loadExperiment(c.spec(parity));

    QTemporaryDir out;
    EvaluatorOptions options;
    options.device = "cpu";
    options.outDir = out.filePath("run").toStdString();
    options.foldBatchNorm = foldBatchNorm;
    options.optimizedForward = optimized;
    Evaluator evaluator(experiment, options);
    const EvaluationResult result = evaluator.run();
    QCOMPARE(runStateName(result.summary.state), std::string("complete"));
    QCOMPARE(result.summary.imagesFailed, size_t(0));
    // The run's log says how many BatchNorms it folded: some, or none with --no-fold-bn.
    const std::string log = readTextFile(options.outDir + "/log.txt");
    const std::string foldedText = " BatchNorms folded into their convolutions";
    const auto at = log.find(foldedText);
    QVERIFY2(at != std::string::npos, log.c_str());
    const int folded = std::stoi(log.substr(log.rfind(' ', at - 1) + 1));
    QVERIFY2(foldBatchNorm ? folded > 0 : folded == 0, log.c_str());
    QVERIFY2(log.find(optimized ? "forward: PyTorch's inference optimiser" : "forward: eager") !=
                 std::string::npos,
             log.c_str());

    // One record per image of the case's ground truth, and none for any other image.
    const auto gt = nlohmann::json::parse(
        readTextFile(parity + "/" + c.root + "/annotations/person_keypoints_" + c.split + ".json"));
    std::set<std::int64_t> gtImages;
    for (const auto& image : gt.at("images")) gtImages.insert(image.at("id").get<std::int64_t>());
    QVERIFY(!gtImages.empty());
    std::set<std::int64_t> recorded;
    for (const auto& record : result.records) {
      QVERIFY2(recorded.insert(record.imageId).second,
               qPrintable(QString("image %1 has two records").arg(record.imageId)));
      QVERIFY2(gtImages.count(record.imageId),
               qPrintable(QString("image %1 is not in the ground truth").arg(record.imageId)));
    }
    for (const std::int64_t id : gtImages)
      QVERIFY2(recorded.count(id), qPrintable(QString("image %1 has no record").arg(id)));

    // The reference's results, grouped by image in file order.
    const auto ref =
        nlohmann::json::parse(readTextFile(parity + "/runs/" + c.name + ".ref_results.json"));
    std::map<std::int64_t, std::vector<nlohmann::json>> refByImage;
    for (const auto& e : ref) refByImage[e["image_id"].get<std::int64_t>()].push_back(e);
    for (const auto& [id, people] : refByImage)
      QVERIFY2(recorded.count(id), qPrintable(QString("the reference has people on image %1, "
                                                      "which has no record")
                                                  .arg(id)));

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
    const double scoreTolerance = foldBatchNorm ? kFoldedScoreTolerance : kScoreTolerance;
    qInfo("%s, %s: worst keypoint difference %.3g px, worst score difference %.3g (tolerance %.2g)",
          c.name.c_str(),
          optimized       ? "optimised forward"
          : foldBatchNorm ? "eager, BatchNorms folded"
                          : "eager, BatchNorms apart",
          worstXY, worstScore, scoreTolerance);
    // Keypoints exactly: they are heatmap peak positions with quarter-pixel adjustments, so float
    // noise in the heatmaps moves one only by flipping a comparison, a whole step; measured 0 at
    // every thread count above.
    QVERIFY2(worstXY == 0, qPrintable(QString("keypoints differ by %1 px").arg(worstXY)));
    QVERIFY2(worstScore <= scoreTolerance,
             qPrintable(QString("scores differ by %1").arg(worstScore)));

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
