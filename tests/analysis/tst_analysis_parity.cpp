// Analysis parity: on every set in $POSESCOPE_PARITY_DIR/analysis and tests/analysis/goldens
// (coco-analyze run by scripts/reference_analysis.py on a metric parity set), the keypoint error
// analysis agrees with coco-analyze's own output: the same localised detections, every joint
// label, every AP if fixed and recall exactly, the same background FP / FN counts. The two known
// differences (issue 32) are named exceptions below, not tolerances: detections on crowd regions,
// and coco-analyze's false-negative rows, written in the reverse order of their thresholds.

#include <QDir>
#include <QFileInfo>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "analysis/keypoint_analysis.h"
#include "analysis/resampled_metrics.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/results_io.h"
#include "test_files.h"
#include "test_support.h"

using namespace posescope;

namespace {

using posescope::test::readJson;

// coco-analyze's names of the AP-if-fixed rows, as PoseScope names them.
std::string errorName(const std::string& reference) {
  if (reference == "bckgd_false_pos") return "background_fp";
  return reference;
}

// The coco-analyze outputs kept in the repository (scripts/reference_analysis.py).
std::string goldensDir() {
  return posescope::test::sourceDir() + "/tests/analysis/goldens";
}

// Where coco-analyze's analysis of parity set `name` is: the parity folder's own, else ours.
std::string referenceFile(const std::string& parity, const QString& name) {
  const std::string file = name.toStdString() + ".analysis.json";
  const std::string shared = parity + "/analysis/" + file;
  return QFileInfo::exists(QString::fromStdString(shared)) ? shared : goldensDir() + "/" + file;
}

// The analysis of parity set `name` (its eval/ ground truth and results) as PoseScope makes it.
KeypointAnalysis analysisOf(const std::string& parity, const QString& name, EvalVariant variant) {
  const std::string base = parity + "/eval/" + name.toStdString();
  return analyzeKeypoints(loadGroundTruth(base + ".gt.json"), loadResults(base + ".results.json"),
                          analysisParamsFor(variant));
}

const ApIfFixed* findEntry(const KeypointAnalysis& analysis, const std::string& error,
                           const std::string& area, double oks) {
  for (const ApIfFixed& a : analysis.apIfFixed) {
    if (errorTypeName(a.error) == error && a.area == area && std::fabs(a.oks - oks) < 1e-9)
      return &a;
  }
  return nullptr;
}

// Known difference (issue 32): coco-analyze's _summarize_bckgd_errors (pycocotools/
// cocoanalyze.py at 9eb8a0a, lines 791-801) stores the false-negative precision and recall in
// ascending threshold order (ps_mat_false_neg[oind] = eval['precision'][oind]) where every other
// row is reversed to descending order ([::-1], lines 664, 786), and _summarize (line 585) labels
// them descending: its row labelled .50 holds the value at .95, and so on. The threshold whose
// value coco-analyze writes under the label `oks`.
double falseNegativeValueAt(const KeypointAnalysis& analysis, double oks) {
  const std::vector<double>& t = analysis.params.eval.iouThrs;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (std::fabs(t[i] - oks) < 1e-9) return t[t.size() - 1 - i];
  }
  return oks;
}

}  // namespace

class TestAnalysisParity : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void agreesWithCocoAnalyze_data() {
    QTest::addColumn<QString>("name");
    const std::string dir = test::parityDir();
    if (dir.empty()) {
      QTest::newRow("no-parity-data") << QString();
      return;
    }
    const QStringList sets = QDir(QString::fromStdString(dir + "/analysis"))
                                 .entryList({"*.analysis.json"}, QDir::Files, QDir::Name);
    QVERIFY2(!sets.isEmpty(), "the parity folder has no analysis/*.analysis.json");
    const QStringList ours = QDir(QString::fromStdString(goldensDir()))
                                 .entryList({"*.analysis.json"}, QDir::Files, QDir::Name);
    QVERIFY2(!ours.isEmpty(), "tests/analysis/goldens has no *.analysis.json");
    for (const QString& file : sets + ours) {
      const QString name = file.left(file.size() - int(strlen(".analysis.json")));
      QTest::newRow(name.toUtf8().constData()) << name;
    }
  }

  void agreesWithCocoAnalyze() {
    POSESCOPE_REQUIRE_PARITY(parity);
    QFETCH(QString, name);
    const nlohmann::json expected = readJson(referenceFile(parity, name));
    const std::string base = parity + "/eval/" + name.toStdString();
    const auto variant =
        expected.at("dataset") == "crowdpose" ? EvalVariant::CrowdPose : EvalVariant::Coco;
    const auto gt = loadGroundTruth(base + ".gt.json");
    const auto results = loadResults(base + ".results.json");
    const KeypointAnalysis analysis = analyzeKeypoints(gt, results, analysisParamsFor(variant));
    QCOMPARE(analysis.detections.size(), results.size());

    // Localised detections and their joint labels.
    std::map<std::int64_t, const GroundTruthPerson*> people;
    for (const GroundTruthPerson& p : gt.annotations) people[p.id] = &p;
    const nlohmann::json& perDt = expected.at("per_dt");
    std::size_t joints = 0, agreeing = 0, onCrowd = 0, onUnlabelled = 0;
    for (const DetectionAnalysis& d : analysis.detections) {
      const std::string key = std::to_string(d.index);
      if (!perDt.contains(key)) {
        if (!d.gtId) continue;
        // Known difference (issue 32): a detection localised on an annotation without labelled
        // joints is listed here as matched, on a crowd region (marked so, with no joint labels)
        // or on a person with num_keypoints 0 (every joint unlabelled); coco-analyze leaves it
        // out of per_dt. Nothing else may be localised here only.
        const GroundTruthPerson* person = people.at(*d.gtId);
        QVERIFY2(person->numKeypoints == 0,
                 qPrintable(QString("detection %1 is localised here only, on annotation %2")
                                .arg(d.index)
                                .arg(*d.gtId)));
        QCOMPARE(d.onCrowd, person->isCrowd);
        QVERIFY2(d.onCrowd ? d.joints.empty()
                           : std::all_of(d.joints.begin(), d.joints.end(),
                                         [](JointLabel l) { return l == JointLabel::Unlabelled; }),
                 qPrintable(QString("detection %1 on annotation %2 without labelled joints has "
                                    "joint labels")
                                .arg(d.index)
                                .arg(*d.gtId)));
        ++(person->isCrowd ? onCrowd : onUnlabelled);
        continue;
      }
      QVERIFY2(d.gtId.has_value(),
               qPrintable(QString("detection %1 is localised in coco-analyze only").arg(d.index)));
      const nlohmann::json& labels = perDt.at(key);
      QCOMPARE(labels.at("good").size(), d.joints.size());
      for (std::size_t k = 0; k < d.joints.size(); ++k) {
        std::string theirs = "unlabelled";
        for (const char* l : {"good", "jitter", "inversion", "swap", "miss"}) {
          if (labels.at(l).at(k).get<int>() == 1) theirs = l;
        }
        ++joints;
        if (theirs == jointLabelName(d.joints[k])) {
          ++agreeing;
        } else {
          qInfo("detection %zu joint %zu: coco-analyze %s, PoseScope %s", d.index, k,
                theirs.c_str(), jointLabelName(d.joints[k]).c_str());
        }
      }
    }
    std::size_t judged = 0;
    for (const auto& d : analysis.detections) judged += perDt.contains(std::to_string(d.index));
    QCOMPARE(judged, perDt.size());
    qInfo(
        "%s: %zu of %zu joint labels agree; localised here only (issue 32): %zu on crowd "
        "regions, %zu on people without labelled joints",
        qPrintable(name), agreeing, joints, onCrowd, onUnlabelled);
    QVERIFY(joints > 0);
    QCOMPARE(agreeing, joints);
    // The counts docs/testing.md quotes, per set: on crowd regions, on people without labelled
    // joints, and false-negative entries relabelled (below).
    const std::map<QString, std::array<std::size_t, 3>> quoted = {{"syn_coco_300", {41, 1, 0}},
                                                                  {"syn_crowdpose_300", {36, 2, 0}},
                                                                  {"real_coco4", {0, 1, 20}}};
    const auto quotedCounts = quoted.find(name);
    QVERIFY2(quotedCounts != quoted.end(), qPrintable(name + " has no counts in docs/testing.md"));
    QCOMPARE(onCrowd, quotedCounts->second[0]);
    QCOMPARE(onUnlabelled, quotedCounts->second[1]);

    // AP and recall if fixed; coco-analyze's false-negative rows at the threshold they hold.
    std::size_t compared = 0, relabelled = 0;
    double worst = 0;
    for (const nlohmann::json& s : expected.at("stats")) {
      const std::string error = errorName(s.at("err"));
      const std::string area = s.at("area");
      const double labelled = s.at("oks");
      const double oks = error == "false_neg" ? falseNegativeValueAt(analysis, labelled) : labelled;
      const ApIfFixed* mine = findEntry(analysis, error, area, oks);
      QVERIFY2(mine, qPrintable(QString::fromStdString("no entry for " + error + " " + area + " " +
                                                       std::to_string(oks))));
      const ApIfFixed* asLabelled = findEntry(analysis, error, area, labelled);
      relabelled += asLabelled->ap != s.at("auc").get<double>() ||
                    asLabelled->recall != s.at("recall").get<double>();
      const double dAp = std::fabs(mine->ap - s.at("auc").get<double>());
      const double dRecall = std::fabs(mine->recall - s.at("recall").get<double>());
      worst = std::max({worst, dAp, dRecall});
      // Exact: the largest difference measured on both sets is 0 (2026-12-02, 2-core AMD EPYC,
      // AVX2).
      QVERIFY2(dAp == 0 && dRecall == 0,
               qPrintable(QString::fromStdString(
                   error + " " + area + " OKS " + std::to_string(oks) + ": AP " +
                   std::to_string(mine->ap) + " vs " + std::to_string(s.at("auc").get<double>()) +
                   ", recall " + std::to_string(mine->recall) + " vs " +
                   std::to_string(s.at("recall").get<double>()))));
      ++compared;
    }
    QCOMPARE(compared, analysis.apIfFixed.size());
    QCOMPARE(relabelled, quotedCounts->second[2]);
    qInfo(
        "%s: %zu AP-if-fixed entries, largest difference %.3g; %zu false-negative entries differ "
        "from coco-analyze's at the threshold it labels them with (issue 32)",
        qPrintable(name), compared, worst, relabelled);

    // Background false positives and false negatives.
    for (const BackgroundCounts& c : analysis.background) {
      char key[16];
      std::snprintf(key, sizeof key, "%g", c.oks);
      const nlohmann::json& theirs = expected.at("counts").at(key);
      QCOMPARE(c.falsePositives.size(), theirs.at("bckgd_false_pos").get<std::size_t>());
      QCOMPARE(c.falseNegatives.size(), theirs.at("false_neg").get<std::size_t>());
    }
  }

  // Known difference (issue 32), shown where it was found: on the four real COCO images every
  // medium person is a false negative from OKS .60 on, so with the false negatives ignored no
  // medium person is left there (-1), while at .50 and .55 one is, found (1). coco-analyze's
  // rows labelled .50 and .55 hold its values at .95 and .90 (-1), and those labelled .90 and
  // .95 its values at .55 and .50 (1); PoseScope keeps each value at its own threshold.
  void falseNegativeRowsAtTheirOwnThresholds() {
    POSESCOPE_REQUIRE_PARITY(parity);
    const nlohmann::json theirs = readJson(referenceFile(parity, "real_coco4"));
    auto reference = [&](const char* area, double oks) {
      for (const nlohmann::json& s : theirs.at("stats")) {
        if (s.at("err") == "false_neg" && s.at("area") == area &&
            std::fabs(s.at("oks").get<double>() - oks) < 1e-9)
          return std::make_pair(s.at("auc").get<double>(), s.at("recall").get<double>());
      }
      return std::make_pair(-2.0, -2.0);
    };
    const KeypointAnalysis analysis = analysisOf(parity, "real_coco4", EvalVariant::Coco);
    const std::size_t last = analysis.params.eval.iouThrs.size() - 1;
    const ApIfFixed* at50 = analysis.find(ErrorType::FalseNeg, "medium", 0);
    const ApIfFixed* at95 = analysis.find(ErrorType::FalseNeg, "medium", last);
    QCOMPARE(at50->recall, 1.0);
    QVERIFY(std::fabs(at50->ap - 1) < 1e-12);
    QCOMPARE(at95->ap, -1.0);
    QCOMPARE(at95->recall, -1.0);
    QCOMPARE(reference("medium", 0.5), std::make_pair(-1.0, -1.0));
    QCOMPARE(reference("medium", 0.95), std::make_pair(at50->ap, at50->recall));
    QCOMPARE(reference("medium", 0.5), std::make_pair(at95->ap, at95->recall));
  }

  // The bootstrap's resampled metrics with every image once equal the reference's stats.
  void resampledTableIsTheEvaluation_data() {
    QTest::addColumn<QString>("name");
    const std::string dir = test::parityDir();
    if (dir.empty()) {
      QTest::newRow("no-parity-data") << QString();
      return;
    }
    const QStringList sets = QDir(QString::fromStdString(dir + "/eval"))
                                 .entryList({"*.stats.json"}, QDir::Files, QDir::Name);
    for (const QString& file : sets) {
      const QString name = file.left(file.size() - int(strlen(".stats.json")));
      QTest::newRow(name.toUtf8().constData()) << name;
    }
  }
  void resampledTableIsTheEvaluation() {
    POSESCOPE_REQUIRE_PARITY(parity);
    QFETCH(QString, name);
    const std::string base = parity + "/eval/" + name.toStdString();
    const auto variant = name.contains("crowdpose") ? EvalVariant::CrowdPose : EvalVariant::Coco;
    const auto gt = loadGroundTruth(base + ".gt.json");
    const auto results = loadResults(base + ".results.json");
    const ResampledMetrics resampled(gt, results, evalParamsFor(variant));
    const auto table = resampled.table(std::vector<int>(resampled.imageIds().size(), 1));
    QCOMPARE(table.values, evaluateKeypoints(gt, results, variant).table.values);
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestAnalysisParity)
#include "tst_analysis_parity.moc"
