// File → Open Predictions…'s check with results files as other frameworks write them
// (tests/eval/fixtures/frameworks): Ultralytics' file name stems name the ground truth's images,
// a stem no image has is the results field's error, and each file is taken for a results file
// when dropped on the window.

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "test_support.h"
#include "widgets/session/predictions_check.h"

using namespace posescope;

namespace {

QString fixture(const QString& file) {
  return QString::fromStdString(test::sourceDir()) + "/tests/eval/fixtures/frameworks/" + file;
}

PredictionsForm formFor(const QString& results) {
  PredictionsForm form;
  form.groundTruth = fixture("gt.json");
  form.results = results;
  return form;
}

}  // namespace

class TestPredictionsCheck : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void frameworkFilesCheckWithoutErrors_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("mmpose") << "mmpose.keypoints.json";
    QTest::newRow("ultralytics") << "ultralytics.predictions.json";
    QTest::newRow("detectron2") << "detectron2.coco_instances_results.json";
  }
  void frameworkFilesCheckWithoutErrors() {
    QFETCH(QString, file);
    QVERIFY(looksLikeResultsFile(fixture(file)));
    PredictionsInputs inputs;
    const PredictionsCheck check = checkPredictions(formFor(fixture(file)), inputs);
    QVERIFY2(check.ok(), qPrintable(check.resultsError + " | " + check.groundTruthError));
    QVERIFY2(check.summary.contains("13 detection(s)"), qPrintable(check.summary));
  }

  void unknownStemIsTheResultsError() {
    QTemporaryDir dir;
    QFile in(fixture("ultralytics.predictions.json"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QString path = dir.filePath("predictions.json");
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(in.readAll().replace("\"market.day\"", "\"market.night\""));
    out.close();
    PredictionsInputs inputs;
    const PredictionsCheck check = checkPredictions(formFor(path), inputs);
    QVERIFY(!check.ok());
    QVERIFY2(check.resultsError.contains("\"market.night\" is the file name stem of no image"),
             qPrintable(check.resultsError));
    QVERIFY(check.groundTruthError.isEmpty());
  }

  void groundTruthAsResultsIsTheResultsError() {
    PredictionsInputs inputs;
    const PredictionsCheck check = checkPredictions(formFor(fixture("gt.json")), inputs);
    QVERIFY2(check.resultsError.contains("looks like a COCO ground-truth file"),
             qPrintable(check.resultsError));
  }
};

QTEST_GUILESS_MAIN(TestPredictionsCheck)
#include "tst_predictions_check.moc"
