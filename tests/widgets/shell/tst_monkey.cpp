// The GUI under a monkey (issue 39): the real window driven by random but valid user actions for
// a while — opening demo runs, an interrupted run, imported predictions (the parity set's
// reference results on real COCO images when ../shared is there), comparing, switching pages
// and tabs, clicking buttons and menu actions, choosing combo entries, moving sliders and spin
// boxes, typing valid and invalid text, selecting and activating rows, starting, cancelling and
// resuming runs, resizing. Every modal dialog an action opens is rejected, so nothing blocks.
//
// Seeded and replayable: POSESCOPE_MONKEY_SEED (default 20261203; printed) and
// POSESCOPE_MONKEY_SECONDS (default 20). Each action is printed before it is done, so a crash's
// log ends with the list that leads to it; scripts/monkey runs it under ASan + UBSan.
// The worst lateness of the GUI thread is printed, not asserted (speed is for benchmarks): each
// stall over 100 ms as it ends, with the action it came in and whether that action showed a page
// for the first time, then the 5 worst.

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QMenuBar>
#include <QRandomGenerator>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <algorithm>
#include <filesystem>
#include <functional>

#include "cli/demo_eval.h"
#include "pipeline/run_folder.h"
#include "test_support.h"
#include "widgets/analysis_run_fixture.h"
#include "widgets/lateness_probe.h"
#include "widgets/modal_dialogs.h"
#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/session/run_session.h"
#include "widgets/session/run_setup.h"
#include "widgets/shell/main_window.h"

using namespace posescope;

namespace {

// Texts typed into fields: valid and invalid queries, numbers, paths, nonsense.
const char* const kTexts[] = {"area > 9216 and swaps > 0",
                              "ap < 0.5",
                              "match = mised",
                              "score >",
                              "0.3",
                              "-1",
                              "1e999",
                              "/nonexistent/file.yaml",
                              "TEST.FLIP_TES",
                              "",
                              "\xc3\xa9t\xc3\xa9 \xe2\x88\x9e",
                              "people >= 2 and not failed"};

// Menu actions the monkey leaves alone: they end the application.
bool ends(const QAction* action) {
  const QString text = action->text().toLower();
  return text.contains("quit") || text.contains("exit") || text.contains("close window");
}

template <typename T>
QList<T*> visible(QWidget* root) {
  QList<T*> out;
  for (T* w : root->findChildren<T*>())
    if (w->isVisible() && w->isEnabled()) out << w;
  return out;
}

}  // namespace

class TestMonkey : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;
  QString data_;
  QStringList runs_;         // run folders the monkey opens
  QString interruptedCopy_;  // fresh copy per resume, so Resume always has work

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_monkey");
    QSettings().clear();
    QVERIFY(tmp_.isValid());
    data_ = tmp_.filePath("data");
    QVERIFY(test::makeDemoDataset(data_, 8).exitCode == 0);
    // Demo A evaluates with flipping (valid.py's default), B without: two runs to compare.
    for (const char* flip : {"True", "False"}) {
      const QString run = tmp_.filePath(QStringLiteral("demo-flip-%1").arg(flip));
      const auto r = test::runCli(QStringList{"eval", "--out", run} +
                                  test::demoEvalArguments(data_, {"TEST.FLIP_TEST", flip}));
      QVERIFY2(r.exitCode == 0, qPrintable(r.err));
      runs_ << run;
    }
    // An interrupted run: demo A's folder with its last records gone and run.json "running".
    const QString interrupted = tmp_.filePath("interrupted");
    std::filesystem::copy(runs_[0].toStdString(), interrupted.toStdString(),
                          std::filesystem::copy_options::recursive);
    {
      QFile records(interrupted + "/records.jsonl");
      QVERIFY(records.open(QIODevice::ReadOnly));
      QList<QByteArray> lines = records.readAll().split('\n');
      records.close();
      QVERIFY(records.open(QIODevice::WriteOnly | QIODevice::Truncate));
      for (int i = 0; i < 3; ++i) records.write(lines[i] + '\n');
      LoadedRun run = loadRunFolder(interrupted.toStdString());
      run.summary.state = RunState::Running;
      QFile summary(interrupted + "/run.json");
      QVERIFY(summary.open(QIODevice::WriteOnly | QIODevice::Truncate));
      summary.write(QByteArray::fromStdString(summaryToJsonText(run.summary)));
      for (const char* file : {"metrics.json", "metrics.md", "image_eval.jsonl", "analysis.json"})
        QFile::remove(interrupted + "/" + file);
    }
    interruptedCopy_ = interrupted;
    runs_ << interrupted;
    // A run with every kind of error on a ground truth of its own (no images on disk).
    const QString annotations = tmp_.filePath("fixture_gt.json");
    test::writeAnalysisFixtureGroundTruth(annotations.toStdString());
    test::writeAnalysisFixtureRun(tmp_.filePath("fixture").toStdString(),
                                  annotations.toStdString());
    runs_ << tmp_.filePath("fixture");
    // The reference's own results on the parity set's real COCO images, imported: without the
    // parity data the monkey plays without them (a failure where the data is required); an
    // import that fails is a failure, not a run left out.
    const std::string parity = test::parityDir();
    if (parity.empty() && test::parityRequired())
      QFAIL(qPrintable("POSESCOPE_PARITY_REQUIRED=1 but " + test::parityMissingReason()));
    if (!parity.empty()) {
      const QString root = QString::fromStdString(parity);
      const auto r = test::runCli(
          {"import", "--gt", root + "/data/coco/annotations/person_keypoints_val2017.json", "--dt",
           root + "/runs/coco4_xs_flip.ref_results.json", "--images",
           root + "/data/coco/images/val2017", "--out", tmp_.filePath("parity-imported")});
      QVERIFY2(r.exitCode == 0, qPrintable("the parity import failed: " + r.err));
      runs_ << tmp_.filePath("parity-imported");
    }
  }

  void randomActionsForAWhile() {
    // A fixed seed by default, so that the test suite does the same each time; scripts/monkey
    // draws one from the clock.
    const quint32 seed = qEnvironmentVariableIsSet("POSESCOPE_MONKEY_SEED")
                             ? qEnvironmentVariable("POSESCOPE_MONKEY_SEED").toUInt()
                             : 20261203u;
    const int seconds = qEnvironmentVariableIsSet("POSESCOPE_MONKEY_SECONDS")
                            ? qEnvironmentVariable("POSESCOPE_MONKEY_SECONDS").toInt()
                            : 20;
    qInfo("monkey: seed %u for %d s (POSESCOPE_MONKEY_SEED=%u replays it)", seed, seconds, seed);
    QRandomGenerator random(seed);
    const auto pick = [&](int n) { return static_cast<int>(random.bounded(quint32(n))); };

    test::ModalDialogs dialogs;  // every dialog rejected
    // A menu a button pops up runs its own event loop until it closes: closed at once.
    QTimer popups;
    connect(&popups, &QTimer::timeout, [] {
      if (QWidget* popup = QApplication::activePopupWidget()) popup->close();
    });
    popups.start(20);
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    RunSetup setup;
    setup.configFile = test::repoFile("configs/demo/demo.yaml");
    setup.archFile = test::repoFile("configs/demo/demo-arch.json");
    setup.checkpoint = test::repoFile("resources/demo/demo_litepose.pth");
    setup.datasetRoot = data_;
    setup.device = "cpu";
    setup.outputDir = tmp_.filePath("gui-runs");
    window.runSetupView()->setSetup(setup);

    QStringList done;
    int resumes = 0;
    // Each action: its name for the log, and what it does.
    const std::vector<std::pair<const char*, std::function<QString()>>> actions = {
        {"open run",
         [&] {
           const QString run = runs_[pick(runs_.size())];
           window.openRunFolder(run);
           return run;
         }},
        {"compare runs",
         [&] {
           const QString a = runs_[pick(runs_.size())], b = runs_[pick(runs_.size())];
           window.compareRuns(a, b);
           return a + " " + b;
         }},
        {"show page",
         [&] {
           const int page = pick(window.pages()->count());
           window.pages()->setCurrentIndex(page);
           return QString::number(page);
         }},
        {"click button",
         [&] {
           const auto buttons = visible<QAbstractButton>(window.pages()->currentWidget());
           if (buttons.isEmpty()) return QString("none");
           QAbstractButton* b = buttons[pick(buttons.size())];
           const QString name = b->text().isEmpty() ? b->objectName() : b->text();
           b->click();
           return name;
         }},
        {"menu action",
         [&] {
           QList<QAction*> all;
           for (QMenu* menu : window.menuBar()->findChildren<QMenu*>())
             for (QAction* a : menu->actions())
               if (a->isEnabled() && !a->isSeparator() && !a->menu() && !ends(a)) all << a;
           if (all.isEmpty()) return QString("none");
           QAction* a = all[pick(all.size())];
           a->trigger();
           return a->text();
         }},
        {"combo",
         [&] {
           const auto combos = visible<QComboBox>(window.pages()->currentWidget());
           if (combos.isEmpty()) return QString("none");
           QComboBox* c = combos[pick(combos.size())];
           if (c->count() == 0) return QString("empty");
           const int index = pick(c->count());
           c->setCurrentIndex(index);
           return c->objectName() + " " + QString::number(index);
         }},
        {"slider",
         [&] {
           const auto sliders = visible<QAbstractSlider>(window.pages()->currentWidget());
           if (sliders.isEmpty()) return QString("none");
           QAbstractSlider* s = sliders[pick(sliders.size())];
           const int value = s->minimum() + pick(std::max(1, s->maximum() - s->minimum() + 1));
           s->setValue(value);
           return QString::number(value);
         }},
        {"spin box",
         [&] {
           const auto spins = visible<QAbstractSpinBox>(window.pages()->currentWidget());
           if (spins.isEmpty()) return QString("none");
           QAbstractSpinBox* s = spins[pick(spins.size())];
           const int steps = pick(21) - 10;
           s->stepBy(steps);
           return QString::number(steps);
         }},
        {"type",
         [&] {
           const auto edits = visible<QLineEdit>(window.pages()->currentWidget());
           if (edits.isEmpty()) return QString("none");
           QLineEdit* e = edits[pick(edits.size())];
           if (e->isReadOnly()) return QString("read-only");
           const QString text = QString::fromUtf8(kTexts[pick(std::size(kTexts))]);
           e->setFocus();
           e->selectAll();
           // QTest types ASCII only; other text arrives as pasted.
           bool ascii = true;
           for (QChar c : text) ascii = ascii && c.unicode() < 128;
           if (ascii)
             QTest::keyClicks(e, text);
           else
             e->insert(text);
           QTest::keyClick(e, Qt::Key_Return);
           return text;
         }},
        {"select row",
         [&] {
           const auto views = visible<QAbstractItemView>(window.pages()->currentWidget());
           if (views.isEmpty()) return QString("none");
           QAbstractItemView* v = views[pick(views.size())];
           QAbstractItemModel* m = v->model();
           if (!m || m->rowCount() == 0) return QString("empty");
           const QModelIndex index = m->index(pick(m->rowCount()), 0);
           v->setCurrentIndex(index);
           if (pick(3) == 0) Q_EMIT v->activated(index);
           return QString::number(index.row());
         }},
        {"tab",
         [&] {
           const auto bars = visible<QTabBar>(window.pages()->currentWidget());
           if (bars.isEmpty()) return QString("none");
           QTabBar* bar = bars[pick(bars.size())];
           const int index = pick(std::max(1, bar->count()));
           bar->setCurrentIndex(index);
           return QString::number(index);
         }},
        {"keys",
         [&] {
           static const Qt::Key keys[] = {Qt::Key_Down,  Qt::Key_Up,   Qt::Key_PageDown,
                                          Qt::Key_Right, Qt::Key_Left, Qt::Key_Space};
           QWidget* focus = QApplication::focusWidget();
           if (!focus) return QString("no focus");
           const Qt::Key key = keys[pick(std::size(keys))];
           QTest::keyClick(focus, key);
           return QString::number(key, 16);
         }},
        {"run, then maybe cancel",
         [&] {
           const bool started = window.startRun();
           if (started && pick(2) == 0) {
             QTest::qWait(pick(500));
             window.cancelRun();
             return QString("started, cancelled");
           }
           return QString(started ? "started" : "refused");
         }},
        {"resume",
         [&] {
           // A fresh copy of the interrupted run each time: a resumed one is complete.
           const QString copy = tmp_.filePath(QStringLiteral("resume-%1").arg(++resumes));
           std::filesystem::copy(interruptedCopy_.toStdString(), copy.toStdString(),
                                 std::filesystem::copy_options::recursive);
           return QString(window.resumeRun(copy) ? "started " : "refused ") + copy;
         }},
        {"resize",
         [&] {
           const QSize size(800 + pick(1000), 600 + pick(600));
           window.resize(size);
           return QStringLiteral("%1x%2").arg(size.width()).arg(size.height());
         }},
    };

    // Each stall of the GUI thread over 100 ms, blamed on the action whose time holds the middle
    // of the stall (an action's time: from its start to the next one's), printed when it ends.
    struct Stall {
      qint64 lateMs;
      int action;  // in `done`
    };
    std::vector<Stall> stalls;
    std::vector<qint64> actionStarts;  // on the probe's clock
    std::vector<const char*> actionNames;
    std::vector<bool> firstBuilds;  // whether each action showed a page for the first time
    QSet<int> pagesShown{window.pages()->currentIndex()};
    const auto pageShown =
        connect(window.pages(), &QTabWidget::currentChanged, this, [&](int page) {
          if (!pagesShown.contains(page) && !firstBuilds.empty()) firstBuilds.back() = true;
          pagesShown << page;
        });
    const auto describe = [&](const Stall& stall) {
      return QStringLiteral("%1 ms in monkey %2: %3%4")
          .arg(stall.lateMs)
          .arg(stall.action)
          .arg(done.value(stall.action, QString::fromLatin1(actionNames[stall.action]) +
                                            QStringLiteral(" (in progress)")))
          .arg(firstBuilds[stall.action] ? QStringLiteral(" (a page's first build)") : QString());
    };
    test::LatenessProbe lateness;
    lateness.reportLateness(100, [&](qint64 stallStart, qint64 lateMs) {
      const qint64 middle = stallStart + (lateness.elapsedMs() - stallStart) / 2;
      const int action =
          static_cast<int>(std::upper_bound(actionStarts.begin(), actionStarts.end(), middle) -
                           actionStarts.begin()) -
          1;
      stalls.push_back({lateMs, action});
      fprintf(stderr, "monkey late: %s\n", qPrintable(describe(stalls.back())));
    });
    // The window's first show builds its first page: an action of its own, before the monkey's
    // (and the first on the probe's clock, so every stall falls in one).
    actionStarts.push_back(lateness.elapsedMs());
    actionNames.push_back("show window");
    firstBuilds.push_back(true);
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(100);
    done << QStringLiteral("show window");
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < seconds * 1000LL) {
      const auto& [name, act] = actions[pick(static_cast<int>(actions.size()))];
      actionStarts.push_back(lateness.elapsedMs());
      actionNames.push_back(name);
      firstBuilds.push_back(false);
      // Printed before it is done: a crash's log ends with what led to it.
      fprintf(stderr, "monkey %d: %s", static_cast<int>(done.size()), name);
      fflush(stderr);
      const QString what = act();
      fprintf(stderr, " %s\n", qPrintable(what));
      done << QStringLiteral("%1 %2").arg(QString::fromLatin1(name), what);
      QTest::qWait(pick(120));
      QVERIFY2(window.isVisible(), "the window closed");
    }
    window.cancelRun();
    QTRY_VERIFY_WITH_TIMEOUT(!window.session()->isBusy(), 120000);
    lateness.stop();
    disconnect(pageShown);
    qInfo(
        "monkey: seed %u, %d actions in %lld ms, %d dialogs rejected; worst GUI-thread "
        "lateness %lld ms (pages' first builds included); %d stalls over 100 ms",
        seed, static_cast<int>(done.size()), clock.elapsed(),
        static_cast<int>(dialogs.seen().size()), lateness.worstMs(),
        static_cast<int>(stalls.size()));
    std::sort(stalls.begin(), stalls.end(),
              [](const Stall& a, const Stall& b) { return a.lateMs > b.lateMs; });
    for (size_t i = 0; i < std::min<size_t>(5, stalls.size()); ++i)
      qInfo("monkey: worst %d: %s", static_cast<int>(i + 1), qPrintable(describe(stalls[i])));
  }
};

QTEST_MAIN(TestMonkey)
#include "tst_monkey.moc"
