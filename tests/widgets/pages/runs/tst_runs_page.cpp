// The Runs page on real run folders (predictions imported from results files made here, with
// the costs an evaluation records written into their run.json, and a sweep's sweep.json written
// by hand): the table's rows, the scatter's points and Pareto front, greying by ground truth,
// the file watcher picking up a new run and a run whose state changes, the table of runs
// against a baseline equal to core's pairedBootstrap (and refused across ground truths), a
// sweep's curve with its band, double-click and Compare Two opening through the main window,
// File > Add Runs Folder… remembered.

#include <QAction>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <chrono>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "analysis/paired_bootstrap.h"
#include "common/strings.h"
#include "eval/keypoint_layout.h"
#include "pipeline/run_folder.h"
#include "pipeline/run_import.h"
#include "report/run_ground_truth.h"
#include "widgets/common/pareto_scatter.h"
#include "widgets/modal_dialogs.h"
#include "widgets/models/baseline_comparison_model.h"
#include "widgets/models/run_library_model.h"
#include "widgets/pages/runs/runs_view.h"
#include "widgets/pages/runs/sweep_curve.h"
#include "widgets/session/run_library_session.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/main_window.h"

using namespace posescope;
namespace fs = std::filesystem;

namespace {

constexpr int kTimeoutMs = 20000;
constexpr int kImages = 12;

void writeFile(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// Person `p` of image `i`: COCO's 17 joints, `shift` pixels to the right on the second ground
// truth.
std::vector<double> personJoints(int i, int p, double shift) {
  std::vector<double> joints;
  for (int k = 0; k < 17; ++k)
    joints.insert(joints.end(), {60.0 + 150 * p + 6 * k + i + shift, 40.0 + 9 * k, 2});
  return joints;
}

// A ground truth of kImages images with two people each.
std::string groundTruth(double shift) {
  nlohmann::json gt = {{"images", nlohmann::json::array()},
                       {"annotations", nlohmann::json::array()},
                       {"categories",
                        {{{"id", 1},
                          {"name", "person"},
                          {"keypoints", referenceSkeleton(EvalVariant::Coco).joints}}}}};
  int id = 0;
  for (int i = 0; i < kImages; ++i) {
    gt["images"].push_back({{"id", 100 + i},
                            {"file_name", std::to_string(i) + ".jpg"},
                            {"width", 400},
                            {"height", 300}});
    for (int p = 0; p < 2; ++p)
      gt["annotations"].push_back({{"id", ++id},
                                   {"image_id", 100 + i},
                                   {"category_id", 1},
                                   {"iscrowd", 0},
                                   {"num_keypoints", 17},
                                   {"area", 9000.0},
                                   {"bbox", {60 + 150 * p, 40, 110, 150}},
                                   {"keypoints", personJoints(i, p, shift)}});
  }
  return gt.dump();
}

// Results on groundTruth(shift): every joint `offset` pixels off, times 1 + (image mod 4), so
// the images disagree and a bootstrap over them has a spread.
std::string results(double shift, double offset) {
  nlohmann::json list = nlohmann::json::array();
  for (int i = 0; i < kImages; ++i)
    for (int p = 0; p < 2; ++p) {
      std::vector<double> joints = personJoints(i, p, shift);
      for (std::size_t k = 0; k < joints.size(); k += 3) {
        joints[k] += offset * (1 + i % 4);
        joints[k + 2] = 0.9;
      }
      list.push_back({{"image_id", 100 + i},
                      {"category_id", 1},
                      {"keypoints", joints},
                      {"score", 0.9 - 0.1 * p}});
    }
  return list.dump();
}

// A run folder of predictions `offset` pixels off on the ground truth `gt` (shifted by
// `shift`), with the costs and epoch an evaluation of a network records.
void makeRun(const fs::path& dir, const fs::path& gt, double shift, double offset, double gmacs,
             std::optional<int> epoch = std::nullopt) {
  const fs::path resultsFile =
      dir.parent_path() / (".results-" + dir.filename().string() + ".json");
  writeFile(resultsFile, results(shift, offset));
  ImportOptions options;
  options.groundTruth = gt.string();
  options.results = resultsFile.string();
  importPredictions(dir.string(), options, {});
  fs::remove(resultsFile);
  const fs::path summaryFile = dir / runfiles::kSummary;
  RunSummary s = summaryFromJsonText(readTextFile(summaryFile.string()), summaryFile.string());
  s.imported = false;
  s.modelName = "pose_mobilenet";
  s.archName = dir.filename().string();
  s.parameters = gmacs > 0 ? static_cast<std::int64_t>(gmacs * 1.5e6) : 0;
  s.multiplyAdds = static_cast<std::int64_t>(gmacs * 1e9);
  s.checkpointEpoch = epoch;
  writeFile(summaryFile, summaryToJsonText(s));
}

// run.json replaced as the run writer replaces it (a new file renamed over it), with `state`.
void setState(const fs::path& dir, RunState state) {
  const fs::path summaryFile = dir / runfiles::kSummary;
  RunSummary s = summaryFromJsonText(readTextFile(summaryFile.string()), summaryFile.string());
  s.state = state;
  s.message = "killed by the test";
  writeFile(dir / "run.json.tmp", summaryToJsonText(s));
  fs::rename(dir / "run.json.tmp", summaryFile);
}

QString q(const fs::path& path) {
  return QString::fromStdString(path.string());
}

int rowOf(const RunLibraryModel& model, const fs::path& dir) {
  for (int row = 0; row < model.rowCount(); ++row)
    if (model.runAt(row)->dir == dir.string()) return row;
  return -1;
}

QAction* fileAction(const MainWindow& window, const QString& text) {
  for (QAction* menu : window.menuBar()->actions())
    if (menu->text() == "&File" && menu->menu())
      for (QAction* action : menu->menu()->actions())
        if (action->text() == text) return action;
  return nullptr;
}

ResampledMetrics metricsOf(const fs::path& dir) {
  const RunEvaluationInput input = loadRunEvaluationInput(loadRunFolder(dir.string()));
  return ResampledMetrics(input.groundTruth, input.results, evalParamsFor(input.layout));
}

}  // namespace

class TestRunsPage : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;
  fs::path lib_, a_, b_, c_, d_, sweep_, gt_;

  void waitForScan(RunLibrarySession& session, int runs) {
    QTRY_VERIFY_WITH_TIMEOUT(session.snapshot() && !session.isScanning() &&
                                 static_cast<int>(session.snapshot()->runs.size()) == runs,
                             kTimeoutMs);
  }

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_runs_page");
    QSettings().clear();
    const fs::path root = tmp_.path().toStdString();
    const fs::path gt = root / "data/gt.json", otherGt = root / "data/gt-shifted.json";
    writeFile(gt, groundTruth(0));
    gt_ = gt;
    writeFile(otherGt, groundTruth(3));
    lib_ = root / "lib";
    a_ = lib_ / "a";
    b_ = lib_ / "b";
    c_ = lib_ / "c";
    d_ = lib_ / "other/d";
    makeRun(a_, gt, 0, 0.5, 1.0);
    makeRun(b_, gt, 0, 2.0, 0.5);
    makeRun(c_, gt, 0, 4.0, 2.0);
    makeRun(d_, otherGt, 3, 0.0, 0.2);  // best and cheapest, but on another ground truth
    writeFile(lib_ / "broken" / runfiles::kSummary, "{\"state\": ");  // a row saying why
    // A sweep of three checkpoints, its sweep.json written by hand (no costs: not on the scatter).
    sweep_ = lib_ / "sweep";
    SweepSummary summary;
    summary.statNames = {"AP"};
    const double aps[] = {0.41, 0.63, 0.58};
    for (int i = 0; i < 3; ++i) {
      const std::string run = "ck" + std::to_string(10 * (i + 1));
      makeRun(sweep_ / run, gt, 0, 3.0 - i, 0, 10 * (i + 1));
      summary.checkpoints.push_back({"/train/" + run + ".pth.tar",
                                     10 * (i + 1),
                                     run,
                                     "complete",
                                     "",
                                     {aps[i]},
                                     {aps[i] - 0.05},
                                     {aps[i] + 0.04}});
    }
    summary.bestVsSecond = BestVsSecond{1, 2, 0.05, -0.01, 0.11, false};
    writeFile(sweep_ / sweepfiles::kSummary, sweepSummaryToJsonText(summary));
  }

  void tableHoldsEveryRunFilteredAndSorted() {
    RunLibrarySession session;
    RunsView view(&session);
    session.showFolders({q(lib_)});
    waitForScan(session, 8);
    const RunLibraryModel& model = *view.model();
    QCOMPARE(model.rowCount(), 8);
    const int broken = rowOf(model, lib_ / "broken");
    QCOMPARE(model.index(broken, RunLibraryModel::StateColumn).data().toString(),
             QString("unreadable"));
    QVERIFY2(model.index(broken, RunLibraryModel::StateColumn)
                 .data(Qt::ToolTipRole)
                 .toString()
                 .contains("run.json"),
             qPrintable(model.index(broken, 0).data(Qt::ToolTipRole).toString()));
    const int rowA = rowOf(model, a_);
    QVERIFY(rowA >= 0);
    QCOMPARE(model.index(rowA, RunLibraryModel::RunColumn).data().toString(), QString("a"));
    QCOMPARE(model.index(rowA, RunLibraryModel::StateColumn).data().toString(),
             QString("complete"));
    const LoadedRun loaded = loadRunFolder(a_.string());
    const int ap = model.statColumn("AP");
    QCOMPARE(model.index(rowA, ap).data(Qt::UserRole).toDouble(), loaded.metrics->values[0]);
    QCOMPARE(model.index(rowA, RunLibraryModel::ImagesColumn).data().toString(),
             QString::number(kImages));
    QCOMPARE(
        model.index(rowOf(model, sweep_ / "ck20"), RunLibraryModel::EpochColumn).data().toInt(),
        20);
    // Filtered by any text of a row, sorted by a stat.
    view.filterEdit()->setText("ck");
    QCOMPARE(view.proxy()->rowCount(), 3);
    view.filterEdit()->clear();
    view.table()->sortByColumn(ap, Qt::DescendingOrder);
    for (int row = 1; row < view.proxy()->rowCount(); ++row)
      QVERIFY(view.proxy()->index(row - 1, ap).data(Qt::UserRole).toDouble() >=
              view.proxy()->index(row, ap).data(Qt::UserRole).toDouble());
    QCOMPARE(view.proxy()->index(0, ap).data(Qt::UserRole).toDouble(), 1.0);  // d: no offset
    QCOMPARE(view.statusText(), QString("8 run folders in 1 library folder"));
  }

  void scatterDrawsTheFrontOfTheChosenGroundTruth() {
    RunLibrarySession session;
    RunsView view(&session);
    view.resize(1200, 800);
    view.show();
    session.showFolders({q(lib_)});
    waitForScan(session, 8);
    const auto apOf = [&](const fs::path& dir) {
      return *view.model()->runAt(rowOf(*view.model(), dir))->stat("AP");
    };
    QVERIFY(apOf(a_) > apOf(b_) && apOf(b_) > apOf(c_));
    // The ground truth of most runs is chosen; d's is another: grey, off the front.
    const QString gtKey = groundTruthKey(*view.model()->runAt(rowOf(*view.model(), a_)));
    const QString otherKey = groundTruthKey(*view.model()->runAt(rowOf(*view.model(), d_)));
    QVERIFY(gtKey != otherKey);
    QCOMPARE(view.groundTruth(), gtKey);
    ParetoScatter* scatter = view.scatter();
    QCOMPARE(scatter->points().size(), std::size_t(4));  // the sweep's runs have no costs
    QCOMPARE(scatter->frontKeys(), QStringList({q(b_), q(a_)}));
    QCOMPARE(scatter->frontGraph()->dataCount(), 2);
    QCOMPARE(scatter->frontGraph()->data()->at(0)->key, 0.5);
    QCOMPARE(scatter->frontGraph()->data()->at(1)->value, apOf(a_));
    QCOMPARE(scatter->xAxis->label(), QString("GMACs (ptflops)"));
    QCOMPARE(scatter->yAxis->label(), QString("AP"));
    bool greyedDrawn = false;
    for (int i = 0; i < scatter->graphCount(); ++i)
      if (scatter->graph(i)->name() == "other ground truth") {
        QCOMPARE(scatter->graph(i)->dataCount(), 1);
        QCOMPARE(scatter->graph(i)->data()->at(0)->key, 0.2);
        greyedDrawn = true;
      }
    QVERIFY(greyedDrawn);
    // Another ground truth chosen: d alone is on the front.
    QVERIFY(view.setGroundTruth(otherKey));
    QCOMPARE(scatter->frontKeys(), QStringList({q(d_)}));
    QVERIFY(view.setGroundTruth(gtKey));
    // Parameters on the x axis: the same order, the same front.
    view.setCost(RunsView::Cost::ParametersM);
    QCOMPARE(scatter->xAxis->label(), QString("Parameters (M)"));
    QCOMPARE(scatter->frontKeys(), QStringList({q(b_), q(a_)}));
    // A click on a point selects its run; a double click opens it.
    scatter->replot();
    const QPointF at(scatter->xAxis->coordToPixel(1.5), scatter->yAxis->coordToPixel(apOf(a_)));
    QTest::mouseClick(scatter, Qt::LeftButton, {}, at.toPoint());
    QCOMPARE(view.selectedRuns(), QStringList({q(a_)}));
    QSignalSpy open(&view, &RunsView::openRunRequested);
    QTest::mouseDClick(scatter, Qt::LeftButton, {}, at.toPoint());
    QVERIFY(!open.isEmpty());
    QCOMPARE(open.last().front().toString(), q(a_));
  }

  void tableOfRunsAgainstABaselineIsCoresPairedBootstrap() {
    RunLibrarySession session;
    RunsView view(&session);
    session.showFolders({q(lib_)});
    waitForScan(session, 8);
    view.selectRuns({q(a_), q(b_)});
    QVERIFY(view.compareButton()->isEnabled());
    QVERIFY(!view.baselineButton()->isEnabled());
    view.selectRuns({q(a_), q(b_), q(c_)});
    QVERIFY(view.baselineButton()->isEnabled());
    view.baselineButton()->click();  // the first selected (a) is the baseline
    BaselineComparisonModel* model = view.baselineModel();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 3, kTimeoutMs);
    QVERIFY2(view.baselineText().contains("against the baseline a"),
             qPrintable(view.baselineText()));
    const ResampledMetrics a = metricsOf(a_);
    const fs::path others[] = {b_, c_};
    for (int row = 1; row <= 2; ++row) {
      const BootstrapComparison expected = pairedBootstrap(a, metricsOf(others[row - 1]));
      QCOMPARE(model->index(row, 0).data().toString(), row == 1 ? QString("b") : QString("c"));
      QCOMPARE(model->columnCount(), 1 + static_cast<int>(expected.stats.size()));
      for (std::size_t s = 0; s < expected.stats.size(); ++s) {
        const StatDifference* d = model->differenceAt(row, static_cast<int>(s));
        QVERIFY(d);
        QCOMPARE(d->name, expected.stats[s].name);
        QCOMPARE(d->delta, expected.stats[s].delta);
        QCOMPARE(d->low, expected.stats[s].low);
        QCOMPARE(d->high, expected.stats[s].high);
        QCOMPARE(d->significant, expected.stats[s].significant);
      }
    }
    // Worse predictions: b's AP is below a's, and with these images surely so.
    QVERIFY(model->differenceAt(1, 0)->high < 0);
    // Issue 53 item 12: the line and the star's tip say how rough an interval over so few is.
    const QString few = QString::fromStdString(fewImagesNote(a.imageIds().size()));
    QVERIFY(!few.isEmpty());
    QVERIFY2(view.baselineText().contains(few), qPrintable(view.baselineText()));
    QVERIFY(model->index(1, 1).data(Qt::ToolTipRole).toString().endsWith(few));
    // A run on another ground truth is refused, saying why.
    view.compareWithBaseline({q(a_), q(d_)}, q(a_));
    QVERIFY2(view.baselineText().contains("another ground truth"), qPrintable(view.baselineText()));
    QCOMPARE(model->rowCount(), 0);
    // Two selected and a baseline chosen before.
    view.selectRuns({q(c_)});
    view.setBaseline(q(c_));
    view.selectRuns({q(a_), q(b_)});
    QVERIFY(view.baselineButton()->isEnabled());
    view.baselineButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 3, kTimeoutMs);
    QCOMPARE(model->index(0, 0).data().toString(), QString("c (baseline)"));
  }

  void sweepShowsItsStatAgainstEpochWithItsBand() {
    RunLibrarySession session;
    RunsView view(&session);
    session.showFolders({q(lib_)});
    waitForScan(session, 8);
    view.selectRuns({q(sweep_ / "ck20")});  // a run of the sweep selected shows its sweep
    SweepCurve* curve = view.sweepCurve();
    QCOMPARE(curve->valueGraph()->dataCount(), 3);
    const double aps[] = {0.41, 0.63, 0.58};
    for (int i = 0; i < 3; ++i) {
      QCOMPARE(curve->valueGraph()->data()->at(i)->key, 10.0 * (i + 1));
      QCOMPARE(curve->valueGraph()->data()->at(i)->value, aps[i]);
      QCOMPARE(curve->lowGraph()->data()->at(i)->value, aps[i] - 0.05);
      QCOMPARE(curve->highGraph()->data()->at(i)->value, aps[i] + 0.04);
    }
    QCOMPARE(curve->xAxis->label(), QString("epoch"));
    QVERIFY2(view.sweepText().contains("best by AP (ringed): ck20.pth.tar (epoch 20)"),
             qPrintable(view.sweepText()));
    QVERIFY2(view.sweepText().contains("could be noise"), qPrintable(view.sweepText()));
    // A stat the sweep has not: said, nothing drawn.
    QVERIFY(view.setStat("AR"));
    QCOMPARE(curve->valueGraph()->dataCount(), 0);
    QVERIFY(view.sweepText().contains("No checkpoint"));
  }

  // Runs appearing or changing in the folders show without a restart: the watcher, no polling.
  void watcherPicksUpNewAndFinishingRuns() {
    const fs::path lib = fs::path(tmp_.path().toStdString()) / "watched";
    const fs::path gt = fs::path(tmp_.path().toStdString()) / "data/gt.json";
    makeRun(lib / "first", gt, 0, 1.0, 1.0);
    RunLibrarySession session;
    RunsView view(&session);
    session.showFolders({q(lib)});
    waitForScan(session, 1);
    // A run appears in a folder made after the scan.
    makeRun(lib / "later/second", gt, 0, 2.0, 0.8);
    QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 2, kTimeoutMs);
    QCOMPARE(view.scatter()->points().size(), std::size_t(2));
    // A run's state changes (run.json replaced).
    setState(lib / "first", RunState::Failed);
    QTRY_COMPARE_WITH_TIMEOUT(
        view.model()
            ->index(rowOf(*view.model(), lib / "first"), RunLibraryModel::StateColumn)
            .data()
            .toString(),
        QString("failed"), kTimeoutMs);
  }

  // Issue 39: a folder that changed after a scan listed it but before its watch existed sends no
  // signal (merge writing into a watched library lost the race 5 times in 22); the library reads
  // again once when such a folder is newly watched. Folder times stand in for the race.
  void aFolderChangedBeforeItsWatchIsReadAgain() {
    const fs::path root = fs::path(tmp_.path().toStdString()) / "catch-up";
    const fs::path gt = fs::path(tmp_.path().toStdString()) / "data/gt.json";
    makeRun(root / "old/first", gt, 0, 1.0, 1.0);
    makeRun(root / "racing/second", gt, 0, 2.0, 0.8);
    auto stamp = [](const fs::path& dir, std::chrono::seconds from) {
      for (const auto& entry : fs::recursive_directory_iterator(dir))
        if (entry.is_directory()) fs::last_write_time(entry.path(), entry.last_write_time() + from);
      fs::last_write_time(dir, fs::last_write_time(dir) + from);
    };
    stamp(root / "old", -std::chrono::hours(1));       // settled long before any scan
    stamp(root / "racing", std::chrono::seconds(30));  // changed while the scan ran
    fs::last_write_time(root, fs::last_write_time(root) - std::chrono::hours(1));
    RunLibrarySession session;
    session.showFolders({q(root / "old")});
    waitForScan(session, 1);
    QSignalSpy scanned(&session, &RunLibrarySession::libraryChanged);
    session.showFolders({q(root / "old"), q(root / "racing")});
    // The scan for the new folder, then one more for what it may have missed.
    QTRY_COMPARE_WITH_TIMEOUT(scanned.count(), 2, kTimeoutMs);
    QCOMPARE(static_cast<int>(session.snapshot()->runs.size()), 2);
  }

  void doubleClickAndCompareGoThroughTheWindow() {
    MainWindow window;
    window.runLibrary()->showFolders({q(lib_)});
    waitForScan(*window.runLibrary(), 8);
    window.showPage(MainWindow::RunsPage);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunsView* view = window.runsView();
    QTableView* table = view->table();
    view->selectRuns({q(b_)});
    QSignalSpy opened(window.session(), &RunSession::runFolderOpened);
    QSignalSpy failed(window.session(), &RunSession::runFolderFailed);
    QSignalSpy asked(view, &RunsView::openRunRequested);
    const QModelIndex cell = table->selectionModel()->selectedRows().front();
    table->scrollTo(cell);
    // A double click is a press, then the double-click event (QTest sends only the latter).
    const QPoint at = table->visualRect(cell).center();
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(asked.size(), 1);
    QVERIFY2(opened.wait(kTimeoutMs),
             failed.isEmpty() ? "" : qPrintable(failed.front().at(1).toString()));
    QCOMPARE(QString::fromStdString(opened.front().front().value<OpenedRunPtr>()->run.dir), q(b_));
    QCOMPARE(window.pages()->currentIndex(), int(MainWindow::ResultsPage));
    window.showPage(MainWindow::RunsPage);
    view->selectRuns({q(a_), q(c_)});
    QSignalSpy compared(window.session(), &RunSession::comparisonOpened);
    view->compareButton()->click();
    QVERIFY(compared.wait(kTimeoutMs));
    QCOMPARE(window.pages()->currentIndex(), int(MainWindow::ComparePage));
  }

  void longRunNamesKeepTheStatsOnScreen() {
    // A sweep's folder names are long: at 1280 px the Run column is cut in its middle, and the
    // stats after it stay in sight.
    const fs::path longLib = fs::path(tmp_.path().toStdString()) / "long";
    const std::string stem = "litepose_xs_coco_batchsize_32_lr_0.001_flip_test_project2image_ck_";
    makeRun(longLib / (stem + "140"), gt_, 0, 1.0, 1.0);
    makeRun(longLib / (stem + "150"), gt_, 0, 2.0, 1.0);
    RunLibrarySession session;
    RunsView view(&session);
    view.resize(1280, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    session.showFolders({q(longLib)});
    waitForScan(session, 2);
    QTableView* table = view.table();
    QCOMPARE(table->textElideMode(), Qt::ElideMiddle);
    QVERIFY2(table->columnWidth(RunLibraryModel::RunColumn) <= 240,
             qPrintable(QString::number(table->columnWidth(RunLibraryModel::RunColumn))));
    const int ap = view.model()->statColumn("AP");
    QVERIFY(ap > RunLibraryModel::RunColumn);
    QVERIFY2(
        table->columnViewportPosition(ap) + table->columnWidth(ap) <= table->viewport()->width(),
        qPrintable(QString("AP column ends at %1 of %2 px")
                       .arg(table->columnViewportPosition(ap) + table->columnWidth(ap))
                       .arg(table->viewport()->width())));
    // The whole folder is the cell's tooltip.
    const QString tip =
        view.model()->index(0, RunLibraryModel::RunColumn).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.startsWith(q(longLib)) && tip.contains(QString::fromStdString(stem)),
             qPrintable(tip));
  }

  void addRunsFolderIsRemembered() {
    const QString folder = q(sweep_);
    {
      MainWindow window;
      test::ModalDialogs dialogs({test::ModalDialogs::choose(folder)});
      fileAction(window, QString::fromUtf8("Add R&uns Folder\u2026"))->trigger();
      QCOMPARE(dialogs.seen().size(), 1);
      QCOMPARE(window.runLibrary()->folders(), QStringList({folder}));
      QCOMPARE(window.pages()->currentIndex(), int(MainWindow::RunsPage));
      waitForScan(*window.runLibrary(), 3);
    }
    // The next window's library has it.
    RunLibrarySession session;
    QCOMPARE(session.folders(), QStringList({folder}));
    waitForScan(session, 3);
    session.removeFolder(folder);
    QVERIFY(session.folders().isEmpty());
    waitForScan(session, 0);
  }
};

QTEST_MAIN(TestRunsPage)
#include "tst_runs_page.moc"
