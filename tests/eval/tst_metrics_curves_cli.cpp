// `posescope-cli metrics --curves FILE`, run as users run it: on every metric parity set, with
// the reference's settings and with every setting changed through the CLI's own options, the
// file holds the arrays pycocotools / crowdposetools computed (tests/eval/goldens/curves) to
// 1e-9, in the documented shape; a file that cannot be written is an error naming it.

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

#include "cli_runner.h"
#include "test_support.h"

namespace {

using json = nlohmann::ordered_json;  // keys in file order

json readJson(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  return json::parse(in);
}

std::string goldensDir() {
  return posescope::test::sourceDir() + "/tests/eval/goldens/curves";
}

// The largest absolute difference between two nested arrays of the same shape; infinity when
// the shapes differ.
double maxDifference(const json& a, const json& b) {
  if (a.is_array() != b.is_array()) return INFINITY;
  if (!a.is_array()) return std::fabs(a.get<double>() - b.get<double>());
  if (a.size() != b.size()) return INFINITY;
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, maxDifference(a[i], b[i]));
  return worst;
}

// What scripts/reference_curves.py --first-joints does, written as `into`.gt.json and
// `into`.results.json: the skeleton cut to its first `joints` joints, num_keypoints recounted.
void writeFirstJoints(const std::string& base, const std::string& into, std::size_t joints) {
  json gt = readJson(base + ".gt.json"), results = readJson(base + ".results.json");
  auto cut = [&](json& values, std::size_t keep) {
    values.erase(values.begin() + static_cast<std::ptrdiff_t>(keep), values.end());
  };
  for (json& category : gt.at("categories")) {
    cut(category.at("keypoints"), joints);
    category["skeleton"] = json::array();
  }
  for (json& person : gt.at("annotations")) {
    cut(person.at("keypoints"), 3 * joints);
    int labelled = 0;
    for (std::size_t j = 0; j < joints; ++j) labelled += person["keypoints"][3 * j + 2] > 0;
    person["num_keypoints"] = labelled;
  }
  for (json& result : results) cut(result.at("keypoints"), 3 * joints);
  std::ofstream(into + ".gt.json") << gt.dump();
  std::ofstream(into + ".results.json") << results.dump();
}

// The CLI options of a golden's settings (reference_curves.py's --area NAME=LO,HI is the CLI's
// --area-NAME LO,HI; the others are spelt alike).
QStringList settingsOf(const json& golden) {
  const QStringList words = QString::fromStdString(golden.at("command").get<std::string>())
                                .split(' ', Qt::SkipEmptyParts);
  QStringList out;
  for (int i = words.indexOf("OUT") + 1; i + 1 < words.size(); i += 2) {
    if (words[i] == "--first-joints") continue;  // the files given are cut instead
    if (words[i] == "--area") {
      const QStringList nameBounds = words[i + 1].split('=');
      out << "--area-" + nameBounds[0] << nameBounds[1];
    } else {
      out << words[i] << words[i + 1];
    }
  }
  return out;
}

}  // namespace

class TestMetricsCurvesCli : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void curvesFileMatchesReference_data() {
    QTest::addColumn<QString>("golden");
    // The two-category cases need a rewritten ground truth: tst_eval_curves covers them.
    for (const char* caseName : {"default", "changed", "six_joints"}) {
      const QStringList files =
          QDir(QString::fromStdString(goldensDir()))
              .entryList({QString("*.%1.curves.json").arg(caseName)}, QDir::Files, QDir::Name);
      for (const QString& file : files) QTest::newRow(file.toUtf8().constData()) << file;
    }
  }
  void curvesFileMatchesReference() {
    POSESCOPE_REQUIRE_PARITY(parity);
    QFETCH(QString, golden);
    const json expected = readJson(goldensDir() + "/" + golden.toStdString());
    QString base = QString::fromStdString(parity) + "/eval/" + golden.section('.', 0, 0);
    QTemporaryDir dir;
    const QString out = dir.filePath("curves.json");
    const json& firstJoints = expected.at("params").at("first_joints");
    if (!firstJoints.is_null()) {
      writeFirstJoints(base.toStdString(), dir.filePath("set").toStdString(),
                       firstJoints.get<std::size_t>());
      base = dir.filePath("set");
    }
    // The synthetic sets name their joints k0, k1, ...: the dataset is said, as valid.py's is.
    const QString dataset = golden.contains("crowdpose") ? "crowdpose" : "coco";
    const auto run = posescope::test::runCli(QStringList{"metrics", "--gt", base + ".gt.json",
                                                         "--dt", base + ".results.json",
                                                         "--dataset", dataset, "--curves", out}
                                             << settingsOf(expected));
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const json ours = readJson(out.toStdString());

    std::vector<std::string> keys;
    for (const auto& item : ours.items()) keys.push_back(item.key());
    const std::vector<std::string> shape = {"oks_thresholds", "recall_points", "areas",  "max_dets",
                                            "precision",      "scores",        "recall", "stats"};
    QVERIFY(keys.size() >= shape.size());
    QCOMPARE(std::vector<std::string>(keys.begin(), keys.begin() + 8), shape);
    QCOMPARE(ours.at("areas"), expected.at("areas"));
    QCOMPARE(ours.at("max_dets"), expected.at("max_dets"));
    QCOMPARE(ours.at("oks_thresholds"), expected.at("oks_thresholds"));
    for (const char* key : {"recall_points", "precision", "scores", "recall"}) {
      const double diff = maxDifference(ours.at(key), expected.at(key));
      QVERIFY2(diff <= 1e-9,
               qPrintable(QString("%1 %2: max difference %3").arg(golden, key).arg(diff)));
    }
    // Changed settings are named in the file; summarize() reads the arrays at maxDets 20 only
    // (other maxDets: -1 throughout).
    QCOMPARE(ours.contains("settings"), !golden.contains(".default."));
    if (expected.at("max_dets") == 20) {
      QVERIFY(maxDifference(ours.at("stats"), expected.at("stats")) <= 1e-9);
    }
  }

  // A skeleton other than the dataset's has no default sigmas: the command says to give them.
  void ownSkeletonNeedsItsSigmas() {
    POSESCOPE_REQUIRE_PARITY(parity);
    QTemporaryDir dir;
    const QString set = dir.filePath("six");
    writeFirstJoints(parity + "/eval/real_coco4", set.toStdString(), 6);
    const auto run = posescope::test::runCli(
        {"metrics", "--gt", set + ".gt.json", "--dt", set + ".results.json"});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains("category 1 ('person') has 6 joints") &&
                 run.err.contains("--sigmas (6 values") && run.err.contains("--skeleton"),
             qPrintable(run.err));
  }

  void unwritableCurvesFileIsAnError() {
    POSESCOPE_REQUIRE_PARITY(parity);
    const QString base = QString::fromStdString(parity) + "/eval/real_coco4";
    QTemporaryDir dir;
    const QString out = dir.filePath("missing-folder/curves.json");
    const auto run = posescope::test::runCli(
        {"metrics", "--gt", base + ".gt.json", "--dt", base + ".results.json", "--curves", out});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(out), qPrintable(run.err));
    QVERIFY(!QFile::exists(out));
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestMetricsCurvesCli)
#include "tst_metrics_curves_cli.moc"
