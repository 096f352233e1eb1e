// Help > Search Demo: the action writes the demo dataset (with its calibration images) into the
// cache, starts posescope-cli search on the demo supernet and shows the search live on the
// Search page; the search's own settings name the demo's files. Its first scored candidate,
// double-clicked on the plot, opens on the Inspect page named by its key; the search is then
// cancelled to stay short, and the status bar says so.

#include <QAction>
#include <QFile>
#include <QMenuBar>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include "built_programs.h"
#include "test_files.h"
#include "test_support.h"
#include "widgets/common/qcp.h"
#include "widgets/models/search_candidate_model.h"
#include "widgets/pages/search/search_view.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"
#include "widgets/session/search_session.h"
#include "widgets/shell/main_window.h"

using namespace posescope;
using nlohmann::json;

namespace {

constexpr int kTimeoutMs = 180000;

QAction* menuAction(const QMenuBar* bar, const QString& text) {
  for (QAction* menu : bar->actions())
    if (menu->menu())
      for (QAction* action : menu->menu()->actions())
        if (action->text() == text) return action;
  return nullptr;
}

using posescope::test::readJson;

}  // namespace

class TestSearchDemo : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void searchDemoRunsTheDemoSupernetOnTheSearchPage() {
    QTemporaryDir cache;
    QVERIFY(cache.isValid());
    const QString source = QString::fromStdString(test::sourceDir());
    qputenv("XDG_CACHE_HOME", cache.path().toUtf8());
    qputenv("POSESCOPE_DATA_DIR", source.toUtf8());
    qputenv("POSESCOPE_CLI", posescope::test::cliPath().toLocal8Bit());
    MainWindow window;
    window.show();
    QAction* action = menuAction(window.menuBar(), "&Search Demo");
    QVERIFY(action);
    action->trigger();

    SearchSession* search = window.findChild<SearchSession*>();
    QTRY_VERIFY_WITH_TIMEOUT(search->isRunning(), kTimeoutMs);  // after the dataset is written
    QCOMPARE(window.pages()->currentIndex(), int(MainWindow::SearchPage));
    QVERIFY2(window.statusBar()->currentMessage().startsWith("Search Demo: searching"),
             qPrintable(window.statusBar()->currentMessage()));
    const QString demoCache = cache.path() + "/posescope/demo";
    QVERIFY2(search->folder().startsWith(demoCache + "/searches/"), qPrintable(search->folder()));
    QVERIFY(QFile::exists(demoCache + "/synthetic-people/annotations/"
                                      "person_keypoints_train2017.json"));

    const QString settingsFile = search->folder() + "/search.json";
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(settingsFile), kTimeoutMs);
    const json settings = readJson(settingsFile);
    QCOMPARE(settings.value("cfg", ""),
             (source + "/configs/demo/demo-supernet.yaml").toStdString());
    QCOMPARE(settings.value("checkpoint", ""),
             (source + "/resources/demo/demo_supernet.pth").toStdString());
    QCOMPARE(settings.value("calibration_split", ""), std::string("train2017"));
    const auto overrides = settings.value("overrides", std::vector<std::string>{});
    QCOMPARE(overrides, (std::vector<std::string>{
                            "DATASET.ROOT", (demoCache + "/synthetic-people").toStdString()}));

    // The search runs for real: its first scored candidate reaches the page.
    QTRY_VERIFY_WITH_TIMEOUT(search->snapshot() && !search->snapshot()->candidates.empty(),
                             kTimeoutMs);

    // A double click on its point opens its run on the Inspect page, as the guide says; the run
    // is named by the candidate's key, not by its arch file (every candidate's is arch.json).
    SearchView* page = window.findChild<SearchView*>();
    QTRY_VERIFY_WITH_TIMEOUT(page->model()->rowCount() >= 1, kTimeoutMs);
    const search::CandidateScore& first = search->snapshot()->candidates.front();
    const QString key = QString::fromStdString(search::candidateKey(first.arch));
    page->plot()->replot();
    const QPoint at(qRound(page->plot()->xAxis->coordToPixel(
                        static_cast<double>(first.cost.ptflopsMacs) / 1e9)),
                    qRound(page->plot()->yAxis->coordToPixel(first.accuracy)));
    QTest::mouseDClick(page->plot(), Qt::LeftButton, {}, at);
    QTRY_COMPARE_WITH_TIMEOUT(window.pages()->currentIndex(), int(MainWindow::InspectPage),
                              kTimeoutMs);
    const QString runDir = search->folder() + "/candidates/" + key + "/run";
    QTRY_VERIFY_WITH_TIMEOUT(
        window.document()->openedRun() && window.document()->runDir() == runDir, kTimeoutMs);
    QCOMPARE(window.document()->openedRun()->run.summary.archName, key.toStdString());
    // Issue 53, item 12: still on Inspect once the run has opened (it used to switch to Results).
    QCOMPARE(window.pages()->currentIndex(), int(MainWindow::InspectPage));

    search->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(!search->isRunning(), kTimeoutMs);
    QTRY_VERIFY2_WITH_TIMEOUT(
        window.statusBar()->currentMessage().startsWith("Search Demo: cancelled"),
        qPrintable(window.statusBar()->currentMessage()), 10000);
  }
};

QTEST_MAIN(TestSearchDemo)
#include "tst_search_demo.moc"
