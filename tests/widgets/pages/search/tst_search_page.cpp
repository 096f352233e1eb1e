// The Search page on search folders written by the search itself (core/search with a fixed
// accuracy function): the candidates' model, the folder read off the GUI thread and followed
// while it grows, the scatter with its Pareto front and budget, selection to Inspect and
// Compare, the front's export; what the page shows can be trusted: the plot's height, its
// legend's order and place, the budget's label, GMACs that tell candidates apart, a cancelled
// search said so, paths cut at the left.
#include <QAbstractItemModelTester>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <set>

#include <nlohmann/json.hpp>

#include "built_programs.h"
#include "checkpoint/state_dict_writer.h"
#include "common/errors.h"
#include "config/experiment.h"
#include "models/pose_net.h"
#include "models/random_weights.h"
#include "search/search_run.h"
#include "test_support.h"
#include "widgets/common/elided_label.h"
#include "widgets/common/pareto_scatter.h"
#include "widgets/common/qcp.h"
#include "widgets/models/arch_edit_model.h"
#include "widgets/models/search_candidate_model.h"
#include "widgets/pages/search/search_view.h"
#include "widgets/session/search_session.h"

using namespace posescope;

namespace {

search::SearchPlan plan() {
  search::SearchPlan p;
  p.evolution.populationSize = 8;
  p.evolution.generations = 3;
  p.evolution.efficiencyBudget = 0.9;
  p.evolution.seed = 4;
  p.network.arch.deconvSetting = {24, 24, 24};
  return p;
}

nlohmann::json settingsOf(const search::SearchPlan& p) {
  return {{"cfg", test::sourceDir() + "/configs/demo/demo-supernet.yaml"},
          {"overrides", nlohmann::json::array()},
          {"generations", p.evolution.generations},
          {"budget_gmacs", p.evolution.efficiencyBudget},
          {"seed", p.evolution.seed}};
}

// A fixed accuracy and latency from the arch, as tst_search's searches use.
search::Measurement fakeMeasure(const ArchConfig& a, const std::string&) {
  double channels = a.inputChannel;
  for (const auto& s : a.backbone) channels += s.channel;
  return {a.imgSize / 1000.0 + channels / 2000.0, a.imgSize * channels / 5000.0};
}

// The names of the legend's entries, top to bottom.
QStringList legendNames(QCustomPlot* plot) {
  QStringList names;
  for (int i = 0; i < plot->legend->itemCount(); ++i)
    if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i)))
      names << item->plottable()->name();
  return names;
}

// The plot's text items (labels) that are shown.
QList<QCPItemText*> shownLabels(QCustomPlot* plot) {
  QList<QCPItemText*> labels;
  for (int i = 0; i < plot->itemCount(); ++i)
    if (auto* text = qobject_cast<QCPItemText*>(plot->item(i)); text && text->visible())
      labels << text;
  return labels;
}

int pointsOutsideFront(const SearchView& view) {
  int n = 0;
  for (int i = 0; i < view.plot()->graphCount(); ++i)
    if (view.plot()->graph(i) != view.frontGraph()) n += view.plot()->graph(i)->dataCount();
  return n;
}

}  // namespace

class TestSearchPage : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  QString folder_;
  search::SearchSnapshot snapshot_;

  void openIn(SearchSession& session, const QString& folder) {
    QSignalSpy changed(&session, &SearchSession::snapshotChanged);
    session.openFolder(folder);
    QVERIFY(changed.wait(10000));
  }

 private Q_SLOTS:
  void initTestCase() {
    folder_ = dir_.filePath("search");
    search::SearchFolder folder(folder_.toStdString(), settingsOf(plan()));
    search::runSearch(folder, ArchManager({24, 24, 24}), plan(), fakeMeasure, {});
    snapshot_ = search::readSearchFolder(folder_.toStdString());
    QVERIFY(snapshot_.candidates.size() > 8);
    QVERIFY(snapshot_.finished);
    QCOMPARE(snapshot_.generations.size(), std::size_t(4));
  }

  void candidateModelHoldsEveryCandidateAndItsFront() {
    SearchCandidateModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCandidates(snapshot_.candidates);
    QCOMPARE(model.rowCount(), static_cast<int>(snapshot_.candidates.size()));
    int onFront = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
      onFront += model.isOnParetoFront(row);
      const auto* c = model.candidateAt(row);
      QCOMPARE(model.index(row, SearchCandidateModel::ApColumn).data(Qt::UserRole).toDouble(),
               c->accuracy);
      QCOMPARE(model.keyAt(row), QString::fromStdString(search::candidateKey(c->arch)));
      QVERIFY(model.index(row, 0).data(Qt::ToolTipRole).toString().contains("input"));
    }
    QCOMPARE(onFront, static_cast<int>(search::paretoFront(snapshot_.candidates).size()));
    QVERIFY(!model.candidateAt(model.rowCount()));
  }

  void sessionReadsTheFolderAndRefusesOthers() {
    SearchSession session({});
    openIn(session, folder_);
    QCOMPARE(session.snapshot()->candidates.size(), snapshot_.candidates.size());
    QSignalSpy failed(&session, &SearchSession::failed);
    session.openFolder(dir_.path());
    QVERIFY(failed.wait(10000));
    QVERIFY2(failed.front().front().toString().contains("search.json"),
             qPrintable(failed.front().front().toString()));
  }

  // A folder a search is still writing: the page follows it as scores arrive.
  void followsAGrowingFolder() {
    const QString growing = dir_.filePath("growing");
    search::SearchFolder folder(growing.toStdString(), settingsOf(plan()));
    folder.store(snapshot_.candidates[0]);
    SearchSession session({});
    SearchView view(&session);
    openIn(session, growing);
    QCOMPARE(view.model()->rowCount(), 1);
    QVERIFY(view.progressText().contains("not finished"));
    // Reads that find nothing new leave the table alone (selection and scrolling kept).
    QSignalSpy resets(view.model(), &QAbstractItemModel::modelReset);
    // Each read arrives as a new snapshot (kept here, so the next cannot take its address):
    // two reads of the unchanged folder have come and gone.
    for (int read = 0; read < 2; ++read) {
      const SearchSnapshotPtr before = session.snapshot();
      QTRY_VERIFY_WITH_TIMEOUT(session.snapshot() != before, 10000);
      QCOMPARE(session.snapshot()->candidates.size(), std::size_t(1));
    }
    QCOMPARE(resets.size(), 0);
    folder.store(snapshot_.candidates[1]);
    QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 2, 10000);
  }

  void plotShowsCandidatesFrontAndBudget() {
    SearchSession session({});
    SearchView view(&session);
    view.resize(1000, 700);
    view.show();
    openIn(session, folder_);
    QCOMPARE(pointsOutsideFront(view), static_cast<int>(snapshot_.candidates.size()));
    // The front drawn is the table's (exact MACs), point for point.
    const auto front = search::paretoFront(snapshot_.candidates);
    QCOMPARE(view.frontGraph()->dataCount(), static_cast<int>(front.size()));
    for (std::size_t i = 0; i < front.size(); ++i) {
      const auto point = view.frontGraph()->data()->at(static_cast<int>(i));
      QCOMPARE(point->key, static_cast<double>(front[i].cost.ptflopsMacs) / 1e9);
      QCOMPARE(point->value, front[i].accuracy);
    }
    QVERIFY(view.progressText().endsWith(QString::fromUtf8(" · finished")));
    QVERIFY(view.progressText().contains("generation 3 of 3"));
    // Hovering a drawn point finds its candidate.
    const auto& c = snapshot_.candidates[2];
    view.plot()->replot();
    const QPointF at(
        view.plot()->xAxis->coordToPixel(static_cast<double>(c.cost.ptflopsMacs) / 1e9),
        view.plot()->yAxis->coordToPixel(c.accuracy));
    const auto near = view.candidateNear(at);
    QVERIFY(near.has_value());
    // Another candidate may sit on the same spot; the one found is there.
    const auto* found = [&]() -> const search::CandidateScore* {
      for (const auto& s : snapshot_.candidates)
        if (QString::fromStdString(search::candidateKey(s.arch)) == *near) return &s;
      return nullptr;
    }();
    QVERIFY(found && found->accuracy == c.accuracy && found->cost.gmacs() == c.cost.gmacs());
    // A click selects it in the table; a double click opens its run (on the Inspect page, as
    // docs/guide/search.md says: the main window shows the run it is asked to open there).
    QTest::mouseClick(view.plot(), Qt::LeftButton, {}, at.toPoint());
    QCOMPARE(view.selectedKeys(), QStringList({*near}));
    QSignalSpy open(&view, &SearchView::openRunRequested);
    QTest::mouseDClick(view.plot(), Qt::LeftButton, {}, at.toPoint());
    QCOMPARE(open.size(), 1);
    QCOMPARE(open.front().front().toString(), folder_ + "/candidates/" + *near + "/run");
    // On the latency axis the front is the one of latency.
    view.setAxis(SearchView::Axis::LatencyMs);
    QCOMPARE(view.plot()->xAxis->label(), QString("Latency (ms)"));
    QCOMPARE(pointsOutsideFront(view), static_cast<int>(snapshot_.candidates.size()));
  }

  // At the default window size the plot has at least a third of the page (the table scrolls).
  void plotTakesAThirdOfThePage() {
    SearchSession session({});
    SearchView view(&session);
    view.resize(1280, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    openIn(session, folder_);
    QVERIFY2(view.plot()->height() >= view.height() / 3,
             qPrintable(QString("plot %1 px of %2").arg(view.plot()->height()).arg(view.height())));
  }

  // The legend names the generations in their order, then the budget, beside the points; the
  // budget line is labelled with its value.
  void legendInGenerationOrderBesideThePointsWithTheBudget() {
    SearchSession session({});
    SearchView view(&session);
    view.resize(1280, 800);
    view.show();
    openIn(session, folder_);
    QCustomPlot* plot = view.plot();
    plot->replot();
    std::set<int> generations;
    for (const auto& c : snapshot_.candidates) generations.insert(c.generation);
    QStringList expected{"Pareto front"};
    for (int g : generations)
      expected << (g == 0 ? "generation 0 (random population)" : QString("generation %1").arg(g));
    expected << "budget 0.9 GMACs, rounded to 2 decimals";
    QCOMPARE(legendNames(plot), expected);
    // Each entry is drawn (not under the legend's own background): ink in its row.
    const QImage drawn = plot->toPixmap().toImage();
    for (int i = 0; i < plot->legend->itemCount(); ++i) {
      const QRect row = plot->legend->item(i)->outerRect();
      int ink = 0;
      for (int y = row.top(); y <= row.bottom(); ++y)
        for (int x = row.left(); x <= row.right(); ++x) ink += qGray(drawn.pixel(x, y)) < 128;
      QVERIFY2(ink > 20, qPrintable(legendNames(plot)[i]));
    }
    QVERIFY(!plot->legend->outerRect().intersects(plot->axisRect()->rect()));
    const auto labels = shownLabels(plot);
    QCOMPARE(labels.size(), 1);
    QCOMPARE(labels.front()->text(), QString("budget 0.9 GMACs, rounded to 2 decimals"));
    // Beside the line: search.py's 2-decimal figure passes 0.9 at 0.905 exact GMACs.
    QCOMPARE(labels.front()->position->key(), 0.905);
    // On the latency axis there is no budget: neither line, label nor legend entry.
    view.setAxis(SearchView::Axis::LatencyMs);
    QVERIFY(shownLabels(plot).isEmpty());
    QVERIFY(!legendNames(plot).contains("budget 0.9 GMACs, rounded to 2 decimals"));
  }

  // Two candidates 0.1 M MACs apart read the same in ptflops' 2 decimals; the table and the
  // plot's tooltips tell them apart.
  void gmacsTellCandidatesApart() {
    auto a = snapshot_.candidates[0], b = snapshot_.candidates[1];
    a.cost.ptflopsMacs = 66734080;
    b.cost.ptflopsMacs = 66834080;
    QCOMPARE(a.cost.gmacs(), b.cost.gmacs());
    SearchCandidateModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCandidates({a, b});
    QStringList texts;
    for (int row = 0; row < 2; ++row)
      texts << model.index(row, SearchCandidateModel::GmacsColumn).data().toString();
    texts.sort();
    QCOMPARE(texts, QStringList({"0.0667", "0.0668"}));

    const QString folder = dir_.filePath("close");
    search::SearchFolder written(folder.toStdString(), settingsOf(plan()));
    written.store(a);
    written.store(b);
    SearchSession session({});
    SearchView view(&session);
    openIn(session, folder);
    QStringList tips;
    for (const ScatterPoint& p : qobject_cast<ParetoScatter*>(view.plot())->points())
      tips << p.toolTip.section('\n', 1, 1);
    QCOMPARE(tips.size(), 2);
    QVERIFY2(tips[0] != tips[1], qPrintable(tips.join(" | ")));
    QVERIFY(tips.join(" ").contains("0.0667 GMACs") && tips.join(" ").contains("0.0668 GMACs"));
  }

  // A search cancelled from the page is said to be cancelled, not merely unfinished (a stand-in
  // for posescope-cli that waits until interrupted).
  void aCancelledSearchSaysSo() {
    const QString folder = dir_.filePath("cancelled");
    search::SearchFolder written(folder.toStdString(), settingsOf(plan()));
    written.store(snapshot_.candidates[0]);
    SearchSession session(QStringLiteral("/bin/sh"));
    SearchView view(&session);
    QSignalSpy changed(&session, &SearchSession::snapshotChanged);
    session.start({"-c", "exec sleep 60"}, folder);
    QVERIFY(changed.wait(10000));
    QVERIFY2(view.progressText().endsWith(QString::fromUtf8(" · running")),
             qPrintable(view.progressText()));
    session.cancel();
    QTRY_VERIFY_WITH_TIMEOUT(!session.isRunning(), 10000);
    QVERIFY(session.wasCancelled());
    QTRY_VERIFY2_WITH_TIMEOUT(
        view.progressText().endsWith(QString::fromUtf8(" · cancelled (Resume continues it)")),
        qPrintable(view.progressText()), 10000);
  }

  // The selected candidate's run folder is shown above the table, cut at the left: its key and
  // run stay readable however narrow the page.
  void candidatePathIsElidedOnTheLeft() {
    SearchSession session({});
    SearchView view(&session);
    view.resize(700, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    openIn(session, folder_);
    const QString key = QString::fromStdString(search::candidateKey(snapshot_.candidates[0].arch));
    QVERIFY(view.selectCandidate(key));
    ElidedLabel* label = view.candidatePathLabel();
    QCOMPARE(label->text(), folder_ + "/candidates/" + key + "/run");
    QTRY_VERIFY(label->isElided());
    const QString shown = label->QLabel::text();
    QVERIFY2(shown.startsWith(QChar(0x2026)) && shown.endsWith(key + "/run"), qPrintable(shown));
    QCOMPARE(label->toolTip(), label->text());
  }

  void selectionOpensInspectAndCompare() {
    SearchSession session({});
    SearchView view(&session);
    openIn(session, folder_);
    QVERIFY(!view.inspectButton()->isEnabled());
    const QString a = QString::fromStdString(search::candidateKey(snapshot_.candidates[0].arch));
    const QString b = QString::fromStdString(search::candidateKey(snapshot_.candidates[1].arch));
    QVERIFY(view.selectCandidate(a));
    QVERIFY(view.inspectButton()->isEnabled());
    QSignalSpy open(&view, &SearchView::openRunRequested);
    view.inspectButton()->click();
    QCOMPARE(open.size(), 1);
    QCOMPARE(open.front().front().toString(), folder_ + "/candidates/" + a + "/run");
    QVERIFY(view.selectCandidate(b));
    QVERIFY(view.compareButton()->isEnabled());
    QSignalSpy compare(&view, &SearchView::compareRequested);
    view.compareButton()->click();
    QCOMPARE(compare.size(), 1);
    QCOMPARE(compare.front().at(0).toString(), folder_ + "/candidates/" + a + "/run");
    QCOMPARE(compare.front().at(1).toString(), folder_ + "/candidates/" + b + "/run");
  }

  // The page's Resume and Cancel drive a real `posescope-cli search` on a random supernet of the
  // demo's configuration: cancelled after its first score, resumed, it finishes.
  void cancelAndResumeARealSearch() {
    const QString root = dir_.filePath("real");
    for (const auto& [split, images] : {std::pair{"val2017", "2"}, std::pair{"train2017", "2"}}) {
      QProcess make;
      make.start(posescope::test::cliPath(),
                 {"make-dataset", "--out", root + "/data", "--images", images, "--split", split});
      QVERIFY(make.waitForFinished(120000) && make.exitCode() == 0);
    }
    const QString config =
        QString::fromStdString(test::sourceDir()) + "/configs/demo/demo-supernet.yaml";
    torch::manual_seed(3);
    auto net = createPoseNet(loadExperiment({config.toStdString(), "", {}}));
    test::randomise(net->module());
    writeStateDict((root + "/supernet.pth").toStdString(), test::stateOf(net->module()));

    SearchSession session(posescope::test::cliPath());
    SearchView view(&session);
    const QString folder = root + "/search";
    QSignalSpy running(&session, &SearchSession::runningChanged);
    session.start({"search",
                   "--cfg",
                   config,
                   "--checkpoint",
                   root + "/supernet.pth",
                   "--budget-macs",
                   "0.3",
                   "--population",
                   "4",
                   "--generations",
                   "20",  // the demo space's candidates are quick: enough to cancel one midway
                   "--limit-images",
                   "2",
                   "--no-latency",
                   "--threads",
                   "1",
                   "--out",
                   folder,
                   "DATASET.ROOT",
                   root + "/data"},
                  folder);
    QVERIFY(session.isRunning());
    // Cancelled as soon as the first candidate is scored: the page reads the folder once a second,
    // longer than the rest of this small search takes.
    auto scored = [&] {
      return QDirIterator(folder + "/candidates", {QStringLiteral("score.json")}, QDir::Files,
                          QDirIterator::Subdirectories)
          .hasNext();
    };
    QTRY_VERIFY2_WITH_TIMEOUT(scored(), "no candidate was scored", 120000);
    session.cancel();
    QTRY_VERIFY_WITH_TIMEOUT(!session.isRunning(), 120000);
    // The page reads the folder once more after the process ends.
    QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowCount() >= 1, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(view.progressText().contains("cancelled (Resume continues it)"),
                             10000);
    QVERIFY(!QFile::exists(folder + "/result.json"));
    session.resume();
    QVERIFY(session.isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!session.isRunning(), 300000);
    QTRY_VERIFY_WITH_TIMEOUT(view.progressText().endsWith(QString::fromUtf8(" · finished")), 10000);
    QVERIFY(QFile::exists(folder + "/result.json"));
    QCOMPARE(running.size(), 4);  // started, stopped, resumed, ended
    // Each candidate's run is named by its key (Inspect, Compare and Runs show it), not by its
    // arch file's name, arch.json, which every candidate shares.
    const QString key = view.model()->keyAt(0);
    QFile runJson(folder + "/candidates/" + key + "/run/run.json");
    QVERIFY(runJson.open(QIODevice::ReadOnly));
    QCOMPARE(nlohmann::json::parse(runJson.readAll().toStdString()).value("arch", std::string()),
             key.toStdString());

    // An architecture edited on the page is evaluated with the search's settings and joins it.
    const int before = view.model()->rowCount();
    QVERIFY(view.editCandidate(view.model()->keyAt(0)));
    ArchEditModel* edit = view.archEditModel();
    for (int row = 0; row < edit->rowCount(); ++row)
      if (edit->index(row, 0).data().toString() == "Stage 1 blocks")
        QVERIFY(edit->setData(edit->index(row, 1), 1));
    view.evaluateEdited();
    QTRY_VERIFY_WITH_TIMEOUT(session.isRunning(), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!session.isRunning(), 300000);
    QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), before + 1, 10000);
    bool edited = false;
    for (int row = 0; row < view.model()->rowCount(); ++row)
      edited = edited || view.model()->candidateAt(row)->generation == -1;
    QVERIFY(edited);
  }

  // The editor costs an edited architecture at once, with the supernet's heads, and refuses
  // what the supernet cannot run.
  void editorCostsEditedArchitectures() {
    SearchSession session({});
    SearchView view(&session);
    openIn(session, folder_);
    const auto& network = session.snapshot()->network;
    QVERIFY2(network.has_value(), session.snapshot()->networkError.c_str());
    const auto& candidate = snapshot_.candidates[1];
    QVERIFY(view.editCandidate(QString::fromStdString(search::candidateKey(candidate.arch))));
    auto expected = [&](const ArchConfig& arch) {
      models::LitePoseOptions o = *network;
      o.arch = arch;
      const search::ArchCost cost = search::poseMobilenetCost(o);
      return SearchCandidateModel::gmacsText(cost.ptflopsMacs) + " GMACs (ptflops " +
             QString::number(cost.gmacs(), 'f', 2) + ";";
    };
    QVERIFY2(view.editedCostText().contains(expected(candidate.arch)),
             qPrintable(view.editedCostText()));
    ArchEditModel* model = view.archEditModel();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    int stageChannels = -1, stageKernel = -1;
    for (int row = 0; row < model->rowCount(); ++row) {
      const QString name = model->index(row, 0).data().toString();
      if (name == "Stage 4 channels") stageChannels = row;
      if (name == "Stage 4 kernel") stageKernel = row;
    }
    QVERIFY(stageChannels >= 0 && stageKernel >= 0);
    QVERIFY(model->setData(model->index(stageChannels, 1), 40));
    ArchConfig edited = candidate.arch;
    edited.backbone[3].channel = 40;
    QCOMPARE(model->arch().backbone[3].channel, 40);
    QVERIFY2(view.editedCostText().contains(expected(edited)), qPrintable(view.editedCostText()));
    QSignalSpy rejected(model, &ArchEditModel::rejected);
    QVERIFY(!model->setData(model->index(stageKernel, 1), 4));
    QVERIFY(!model->setData(model->index(stageChannels, 1), 999));
    QCOMPARE(rejected.size(), 2);
    // The search's config sets the space: the demo supernet's stage 4 is 64 wide.
    QVERIFY2(rejected.last().front().toString().contains("the supernet has 64"),
             qPrintable(rejected.last().front().toString()));
    QCOMPARE(model->arch().backbone[3].channel, 40);
    QVERIFY(model->setData(model->index(stageKernel, 1), 5));
    QCOMPARE(model->arch().backbone[3].blockSetting.front().second, 5);
  }

  void frontExportsAsCsvAndJson() {
    SearchSession session({});
    SearchView view(&session);
    openIn(session, folder_);
    // Written on a pool thread; the progress line names the files once they are.
    view.exportFront(dir_.filePath("front.csv"));
    QTRY_COMPARE_WITH_TIMEOUT(
        view.progressText(),
        "Wrote " + dir_.filePath("front.csv") + ", " + dir_.filePath("front.json"), 10000);
    QFile csv(dir_.filePath("front.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const auto front = search::paretoFront(snapshot_.candidates);
    QCOMPARE(csv.readAll().count('\n'), static_cast<qsizetype>(front.size() + 1));
    QFile json(dir_.filePath("front.json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    QCOMPARE(nlohmann::json::parse(json.readAll().toStdString()).size(), front.size());
  }
};

QTEST_MAIN(TestSearchPage)
#include "tst_search_page.moc"
