// RunDocument: each change signalled once (and nothing for no change), the current image kept
// when the same run folder is read again and forgotten when another run is shown, the analysis of
// another folder refused, and the comparison's sides, errors and swap.

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "test_support.h"
#include "widgets/session/run_document.h"

using namespace posescope;

namespace {

ImageRecord recordOf(std::size_t datasetIndex) {
  ImageRecord record;
  record.index = datasetIndex;
  record.imageId = static_cast<std::int64_t>(100 + datasetIndex);
  return record;
}

// A run folder read back with records of dataset images `indices` and the viewer's data.
OpenedRunPtr openedRun(const QString& dir, const std::vector<std::size_t>& indices) {
  auto opened = std::make_shared<OpenedRun>();
  opened->run.dir = dir.toStdString();
  auto data = std::make_shared<RunOverlayData>();
  data->runDir = opened->run.dir;
  for (std::size_t index : indices) {
    opened->run.records.push_back(recordOf(index));
    data->records.push_back(recordOf(index));
  }
  opened->inspect = std::move(data);
  return opened;
}

RunAnalysisPtr analysisOf(const QString& dir) {
  auto analysis = std::make_shared<RunAnalysis>();
  analysis->runDir = dir.toStdString();
  return analysis;
}

RunReevaluationPtr reevaluationChanging(std::vector<std::string> changes) {
  auto reevaluation = std::make_shared<RunReevaluation>();
  reevaluation->changes = std::move(changes);
  return reevaluation;
}

// One side of a comparison: a run in `dir` whose metric table has the stats `names`.
CompareSide sideWith(const QString& dir, std::vector<std::string> names) {
  auto run = std::make_shared<LoadedRun>();
  run->dir = dir.toStdString();
  run->records = {recordOf(0), recordOf(1)};
  const std::size_t count = names.size();
  run->metrics = MetricTable{std::move(names), std::vector<double>(count, 0.5)};
  CompareSide side;
  side.run = std::move(run);
  return side;
}

// Counts of every change signal of a document.
struct Spies {
  QSignalSpy run, inspection, analysis, reevaluation, image, comparison;
  explicit Spies(RunDocument& d)
      : run(&d, &RunDocument::runChanged),
        inspection(&d, &RunDocument::inspectionChanged),
        analysis(&d, &RunDocument::analysisChanged),
        reevaluation(&d, &RunDocument::reevaluationChanged),
        image(&d, &RunDocument::currentImageChanged),
        comparison(&d, &RunDocument::comparisonChanged) {}
  void clear() {
    for (QSignalSpy* spy : {&run, &inspection, &analysis, &reevaluation, &image, &comparison})
      spy->clear();
  }
};

}  // namespace

class TestRunDocument : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir root_;
  QString dirA_, dirB_;

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(root_.isValid());
    dirA_ = root_.filePath(QStringLiteral("runA"));
    dirB_ = root_.filePath(QStringLiteral("runB"));
    QVERIFY(QDir().mkpath(dirA_) && QDir().mkpath(dirB_));
  }

  void currentImageSignalledOncePerChange() {
    RunDocument document;
    Spies spies(document);
    document.openRun(openedRun(dirA_, {0, 3, 7}));
    QCOMPARE(spies.run.count(), 1);
    QCOMPARE(spies.inspection.count(), 1);
    QCOMPARE(spies.image.count(), 0);  // none was set: nothing to clear
    QVERIFY(document.hasImage(3));
    QVERIFY(!document.hasImage(4));

    document.setCurrentImage(3);
    document.setCurrentImage(3);  // the same image again: no signal
    QCOMPARE(spies.image.count(), 1);
    QCOMPARE(document.currentImage(), std::optional<std::size_t>(3));
    document.setCurrentImage(7);
    QCOMPARE(spies.image.count(), 2);
    document.clearCurrentImage();
    document.clearCurrentImage();
    QCOMPARE(spies.image.count(), 3);
    QVERIFY(!document.currentImage());
  }

  void sameFolderReadAgainKeepsTheImage() {
    RunDocument document;
    document.openRun(openedRun(dirA_, {0, 3, 7}));
    document.setCurrentImage(7);
    Spies spies(document);
    // Read again through another spelling of the same folder (a resumed run read back).
    document.openRun(openedRun(dirA_ + QStringLiteral("/../runA"), {0, 3, 7, 9}));
    QCOMPARE(spies.run.count(), 1);
    QCOMPARE(spies.image.count(), 0);
    QCOMPARE(document.currentImage(), std::optional<std::size_t>(7));

    // Read again without that image any more: it goes.
    document.openRun(openedRun(dirA_, {0, 3}));
    QCOMPARE(spies.image.count(), 1);
    QVERIFY(!document.currentImage());
  }

  void anotherRunForgetsWhatWasShown() {
    RunDocument document;
    document.openRun(openedRun(dirA_, {0, 3}));
    document.setCurrentImage(3);
    QVERIFY(document.setAnalysis(analysisOf(dirA_)));
    document.setReevaluation(reevaluationChanging({"maxDets 10"}));
    Spies spies(document);

    document.openRun(openedRun(dirB_, {0, 3}));  // has image 3 too, but is another run
    QCOMPARE(spies.run.count(), 1);
    QCOMPARE(spies.image.count(), 1);
    QCOMPARE(spies.analysis.count(), 1);
    QCOMPARE(spies.reevaluation.count(), 1);
    QVERIFY(!document.currentImage());
    QVERIFY(!document.analysis());
    QVERIFY(!document.reevaluation());
    QCOMPARE(document.runDir(), dirB_);

    // A run starting: nothing of the folder before, not even the viewer's data.
    document.setCurrentImage(0);
    spies.clear();
    document.beginRun(dirA_);
    QCOMPARE(spies.run.count(), 1);
    QCOMPARE(spies.inspection.count(), 1);
    QCOMPARE(spies.image.count(), 1);
    QCOMPARE(spies.analysis.count(), 0);  // there was none to forget
    QVERIFY(!document.inspection());
    QVERIFY(!document.openedRun());
    QVERIFY(!document.hasImage(0));
  }

  void analysisOfAnotherFolderIsRefused() {
    RunDocument document;
    document.beginRun(dirA_);
    Spies spies(document);
    QVERIFY(!document.setAnalysis(analysisOf(dirB_)));
    QCOMPARE(spies.analysis.count(), 0);
    const RunAnalysisPtr mine = analysisOf(dirA_);
    QVERIFY(document.setAnalysis(mine));
    QVERIFY(document.setAnalysis(mine));
    QCOMPARE(spies.analysis.count(), 1);
    QCOMPARE(document.analysis(), mine);
    QVERIFY(document.setAnalysis(nullptr));
    QCOMPARE(spies.analysis.count(), 2);

    // The finished run read back for the Inspect page: another folder's data is ignored.
    auto other = std::make_shared<RunOverlayData>();
    other->runDir = dirB_.toStdString();
    document.setInspection(other);
    QCOMPARE(spies.inspection.count(), 0);
    auto data = std::make_shared<RunOverlayData>();
    data->runDir = dirA_.toStdString();
    data->records = {recordOf(5)};
    document.setInspection(data);
    QCOMPARE(spies.inspection.count(), 1);
    QVERIFY(document.hasImage(5));
  }

  // The analysis' progress and failures reach the pages through the document: only the run
  // shown's, its error forgotten by the next analysis or run.
  void analysisStateOfTheRunShown() {
    RunDocument document;
    document.beginRun(dirA_);
    QSignalSpy busy(&document, &RunDocument::analysisBusyChanged);
    QSignalSpy failed(&document, &RunDocument::analysisFailed);
    document.setAnalysisBusy(true);
    document.setAnalysisBusy(true);
    QCOMPARE(busy.count(), 1);
    QVERIFY(document.analysisBusy());
    QVERIFY(!document.setAnalysisFailed(dirB_, "not this run's"));
    QCOMPARE(failed.count(), 0);
    QVERIFY(document.analysisError().isEmpty());
    QVERIFY(document.setAnalysisFailed(dirA_ + "/.", "gone.json cannot be read"));
    QCOMPARE(failed.count(), 1);
    QCOMPARE(failed.first().value(1).toString(), QStringLiteral("gone.json cannot be read"));
    QCOMPARE(document.analysisError(), QStringLiteral("gone.json cannot be read"));
    QVERIFY(document.setAnalysis(analysisOf(dirA_)));
    QVERIFY(document.analysisError().isEmpty());
    QVERIFY(document.setAnalysisFailed(dirA_, "again"));
    document.beginRun(dirB_);
    QVERIFY(document.analysisError().isEmpty());
  }

  void changedSettingsOnlyWhenNotValidPys() {
    RunDocument document;
    document.beginRun(dirA_);
    Spies spies(document);
    document.setReevaluation(reevaluationChanging({}));
    QVERIFY(document.reevaluation());
    QVERIFY(!document.changedSettings());  // valid.py's settings: exports read the folder
    const RunReevaluationPtr changed = reevaluationChanging({"sigmas"});
    document.setReevaluation(changed);
    document.setReevaluation(changed);
    QCOMPARE(document.changedSettings(), changed);
    QCOMPARE(spies.reevaluation.count(), 2);
  }

  void comparisonSidesErrorsAndSwap() {
    RunDocument document;
    Spies spies(document);
    QVERIFY(document.setComparisonSide(0, sideWith(dirA_, {"AP", "AP .5"})));
    QCOMPARE(spies.comparison.count(), 1);
    QVERIFY(document.comparedRuns().a);
    QVERIFY(!document.comparison());  // one side alone is not compared

    QVERIFY(document.setComparisonSide(1, sideWith(dirB_, {"AP", "AP .5"})));
    QCOMPARE(spies.comparison.count(), 2);
    QVERIFY(document.comparison());
    QCOMPARE(QString::fromStdString(document.comparison()->b.dir), dirB_);

    // A side with other stats cannot be compared: the pair before stays, nothing is signalled.
    QString error;
    QVERIFY(!document.setComparisonSide(1, sideWith(dirA_, {"AP", "AR"}), &error));
    QVERIFY2(error.contains(QStringLiteral("different stats")), qPrintable(error));
    QCOMPARE(spies.comparison.count(), 2);
    QCOMPARE(QString::fromStdString(document.comparedRuns().b->run->dir), dirB_);

    document.swapComparison();
    QCOMPARE(spies.comparison.count(), 3);
    QCOMPARE(QString::fromStdString(document.comparedRuns().a->run->dir), dirB_);
    QCOMPARE(QString::fromStdString(document.comparison()->a.dir), dirB_);

    // A comparison opened whole replaces both sides; the run shown is not touched.
    OpenedComparison opened{sideWith(dirA_, {"AP"}), sideWith(dirB_, {"AP"}), {}};
    opened.comparison = compareRuns(*opened.a.run, *opened.b.run);
    document.setComparison(opened);
    QCOMPARE(spies.comparison.count(), 4);
    QCOMPARE(QString::fromStdString(document.comparedRuns().a->run->dir), dirA_);
    QCOMPARE(spies.run.count(), 0);
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestRunDocument)
#include "tst_run_document.moc"
