// The Results page's "Where the AP goes" tab on a run folder with every kind of error: the charts
// fill from the session's background analysis with its numbers, a click asks for the images
// with that error, and a run whose annotation file is gone says so plainly.

#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

#include "pipeline/run_metrics.h"
#include "widgets/analysis_run_fixture.h"
#include "widgets/models/metric_table_model.h"
#include "widgets/common/ap_if_fixed_chart.h"
#include "widgets/common/joint_error_chart.h"
#include "widgets/common/qcp.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/pages/results/run_summary_panel.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_session.h"

using namespace posescope;

namespace {

constexpr int kTimeoutMs = 60000;

int barIndex(const ApIfFixedChart& chart, ErrorType error) {
  for (std::size_t i = 0; i < chart.bars().size(); ++i)
    if (chart.bars()[i].error == error) return static_cast<int>(i);
  return -1;
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
    view.followSession(&session);
    QSignalSpy ready(session.analysis(), &RunAnalysisSession::analysisReady);
    session.openRunFolder(runDir_);
    QVERIFY(ready.wait(kTimeoutMs));
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
    QCOMPARE(requested.at(0).at(1).value<QList<qint64>>(), QList<qint64>{4});
    QCOMPARE(requested.at(1).at(1).value<QList<qint64>>(), QList<qint64>{3});
    QCOMPARE(requested.at(2).at(1).value<QList<qint64>>(), QList<qint64>{7});
    QCOMPARE(requested.at(3).at(1).value<QList<qint64>>(), QList<qint64>{4});
    QCOMPARE(requested.at(3).at(0).toString(), QStringLiteral("left_wrist: swap"));
  }

  void aMissingAnnotationFileIsNamed() {
    QTemporaryDir other;
    const QString run = other.filePath("run");
    test::writeAnalysisFixtureRun(run.toStdString(), other.filePath("gone.json").toStdString());
    RunSession session;
    ResultsView view;
    view.followSession(&session);
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
    view.followSession(&session);
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

 private:
  QTemporaryDir dir_;
  QString annotations_, runDir_;
};

QTEST_MAIN(TestResultsAnalysis)
#include "tst_results_analysis.moc"
