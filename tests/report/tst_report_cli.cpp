// posescope-cli export and compare run as a user runs them, on run folders the test writes.

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "cli_runner.h"

#include <opencv2/imgcodecs.hpp>

#include <nlohmann/json.hpp>

#include "common/strings.h"
#include "eval/metric_table.h"
#include "pipeline/run_inputs.h"
#include "render/overlay_renderer.h"
#include "render/palette.h"
#include "report/run_views.h"
#include "report_fixtures.h"

using namespace posescope;
using posescope::test::FixtureImage;

namespace {

using posescope::test::CliRun;
using posescope::test::runCli;

std::vector<FixtureImage> imagesA() {
  return {{1, 1, 10, 0.9, 0.8, ""},
          {2, 2, 20, 0.5, 0.6, ""},
          {3, 1, 30, 0.7, 0.9, ""},
          {6, 1, 50, 0, 0, "decode failed"}};
}

std::vector<FixtureImage> imagesB() {
  return {{1, 1, 12, 0.95, 0.8, ""},
          {2, 1, 22, 0.1, 0.3, ""},
          {3, 1, 28, 0.6, 0.9, ""},
          {6, 1, 50, 0.5, 0.5, ""}};
}

std::vector<double> values(double base, size_t n) {
  std::vector<double> v;
  for (size_t i = 0; i < n; ++i) v.push_back(base + 0.01 * i);
  return v;
}

std::string text(const QString& path) {
  return readTextFile(path.toStdString());
}

// A ground truth for imagesA()'s records: image 1's person where the fixture predicts it, image
// 2's second person far from any prediction, a crowd region on image 3.
nlohmann::json viewsGroundTruth() {
  nlohmann::json gt = {{"info", {{"description", "views"}}},
                       {"images", nlohmann::json::array()},
                       {"annotations", nlohmann::json::array()},
                       {"categories", {{{"id", 1}, {"name", "person"}}}}};
  for (int j = 0; j < 17; ++j) gt["categories"][0]["keypoints"].push_back("k" + std::to_string(j));
  const auto personAt = [](std::int64_t id, std::int64_t image, double x0, double y0) {
    nlohmann::json keypoints = nlohmann::json::array();
    for (int j = 0; j < 17; ++j) keypoints.insert(keypoints.end(), {x0 + 5 * j, y0 + 3 * j, 2});
    return nlohmann::json{{"id", id},
                          {"image_id", image},
                          {"category_id", 1},
                          {"iscrowd", 0},
                          {"num_keypoints", 17},
                          {"area", 3000.0},
                          {"keypoints", keypoints},
                          {"bbox", {x0, y0, 80, 48}}};
  };
  for (const auto& image : imagesA())
    gt["images"].push_back({{"id", image.id},
                            {"file_name", "img_" + std::to_string(image.id) + ".jpg"},
                            {"width", 640},
                            {"height", 480}});
  gt["annotations"].push_back(personAt(100, 1, 10, 20));
  gt["annotations"].push_back(personAt(200, 2, 10, 20));
  gt["annotations"].push_back(personAt(201, 2, 400, 300));
  nlohmann::json crowd = personAt(300, 3, 0, 0);
  crowd["iscrowd"] = 1;
  crowd["num_keypoints"] = 0;
  gt["annotations"].push_back(crowd);
  return gt;
}

// The tEXt chunks of the PNG at `path` (key -> value).
QMap<QString, QString> pngText(const QString& path) {
  QFile file(path);
  QMap<QString, QString> text;
  if (!file.open(QIODevice::ReadOnly)) return text;
  const QByteArray png = file.readAll();
  for (qsizetype at = 8; at + 12 <= png.size();) {
    const auto* p = reinterpret_cast<const unsigned char*>(png.constData() + at);
    const qsizetype length = (qsizetype(p[0]) << 24) | (p[1] << 16) | (p[2] << 8) | p[3];
    const QByteArray type = png.mid(at + 4, 4), data = png.mid(at + 8, length);
    if (type == "tEXt") {
      const qsizetype zero = data.indexOf('\0');
      text[QString::fromLatin1(data.left(zero))] = QString::fromLatin1(data.mid(zero + 1));
    }
    at += 12 + length;
  }
  return text;
}

}  // namespace

class TestReportCli : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    runA_ = tmp_.filePath("runA");
    runB_ = tmp_.filePath("runB");
    test::writeFixtureRun(runA_.toStdString(), "search-XS", imagesA(), test::cocoNames(),
                          values(0.5, 10));
    test::writeFixtureRun(runB_.toStdString(), "search-S", imagesB(), test::cocoNames(),
                          values(0.6, 10));
    QVERIFY(QDir().mkpath(tmp_.filePath("images")));
    for (const auto& image : imagesA()) {
      const cv::Mat uniform(100, 200, CV_8UC3, cv::Scalar(80, 60, 40));  // BGR
      QVERIFY(cv::imwrite(
          tmp_.filePath("images/img_" + QString::number(image.id) + ".png").toStdString(),
          uniform));
    }
  }

  void helpAndUsageErrors() {
    for (const char* cmd : {"export", "compare"}) {
      const CliRun r = runCli({cmd, "--help"});
      QVERIFY2(r.exitCode == 0, cmd);
      QVERIFY2(r.out.contains("usage"), cmd);
    }
    QVERIFY(runCli({"--help"}).out.contains("compare"));
    QCOMPARE(runCli({"export", runA_}).exitCode, 2);  // no --what
    QCOMPARE(runCli({"export", runA_, "--what", "plots"}).exitCode, 2);
    QCOMPARE(runCli({"export", runA_, "--what", "metrics", "--format", "xml"}).exitCode, 2);
    QCOMPARE(runCli({"compare", runA_}).exitCode, 2);
    const CliRun missing = runCli({"export", tmp_.filePath("nowhere"), "--what", "metrics"});
    QCOMPARE(missing.exitCode, 3);
    QVERIFY2(missing.err.contains("nowhere"), qPrintable(missing.err));
  }

  void exportMetricsImagesResults() {
    const MetricTable table{test::cocoNames(), values(0.5, 10)};
    const CliRun md = runCli({"export", runA_, "--what", "metrics"});
    QCOMPARE(md.exitCode, 0);
    QCOMPARE(md.out.toStdString(), formatMarkdownTable(table, "pose_mobilenet"));
    const QString csvPath = tmp_.filePath("metrics.csv");
    QCOMPARE(runCli({"export", runA_, "--what", "metrics", "--format", "csv", "--out", csvPath})
                 .exitCode,
             0);
    QCOMPARE(text(csvPath), formatCsvTable(table, "pose_mobilenet"));
    const CliRun json = runCli({"export", runA_, "--what", "metrics", "--format", "json"});
    QCOMPARE(nlohmann::json::parse(json.out.toStdString())["stats"].get<std::vector<double>>(),
             table.values);

    const CliRun images = runCli({"export", runA_, "--what", "images"});
    QCOMPARE(images.exitCode, 0);
    const QStringList lines = images.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 5);
    QVERIFY(lines[0].startsWith("image_id,file,people,gt_people,ap,mean_oks,total_ms"));
    // Issue 15, item 14: the shortest digits that read back as the same double.
    QVERIFY2(lines[2].startsWith("2,img_2.jpg,2,1,0.5,0.6,20,"), qPrintable(lines[2]));
    QVERIFY2(lines[4].endsWith(",decode failed"), qPrintable(lines[4]));

    const QString resultsPath = tmp_.filePath("results.json");
    QCOMPARE(runCli({"export", runA_, "--what", "results", "--out", resultsPath}).exitCode, 0);
    QCOMPARE(nlohmann::json::parse(text(resultsPath)),
             nlohmann::json::parse(text(runA_ + "/results.json")));
  }

  void exportOverlays() {
    const QString out = tmp_.filePath("overlays");
    const CliRun r = runCli({"export", runA_, "--what", "overlays", "--images-dir",
                             tmp_.filePath("images"), "--out", out, "--quiet"});
    // Records name .jpg files and the test wrote .png: every image is missing -> exit 1.
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("img_1.jpg"), qPrintable(r.err));

    // Same images under the names the records give.
    for (const auto& image : imagesA()) {
      const QString id = QString::number(image.id);
      QVERIFY(QFile::copy(tmp_.filePath("images/img_" + id + ".png"),
                          tmp_.filePath("images/img_" + id + ".jpg")));
    }
    const CliRun ok = runCli({"export", runA_, "--what", "overlays", "--images-dir",
                              tmp_.filePath("images"), "--out", out});
    QVERIFY2(ok.exitCode == 0, qPrintable(ok.err));
    QVERIFY2(ok.err.contains("overlays: 4/4"), qPrintable(ok.err));
    QCOMPARE(QDir(out).entryList({"*.png"}).size(), 4);
    const cv::Mat overlay = readImageRgb((out + "/img_2.png").toStdString());
    QCOMPARE(overlay.size(), cv::Size(200, 100));
    // Person 1 of image 2 has joint 0 at (50, 20), score 0.8 (opacity 0.86), drawn over its own
    // limbs (also 0.86): within a tenth of the way from the palette colour to the background.
    const cv::Scalar color = personColor(1);
    const cv::Vec3b bg(40, 60, 80);
    const cv::Vec3b got = overlay.at<cv::Vec3b>(20, 50);
    for (int c = 0; c < 3; ++c)
      QVERIFY2(std::abs(got[c] - color[c]) <= 0.1 * std::abs(bg[c] - color[c]) + 1,
               qPrintable(QString::number(got[c])));
    QCOMPARE(overlay.at<cv::Vec3b>(90, 190), bg);
    // Issue 33: each PNG says what it was drawn with, as the GUI's exports do.
    QMap<QString, QString> text = pngText(out + "/img_2.png");
    QCOMPARE(text.value("posescope:layers"), QStringLiteral("predictions,gt,crowd,matches"));
    QCOMPARE(text.value("posescope:filters"), QStringLiteral("none"));
    QVERIFY2(text.value("posescope:hidden").endsWith(" predictions"),
             qPrintable(text.value("posescope:hidden")));

    const QString failedOut = tmp_.filePath("failed_overlays");
    const CliRun failed = runCli({"export", runA_, "--what", "overlays", "--images-dir",
                                  tmp_.filePath("images"), "--out", failedOut, "--filter", "failed",
                                  "--layers", "predictions,gt", "--threshold", "0.3", "--quiet"});
    QVERIFY2(failed.exitCode == 0, qPrintable(failed.err));
    QCOMPARE(QDir(failedOut).entryList({"*.png"}), QStringList{"img_6.png"});
    text = pngText(failedOut + "/img_6.png");
    QCOMPARE(text.value("posescope:layers"), QStringLiteral("predictions,gt"));
    QCOMPARE(text.value("posescope:filters"), QStringLiteral("joints >= 0.30"));
    // --framed as the GUI frames them (header, scale bar, legend), with a score floor named.
    const QString framedOut = tmp_.filePath("framed_overlays");
    const CliRun framed =
        runCli({"export", runA_, "--what", "overlays", "--images-dir", tmp_.filePath("images"),
                "--out", framedOut, "--framed", "--min-score", "0.85", "--quiet"});
    QVERIFY2(framed.exitCode == 0, qPrintable(framed.err));
    const cv::Mat framedOverlay = readImageRgb((framedOut + "/img_2.png").toStdString());
    // 200 x 100 drawn x4 (800 x 400), a header above and the scale bar and legend below.
    QCOMPARE(framedOverlay.cols, 800);
    QVERIFY(framedOverlay.rows > 400 + 30 + 2 * 22);
    text = pngText(framedOut + "/img_2.png");
    QCOMPARE(text.value("posescope:filters"), QStringLiteral("score >= 0.85"));
    QVERIFY2(text.value("posescope:hidden") == "1 of 2 predictions",
             qPrintable(text.value("posescope:hidden")));
    QCOMPARE(runCli({"export", runA_, "--what", "overlays", "--images-dir", tmp_.filePath("images"),
                     "--layers", "bones"})
                 .exitCode,
             2);
  }

  void compareWritesTablesAndDeltas() {
    const QString out = tmp_.filePath("comparison");
    const CliRun r = runCli({"compare", runA_, runB_, "--out", out});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("| AP | 0.500 | 0.600 | +0.100 |"), qPrintable(r.out));
    QVERIFY2(r.out.contains("| Parameters | 9000 | 8000 |"), qPrintable(r.out));
    for (const char* name :
         {"comparison.md", "comparison.csv", "comparison.json", "per_image_deltas.csv"})
      QVERIFY2(QFileInfo::exists(out + "/" + name), name);
    QCOMPARE(QString::fromStdString(text(out + "/comparison.md")), r.out);
    // delta AP: image 2 -0.4, image 3 -0.1, image 1 +0.05, then image 6 (failed in A).
    const QStringList deltas =
        QString::fromStdString(text(out + "/per_image_deltas.csv")).trimmed().split('\n');
    QCOMPARE(deltas.size(), 5);
    QVERIFY(deltas[1].startsWith("2,img_2.jpg,1,1,"));
    QVERIFY(deltas[2].startsWith("3,"));
    QVERIFY(deltas[3].startsWith("1,"));
    QVERIFY(deltas[4].startsWith("6,"));
    const auto json = nlohmann::json::parse(text(out + "/comparison.json"));
    QCOMPARE(json["images"][0]["image_id"].get<int>(), 2);
    QCOMPARE(json["a"]["label"].get<std::string>(), std::string("search-XS"));

    const CliRun byOks = runCli({"compare", runA_, runB_, "--format", "csv", "--order", "oks"});
    QCOMPARE(byOks.exitCode, 0);
    QVERIFY(byOks.out.startsWith("section,name,a,b,delta\nmetric,AP,"));
  }

  // Issue 15, item 13: what differs beyond the architecture (config keys), and runs of the same
  // arch named by their folders.
  void compareShowsSettingsThatDiffer() {
    const QString flipOn = tmp_.filePath("flip-on"), flipOff = tmp_.filePath("flip-off");
    test::writeFixtureRun(flipOn.toStdString(), "search-XS", imagesA(), test::cocoNames(),
                          values(0.5, 10));
    test::writeFixtureRun(flipOff.toStdString(), "search-XS", imagesA(), test::cocoNames(),
                          values(0.4, 10));
    const std::string config = "TEST:\n  FLIP_TEST: %1\n  SCALE_FACTOR: [1]\nDATASET:\n  ROOT: d\n";
    auto writeConfig = [](const QString& dir, const QString& text) {
      QFile file(dir + "/" + runfiles::kConfig);
      return file.open(QIODevice::WriteOnly) && file.write(text.toUtf8()) == text.toUtf8().size();
    };
    QVERIFY(writeConfig(flipOn, QString::fromStdString(config).arg("True")));
    QVERIFY(writeConfig(flipOff, QString::fromStdString(config).arg("False") + "GPUS: [0]\n"));
    const CliRun r = runCli({"compare", flipOn, flipOff});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("| TEST.FLIP_TEST | True | False |"), qPrintable(r.out));
    QVERIFY2(r.out.contains("| GPUS |  | [0] |"), qPrintable(r.out));
    QVERIFY2(!r.out.contains("SCALE_FACTOR"), qPrintable(r.out));
    QVERIFY2(r.out.contains("| Metric | A: search-XS (flip-on) | B: search-XS (flip-off) |"),
             qPrintable(r.out));
    const CliRun json = runCli({"compare", flipOn, flipOff, "--format", "json"});
    const auto doc = nlohmann::json::parse(json.out.toStdString());
    QCOMPARE(doc["config_differences"][0]["key"].get<std::string>(), std::string("TEST.FLIP_TEST"));
  }

  void compareRefusesDifferentMetrics() {
    const QString crowd = tmp_.filePath("crowd");
    test::writeFixtureRun(crowd.toStdString(), "crowd", imagesB(), test::crowdNames(),
                          values(0.4, 9));
    const CliRun r = runCli({"compare", runA_, crowd});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains("runA") && r.err.contains("crowd"), qPrintable(r.err));
  }

  void exportViews() {
    // A run whose ground truth is on disk: image 1's person found, image 2's second person
    // missed, a crowd region on image 3; image 6 failed.
    const nlohmann::json gt = viewsGroundTruth();
    const QString gtPath = tmp_.filePath("views_gt.json");
    std::ofstream(gtPath.toStdString()) << gt.dump();
    const QString run = tmp_.filePath("runViews");
    test::writeFixtureRun(run.toStdString(), "search-XS", imagesA(), test::cocoNames(),
                          values(0.5, 10), gtPath.toStdString());
    const auto ids = [&](const char* query) {
      const CliRun r = runCli({"export", run, "--what", "ids", "--where", query});
      return r.exitCode == 0 ? r.out.trimmed().split('\n') : QStringList{"exit", r.err};
    };
    QCOMPARE(ids("ap < 0.8"), (QStringList{"2", "3"}));
    QCOMPARE(ids("failed"), (QStringList{"6"}));
    QCOMPARE(ids("match = missed"), (QStringList{"2"}));
    QCOMPARE(ids("match = matched and oks > 0.99 and visible = 17"), (QStringList{"1", "2"}));
    QCOMPARE(ids("has_crowd"), (QStringList{"3"}));
    QCOMPARE(runCli({"export", run, "--what", "ids"}).out.trimmed().split('\n').size(), 4);

    const CliRun images = runCli({"export", run, "--what", "images", "--where", "ap < 0.8"});
    QCOMPARE(images.out.trimmed().split('\n').size(), 3);  // the header and two images

    const QString subset = tmp_.filePath("subset");
    const CliRun written =
        runCli({"export", run, "--what", "subset", "--where", "match = missed", "--out", subset});
    QCOMPARE(written.exitCode, 0);
    QVERIFY2(written.err.contains("1 of 4 images"), qPrintable(written.err));
    const auto subsetGt = nlohmann::json::parse(text(subset + "/gt.json"));
    QCOMPARE(subsetGt["info"], gt["info"]);
    QCOMPARE(subsetGt["images"].size(), std::size_t(1));
    QCOMPARE(subsetGt["annotations"], (nlohmann::json{gt["annotations"][1], gt["annotations"][2]}));
    for (const auto& result : nlohmann::json::parse(text(subset + "/results.json")))
      QCOMPARE(result["image_id"].get<int>(), 2);
    // The subset is valid input to every command.
    const CliRun scored = runCli({"metrics", "--gt", subset + "/gt.json", "--dt",
                                  subset + "/results.json", "--dataset", "coco"});
    QVERIFY2(scored.exitCode == 0, qPrintable(scored.err));

    const CliRun misspelt =
        runCli({"export", run, "--what", "ids", "--where", "area > 9 and swapz > 0"});
    QCOMPARE(misspelt.exitCode, 2);
    QVERIFY2(misspelt.err.contains("column 14: unknown property 'swapz' (did you mean 'swaps'?)"),
             qPrintable(misspelt.err));
    QVERIFY2(misspelt.err.contains("\n               ^"), qPrintable(misspelt.err));
    QCOMPARE(runCli({"export", run, "--what", "metrics", "--where", "ap < 1"}).exitCode, 2);
    QCOMPARE(runCli({"export", run, "--what", "subset"}).exitCode, 2);

    // Issue 33: the run folder's tags are a query property, of images and of people (image 2's
    // missed person, annotation 201).
    writeRunTags(run.toStdString(), {{2, 201, std::nullopt, "occluded", "behind a car"},
                                     {3, std::nullopt, std::nullopt, "occluded", ""},
                                     {1, std::nullopt, std::nullopt, "blurry", ""}});
    QCOMPARE(ids("tag == \"occluded\""), (QStringList{"2", "3"}));
    QCOMPARE(ids("tagged"), (QStringList{"1", "2", "3"}));
    QCOMPARE(ids("not tagged"), QStringList{"6"});
    QCOMPARE(ids("person_tag = occluded and match = missed"), QStringList{"2"});
    QCOMPARE(ids("tag = never-used"), QStringList{""});  // unknown: nothing, not an error
    const CliRun tagged = runCli({"export", run, "--what", "images", "--where", "tag ~ OCC"});
    QCOMPARE(tagged.out.trimmed().split('\n').size(), 3);  // the header and images 2 and 3
    const CliRun badTag = runCli({"export", run, "--what", "ids", "--where", "tag < 3"});
    QCOMPARE(badTag.exitCode, 2);
    QVERIFY2(badTag.err.contains("column 5: 'tag' is a text"), qPrintable(badTag.err));
  }

  void compareRefusesDifferentAnnotationFiles() {
    // B's file moves image 2's second person: images 1, 3 and 6 are annotated identically.
    nlohmann::json gtA = viewsGroundTruth(), gtB = viewsGroundTruth();
    gtB["annotations"][2]["keypoints"][0] = 401.0;
    const QString fileA = tmp_.filePath("gt_a.json"), fileB = tmp_.filePath("gt_b.json");
    std::ofstream(fileA.toStdString()) << gtA.dump();
    std::ofstream(fileB.toStdString()) << gtB.dump();
    const QString runA = tmp_.filePath("onA"), runB = tmp_.filePath("onB");
    test::writeFixtureRun(runA.toStdString(), "search-XS", imagesA(), test::cocoNames(),
                          values(0.5, 10), fileA.toStdString());
    test::writeFixtureRun(runB.toStdString(), "search-S", imagesA(), test::cocoNames(),
                          values(0.6, 10), fileB.toStdString());

    const CliRun refused = runCli({"compare", runA, runB, "--no-bootstrap"});
    QCOMPARE(refused.exitCode, 3);
    QVERIFY2(refused.err.contains(fileA) && refused.err.contains(fileB), qPrintable(refused.err));
    QVERIFY2(refused.err.contains("--shared-images"), qPrintable(refused.err));
    QVERIFY(refused.out.isEmpty());  // no table printed before the refusal

    const CliRun shared =
        runCli({"compare", runA, runB, "--shared-images", "--format", "json", "--resamples", "50"});
    QVERIFY2(shared.exitCode == 0, qPrintable(shared.err));
    const auto json = nlohmann::json::parse(shared.out.toStdString());
    QVERIFY2(json.dump().find("compared on the 3 images") != std::string::npos,
             json["notes"].dump().c_str());
    // Both tables recomputed on the shared images: the same predictions score the same there.
    QCOMPARE(json["metrics"]["a"], json["metrics"]["b"]);
    QVERIFY(json["metrics"]["a"][0].get<double>() > 0);
    QVERIFY(json["metrics"]["a"][0].get<double>() != 0.5);  // not the fixture's metrics.json

    // The same contents under two paths, each recorded with its SHA-256: nothing to refuse.
    const QString copyOfA = tmp_.filePath("gt_a_copy.json");
    QVERIFY(QFile::copy(fileA, copyOfA));
    const QString runC = tmp_.filePath("onCopyOfA");
    test::writeFixtureRun(runC.toStdString(), "search-S", imagesA(), test::cocoNames(),
                          values(0.6, 10), copyOfA.toStdString());
    for (const auto& [run, file] : {std::pair{runA, fileA}, std::pair{runC, copyOfA}}) {
      auto summary = nlohmann::json::parse(text(run + "/run.json"));
      summary["inputs"]["annotations"] = {{"path", file.toStdString()},
                                          {"sha256", sha256OfFile(file.toStdString())}};
      std::ofstream((run + "/run.json").toStdString()) << summary.dump(2);
    }
    const CliRun same = runCli({"compare", runA, runC, "--no-bootstrap"});
    QVERIFY2(same.exitCode == 0, qPrintable(same.err));
    QVERIFY2(!same.out.contains("different annotation files"), qPrintable(same.out));
  }

 private:
  QTemporaryDir tmp_;
  QString runA_, runB_;
};

QTEST_GUILESS_MAIN(TestReportCli)
#include "tst_report_cli.moc"
