// The Results page's "Where the AP goes" tab on a run folder with every kind of error: the charts
// fill from the session's background analysis with its numbers, a click asks for the images
// with that error, and a run whose annotation file is gone says so plainly. Issue 33: "worst
// image" is one order (AP lost) in the queue, the table and the CLI; People says which people; the
// baseline names both APs; labels follow the evaluation settings; a bar lists images by count.

#include <QAbstractItemModelTester>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolTip>
#include <QtTest>

#include <filesystem>

#include "analysis/image_ranking.h"
#include "eval/keypoint_eval.h"
#include "eval/keypoint_layout.h"
#include "pipeline/run_metrics.h"
#include "widgets/analysis_run_fixture.h"
#include "widgets/common/ap_if_fixed_chart.h"
#include "widgets/common/joint_error_chart.h"
#include "widgets/common/qcp.h"
#include "widgets/models/metric_table_model.h"
#include "widgets/models/record_table_model.h"
#include "widgets/pages/results/evaluation_settings_panel.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/pages/results/run_summary_panel.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"
#include "widgets/session/triage_queues.h"

using namespace posescope;

namespace {

constexpr int kTimeoutMs = 60000;

int barIndex(const ApIfFixedChart& chart, ErrorType error) {
  for (std::size_t i = 0; i < chart.bars().size(); ++i)
    if (chart.bars()[i].error == error) return static_cast<int>(i);
  return -1;
}

// The image ids of `model`'s rows, in its order.
QList<qint64> idsOf(const QAbstractItemModel* model) {
  QList<qint64> ids;
  for (int r = 0; r < model->rowCount(); ++r)
    ids << model->index(r, RecordTableModel::ImageIdColumn).data(Qt::UserRole).toLongLong();
  return ids;
}

// Every text the chart shows of its settings: the OKS choices, the baseline line, bar tooltips.
QString chartTexts(const ApIfFixedChart& chart) {
  QStringList texts = chart.oksChoices();
  texts << chart.baselineNote();
  for (std::size_t i = 0; i < chart.bars().size(); ++i)
    texts << chart.barToolTip(static_cast<int>(i));
  return texts.join('\n');
}

}  // namespace

class TestResultsAnalysis : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_results_analysis");
    QVERIFY(dir_.isValid());
    annotations_ = dir_.filePath("annotations.json");
    runDir_ = dir_.filePath("run");
    test::writeAnalysisFixtureGroundTruth(annotations_.toStdString());
    test::writeAnalysisFixtureRun(runDir_.toStdString(), annotations_.toStdString());
  }

  void chartsShowTheSessionsAnalysis() {
    RunSession session;
    ResultsView view;
    QVERIFY(openAnalysed(session, view, runDir_));
    const RunAnalysisPtr analysis = session.analysis()->current();
    QVERIFY(analysis);
    const KeypointAnalysis& a = analysis->analysis;
    ApIfFixedChart* ap = view.apChart();
    QCOMPARE(ap->area(), QStringLiteral("all"));
    QCOMPARE(ap->bars().size(), std::size_t{8});
    for (const ApIfFixedChart::Bar& bar : ap->bars())
      QCOMPARE(bar.fixed, meanApIfFixed(a, bar.error, "all"));
    for (int k = 0; k < 17; ++k)
      QCOMPARE(view.jointChart()->count(k, JointLabel::Swap),
               a.jointCounts[static_cast<std::size_t>(k)][3]);
    QVERIFY(!ap->plot()->isHidden());

    // Clicks ask for the fixture's images: 4 has the swap, 3 the inversion, 7 the missed person.
    QSignalSpy requested(&view, &ResultsView::imagesRequested);
    QVERIFY(ap->requestImages(barIndex(*ap, ErrorType::Swap)));
    QVERIFY(ap->requestImages(barIndex(*ap, ErrorType::Inversion)));
    QVERIFY(ap->requestImages(barIndex(*ap, ErrorType::FalseNeg)));
    QVERIFY(view.jointChart()->requestImages(test::kLeftWrist, JointLabel::Swap));
    QCOMPARE(requested.count(), 4);
    auto queue = [&](int i) { return requested.at(i).at(0).value<ImageQueue>(); };
    QCOMPARE(queue(0).imageIds, QList<qint64>{4});
    QCOMPARE(queue(1).imageIds, QList<qint64>{3});
    QCOMPARE(queue(2).imageIds, QList<qint64>{7});
    QCOMPARE(queue(3).imageIds, QList<qint64>{4});
    QCOMPARE(queue(3).title, QStringLiteral("images with left_wrist swap (count), most first"));
    QCOMPARE(queue(3).keys.value(4), 1.0);
  }

  // Issue 33: the Worst images queue, the Results table sorted by AP lost and core's rankImages
  // (which posescope-cli analyze prints) give one order; People are predicted and GT people.
  void worstImagesAreOneOrderEverywhere() {
    RunSession session;
    ResultsView view;
    QVERIFY(openAnalysed(session, view, runDir_));
    const RunAnalysisPtr analysis = session.analysis()->current();
    QVERIFY(analysis && analysis->worstImages);
    const RunEvaluationInput& input = *analysis->input;
    const std::vector<RankedImage> core = rankImages(
        input.groundTruth, input.results, evalParamsFor(input.layout), ImageOrder::ApLost);
    QList<qint64> expected;
    for (const RankedImage& r : core) expected << r.imageId;
    QVERIFY(core.front().apLost > 0);

    const ImageQueue queue = triageQueue(*analysis, TriagePreset::WorstImages);
    QCOMPARE(queue.imageIds, expected);
    QCOMPARE(queue.keyName, QStringLiteral("AP lost"));
    QVERIFY(queue.title.contains(QLatin1String("AP lost")));
    QCOMPARE(queue.keys.value(core.front().imageId), core.front().apLost);
    QCOMPARE(imageQueueKeyText(queue, 0.0158), QStringLiteral("+0.0158"));

    QAbstractItemModel* rows = view.recordRows();
    QAbstractItemModelTester tester(rows, QAbstractItemModelTester::FailureReportingMode::QtTest);
    rows->sort(RecordTableModel::ApLostColumn, Qt::DescendingOrder);
    QCOMPARE(idsOf(rows), expected);
    QCOMPARE(rows->headerData(RecordTableModel::ApLostColumn, Qt::Horizontal).toString(),
             QStringLiteral("AP lost"));
    QCOMPARE(rows->index(0, RecordTableModel::ApLostColumn).data().toString(),
             QString::asprintf("%+.4f", core.front().apLost));

    // People: the predicted ones and the ground truth's (image 7: one person, never predicted).
    QCOMPARE(rows->headerData(RecordTableModel::PeopleColumn, Qt::Horizontal).toString(),
             QStringLiteral("Predicted people"));
    QCOMPARE(rows->headerData(RecordTableModel::GroundTruthPeopleColumn, Qt::Horizontal).toString(),
             QStringLiteral("GT people"));
    RecordTableModel people;
    QAbstractItemModelTester peopleTester(&people,
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    const std::vector<ImageRecord> records = test::analysisFixtureRecords();
    people.setRecords(records);
    std::vector<PerImageRow> scores;
    for (const ImageRecord& record : records) {
      PerImageRow row;
      row.index = record.index;
      row.imageId = record.imageId;
      row.people = record.people.size();
      row.groundTruthPeople = analysis->imageTriage(record.imageId)->people;
      scores.push_back(row);
    }
    people.setScores(scores);
    people.setApLost(analysis->worstImages);
    for (int r = 0; r < people.rowCount(); ++r) {
      QCOMPARE(people.index(r, RecordTableModel::PeopleColumn).data().toULongLong(),
               qulonglong(records[std::size_t(r)].people.size()));
      QCOMPARE(people.index(r, RecordTableModel::GroundTruthPeopleColumn).data().toInt(),
               scores[std::size_t(r)].groundTruthPeople);
    }
    const auto seven = std::find_if(records.begin(), records.end(),
                                    [](const ImageRecord& r) { return r.imageId == 7; });
    const int row7 = int(seven - records.begin());
    QVERIFY(people.index(row7, RecordTableModel::GroundTruthPeopleColumn).data().toInt() >
            people.index(row7, RecordTableModel::PeopleColumn).data().toInt());
  }

  // Issue 33: the baseline is coco-analyze's, the table's AP valid.py's: both numbers are said.
  void theBaselineLineNamesBothAps() {
    RunSession session;
    ResultsView view;
    QVERIFY(openAnalysed(session, view, runDir_));
    const RunAnalysisPtr analysis = session.analysis()->current();
    const QString note = view.apChart()->baselineNote();
    const double baseline = meanApIfFixed(analysis->analysis, ErrorType::Baseline, "all");
    const RunEvaluationInput& input = *analysis->input;
    const double tableAp =
        evaluateKeypoints(input.groundTruth, input.results, evalParamsFor(input.layout))
            .table.values.front();
    QCOMPARE(analysis->tableAp, tableAp);
    QVERIFY2(note.contains(QString::number(baseline, 'f', 3)), qPrintable(note));
    QVERIFY2(note.contains(QString::number(tableAp, 'f', 3)), qPrintable(note));
    QVERIFY2(note.contains(QLatin1String("coco-analyze")) && note.contains("valid.py") &&
                 note.contains(QStringLiteral("32\u00b2")),
             qPrintable(note));
    QVERIFY(!view.apChart()->baselineNote().isEmpty() &&
            view.apChart()->findChild<QLabel*>("baselineNote")->isVisibleTo(view.apChart()));
  }

  // Issue 33: after OKS thresholds 0.5:0.05:0.75 nothing of the chart says .50:.95.
  void chartLabelsFollowTheThresholds() {
    RunSession session;
    ResultsView view;
    QVERIFY(openAnalysed(session, view, runDir_));
    QVERIFY(chartTexts(*view.apChart()).contains(QLatin1String(".50:.95")));
    QSignalSpy table(session.analysis(), &RunAnalysisSession::reevaluated);
    QSignalSpy ready(session.analysis(), &RunAnalysisSession::analysisReady);
    view.settingsPanel()->thresholdsEdit()->setText(QStringLiteral("0.5:0.05:0.75"));
    view.settingsPanel()->applyNow();
    QVERIFY(table.wait(kTimeoutMs));
    QVERIFY(ready.count() > 0 || ready.wait(kTimeoutMs));
    const QString texts = chartTexts(*view.apChart());
    QVERIFY2(!texts.contains(QLatin1String(".50:.95")), qPrintable(texts));
    QVERIFY2(texts.contains(QLatin1String("mean OKS .50:.75")), qPrintable(texts));
    QVERIFY2(texts.contains(QLatin1String("changed evaluation settings")), qPrintable(texts));
    // The AP lost column follows the re-evaluation too.
    const RunAnalysisPtr analysis = session.analysis()->current();
    QVERIFY(analysis->reevaluation && analysis->worstImages);
    const RunEvaluationInput& input = *analysis->input;
    const std::vector<RankedImage> core = rankImages(
        input.groundTruth, input.results, analysis->reevaluation->params, ImageOrder::ApLost);
    QCOMPARE(triageQueue(*analysis, TriagePreset::WorstImages).imageIds.front(),
             qint64(core.front().imageId));
  }

  // Issue 33: a bar lists its images by how much of that error each holds, the count as key; the
  // value tooltip stays while the pointer rests on the bar.
  void aBarListsImagesByTheirCount() {
    RunSession session;
    ResultsView view;
    view.resize(1280, 800);
    view.followDocument(session.document());
    QObject::connect(&view, &ResultsView::evaluationRequested, session.analysis(),
                     &RunAnalysisSession::reevaluate);
    QSignalSpy ready(session.analysis(), &RunAnalysisSession::analysisReady);
    session.openRunFolder(runDir_);
    QVERIFY(ready.wait(kTimeoutMs));
    const RunAnalysisPtr analysis = session.analysis()->current();
    ApIfFixedChart* ap = view.apChart();
    QSignalSpy requested(&view, &ResultsView::imagesRequested);
    QVERIFY(ap->requestImages(barIndex(*ap, ErrorType::Miss)));
    const ImageQueue miss = requested.at(0).at(0).value<ImageQueue>();
    QCOMPARE(miss.keyName, QStringLiteral("Missed joints"));
    QVERIFY(!miss.imageIds.isEmpty());
    double previous = 1e9;
    for (qint64 id : miss.imageIds) {
      const double count = miss.keys.value(id);
      QCOMPARE(count, double(analysis->imageTriage(id)->misses));
      QVERIFY(count > 0 && count <= previous);
      previous = count;
    }
    QCOMPARE(firstImagesOf(miss, 1).imageIds, miss.imageIds.mid(0, 1));

    view.show();
    for (int t = 0; t < view.detailTabs()->count(); ++t)
      if (view.detailTabs()->tabText(t) == QStringLiteral("Where the AP goes"))
        view.detailTabs()->setCurrentIndex(t);
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCustomPlot* plot = ap->plot();
    plot->replot();
    const int bar = barIndex(*ap, ErrorType::Swap);
    const QPoint at(int(plot->xAxis->coordToPixel(bar + 1)),
                    int(plot->yAxis->coordToPixel(ap->bars()[std::size_t(bar)].from / 2)));
    QHelpEvent rest(QEvent::ToolTip, at, plot->mapToGlobal(at));
    QCoreApplication::sendEvent(plot, &rest);
    QCOMPARE(QToolTip::text(), ap->barToolTip(bar));
  }

  void aMissingAnnotationFileIsNamed() {
    QTemporaryDir other;
    const QString run = other.filePath("run");
    test::writeAnalysisFixtureRun(run.toStdString(), other.filePath("gone.json").toStdString());
    RunSession session;
    ResultsView view;
    view.followDocument(session.document());
    QObject::connect(&view, &ResultsView::evaluationRequested, session.analysis(),
                     &RunAnalysisSession::reevaluate);
    QSignalSpy failed(session.analysis(), &RunAnalysisSession::analysisFailed);
    session.openRunFolder(run);
    QVERIFY(failed.wait(kTimeoutMs));
    const auto* note = view.findChild<QLabel*>(QStringLiteral("analysisNote"));
    QVERIFY(note);
    QVERIFY2(note->text().contains(QLatin1String("gone.json")), qPrintable(note->text()));
    QVERIFY(view.apChart()->bars().empty());
  }

  // Issue 33: an interrupted run showed no metrics at all. It shows those of the images it did,
  // marked partial, and they equal the scoring eval would have done of those images.
  void anInterruptedRunShowsPartialMetrics() {
    const QString run = dir_.filePath("interrupted");
    const std::vector<ImageRecord> all = test::analysisFixtureRecords();
    const std::vector<ImageRecord> done(all.begin(),
                                        all.begin() + static_cast<long>(all.size() / 2));
    RunSummary summary;
    {
      RunWriter writer(run.toStdString());
      for (const auto& r : done) writer.appendRecord(r);
      summary.modelName = "pose_mobilenet";
      summary.datasetKind = "coco";
      summary.annotationFile = annotations_.toStdString();
      summary.imagesTotal = all.size();
      writer.writeSummary(summary);  // "running": killed before its next update
    }
    const MetricTable expected =
        computeRunMetrics(done, summary, false, "pose_mobilenet", nullptr, [](const std::string&) {
        }).table;

    RunSession session;
    ResultsView view;
    view.followDocument(session.document());
    QObject::connect(&view, &ResultsView::evaluationRequested, session.analysis(),
                     &RunAnalysisSession::reevaluate);
    QSignalSpy opened(&session, &RunSession::runFolderOpened);
    session.openRunFolder(run);
    QVERIFY(opened.wait(kTimeoutMs));
    QVERIFY(view.metricModel()->table().has_value());
    QCOMPARE(view.metricModel()->table()->values, expected.values);
    QVERIFY2(view.metricsNote().contains("Partial"), qPrintable(view.metricsNote()));
    QVERIFY2(view.metricsNote().contains(QString::number(done.size())),
             qPrintable(view.metricsNote()));
    QCOMPARE(view.summaryPanel()->value(RunSummaryPanel::Row::Images),
             QStringLiteral("%1 of %2").arg(done.size()).arg(all.size()));
  }

  // `view` following `session`, which has opened `dir` and analysed it.
  static bool openAnalysed(RunSession& session, ResultsView& view, const QString& dir) {
    view.followDocument(session.document());
    QObject::connect(&view, &ResultsView::evaluationRequested, session.analysis(),
                     &RunAnalysisSession::reevaluate);
    QSignalSpy ready(session.analysis(), &RunAnalysisSession::analysisReady);
    session.openRunFolder(dir);
    return ready.wait(kTimeoutMs);
  }

 private:
  QTemporaryDir dir_;
  QString annotations_, runDir_;
};

QTEST_MAIN(TestResultsAnalysis)
#include "tst_results_analysis.moc"
