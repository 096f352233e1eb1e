// The Results page's evaluation settings: the sigma table under QAbstractItemModelTester, a
// changed sigma (and maxDets, minimum score) giving the metric table and per-image AP that
// `posescope-cli metrics` prints with the same settings, the analysis following them as
// `posescope-cli analyze` does, the way back to valid.py's numbers, and bad entries named. On the
// analysis fixture run and, with the parity data, on syn_coco_300 against the reference's stats.

#include <QAbstractItemModelTester>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "built_programs.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/results_io.h"
#include "test_support.h"
#include "widgets/analysis_run_fixture.h"
#include "widgets/models/metric_table_model.h"
#include "widgets/models/record_table_model.h"
#include "widgets/models/sigma_table_model.h"
#include "widgets/pages/results/evaluation_settings_panel.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/results_file_run.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"

using namespace posescope;

namespace {

constexpr int kTimeoutMs = 60000;

// stdout of `posescope-cli ARGS`; fails the test on a non-zero exit.
QByteArray runCli(const QStringList& args) {
  QProcess cli;
  cli.start(posescope::test::cliPath(), args);
  if (!cli.waitForFinished(120000) || cli.exitCode() != 0) {
    qWarning() << "posescope-cli" << args << cli.readAllStandardError();
    return {};
  }
  return cli.readAllStandardOutput();
}

std::vector<double> cliStats(const QStringList& args) {
  const QByteArray out =
      runCli(QStringList{QStringLiteral("metrics"), QStringLiteral("--json")} + args);
  if (out.isEmpty()) return {};
  return nlohmann::json::parse(out.toStdString())["stats"].get<std::vector<double>>();
}

// Per-image AP by image id from `posescope-cli metrics --per-image FILE`'s JSON Lines.
std::map<std::int64_t, double> cliPerImageAp(const QString& path) {
  std::map<std::int64_t, double> ap;
  std::ifstream in(path.toStdString());
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const auto j = nlohmann::json::parse(line);
    ap[j["image_id"].get<std::int64_t>()] = j["ap"].get<double>();
  }
  return ap;
}

QString joined(const std::vector<double>& values) {
  QStringList parts;
  for (double v : values) parts << QString::number(v, 'g', 17);
  return parts.join(QLatin1Char(','));
}

std::vector<double> shownStats(const ResultsView& view) {
  const auto& table = view.metricModel()->table();
  return table ? table->values : std::vector<double>{};
}

// The page following a session, the run folder `dir` opened and its first analysis arrived.
struct PageWithRun {
  RunSession session;
  ResultsView view;
  explicit PageWithRun(const QString& dir) {
    view.followDocument(session.document());
    QObject::connect(&view, &ResultsView::evaluationRequested, session.analysis(),
                     &RunAnalysisSession::reevaluate);
    QSignalSpy ready(session.analysis(), &RunAnalysisSession::analysisReady);
    session.openRunFolder(dir);
    ready.wait(kTimeoutMs);
  }
  // Sends the panel's settings now and waits for the table, then for the analysis.
  RunReevaluationPtr apply() {
    QSignalSpy table(session.analysis(), &RunAnalysisSession::reevaluated);
    QSignalSpy analysed(session.analysis(), &RunAnalysisSession::analysisReady);
    view.settingsPanel()->applyNow();
    if (!table.wait(kTimeoutMs) || !(analysed.count() > 0 || analysed.wait(kTimeoutMs)))
      return nullptr;
    return session.document()->reevaluation();
  }
};

}  // namespace

class TestEvaluationSettings : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_evaluation_settings");
    QVERIFY(dir_.isValid());
    annotations_ = dir_.filePath("annotations.json");
    runDir_ = dir_.filePath("run");
    test::writeAnalysisFixtureGroundTruth(annotations_.toStdString());
    test::writeAnalysisFixtureRun(runDir_.toStdString(), annotations_.toStdString());
    // The run's own metrics, as `eval` writes them at the end of a run.
    const MetricTable table =
        evaluateKeypoints(loadGroundTruth(annotations_.toStdString()),
                          loadResults((runDir_ + "/results.json").toStdString()), EvalVariant::Coco)
            .table;
    RunWriter(runDir_.toStdString(), /*continueRun=*/true)
        .writeMetrics(table, formatMarkdownTable(table, "pose_mobilenet"));
    folderStats_ = table.values;
  }

  void sigmaModelEditsAndRefuses() {
    SigmaTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const EvalParams coco = evalParamsFor(EvalVariant::Coco);
    model.setReference(coco.sigmas, {"nose", "left_eye"});
    QCOMPARE(model.rowCount(), 17);
    QCOMPARE(model.index(1, SigmaTableModel::JointColumn).data().toString(),
             QStringLiteral("1 left_eye"));
    QCOMPARE(model.index(5, SigmaTableModel::JointColumn).data().toString(),
             QStringLiteral("5 joint 5"));
    QSignalSpy changed(&model, &SigmaTableModel::sigmasChanged);
    QSignalSpy rejected(&model, &SigmaTableModel::rejected);
    const QModelIndex noseSigma = model.index(0, SigmaColumn());
    QVERIFY(model.flags(noseSigma) & Qt::ItemIsEditable);
    QVERIFY(!(model.flags(model.index(0, SigmaTableModel::ReferenceColumn)) & Qt::ItemIsEditable));
    // The value printed (0.026) is valid.py's own (0.26 / 10), not a change.
    QVERIFY(model.setData(noseSigma, QStringLiteral("0.026")));
    QCOMPARE(model.sigmas(), coco.sigmas);
    QVERIFY(!noseSigma.data(Qt::FontRole).value<QFont>().bold());
    QCOMPARE(changed.count(), 0);
    QVERIFY(model.setData(noseSigma, 0.05));
    QCOMPARE(model.sigmas()[0], 0.05);
    QCOMPARE(model.reference()[0], coco.sigmas[0]);
    QVERIFY(noseSigma.data(Qt::FontRole).value<QFont>().bold());
    QCOMPARE(changed.count(), 1);
    QVERIFY(!model.setData(noseSigma, -1));
    QVERIFY(!model.setData(noseSigma, QStringLiteral("wide")));
    QCOMPARE(rejected.count(), 2);
    QVERIFY(rejected.at(1).at(0).toString().contains(QStringLiteral("nose")));
    QCOMPARE(model.sigmas()[0], 0.05);  // refused values change nothing
    QVERIFY(!model.setSigmas({0.1}));   // one sigma for 17 joints
  }

  // The settings panel starts from valid.py's and the page's metrics are the folder's.
  void panelStartsFromValidPysSettings() {
    PageWithRun opened(runDir_);
    EvaluationSettingsPanel* panel = opened.view.settingsPanel();
    QVERIFY(panel->hasReference());
    QVERIFY(panel->usesReference());
    QVERIFY(panel->isEnabled());
    QCOMPARE(panel->thresholdsEdit()->text(), QStringLiteral("0.50:0.05:0.95"));
    QCOMPARE(panel->maxDetsBox()->value(), 20);
    QCOMPARE(panel->sigmaModel()->index(9, 0).data().toString(), QStringLiteral("9 left_wrist"));
    QCOMPARE(shownStats(opened.view), folderStats_);
    QVERIFY(!opened.session.document()->reevaluation());
    // valid.py's range written another way is still valid.py's settings.
    panel->thresholdsEdit()->setText(QStringLiteral(".5:.05:.95"));
    QVERIFY(panel->usesReference());
  }

  // Issue 53, item 3: on a 1280 px screen with the settings open, the values row stays whole
  // above the horizontal scroll bar, and the last stats are reached by scrolling.
  void metricValuesStayWholeBesideTheSettings() {
    PageWithRun opened(runDir_);
    opened.view.resize(1260, 700);
    opened.view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&opened.view));
    opened.view.settingsButton()->setChecked(true);
    auto* table = opened.view.findChild<QTableView*>(QStringLiteral("metricTable"));
    QVERIFY(table);
    QTRY_VERIFY(opened.view.settingsPanel()->isVisible());
    QVERIFY2(table->viewport()->height() >= table->rowHeight(0),
             qPrintable(QString("values row %1 px, viewport %2 px")
                            .arg(table->rowHeight(0))
                            .arg(table->viewport()->height())));
    const int last = table->model()->columnCount() - 1;
    table->scrollTo(table->model()->index(0, last));
    const QRect cell = table->visualRect(table->model()->index(0, last));
    QVERIFY2(table->viewport()->rect().contains(cell),
             qPrintable(QString("last stat at %1,%2 %3x%4")
                            .arg(cell.x())
                            .arg(cell.y())
                            .arg(cell.width())
                            .arg(cell.height())));
  }

  void changedSettingsEqualTheCli() {
    PageWithRun opened(runDir_);
    EvaluationSettingsPanel* panel = opened.view.settingsPanel();
    QVERIFY(panel->hasReference());
    const RunAnalysisPtr first = opened.session.analysis()->current();
    QVERIFY(first);
    // A wider wrist sigma forgives the jittered, swapped and inverted wrists; two detections at
    // most per image and a score floor leave some out.
    const QModelIndex wrist = panel->sigmaModel()->index(test::kLeftWrist, SigmaColumn());
    QVERIFY(panel->sigmaModel()->setData(wrist, 0.3));
    panel->maxDetsBox()->setValue(1);
    QVERIFY(!panel->usesReference());
    const RunReevaluationPtr re = opened.apply();
    QVERIFY(re);
    QVERIFY(!re->usesValidPySettings());

    std::vector<double> sigmas = evalParamsFor(EvalVariant::Coco).sigmas;
    sigmas[test::kLeftWrist] = 0.3;
    const QString perImage = dir_.filePath("per_image.jsonl");
    const QStringList settings{QStringLiteral("--sigmas"), joined(sigmas),
                               QStringLiteral("--max-dets"), QStringLiteral("1")};
    const std::vector<double> cli =
        cliStats(QStringList{QStringLiteral("--gt"), annotations_, QStringLiteral("--dt"),
                             runDir_ + "/results.json", QStringLiteral("--per-image"), perImage} +
                 settings);
    QVERIFY(!cli.empty());
    QCOMPARE(shownStats(opened.view), cli);
    QVERIFY(shownStats(opened.view) != folderStats_);  // the change is real

    // Per-image AP: the rows equal the CLI's per-image evaluation.
    const auto cliAp = cliPerImageAp(perImage);
    const RecordTableModel* records = opened.view.recordModel();
    QCOMPARE(records->rowCount(), 7);
    for (int row = 0; row < records->rowCount(); ++row) {
      const std::int64_t id = records->records()[static_cast<std::size_t>(row)].imageId;
      const QVariant ap = records->index(row, RecordTableModel::ApColumn).data(Qt::UserRole);
      QVERIFY2(cliAp.count(id), qPrintable(QString::number(id)));
      QCOMPARE(ap.toDouble(), cliAp.at(id));
    }

    // Marked plainly as not valid.py's numbers.
    QVERIFY(opened.view.metricsNote().contains(QStringLiteral("Not valid.py's numbers")));
    QVERIFY(opened.view.metricsNote().contains(QStringLiteral("maxDets 1")));
    bool titled = false;
    for (const QGroupBox* box : opened.view.findChildren<QGroupBox*>())
      titled = titled || box->title().contains(QStringLiteral("NOT valid.py's"));
    QVERIFY(titled);
    const QString state =
        panel->findChild<QLabel*>(QStringLiteral("evaluationSettingsState"))->text();
    QVERIFY(state.contains(QStringLiteral("Not valid.py's settings")));
    QVERIFY(state.contains(QStringLiteral("sigma of joint 9 0.3")));

    // The analysis follows: what `posescope-cli analyze` computes with the same options.
    const RunAnalysisPtr analysis = opened.session.analysis()->current();
    QVERIFY(analysis && analysis->reevaluation == re);
    QCOMPARE(analysis->params.eval.sigmas, sigmas);
    QCOMPARE(analysis->params.eval.maxDets, std::size_t{1});
    const QByteArray analyze = runCli(
        QStringList{QStringLiteral("analyze"), runDir_, QStringLiteral("--json")} + settings);
    QVERIFY(!analyze.isEmpty());
    const auto json = nlohmann::json::parse(analyze.toStdString());
    std::size_t compared = 0;
    for (const auto& entry : json["ap_if_fixed"]) {
      const ErrorType error = [&] {
        for (ErrorType e :
             {ErrorType::Baseline, ErrorType::Miss, ErrorType::Swap, ErrorType::Inversion,
              ErrorType::Jitter, ErrorType::Score, ErrorType::BackgroundFP, ErrorType::FalseNeg})
          if (errorTypeName(e) == entry["error"].get<std::string>()) return e;
        return ErrorType::Baseline;
      }();
      const std::string area = entry["area"].get<std::string>();
      const double oks = entry["oks"].get<double>();
      for (std::size_t t = 0; t < analysis->params.eval.iouThrs.size(); ++t) {
        if (analysis->params.eval.iouThrs[t] != oks) continue;
        const ApIfFixed* mine = analysis->analysis.find(error, area, t);
        QVERIFY(mine);
        QCOMPARE(mine->ap, entry["ap"].get<double>());
        ++compared;
      }
    }
    QCOMPARE(compared, analysis->analysis.apIfFixed.size());

    // One click back: valid.py's numbers, equal to the run folder's metrics.json.
    QSignalSpy table(opened.session.analysis(), &RunAnalysisSession::reevaluated);
    QTest::mouseClick(panel->resetButton(), Qt::LeftButton);
    QVERIFY(table.wait(kTimeoutMs));
    QVERIFY(panel->usesReference());
    QVERIFY(opened.session.document()->reevaluation()->usesValidPySettings());
    QCOMPARE(shownStats(opened.view), folderStats_);
    QVERIFY(opened.view.metricsNote().contains(QStringLiteral("identical")));
    QCOMPARE(panel->sigmaModel()->sigmas(), evalParamsFor(EvalVariant::Coco).sigmas);
    // ... and the analysis is `posescope-cli analyze RUN`'s again.
    QTRY_VERIFY_WITH_TIMEOUT(!opened.session.analysis()->busy(), kTimeoutMs);
    const RunAnalysisPtr back = opened.session.analysis()->current();
    QVERIFY(back && back != first && back->usesDefaultParams());
    QCOMPARE(back->analysis.apIfFixed.size(), first->analysis.apIfFixed.size());
    for (std::size_t i = 0; i < first->analysis.apIfFixed.size(); ++i)
      QCOMPARE(back->analysis.apIfFixed[i].ap, first->analysis.apIfFixed[i].ap);
    QCOMPARE(back->triage.worstOks.size(), first->triage.worstOks.size());
  }

  void badEntriesAreNamedAndNotSent() {
    PageWithRun opened(runDir_);
    EvaluationSettingsPanel* panel = opened.view.settingsPanel();
    QSignalSpy sent(panel, &EvaluationSettingsPanel::settingsChanged);
    panel->thresholdsEdit()->setText(QStringLiteral("0.5:x:0.9"));
    QVERIFY(panel->error().contains(QStringLiteral("OKS thresholds")));
    panel->applyNow();
    panel->thresholdsEdit()->setText(QStringLiteral("0.50:0.05:0.95"));
    panel->areaEdit(1, true)->setText(QStringLiteral("huge"));
    QVERIFY(panel->error().contains(QStringLiteral("area medium")));
    panel->applyNow();
    panel->areaEdit(1, true)->setText(QStringLiteral("9216"));
    panel->thresholdsEdit()->setText(QStringLiteral("0.9, 0.5"));  // not increasing
    QVERIFY(!panel->error().isEmpty());
    panel->applyNow();
    QCOMPARE(sent.count(), 0);
    QVERIFY(!opened.session.document()->reevaluation());
    QCOMPARE(shownStats(opened.view), folderStats_);
  }

  // The parity set: with valid.py's settings the page's numbers are the reference's own, and a
  // changed sigma gives what the CLI gives.
  void paritySetThroughThePage() {
    POSESCOPE_REQUIRE_PARITY(parity);
    const QString gt = QString::fromStdString(parity + "/eval/syn_coco_300.gt.json");
    const QString dt = QString::fromStdString(parity + "/eval/syn_coco_300.results.json");
    const auto stats =
        nlohmann::json::parse(std::ifstream(parity + "/eval/syn_coco_300.stats.json"))["stats"]
            .get<std::vector<double>>();
    const QString runDir = dir_.filePath("parity_run");
    MetricTable reference;
    reference.names = {"AP", "Ap .5", "AP .75", "AP (M)", "AP (L)",
                       "AR", "AR .5", "AR .75", "AR (M)", "AR (L)"};
    reference.values = stats;
    test::writeResultsFileRun(runDir.toStdString(), gt.toStdString(), dt.toStdString(), reference);

    PageWithRun opened(runDir);
    EvaluationSettingsPanel* panel = opened.view.settingsPanel();
    QVERIFY(panel->hasReference());
    QVERIFY(panel->sigmaModel()->setData(panel->sigmaModel()->index(0, SigmaColumn()), 0.05));
    QVERIFY(opened.apply());
    std::vector<double> sigmas = evalParamsFor(EvalVariant::Coco).sigmas;
    sigmas[0] = 0.05;
    QCOMPARE(shownStats(opened.view), cliStats({QStringLiteral("--gt"), gt, QStringLiteral("--dt"),
                                                dt, QStringLiteral("--sigmas"), joined(sigmas)}));
    panel->resetToReference();
    QSignalSpy table(opened.session.analysis(), &RunAnalysisSession::reevaluated);
    QVERIFY(table.wait(kTimeoutMs));
    const auto shown = shownStats(opened.view);
    QCOMPARE(shown.size(), stats.size());
    for (std::size_t i = 0; i < stats.size(); ++i)
      QVERIFY2(std::abs(shown[i] - stats[i]) <= 1e-9, qPrintable(QString::number(i)));
  }

 private:
  static int SigmaColumn() { return SigmaTableModel::SigmaColumn; }

  QTemporaryDir dir_;
  QString annotations_;
  QString runDir_;
  std::vector<double> folderStats_;
};

POSESCOPE_TEST_MAIN(TestEvaluationSettings)
#include "tst_evaluation_settings.moc"
