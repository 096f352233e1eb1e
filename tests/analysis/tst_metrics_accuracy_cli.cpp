// `posescope-cli metrics --accuracy FILE --accuracy-csv FILE [--accuracy-oks T]`, run as users
// run it, on a hand-made set whose detector scores its true positives low and its false ones
// high: the files hold the documented keys and the values the scene implies, the run's settings
// (maxDets) apply, and bad values or paths are errors naming them.

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <fstream>

#include "cli_runner.h"
#include "eval/keypoint_layout.h"
#include "test_files.h"
#include "test_support.h"

namespace {

using json = nlohmann::json;

constexpr int kJoints = 17;

// Five images, each with one person, a detection on it (score .05 ... .45) and one far away
// (score .55 ... .95).
void writeScene(const QString& gtPath, const QString& dtPath) {
  json images = json::array(), people = json::array(), results = json::array();
  json names = json::array();
  for (const std::string& name : posescope::referenceSkeleton(posescope::EvalVariant::Coco).joints)
    names.push_back(name);
  for (int i = 1; i <= 5; ++i) {
    images.push_back(
        {{"id", i}, {"file_name", std::to_string(i) + ".jpg"}, {"width", 640}, {"height", 480}});
    json keypoints = json::array(), good = json::array(), bad = json::array();
    for (int k = 0; k < kJoints; ++k) {
      const double x = 10.0 * (k % 5), y = 12.0 * k;
      keypoints.insert(keypoints.end(), {x, y, 2});
      good.insert(good.end(), {x, y, 0.9});
      bad.insert(bad.end(), {x + 500, y + 500, 0.9});
    }
    people.push_back({{"id", i},
                      {"image_id", i},
                      {"category_id", 1},
                      {"keypoints", keypoints},
                      {"num_keypoints", kJoints},
                      {"area", 7680},
                      {"bbox", {0, 0, 40, 192}},
                      {"iscrowd", 0}});
    results.push_back(
        {{"image_id", i}, {"category_id", 1}, {"keypoints", good}, {"score", 0.1 * i - 0.05}});
    results.push_back(
        {{"image_id", i}, {"category_id", 1}, {"keypoints", bad}, {"score", 0.5 + 0.1 * i - 0.05}});
  }
  const json gt = {{"images", images},
                   {"annotations", people},
                   {"categories", {{{"id", 1}, {"name", "person"}, {"keypoints", names}}}}};
  std::ofstream(gtPath.toStdString()) << gt.dump();
  std::ofstream(dtPath.toStdString()) << results.dump();
}

}  // namespace

class TestMetricsAccuracyCli : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir.isValid());
    writeScene(gt(), dt());
  }

  void writesJsonAndCsv() {
    const QString jsonPath = dir.filePath("accuracy.json"), csvPath = dir.filePath("joints.csv");
    const auto run = posescope::test::runCli(
        {"metrics", "--gt", gt(), "--dt", dt(), "--accuracy", jsonPath, "--accuracy-csv", csvPath});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(run.out.contains("| Arch |"));  // the table is printed as without the options
    const json a = posescope::test::readJson(jsonPath);
    QCOMPARE(a.at("oks_threshold").get<double>(), 0.5);
    QCOMPARE(a.at("area").get<std::string>(), std::string("all"));
    QCOMPARE(a.at("variant").get<std::string>(), std::string("coco"));
    QCOMPARE(a.at("true_positives").get<int>(), 5);
    QCOMPARE(a.at("joints").size(), std::size_t{kJoints});
    const json& wrist = a.at("joints").at(9);
    QCOMPARE(wrist.at("name").get<std::string>(), std::string("left_wrist"));
    QCOMPARE(wrist.at("sigma").get<double>(), 0.62 / 10);
    QCOMPARE(wrist.at("labelled").get<int>(), 5);
    QCOMPARE(wrist.at("pck_50").get<double>(), 1.0);
    QCOMPARE(wrist.at("distance_counts").at(0).get<int>(), 5);
    QCOMPARE(a.at("distance_edges").size(), std::size_t{31});
    QCOMPARE(a.at("all_joints").at("labelled").get<int>(), 5 * kJoints);
    QCOMPARE(a.at("oks_histogram").at("matched").at(19).get<int>(), 5);
    QCOMPARE(a.at("oks_histogram").at("best_per_person").at(19).get<int>(), 5);
    const json& calibration = a.at("calibration");
    QCOMPARE(calibration.at("ranking_auc").get<double>(), 0.0);
    QCOMPARE(calibration.at("false_positives").get<int>(), 5);
    QCOMPARE(calibration.at("bins").at(0).at("precision").get<double>(), 1.0);
    QCOMPARE(calibration.at("bins").at(9).at("precision").get<double>(), 0.0);
    QVERIFY(std::fabs(calibration.at("expected_calibration_error").get<double>() - 0.75) < 1e-12);

    const std::string csv = posescope::test::readBytes(csvPath.toStdString());
    QVERIFY(csv.rfind("category,joint,sigma,labelled,mean_ks,pck_50,pck_75\nperson,nose,", 0) == 0);
    QCOMPARE(std::count(csv.begin(), csv.end(), '\n'), long{kJoints + 2});
  }

  void followsTheChosenThresholdAndSettings() {
    const QString path = dir.filePath("strict.json");
    const auto run = posescope::test::runCli({"metrics", "--gt", gt(), "--dt", dt(), "--accuracy",
                                              path, "--accuracy-oks", "0.93", "--max-dets", "1"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const json a = posescope::test::readJson(path);
    QCOMPARE(a.at("oks_threshold").get<double>(), 0.93);
    QVERIFY(a.contains("settings"));  // maxDets 1 is not the reference's
    // Each image keeps only its best-scored detection, the false one.
    QCOMPARE(a.at("calibration").at("true_positives").get<int>(), 0);
    QCOMPARE(a.at("calibration").at("false_positives").get<int>(), 5);
    QCOMPARE(a.at("calibration").at("ranking_auc").get<double>(), -1.0);
  }

  void badValuesAndPathsAreErrors() {
    auto metrics = [&](const QStringList& extra) {
      return posescope::test::runCli(QStringList{"metrics", "--gt", gt(), "--dt", dt()} << extra);
    };
    auto run = metrics({"--accuracy", dir.filePath("x.json"), "--accuracy-oks", "1.5"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("--accuracy-oks must be in (0, 1], got 1.5"), qPrintable(run.err));
    run = metrics({"--accuracy", dir.filePath("x.json"), "--accuracy-oks", "half"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("--accuracy-oks"), qPrintable(run.err));
    run = metrics({"--accuracy-oks", "0.5"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("--accuracy-oks needs --accuracy"), qPrintable(run.err));
    const QString unwritable = dir.filePath("no-such-folder/accuracy.json");
    run = metrics({"--accuracy", unwritable});
    QVERIFY(run.exitCode != 0);
    QVERIFY2(run.err.contains(unwritable), qPrintable(run.err));
  }

 private:
  QString gt() const { return dir.filePath("gt.json"); }
  QString dt() const { return dir.filePath("results.json"); }
  QTemporaryDir dir;
};

POSESCOPE_TEST_GUILESS_MAIN(TestMetricsAccuracyCli)
#include "tst_metrics_accuracy_cli.moc"
