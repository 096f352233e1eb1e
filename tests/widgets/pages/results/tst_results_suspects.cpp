// The Results page's Annotation QA tab (issue 56) on the demo model's run of a generated set with
// label errors injected: the suspects are posescope-cli suspects' (same keys, same order), the
// item model passes QAbstractItemModelTester, Accept and Reject keep the decisions in the run
// folder as `suspects --accept` does, the metrics with the accepted fixes and the exported fixed
// file are those of `export --what gt-fixes`, and a double-click queues the suspects' images.

#include <QDir>
#include <QFile>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"
#include "test_files.h"
#include "widgets/models/suspect_table_model.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/pages/results/suspects_view.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"
#include "widgets/session/triage_queues.h"

using namespace posescope;
using posescope::test::CliRun;
using posescope::test::runCli;

namespace {

constexpr int kTimeoutMs = 120000;

QJsonObject readObject(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object()
                                     : QJsonObject();
}

QByteArray readBytes(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString explain(const CliRun& r) {
  return QString("exit %1\n%2\n%3").arg(r.exitCode).arg(r.out, r.err);
}

}  // namespace

class TestResultsSuspects : public QObject {
  Q_OBJECT
  QTemporaryDir tmp_;
  QString run_;

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_results_suspects");
    QVERIFY(tmp_.isValid());
    const QString data = tmp_.filePath("data");
    CliRun r =
        runCli({"make-dataset", "--out", data, "--images", "40", "--split", "val2017", "--seed",
                "5", "--label-errors", "swap=0.05,unannotated=0.05,displaced=0.05,duplicate=0.05",
                "--label-errors-out", tmp_.filePath("truth.json")});
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
    run_ = tmp_.filePath("run");
    r = runCli({"eval", "--quiet", "--device", "cpu", "--out", run_, "--cfg",
                test::repoFile("configs/demo/demo.yaml"), "--superconfig",
                test::repoFile("configs/demo/demo-arch.json"), "DATASET.ROOT", data,
                "TEST.MODEL_FILE", test::repoFile("resources/demo/demo_litepose.pth")});
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
  }

  void theTabShowsTheCliSuspectsAndKeepsDecisions() {
    const CliRun cli = runCli({"suspects", run_, "--format", "json", "--top", "100000"});
    QCOMPARE(cli.exitCode, 1);
    const QJsonArray expected =
        QJsonDocument::fromJson(cli.out.toUtf8()).object()["suspects"].toArray();
    QVERIFY(expected.size() >= 4);

    RunSession session;
    ResultsView view;
    view.followDocument(session.document());
    QObject::connect(&view, &ResultsView::evaluationRequested, session.analysis(),
                     &RunAnalysisSession::reevaluate);
    SuspectsView* qa = view.suspectsView();
    QAbstractItemModelTester tester(qa->model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy ready(session.analysis(), &RunAnalysisSession::analysisReady);
    QSignalSpy settled(qa, &SuspectsView::decisionsSettled);
    QSignalSpy metrics(qa, &SuspectsView::metricsSettled);
    session.openRunFolder(run_);
    QVERIFY(ready.wait(kTimeoutMs));
    QVERIFY(settled.count() > 0 || settled.wait(kTimeoutMs));  // the decisions were read
    view.showTab(ResultsView::AnnotationQaTab);
    QCOMPARE(view.detailTabs()->currentWidget(), qa);

    // The CLI's suspects, in its order, with its keys.
    const SuspectTableModel* model = qa->model();
    QCOMPARE(model->rowCount(), expected.size());
    for (int r = 0; r < model->rowCount(); ++r) {
      const QJsonObject e = expected[r].toObject();
      QCOMPARE(model->index(r, SuspectTableModel::KeyColumn).data().toString(),
               e["key"].toString());
      QCOMPARE(model->index(r, SuspectTableModel::EvidenceColumn).data().toString(),
               e["evidence"].toString());
      QCOMPARE(model->index(r, SuspectTableModel::DecisionColumn).data().toString(),
               QStringLiteral("undecided"));
    }
    QVERIFY2(qa->captionText().contains("left/right swapped: "), qPrintable(qa->captionText()));
    QVERIFY(!qa->exportButton()->isEnabled());  // nothing accepted yet

    // Accept the first two suspects, reject the last: kept as the CLI keeps them.
    QItemSelectionModel* selection = qa->table()->selectionModel();
    selection->select(model->index(0, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    selection->select(model->index(1, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    settled.clear();
    metrics.clear();
    qa->acceptButton()->click();
    QVERIFY(settled.wait(kTimeoutMs));
    QCOMPARE(settled.last().at(0).toBool(), true);
    QVERIFY(settled.last().at(1).toString().isEmpty());
    selection->clearSelection();
    selection->select(model->index(model->rowCount() - 1, 0),
                      QItemSelectionModel::Select | QItemSelectionModel::Rows);
    settled.clear();
    qa->rejectButton()->click();
    QVERIFY(settled.wait(kTimeoutMs));
    const QJsonObject decisions =
        readObject(run_ + "/suspect_decisions.json")["decisions"].toObject();
    QCOMPARE(decisions.size(), 3);
    QCOMPARE(decisions[expected[0].toObject()["key"].toString()].toString(),
             QStringLiteral("accepted"));
    QCOMPARE(decisions[expected[1].toObject()["key"].toString()].toString(),
             QStringLiteral("accepted"));
    QCOMPARE(decisions[expected[expected.size() - 1].toObject()["key"].toString()].toString(),
             QStringLiteral("rejected"));
    QCOMPARE(model->index(0, SuspectTableModel::DecisionColumn).data().toString(),
             QStringLiteral("accepted"));

    // The CLI reads the same decisions, and its export is the tab's.
    const QString cliOut = tmp_.filePath("cli-fixes");
    const CliRun exported = runCli({"export", run_, "--what", "gt-fixes", "--out", cliOut});
    QVERIFY2(exported.exitCode == 0, qPrintable(explain(exported)));
    const QJsonObject ap =
        readObject(cliOut + "/changes.json")["metrics"].toObject()["AP"].toObject();
    QTRY_VERIFY_WITH_TIMEOUT(qa->metricsText().startsWith("With the 2 accepted fixes"), kTimeoutMs);
    QVERIFY2(qa->metricsText().contains(QString("AP %1 (%2 with")
                                            .arg(ap["after"].toDouble(), 0, 'f', 3)
                                            .arg(ap["before"].toDouble(), 0, 'f', 3)),
             qPrintable(qa->metricsText()));
    QVERIFY(qa->exportButton()->isEnabled());
    const QString guiOut = tmp_.filePath("gui-fixes");
    qa->setFolderChooser([guiOut] { return guiOut; });
    QSignalSpy exportedSpy(qa, &SuspectsView::exportFinished);
    qa->exportButton()->click();
    QVERIFY(exportedSpy.wait(kTimeoutMs));
    QVERIFY2(exportedSpy.last().at(1).toString().isEmpty(),
             qPrintable(exportedSpy.last().at(1).toString()));
    const QString file = "/person_keypoints_val2017.json";
    QVERIFY(!readBytes(guiOut + file).isEmpty());
    QCOMPARE(readBytes(guiOut + file), readBytes(cliOut + file));
    QCOMPARE(readObject(guiOut + "/changes.json")["metrics"],
             readObject(cliOut + "/changes.json")["metrics"]);

    // A double-click queues the suspects' images from the one chosen on.
    QSignalSpy queued(&view, &ResultsView::imagesRequested);
    view.resize(1200, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTableView* table = qa->table();
    const QRect cell = table->visualRect(model->index(1, SuspectTableModel::ImageColumn));
    // A double click is a press, then the double-click event (QTest sends only the latter).
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(queued.count(), 1);
    const auto queue = queued.last().at(0).value<ImageQueue>();
    QCOMPARE(queue.imageIds.first(), expected[1].toObject()["image_id"].toInteger());

    // Inspect's queue holds every suspect's image, in the suspects' order, counted.
    const ImageQueue all =
        triageQueue(*session.document()->analysis(), TriagePreset::SuspectedAnnotationErrors);
    QList<qint64> images;
    QHash<qint64, double> counts;
    for (const auto& v : expected) {
      const qint64 id = v.toObject()["image_id"].toInteger();
      if (!images.contains(id)) images << id;
      counts[id] += 1;
    }
    QCOMPARE(all.imageIds, images);
    QCOMPARE(all.keys, counts);
  }
};

QTEST_MAIN(TestResultsSuspects)
#include "tst_results_suspects.moc"
