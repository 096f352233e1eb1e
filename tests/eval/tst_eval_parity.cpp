// Metric parity: every set in $POSESCOPE_PARITY_DIR/eval gives the stats pycocotools /
// crowdposetools computed for it, to 1e-9.

#include <QDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>

#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/results_io.h"
#include "test_files.h"
#include "test_support.h"

namespace {

using posescope::test::readJson;

// The sets' names say which evaluator made them ("crowdpose" in the name: crowdposetools).
posescope::EvalVariant variantOf(const QString& name) {
  return name.contains("crowdpose") ? posescope::EvalVariant::CrowdPose
                                    : posescope::EvalVariant::Coco;
}

}  // namespace

class TestEvalParity : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void statsMatchReference_data() {
    QTest::addColumn<QString>("name");
    const std::string dir = posescope::test::parityDir();
    if (dir.empty()) {
      QTest::newRow("no-parity-data") << QString();
      return;
    }
    const QStringList sets = QDir(QString::fromStdString(dir + "/eval"))
                                 .entryList({"*.stats.json"}, QDir::Files, QDir::Name);
    QVERIFY2(!sets.isEmpty(), "the parity folder has no eval/*.stats.json");
    for (const QString& file : sets) {
      const QString name = file.left(file.size() - int(strlen(".stats.json")));
      QTest::newRow(name.toUtf8().constData()) << name;
    }
  }
  void statsMatchReference() {
    POSESCOPE_REQUIRE_PARITY(parity);
    QFETCH(QString, name);
    const std::string base = parity + "/eval/" + name.toStdString();
    const nlohmann::json expected = readJson(base + ".stats.json");
    const auto variant = variantOf(name);
    const auto gt = posescope::loadGroundTruth(base + ".gt.json");
    const auto results = posescope::loadResults(base + ".results.json");
    QCOMPARE(results.size(), expected.at("num_results").get<std::size_t>());
    const auto summary = posescope::evaluateKeypoints(gt, results, variant);

    const auto names = expected.at("names").get<std::vector<std::string>>();
    const auto stats = expected.at("stats").get<std::vector<double>>();
    QCOMPARE(summary.table.names, names);
    QCOMPARE(summary.table.values.size(), stats.size());
    for (std::size_t i = 0; i < stats.size(); ++i) {
      const double diff = std::fabs(summary.table.values[i] - stats[i]);
      QVERIFY2(diff <= 1e-9, qPrintable(QString("%1: %2 = %3, reference %4 (diff %5)")
                                            .arg(name, QString::fromStdString(names[i]))
                                            .arg(summary.table.values[i], 0, 'g', 17)
                                            .arg(stats[i], 0, 'g', 17)
                                            .arg(diff)));
    }
    // One per-image record per ground truth image (one keypoint category in these sets).
    QCOMPARE(summary.images.size(), gt.images.size());
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestEvalParity)
#include "tst_eval_parity.moc"
