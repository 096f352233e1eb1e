// posescope-cli export --what report on a run folder with every kind of error: the PDF (in every
// build, the headless one too: report_pdf/ needs Qt Gui only), its charts drawn as text and
// vectors that say `posescope-cli analyze`'s numbers, and its tables as Markdown, CSV and JSON
// carrying them.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "cli_runner.h"
#include "render/overlay_renderer.h"
#include "render/palette.h"
#include "test_support.h"
#include "widgets/analysis_run_fixture.h"

using posescope::test::CliRun;
using posescope::test::runCli;

namespace {

QJsonObject parseObject(const QString& text) {
  return QJsonDocument::fromJson(text.toUtf8()).object();
}

// The AP-if-fixed entries of `posescope-cli analyze --json`, keyed "error/area/oks".
QMap<QString, double> analyzeAps(const QJsonObject& analysis) {
  QMap<QString, double> aps;
  for (const QJsonValue& v : analysis.value("ap_if_fixed").toArray()) {
    const QJsonObject f = v.toObject();
    aps.insert(QStringLiteral("%1/%2/%3")
                   .arg(f.value("error").toString(), f.value("area").toString())
                   .arg(f.value("oks").toDouble(), 0, 'f', 2),
               f.value("ap").toDouble());
  }
  return aps;
}

// Mean AP over the thresholds of `error` in `area` (undefined entries, -1, left out).
double meanAp(const QMap<QString, double>& aps, const QString& error, const QString& area) {
  double sum = 0;
  int n = 0;
  for (auto it = aps.begin(); it != aps.end(); ++it) {
    if (!it.key().startsWith(error + "/" + area + "/") || it.value() <= -1) continue;
    sum += it.value();
    ++n;
  }
  return n ? sum / n : -1;
}

}  // namespace

class TestCliReport : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    annotations_ = dir_.filePath("annotations.json");
    runDir_ = dir_.filePath("run");
    posescope::test::writeAnalysisFixtureGroundTruth(annotations_.toStdString());
    posescope::test::writeAnalysisFixtureRun(runDir_.toStdString(), annotations_.toStdString());
    const CliRun analyze = runCli({"analyze", runDir_, "--json"});
    QVERIFY2(analyze.exitCode == 0, qPrintable(analyze.err));
    analysis_ = parseObject(analyze.out);
    QVERIFY(!analysis_.isEmpty());
  }

  void pdfReport() {
    const QString pdf = dir_.filePath("report.pdf");
    const CliRun run = runCli({"export", runDir_, "--what", "report", "--out", pdf});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QFile file(pdf);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.startsWith("%PDF"));
    // Tables, charts, the curves (PR with each error fixed, PCK per joint), then the worst
    // images four per page: the fixture localises detections in six images (1-5 and 7), so two
    // pages of images.
    const auto pages = QRegularExpression(QStringLiteral("/Type\\s*/Page[^s]"))
                           .globalMatch(QString::fromLatin1(bytes));
    int count = 0;
    for (auto it = pages; it.hasNext(); it.next()) ++count;
    QCOMPARE(count, 5);
    QVERIFY2(run.err.contains("5 pages"), qPrintable(run.err));
    // Without --out it goes into the run folder.
    QVERIFY(runCli({"export", runDir_, "--what", "report", "--quiet"}).exitCode == 0);
    QVERIFY(QFile::exists(runDir_ + "/analysis_report.pdf"));
  }

  // The charts page as a reader's tools read it (poppler's pdftotext): the two charts are drawn on
  // the page, so their titles, axes, bar names and values are text, and the values are analyze's.
  void pdfChartsSayTheAnalysis() {
    const QString pdftotext = QStandardPaths::findExecutable("pdftotext");
    if (pdftotext.isEmpty()) POSESCOPE_SKIP_UNCHECKED("pdftotext (poppler-utils) is not installed");
    const QString pdf = dir_.filePath("report-text.pdf");
    const CliRun run = runCli({"export", runDir_, "--what", "report", "--out", pdf, "--quiet"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const auto pageText = [&](int page) {
      QProcess p;
      p.start(pdftotext, {"-f", QString::number(page), "-l", QString::number(page), pdf, "-"});
      if (!p.waitForFinished(60000) || p.exitCode() != 0) return QString();
      // The fonts' ligatures (fi, fl) read back as one character.
      return QString::fromUtf8(p.readAll())
          .replace(QChar(0xfb01), QLatin1String("fi"))
          .replace(QChar(0xfb02), QLatin1String("fl"));
    };
    const QString tables = pageText(1);
    QVERIFY2(tables.contains("Analysis report:"), qPrintable(tables));
    const QString charts = pageText(2);
    for (const char* text :
         {"Where the AP goes", "AP if fixed, area all, mean over OKS .50:.95", "AP before the fix",
          "Joint labels per joint", "share of the joint's judged predictions", "left_wrist",
          "right_ankle", "baseline", "score", "background", "negatives"})
      QVERIFY2(charts.contains(QLatin1String(text)), qPrintable(QString(text) + "\n" + charts));
    // Each bar carries the AP with its error fixed, as analyze computes it.
    const QMap<QString, double> aps = analyzeAps(analysis_);
    for (const char* error : {"baseline", "miss", "swap", "inversion", "jitter"}) {
      const QString value = QString::number(meanAp(aps, error, "all"), 'f', 3);
      QVERIFY2(charts.contains(value), qPrintable(QString(error) + " " + value + "\n" + charts));
    }
    QVERIFY(pageText(3).contains("PCK per joint at OKS .50"));
  }

  void jsonTablesCarryTheAnalysis() {
    const CliRun run = runCli({"export", runDir_, "--what", "report", "--format", "json"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject tables = parseObject(run.out);
    const QMap<QString, double> expected = analyzeAps(analysis_);
    const QMap<QString, double> written = analyzeAps(tables);
    QCOMPARE(written.size(), expected.size());
    for (auto it = expected.begin(); it != expected.end(); ++it) {
      QVERIFY2(written.contains(it.key()), qPrintable(it.key()));
      // analyze writes an undefined AP as -1, the report as null (read back as 0).
      QCOMPARE(written.value(it.key()), it.value() <= -1 ? 0.0 : it.value());
    }
    // Joint labels equal analyze's per joint.
    for (const QJsonValue& v : analysis_.value("joints").toArray()) {
      const QJsonObject joint = v.toObject();
      const QJsonObject labels =
          tables.value("joint_labels").toObject().value(joint.value("name").toString()).toObject();
      for (const char* label : {"good", "jitter", "inversion", "swap", "miss", "unlabelled"})
        QCOMPARE(labels.value(label).toInt(), joint.value(label).toInt());
    }
    // The worst images: the images analyze's report ranks worst, by the same key (AP lost).
    QList<qint64> writtenWorst;
    QStringList writtenApLost;
    for (const QJsonValue& v : tables.value("worst_images").toArray()) {
      writtenWorst << v.toObject().value("image_id").toInteger();
      writtenApLost << QString::asprintf("%+.5f", v.toObject().value("ap_lost").toDouble());
    }
    QVERIFY(!writtenWorst.isEmpty());
    QCOMPARE(writtenWorst, worstImages());
    QCOMPARE(writtenApLost, worstApLost());
    QCOMPARE(tables.value("run").toObject().value("run folder").toString(), runDir_);
  }

  void markdownAndCsvTablesCarryTheAnalysis() {
    const QMap<QString, double> aps = analyzeAps(analysis_);
    const CliRun csv = runCli({"export", runDir_, "--what", "report", "--format", "csv"});
    QVERIFY2(csv.exitCode == 0, qPrintable(csv.err));
    QVERIFY(csv.out.startsWith("section,row,column,value\n"));
    for (const char* error : {"baseline", "miss", "swap", "inversion", "jitter"}) {
      const double mean = meanAp(aps, error, "all");
      const QString prefix = QStringLiteral("ap_if_fixed,%1,all mean,").arg(error);
      const int at = csv.out.indexOf(prefix);
      QVERIFY2(at >= 0, qPrintable(prefix));
      const QString value = csv.out.mid(at + prefix.size()).section('\n', 0, 0);
      QVERIFY2(std::abs(value.toDouble() - mean) < 1e-12, qPrintable(prefix + value));
    }
    const CliRun md = runCli({"export", runDir_, "--what", "report", "--format", "md"});
    QVERIFY2(md.exitCode == 0, qPrintable(md.err));
    const QString swapRow = QStringLiteral("| swap | %1 | %2 |")
                                .arg(aps.value("swap/all/0.50"), 0, 'f', 3)
                                .arg(aps.value("swap/all/0.75"), 0, 'f', 3);
    QVERIFY2(md.out.contains(swapRow), qPrintable(swapRow));
    const QString worstHeading = QStringLiteral("## The %1 worst images").arg(worstImages().size());
    QVERIFY2(md.out.contains(worstHeading), qPrintable(md.out.right(600)));
  }

  // --layers errors draws each joint in its label's colour, from the same analysis as analyze.
  void overlayErrorsLayerColoursJointsByLabel() {
    const QString images = dir_.filePath("images");
    QVERIFY(QDir().mkpath(images));
    for (const auto& record : posescope::test::analysisFixtureRecords())
      QVERIFY(cv::imwrite((images + "/" + QString::fromStdString(record.file)).toStdString(),
                          cv::Mat(480, 640, CV_8UC3, cv::Scalar(128, 128, 128))));
    const QString out = dir_.filePath("error-overlays");
    const CliRun r = runCli({"export", runDir_, "--what", "overlays", "--layers", "errors",
                             "--images-dir", images, "--out", out, "--quiet"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    // The label whose colour is nearest to pixel (x, y) of image `id`'s overlay.
    auto labelAt = [&](int id, int x, int y) {
      const cv::Mat overlay =
          posescope::readImageRgb((out + "/img_" + QString::number(id) + ".png").toStdString());
      const cv::Vec3b got = overlay.at<cv::Vec3b>(y, x);
      posescope::JointLabel nearest = posescope::JointLabel::Good;
      double best = 1e9;
      for (posescope::JointLabel label :
           {posescope::JointLabel::Good, posescope::JointLabel::Jitter,
            posescope::JointLabel::Inversion, posescope::JointLabel::Swap,
            posescope::JointLabel::Miss}) {
        const cv::Scalar c = posescope::jointLabelColor(label);
        const double d =
            std::abs(got[0] - c[0]) + std::abs(got[1] - c[1]) + std::abs(got[2] - c[2]);
        if (d < best) best = d, nearest = label;
      }
      return best < 60 ? posescope::jointLabelName(nearest) : std::string("none");
    };
    // Image 1 is predicted exactly (nose at 200, 60); image 5's left ankle is 80 px too high.
    QCOMPARE(labelAt(1, 200, 60), std::string("good"));
    QCOMPARE(labelAt(5, 200 + 24, 60 + 210 - 80), std::string("miss"));
    QCOMPARE(labelAt(1, 600, 400), std::string("none"));  // the background stays as it was

    // Without the run's annotations there is no analysis: the file is named, nothing drawn.
    const QString moved = dir_.filePath("annotations-moved.json");
    QVERIFY(QFile::rename(annotations_, moved));
    const CliRun missing =
        runCli({"export", runDir_, "--what", "overlays", "--layers", "errors", "--images-dir",
                images, "--out", dir_.filePath("none"), "--quiet"});
    QVERIFY(QFile::rename(moved, annotations_));
    QVERIFY(missing.exitCode != 0);
    QVERIFY2(missing.err.contains("annotations.json"), qPrintable(missing.err));
  }

  void badUsageIsRefused() {
    QCOMPARE(runCli({"export", runDir_, "--what", "report", "--format", "xml"}).exitCode, 2);
    QCOMPARE(runCli({"export", runDir_, "--what", "images", "--format", "md"}).exitCode, 2);
    const CliRun missing = runCli({"export", dir_.filePath("nowhere"), "--what", "report"});
    QCOMPARE(missing.exitCode, 3);
    QVERIFY(missing.err.contains("nowhere"));
  }

 private:
  // The rows of analyze's worst-image table (image id, AP lost, ...), as a user reads them.
  QList<QStringList> worstRows() const {
    const CliRun r = runCli({"analyze", runDir_});
    const QString table = r.out.section("Worst images by AP lost", 1);
    QList<QStringList> rows;
    for (const QString& line : table.split('\n').mid(2))
      if (!line.trimmed().isEmpty()) rows << line.simplified().split(' ');
    return rows;
  }
  QList<qint64> worstImages() const {
    QList<qint64> ids;
    for (const QStringList& row : worstRows()) ids << row[0].toLongLong();
    return ids;
  }
  QStringList worstApLost() const {
    QStringList values;
    for (const QStringList& row : worstRows()) values << row[1];
    return values;
  }

  QTemporaryDir dir_;
  QString annotations_, runDir_;
  QJsonObject analysis_;
};

POSESCOPE_TEST_MAIN(TestCliReport)
#include "tst_cli_report.moc"
