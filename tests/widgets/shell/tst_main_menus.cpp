// Every action of the main window's menus (widgets/shell/main_menus.cpp) does what it says:
// File's opens fill the setup or open the folder chosen in their dialog, and a cancelled dialog
// changes nothing; Open Recent reopens; Quit closes and saves; Run's actions follow the run state
// and start, cancel and pair runs; Help > About names the version. The dialogs the actions open
// with exec() are answered by ModalDialogs. Help's demos are tst_demo_menus'; the Export menu is
// tst_export_actions'.

#include <QAction>
#include <QDir>
#include <QMap>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "widgets/analysis_run_fixture.h"
#include "widgets/demo_pair_fixture.h"
#include "widgets/modal_dialogs.h"
#include "widgets/pages/compare/compare_view.h"
#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/session/run_controller.h"
#include "widgets/session/run_queue.h"
#include "widgets/session/run_session.h"
#include "widgets/session/search_session.h"
#include "widgets/shell/compare_run_dialog.h"
#include "widgets/shell/main_window.h"

using namespace posescope;
using namespace posescope::test;

namespace {

const QString kOpenConfig = QStringLiteral("Open &Experiment YAML\u2026");
const QString kOpenArch = QStringLiteral("Open &Architecture JSON\u2026");
const QString kOpenCheckpoint = QStringLiteral("Open &Checkpoint\u2026");
const QString kOpenRun = QStringLiteral("Open &Run Folder\u2026");
const QString kOpenSearch = QStringLiteral("Open &Search Folder\u2026");
const QString kCompareRuns = QStringLiteral("Com&pare Runs\u2026");
const QString kRunPair = QStringLiteral("Run &A and B to Compare\u2026");

QAction* menuAction(const MainWindow& window, const QString& menu, const QString& text) {
  for (QAction* m : window.menuBar()->actions())
    if (m->text() == menu && m->menu())
      for (QAction* a : m->menu()->actions())
        if (a->text() == text) return a;
  return nullptr;
}

QMenu* recentMenu(const MainWindow& window) {
  QAction* a = menuAction(window, "&File", "Open Rece&nt");
  return a ? a->menu() : nullptr;
}

QStringList actionTexts(const QMenu* menu) {
  QStringList texts;
  for (const QAction* a : menu->actions()) texts << a->text();
  return texts;
}

QString canonical(const QString& path) {
  return QFileInfo(path).canonicalFilePath();
}

int page(const MainWindow& window) {
  return window.pages()->currentIndex();
}

}  // namespace

class TestMainMenus : public QObject {
  Q_OBJECT
 private:
  DemoPairFixture pair_;
  QTemporaryDir folders_;  // two run folders written without inference, and an empty folder
  QString runA_, runB_, notARun_;

 private Q_SLOTS:
  void initTestCase() {
    pair_.setUp("tst_main_menus");
    QApplication::setApplicationVersion(QStringLiteral("9.8.7-menus"));
    QVERIFY(folders_.isValid());
    const std::string annotations = folders_.filePath("annotations.json").toStdString();
    writeAnalysisFixtureGroundTruth(annotations);
    runA_ = folders_.filePath("fixture-a");
    runB_ = folders_.filePath("fixture-b");
    writeAnalysisFixtureRun(runA_.toStdString(), annotations);
    writeAnalysisFixtureRun(runB_.toStdString(), annotations);
    notARun_ = folders_.filePath("not-a-run");
    QVERIFY(QDir().mkpath(notARun_));
  }

  // Each window starts with no recent files, no last pair and no saved setup.
  void init() { QSettings().clear(); }

  void menusAndShortcutsAreTheDocumentedOnes() {
    MainWindow window;
    QStringList menus;
    for (const QAction* m : window.menuBar()->actions()) menus << m->text();
    QCOMPARE(menus, QStringList({"&File", "E&xport", "&Run", "&Help"}));
    const struct {
      QString menu, text;
      QKeySequence keys;
    } shortcuts[] = {{"&File", kOpenConfig, QKeySequence(QKeySequence::Open)},
                     {"&File", kOpenRun, QKeySequence(QStringLiteral("Ctrl+Shift+O"))},
                     {"&File", "&Quit", QKeySequence(QKeySequence::Quit)},
                     {"&Run", "&Run Evaluation", QKeySequence(QStringLiteral("Ctrl+R"))},
                     {"&Run", "&Cancel Run", QKeySequence(QStringLiteral("Ctrl+."))},
                     {"&Run", kRunPair, QKeySequence(QStringLiteral("Ctrl+Shift+R"))}};
    for (const auto& s : shortcuts) {
      const QAction* a = menuAction(window, s.menu, s.text);
      QVERIFY2(a, qPrintable(s.text));
      QCOMPARE(a->shortcut(), s.keys);
    }
    for (const QString& text : {kOpenArch, kOpenCheckpoint, QStringLiteral("&Clear Architecture"),
                                kOpenSearch, kCompareRuns})
      QVERIFY2(menuAction(window, "&File", text), qPrintable(text));
    for (const QString& text :
         {QStringLiteral("Open &Demo"), QStringLiteral("&Compare Demo Architectures"),
          QStringLiteral("&Search Demo"), QStringLiteral("&About PoseScope")})
      QVERIFY2(menuAction(window, "&Help", text), qPrintable(text));
    // Nothing opened yet: no recent files to offer.
    QVERIFY(recentMenu(window));
    QVERIFY(!recentMenu(window)->isEnabled());
    QVERIFY(recentMenu(window)->actions().isEmpty());
  }

  // Issue 53, item 11: Alt+H opened the Search page (its tab was Searc&h) instead of the Help
  // menu, and Alt+R both the Run page and the Run menu. Every menu title and page tab has a letter
  // of its own.
  void menuAndPageMnemonicsDoNotClash() {
    MainWindow window;
    QStringList titles;
    for (const QAction* m : window.menuBar()->actions()) titles << m->text();
    for (int i = 0; i < window.pages()->count(); ++i) titles << window.pages()->tabText(i);
    QMap<QChar, QString> taken;
    for (const QString& title : titles) {
      const int at = title.indexOf('&');
      QVERIFY2(at >= 0 && at + 1 < title.size(), qPrintable(title + " has no mnemonic"));
      const QChar key = title.at(at + 1).toLower();
      QVERIFY2(!taken.contains(key),
               qPrintable(title + " and " + taken.value(key) + " both take Alt+" + key.toUpper()));
      taken.insert(key, title);
    }
    QCOMPARE(taken.value('h'), QStringLiteral("&Help"));
  }

  // Issue 53, item 11: twice a click on the Help title seemed to start Open Demo. A click (and a
  // second one, which closes the menu) on each title opens its menu and triggers nothing; an item
  // of an open menu triggers only when clicked itself.
  void aClickOnAMenuTitleTriggersNothing() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QMenuBar* bar = window.menuBar();
    QList<QAction*> items;
    for (QAction* m : bar->actions())
      for (QAction* a : m->menu()->actions())
        if (!a->isSeparator() && !a->menu()) items << a;
    int triggered = 0;
    for (QAction* a : items) connect(a, &QAction::triggered, this, [&triggered] { ++triggered; });
    for (QAction* title : bar->actions()) {
      const QPoint at = bar->actionGeometry(title).center();
      QTest::mouseClick(bar, Qt::LeftButton, {}, at);
      QTRY_VERIFY_WITH_TIMEOUT(title->menu()->isVisible(), 60000);
      QCOMPARE(bar->activeAction(), title);
      QTest::mouseClick(bar, Qt::LeftButton, {}, at);
      QTRY_VERIFY_WITH_TIMEOUT(!title->menu()->isVisible(), 60000);
    }
    QCOMPARE(triggered, 0);
    // Nothing the Help menu starts was started: no demo run, no About box.
    QVERIFY(!window.session()->isBusy());
    QVERIFY(!QApplication::activeModalWidget());
  }

  void openActionsFillTheSetup_data() {
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("filters");
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("field");
    QTest::newRow("config") << kOpenConfig << "Open experiment config"
                            << "Experiment YAML (*.yaml *.yml)"
                            << repoFile("configs/demo/demo.yaml") << int(SetupField::Config);
    QTest::newRow("arch") << kOpenArch << "Open architecture"
                          << "Architecture JSON (*.json)" << repoFile("configs/demo/demo-arch.json")
                          << int(SetupField::Arch);
    QTest::newRow("checkpoint") << kOpenCheckpoint << "Open checkpoint"
                                << "Checkpoints (*.pth *.pth.tar *.pt);;All files (*)"
                                << repoFile("resources/demo/demo_litepose.pth")
                                << int(SetupField::Checkpoint);
  }

  void openActionsFillTheSetup() {
    QFETCH(QString, action);
    QFETCH(QString, title);
    QFETCH(QString, filters);
    QFETCH(QString, file);
    QFETCH(int, field);
    auto shown = [field](const MainWindow& w) {
      const RunSetup s = w.runSetupView()->setup();
      return field == int(SetupField::Config) ? s.configFile
             : field == int(SetupField::Arch) ? s.archFile
                                              : s.checkpoint;
    };
    MainWindow window;
    QAction* open = menuAction(window, "&File", action);
    QVERIFY(open);

    // Cancelled: nothing changes.
    window.pages()->setCurrentIndex(MainWindow::TimingPage);
    {
      ModalDialogs dialogs({ModalDialogs::reject()});
      open->trigger();
      QCOMPARE(dialogs.seen().size(), 1);
      QCOMPARE(dialogs.seen()[0].className, QStringLiteral("QFileDialog"));
      QCOMPARE(dialogs.seen()[0].title, title);
      QCOMPARE(dialogs.seen()[0].text, filters);
    }
    QVERIFY(shown(window).isEmpty());
    QCOMPARE(page(window), int(MainWindow::TimingPage));
    QVERIFY(window.session()->recentFiles().isEmpty());

    // Chosen: the field holds the file, the Experiment page shows it, Open Recent offers it.
    {
      ModalDialogs dialogs({ModalDialogs::choose(file)});
      open->trigger();
      QCOMPARE(dialogs.seen().size(), 1);
      QCOMPARE(dialogs.ignoredAnswers(), 0);
    }
    QCOMPARE(canonical(shown(window)), canonical(file));
    QCOMPARE(page(window), int(MainWindow::ExperimentPage));
    QCOMPARE(canonical(window.session()->recentFiles().value(0)), canonical(file));
    QVERIFY(recentMenu(window)->isEnabled());
    QCOMPARE(actionTexts(recentMenu(window)), window.session()->recentFiles());
  }

  void openRecentReopensAFile() {
    const QString config = repoFile("configs/demo/demo.yaml");
    const QString arch = repoFile("configs/demo/demo-arch.json");
    QStringList recent;
    {
      MainWindow window;
      QVERIFY(window.openFile(config));
      QVERIFY(window.openFile(arch));
      // Newest first.
      QCOMPARE(
          actionTexts(recentMenu(window)),
          QStringList({QFileInfo(arch).absoluteFilePath(), QFileInfo(config).absoluteFilePath()}));
      window.runSetupView()->setConfigFile(QString());
      window.pages()->setCurrentIndex(MainWindow::ResultsPage);
      recentMenu(window)->actions().at(1)->trigger();
      QCOMPARE(window.runSetupView()->setup().configFile, QFileInfo(config).absoluteFilePath());
      QCOMPARE(page(window), int(MainWindow::ExperimentPage));
      // Reopened, it is the newest again.
      QCOMPARE(actionTexts(recentMenu(window)).value(0), QFileInfo(config).absoluteFilePath());
      recent = actionTexts(recentMenu(window));
    }  // closed: its settings are written
    // A new window offers the same list (kept in the settings).
    MainWindow next;
    QCOMPARE(actionTexts(recentMenu(next)), recent);
  }

  void clearArchitectureEmptiesTheArchField() {
    MainWindow window;
    window.runSetupView()->setSetup(pair_.demoSetup(false));
    QVERIFY(!window.runSetupView()->setup().archFile.isEmpty());
    const RunSetup before = window.runSetupView()->setup();
    menuAction(window, "&File", "&Clear Architecture")->trigger();
    const RunSetup after = window.runSetupView()->setup();
    QVERIFY(after.archFile.isEmpty());
    // Only the architecture.
    QCOMPARE(after.configFile, before.configFile);
    QCOMPARE(after.checkpoint, before.checkpoint);
    QCOMPARE(after.datasetRoot, before.datasetRoot);
  }

  void openRunFolderShowsTheChosenRun() {
    MainWindow window;
    QSignalSpy opened(window.session(), &RunSession::runFolderOpened);
    {
      ModalDialogs dialogs({ModalDialogs::choose(runA_)});
      menuAction(window, "&File", kOpenRun)->trigger();
      QCOMPARE(dialogs.seen().size(), 1);
      QCOMPARE(dialogs.seen()[0].title, QStringLiteral("Open run folder"));
      QCOMPARE(dialogs.ignoredAnswers(), 0);
    }
    QVERIFY(opened.wait(60000));
    const auto run = opened.at(0).at(0).value<OpenedRunPtr>();
    QCOMPARE(canonical(QString::fromStdString(run->run.dir)), canonical(runA_));
    QCOMPARE(page(window), int(MainWindow::ResultsPage));
    QVERIFY2(window.statusBar()->currentMessage().startsWith("Opened run folder") ||
                 window.statusBar()->currentMessage().startsWith("The Inspect page cannot"),
             qPrintable(window.statusBar()->currentMessage()));
    QCOMPARE(canonical(window.session()->recentFiles().value(0)), canonical(runA_));
  }

  void openRunFolderWarnsWhenItIsNotARunFolder() {
    MainWindow window;
    QSignalSpy failed(window.session(), &RunSession::runFolderFailed);
    ModalDialogs dialogs({ModalDialogs::choose(notARun_), ModalDialogs::accept()});
    menuAction(window, "&File", kOpenRun)->trigger();
    QVERIFY(failed.wait(60000));
    // A folder the user chose in a dialog: the failure gets a message box, not only the status.
    QTRY_COMPARE_WITH_TIMEOUT(dialogs.seen().size(), 2, 60000);
    QCOMPARE(dialogs.seen()[1].className, QStringLiteral("QMessageBox"));
    QCOMPARE(dialogs.seen()[1].title, QStringLiteral("Cannot open the run folder"));
    QCOMPARE(dialogs.seen()[1].text, failed.at(0).at(1).toString());
    QVERIFY2(window.statusBar()->currentMessage().startsWith("Cannot open the run folder: "),
             qPrintable(window.statusBar()->currentMessage()));
    QVERIFY(window.session()->recentFiles().isEmpty());
  }

  void openSearchFolderFollowsTheChosenFolder() {
    QTemporaryDir search;
    QVERIFY(search.isValid());
    MainWindow window;
    QSignalSpy failed(window.findChild<SearchSession*>(), &SearchSession::failed);
    {
      ModalDialogs dialogs({ModalDialogs::choose(search.path())});
      menuAction(window, "&File", kOpenSearch)->trigger();
      QCOMPARE(dialogs.seen().size(), 1);
      QCOMPARE(dialogs.seen()[0].title,
               QStringLiteral("Open search folder (posescope-cli search --out)"));
    }
    QCOMPARE(canonical(window.findChild<SearchSession*>()->folder()), canonical(search.path()));
    QCOMPARE(page(window), int(MainWindow::SearchPage));
    // It is read: an empty folder is no search folder, and the session says so.
    QVERIFY(failed.wait(60000));
  }

  void compareRunsAsksForAThenB() {
    MainWindow window;
    QSignalSpy compared(window.session(), &RunSession::comparisonOpened);
    {
      ModalDialogs dialogs({ModalDialogs::choose(runA_), ModalDialogs::choose(runB_)});
      menuAction(window, "&File", kCompareRuns)->trigger();
      QCOMPARE(dialogs.seen().size(), 2);
      QCOMPARE(dialogs.seen()[0].title, QStringLiteral("Compare: run folder A"));
      QCOMPARE(dialogs.seen()[1].title, QStringLiteral("Compare: run folder B"));
      QCOMPARE(dialogs.ignoredAnswers(), 0);
    }
    QVERIFY(compared.wait(60000));
    QCOMPARE(page(window), int(MainWindow::ComparePage));
    const CompareView* view = window.compareView();
    QVERIFY(view->comparison());
    QCOMPARE(canonical(QString::fromStdString(view->side(CompareView::A)->run->dir)),
             canonical(runA_));
    QCOMPARE(canonical(QString::fromStdString(view->side(CompareView::B)->run->dir)),
             canonical(runB_));
  }

  void compareRunsCancelledAsksNoFurther() {
    MainWindow window;
    const QString before = window.statusBar()->currentMessage();
    {  // cancelled at A: B is not asked for
      ModalDialogs dialogs({ModalDialogs::reject()});
      menuAction(window, "&File", kCompareRuns)->trigger();
      QCOMPARE(dialogs.seen().size(), 1);
    }
    {  // cancelled at B
      ModalDialogs dialogs({ModalDialogs::choose(runA_), ModalDialogs::reject()});
      menuAction(window, "&File", kCompareRuns)->trigger();
      QCOMPARE(dialogs.seen().size(), 2);
    }
    // Nothing was read: compareRuns says "Reading A and B…" at once when called.
    QCOMPARE(window.statusBar()->currentMessage(), before);
    QVERIFY(!window.compareView()->comparison());
  }

  void quitClosesTheWindowAndSavesItsSettings() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.runSetupView()->setConfigFile(repoFile("configs/demo/demo.yaml"));
    QVERIFY(!QSettings().contains("mainWindow/geometry"));
    menuAction(window, "&File", "&Quit")->trigger();
    QVERIFY(!window.isVisible());
    QVERIFY(QSettings().contains("mainWindow/geometry"));
    // The setup typed is what the next window restores.
    MainWindow next;
    next.restoreLastSetup();
    QCOMPARE(next.runSetupView()->setup().configFile, repoFile("configs/demo/demo.yaml"));
  }

  void runMenuFollowsTheRunState() {
    MainWindow window;
    QAction* run = menuAction(window, "&Run", "&Run Evaluation");
    QAction* cancel = menuAction(window, "&Run", "&Cancel Run");
    QAction* runPair = menuAction(window, "&Run", kRunPair);
    QVERIFY(run && cancel && runPair);
    // Nothing set up: nothing to run or cancel; a pair can be set up.
    QVERIFY(!run->isEnabled());
    QVERIFY(!cancel->isEnabled());
    QVERIFY(runPair->isEnabled());
    window.runSetupView()->setSetup(pair_.demoSetup(false));
    QTRY_VERIFY_WITH_TIMEOUT(run->isEnabled(), 60000);
    // An invalid setup disables Run again.
    window.runSetupView()->setConfigFile(pair_.dir().filePath("missing.yaml"));
    window.runSetupView()->validateNow();
    QVERIFY(!run->isEnabled());
    window.runSetupView()->setSetup(pair_.demoSetup(false));
    QTRY_VERIFY_WITH_TIMEOUT(run->isEnabled(), 60000);

    // Run, then Cancel at once: the run ends cancelled.
    const RunController* controller = window.session()->controller();
    QSignalSpy finished(controller, &RunController::finished);
    run->trigger();
    QVERIFY(controller->isRunning());
    QCOMPARE(page(window), int(MainWindow::RunPage));
    QVERIFY(!run->isEnabled());
    QVERIFY(cancel->isEnabled());
    QVERIFY(!runPair->isEnabled());
    cancel->trigger();
    QVERIFY(finished.wait(kPairRunTimeoutMs));
    const auto cancelled = finished.at(0).at(0).value<RunOutcome>();
    QCOMPARE(runStateName(cancelled.summary.state), std::string("cancelled"));
    QVERIFY(!controller->isRunning());
    QVERIFY(run->isEnabled());
    QVERIFY(!cancel->isEnabled());
    QVERIFY(runPair->isEnabled());

    // Run to the end: Results shows it and the status bar says so.
    run->trigger();
    QVERIFY(controller->isRunning());
    QVERIFY(finished.wait(kPairRunTimeoutMs));
    const auto complete = finished.at(1).at(0).value<RunOutcome>();
    QCOMPARE(runStateName(complete.summary.state), std::string("complete"));
    QCOMPARE(complete.summary.imagesDone, std::size_t(kPairImages));
    QCOMPARE(page(window), int(MainWindow::ResultsPage));
    QCOMPARE(window.statusBar()->currentMessage(),
             QStringLiteral("Run complete: %1").arg(QString::fromStdString(complete.runDir)));
    QVERIFY(run->isEnabled());
    QVERIFY(!cancel->isEnabled());
  }

  // Regression: between a run pair's checks and runs the controller is idle for a turn of the
  // event loop. The Run menu, the Experiment page's Run and Compare's Run A and B… followed the
  // controller, so for that turn Run was enabled and Cancel disabled while the pair went on.
  void runMenuStaysBusyThroughARunPair() {
    MainWindow window;
    QAction* run = menuAction(window, "&Run", "&Run Evaluation");
    QAction* cancel = menuAction(window, "&Run", "&Cancel Run");
    QAction* runPair = menuAction(window, "&Run", kRunPair);
    const QPushButton* setupRun = window.runSetupView()->runButton();
    const auto* compareRunPair = window.compareView()->findChild<QPushButton*>("runPairButton");
    QVERIFY(compareRunPair);
    window.runSetupView()->setSetup(pair_.demoSetup(false));
    QTRY_VERIFY_WITH_TIMEOUT(run->isEnabled(), 60000);
    QVERIFY(setupRun->isEnabled());

    const RunQueue* queue = window.session()->queue();
    int idleTurns = 0;  // the controller went idle with the pair still going
    QStringList wrong;
    auto checkBusy = [&](const QString& when) {
      if (run->isEnabled()) wrong << when + ": Run enabled";
      if (!cancel->isEnabled()) wrong << when + ": Cancel disabled";
      if (runPair->isEnabled()) wrong << when + ": Run A and B enabled";
      if (setupRun->isEnabled()) wrong << when + ": the Experiment page's Run enabled";
      if (compareRunPair->isEnabled()) wrong << when + ": Compare's Run A and B enabled";
    };
    // Connected after the window's own slots: sees what they made of the change.
    connect(window.session()->controller(), &RunController::runningChanged, this,
            [&](bool running) {
              if (running || !queue->isActive()) return;
              ++idleTurns;
              checkBusy(QStringLiteral("idle turn %1").arg(idleTurns));
            });
    QSignalSpy compared(window.session(), &RunSession::comparisonOpened);
    QSignalSpy stopped(queue, &RunQueue::stopped);
    QString error;
    QVERIFY2(window.startRunPair(pair_.demoSetup(false), pair_.demoSetup(true), &error),
             qPrintable(error));
    checkBusy(QStringLiteral("started"));
    QTRY_VERIFY_WITH_TIMEOUT(!compared.isEmpty() || !stopped.isEmpty(), kPairRunTimeoutMs);
    QVERIFY2(stopped.isEmpty(), qPrintable(stopped.value(0).value(3).toString()));
    // B's check, A's run and B's run each ended with the pair going on.
    QCOMPARE(idleTurns, 3);
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QStringLiteral("; "))));
    // The pair is over: a run can start again.
    QVERIFY(run->isEnabled());
    QVERIFY(!cancel->isEnabled());
    QVERIFY(runPair->isEnabled());
    QVERIFY(setupRun->isEnabled());
    QVERIFY(compareRunPair->isEnabled());
  }

  void runPairOpensTheDialogWithTheSetupAsA() {
    MainWindow window;
    const RunSetup a = pair_.demoSetup(false);
    window.runSetupView()->setSetup(a);
    QVERIFY(!window.findChild<CompareRunDialog*>());
    menuAction(window, "&Run", kRunPair)->trigger();
    auto* dialog = window.findChild<CompareRunDialog*>();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->windowModality(), Qt::WindowModal);
    QCOMPARE(dialog->setup(CompareRunDialog::A).archFile, a.archFile);
    QCOMPARE(dialog->setup(CompareRunDialog::A).datasetRoot, a.datasetRoot);
    // Closed, it deletes itself.
    QPointer<CompareRunDialog> closed(dialog);
    dialog->reject();
    QTRY_VERIFY_WITH_TIMEOUT(closed.isNull(), 10000);
  }

  void aboutNamesTheVersion() {
    MainWindow window;
    ModalDialogs dialogs({ModalDialogs::accept()});
    menuAction(window, "&Help", "&About PoseScope")->trigger();
    QCOMPARE(dialogs.seen().size(), 1);
    QCOMPARE(dialogs.seen()[0].className, QStringLiteral("QMessageBox"));
    QCOMPARE(dialogs.seen()[0].title, QStringLiteral("About PoseScope"));
    QVERIFY2(dialogs.seen()[0].text.contains("<b>PoseScope 9.8.7-menus</b>"),
             qPrintable(dialogs.seen()[0].text));
    QVERIFY(dialogs.seen()[0].text.contains("valid.py"));
  }
};

QTEST_MAIN(TestMainMenus)
#include "tst_main_menus.moc"
