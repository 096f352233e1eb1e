// Views in the GUI (issue 33, docs/views.md): the query bar above Inspect's image list and
// Results' per-image table filters both identically, a query that does not parse shows its
// column and hides nothing, a query naming people waits for the error analysis, saved views and
// tags survive reopening the run folder, and Export's view subset equals `posescope-cli export
// --what subset --where` on the same run. Run folder: the analysis fixture (seven images, one
// of each error), written by the test.

#include <QAbstractItemModelTester>
#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QCompleter>
#include <QFile>
#include <QLineEdit>
#include <QProcess>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStringListModel>
#include <QTemporaryDir>
#include <QtTest>

#include "built_programs.h"
#include "widgets/analysis_run_fixture.h"
#include "widgets/common/view_query_bar.h"
#include "widgets/modal_dialogs.h"
#include "widgets/models/inspect_table_model.h"
#include "widgets/models/record_table_model.h"
#include "widgets/models/run_tags_model.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"
#include "widgets/session/run_view_state.h"
#include "widgets/shell/export_actions.h"
#include "widgets/shell/main_window.h"

using namespace posescope;

namespace {

// Writes the analysis fixture's run folder under `dir` (as `name`) and returns its path.
QString writeFixture(const QTemporaryDir& dir, const QString& name = QStringLiteral("run")) {
  const QString annotations = dir.filePath(QStringLiteral("annotations.json"));
  if (!QFile::exists(annotations)) test::writeAnalysisFixtureGroundTruth(annotations.toStdString());
  const QString run = dir.filePath(name);
  test::writeAnalysisFixtureRun(run.toStdString(), annotations.toStdString());
  return run;
}

// Opens `run` in `window` and waits for its analysis.
bool openAnalysed(MainWindow& window, const QString& run) {
  QSignalSpy ready(window.session()->analysis(), &RunAnalysisSession::analysisReady);
  window.openRunFolder(run);
  return ready.wait(60000);
}

// The image ids of the rows `model` (an image table's proxy) shows, in order.
QList<qint64> shownIds(const QAbstractItemModel* model, int idColumn) {
  QList<qint64> ids;
  for (int row = 0; row < model->rowCount(); ++row)
    ids << model->index(row, idColumn).data(Qt::UserRole).toLongLong();
  std::sort(ids.begin(), ids.end());
  return ids;
}

QList<qint64> inspectIds(MainWindow& window) {
  return shownIds(window.inspectView()->proxyModel(), InspectTableModel::ImageIdColumn);
}
QList<qint64> resultsIds(MainWindow& window) {
  return shownIds(window.resultsView()->recordRows(), RecordTableModel::ImageIdColumn);
}

}  // namespace

class TestGuiViews : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void typingFiltersInspectAndResultsIdentically() {
    QTemporaryDir dir;
    MainWindow window;
    QVERIFY(openAnalysed(window, writeFixture(dir)));
    QAbstractItemModelTester inspectTester(window.inspectView()->proxyModel());
    QAbstractItemModelTester resultsTester(window.resultsView()->recordRows());
    QAbstractItemModelTester tableTester(window.inspectView()->tableModel());
    const QList<qint64> all = {1, 2, 3, 4, 5, 6, 7};
    QTRY_COMPARE(inspectIds(window), all);
    ViewQueryBar* inspectBar = window.inspectView()->viewBar();
    ViewQueryBar* resultsBar = window.resultsView()->viewBar();
    window.showPage(MainWindow::InspectPage);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    // Completions: property names first, then operators, then a choice's values.
    inspectBar->edit()->setFocus();
    QTest::keyClicks(inspectBar->edit(), QStringLiteral("swa"));
    QCOMPARE(inspectBar->completer()->completionPrefix(), QStringLiteral("swa"));
    QCOMPARE(inspectBar->completer()->currentCompletion(), QStringLiteral("swaps"));
    QCOMPARE(queryCompletions(QStringLiteral("swaps "), 6).candidates.first(), QStringLiteral("<"));
    QCOMPARE(queryCompletions(QStringLiteral("match = mi"), 10).candidates,
             (QStringList{"matched", "missed", "background", "crowd"}));
    QCOMPARE(queryCompletions(QStringLiteral("match = mi"), 10).start, 8);
    // The rest typed; applied once typing stops: image 4 holds the fixture's one swap.
    QTest::keyClicks(inspectBar->edit(), QStringLiteral("ps > 0"));
    QTRY_COMPARE(inspectIds(window), QList<qint64>{4});
    QCOMPARE(resultsIds(window), QList<qint64>{4});
    QCOMPARE(inspectBar->statusText(), QStringLiteral("1 of 7 images in view: swaps > 0"));
    QCOMPARE(resultsBar->statusText(), inspectBar->statusText());
    QCOMPARE(resultsBar->edit()->text(), QStringLiteral("swaps > 0"));

    // Typed on Results and applied with Enter: both lists follow.
    resultsBar->edit()->setText(QStringLiteral("id >= 6"));
    QTest::keyClick(resultsBar->edit(), Qt::Key_Return);
    QCOMPARE(resultsIds(window), (QList<qint64>{6, 7}));
    QCOMPARE(inspectIds(window), (QList<qint64>{6, 7}));
    QCOMPARE(inspectBar->edit()->text(), QStringLiteral("id >= 6"));
    // A person's match: image 7's person no prediction found.
    resultsBar->edit()->setText(QStringLiteral("match = missed"));
    QTest::keyClick(resultsBar->edit(), Qt::Key_Return);
    QCOMPARE(inspectIds(window), QList<qint64>{7});

    // Cleared: every image again.
    inspectBar->edit()->clear();
    QTRY_COMPARE(inspectIds(window), all);
    QCOMPARE(resultsIds(window), all);
    QCOMPARE(inspectBar->statusText(), QString());
  }

  void aBadQueryShowsItsErrorAndHidesNothing() {
    QTemporaryDir dir;
    MainWindow window;
    QVERIFY(openAnalysed(window, writeFixture(dir)));
    RunViewState* view = window.session()->document()->view();
    view->setQuery(QStringLiteral("swaps > 0"));
    QTRY_COMPARE(inspectIds(window), QList<qint64>{4});
    ViewQueryBar* bar = window.inspectView()->viewBar();
    bar->edit()->setText(QStringLiteral("area > 9216 and swapz > 0"));
    QTest::keyClick(bar->edit(), Qt::Key_Return);
    QVERIFY(view->statusIsError());
    QVERIFY2(bar->statusText().startsWith(
                 QStringLiteral("column 17: unknown property 'swapz' (did you mean 'swaps'?)")),
             qPrintable(bar->statusText()));
    QCOMPARE(window.resultsView()->viewBar()->statusText(), bar->statusText());
    // Nothing hidden meanwhile, on either page (not the view before the error either).
    QCOMPARE(inspectIds(window).size(), 7);
    QCOMPARE(resultsIds(window).size(), 7);
    QVERIFY(!view->filtering());
  }

  void aPersonQueryWaitsForTheAnalysis() {
    QTemporaryDir dir;
    MainWindow window;
    QVERIFY(openAnalysed(window, writeFixture(dir)));
    const RunDocument* shown = window.session()->document();
    // A document of its own, fed as RunSession feeds one: the run first, its analysis later.
    RunDocument document;
    RunViewState* view = document.view();
    document.openRun(shown->openedRun());
    QSignalSpy changed(view, &RunViewState::viewChanged);
    view->setQuery(QStringLiteral("swaps > 0 and score > 0.5"));
    QTRY_VERIFY(view->imageCount() == 7);
    QCOMPARE(view->statusText(),
             QStringLiteral("Waiting for the error analysis (the query names people): all 7 "
                            "images shown until it is ready."));
    QVERIFY(!view->filtering());
    // An image query needs no analysis.
    view->setQuery(QStringLiteral("id > 5"));
    QVERIFY(view->filtering());
    QCOMPARE(view->imagesInView(), (QSet<qint64>{6, 7}));
    view->setQuery(QStringLiteral("swaps > 0 and score > 0.5"));
    document.setAnalysis(shown->analysis());
    QTRY_VERIFY(view->filtering());
    QCOMPARE(view->imagesInView(), QSet<qint64>{4});
    QCOMPARE(view->statusText(),
             QStringLiteral("1 of 7 images in view: swaps > 0 and score > 0.5"));
  }

  void savedViewsAndTagsSurviveReopening() {
    QTemporaryDir dir;
    const QString run = writeFixture(dir);
    const QString other = writeFixture(dir, QStringLiteral("other"));
    {
      MainWindow window;
      QVERIFY(openAnalysed(window, run));
      RunViewState* view = window.session()->document()->view();
      ViewQueryBar* bar = window.inspectView()->viewBar();
      bar->edit()->setText(QStringLiteral("swaps > 0"));
      QVERIFY(bar->saveView(QStringLiteral("large swaps")));
      QCOMPARE(bar->savedViews()->count(), 1);
      // Issue 53, item 12: the save is confirmed where the user looks.
      QCOMPARE(bar->savedViews()->currentText(), QStringLiteral("large swaps"));
      QVERIFY2(bar->statusText().contains("saved as the view 'large swaps'"),
               qPrintable(bar->statusText()));
      QCOMPARE(window.resultsView()->viewBar()->savedViews()->itemText(0),
               QStringLiteral("large swaps"));
      // The image shown, then its first person (a prediction: its place in results.json).
      QVERIFY(window.inspectImage(3));
      QVERIFY(window.inspectView()->tagShown(QStringLiteral("bad-gt"), QStringLiteral("check")));
      window.inspectView()->selectPerson(0);
      QVERIFY(window.inspectView()->tagShown(QStringLiteral("swap"), QString()));
      QCOMPARE(view->tags().size(), std::size_t(2));
      QVERIFY(!view->tags()[0].detection);
      QVERIFY(view->tags()[1].detection.has_value());
      QTRY_VERIFY(QFile::exists(run + QStringLiteral("/tags.json")));
      // The same folder read again keeps the view; another one clears it and says so.
      window.session()->document()->view()->setQuery(QStringLiteral("swaps > 0"));
      QVERIFY(openAnalysed(window, run));
      QCOMPARE(view->queryText(), QStringLiteral("swaps > 0"));
      QTRY_COMPARE(inspectIds(window), QList<qint64>{4});
      window.openRunFolder(other);
      QTRY_COMPARE(
          view->statusText(),
          QStringLiteral("The view \u201cswaps > 0\u201d was cleared: another run is shown."));
      QCOMPARE(bar->edit()->text(), QString());
      QTRY_COMPARE(inspectIds(window).size(), 7);
      QVERIFY(view->savedViews().empty());
    }
    // A new window on the same folder: the saved view and both tags, read back.
    MainWindow window;
    QVERIFY(openAnalysed(window, run));
    RunViewState* view = window.session()->document()->view();
    QTRY_COMPARE(view->tags().size(), std::size_t(2));
    QCOMPARE(view->savedViews(), (std::vector<SavedView>{{"large swaps", "swaps > 0"}}));
    QAbstractItemModelTester tagsTester(window.inspectView()->tagsModel());
    QCOMPARE(window.inspectView()->tagsModel()->rowCount(), 2);
    QCOMPARE(window.inspectView()->tagsModel()->index(0, RunTagsModel::NoteColumn).data(),
             QVariant(QStringLiteral("check")));
    const InspectTableModel* table = window.inspectView()->tableModel();
    const QString tags = table->index(3, InspectTableModel::TagsColumn).data().toString();
    QVERIFY2(tags.startsWith(QStringLiteral("bad-gt, swap (prediction ")), qPrintable(tags));
    // Choosing the saved view applies it.
    QComboBox* saved = window.resultsView()->viewBar()->savedViews();
    QCOMPARE(saved->count(), 1);
    saved->activated(0);
    QTRY_COMPARE(inspectIds(window), QList<qint64>{4});

    // Issue 33: tags are a query property: the bar completes the run's tag names after `tag =`,
    // the image's tag and its prediction's filter, and a tag added is in the view at once.
    window.showPage(MainWindow::InspectPage);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ViewQueryBar* bar = window.inspectView()->viewBar();
    bar->edit()->clear();
    bar->edit()->setFocus();
    QTest::keyClicks(bar->edit(), QStringLiteral("tag = ba"));
    QCOMPARE(bar->completer()->currentCompletion(), QStringLiteral("bad-gt"));
    QCOMPARE(
        queryCompletions(QStringLiteral("person_tag = "), 13, {"swap", "two words"}).candidates,
        (QStringList{"swap", "\"two words\""}));
    bar->completer()->popup()->hide();
    bar->edit()->setText(QStringLiteral("tag == \"bad-gt\""));
    QTest::keyClick(bar->edit(), Qt::Key_Return);
    QTRY_COMPARE(inspectIds(window), QList<qint64>{4});
    QCOMPARE(resultsIds(window), QList<qint64>{4});
    view->setQuery(QStringLiteral("person_tag = swap and score > 0.5"));
    QTRY_COMPARE(inspectIds(window), QList<qint64>{4});
    view->setQuery(QStringLiteral("not tagged"));
    QTRY_COMPARE(inspectIds(window), (QList<qint64>{1, 2, 3, 5, 6, 7}));
    view->setQuery(QStringLiteral("tag = never-used"));
    QTRY_COMPARE(inspectIds(window), QList<qint64>{});
    view->setQuery(QStringLiteral("tag = 'bad-gt'"));
    RunTag seventh;
    seventh.imageId = 7;
    seventh.tag = "bad-gt";
    QVERIFY(view->addTag(seventh));
    QTRY_COMPARE(inspectIds(window), (QList<qint64>{4, 7}));
  }

  void viewAsSubsetCreatesTheFolderTyped() {
    QTemporaryDir dir;
    const QString run = writeFixture(dir);
    MainWindow window;
    QVERIFY(openAnalysed(window, run));
    RunViewState* view = window.session()->document()->view();
    view->setQuery(QStringLiteral("match = matched and oks < 0.99"));
    QTRY_VERIFY(view->filtering());
    window.exportActions()->updateEnabled();  // as the Export menu does when it opens
    auto* action = window.findChild<QAction*>(QStringLiteral("exportViewSubset"));
    QVERIFY(action && action->isEnabled());
    const QString folder = dir.filePath("new_subset");  // not there yet
    QSignalSpy exported(window.exportActions(), &ExportActions::viewExported);
    test::ModalDialogs dialogs({test::ModalDialogs::choose(folder)});
    action->trigger();
    QVERIFY(exported.wait(30000));
    QCOMPARE(exported.first().first().toString(), QString());
    QVERIFY2(QFileInfo(folder + "/gt.json").isFile(),
             qPrintable(window.statusBar()->currentMessage()));
    QVERIFY(QFileInfo(folder + "/results.json").isFile());
  }

  void exportEqualsTheCli() {
    QTemporaryDir dir;
    const QString run = writeFixture(dir);
    MainWindow window;
    QVERIFY(openAnalysed(window, run));
    // A query that does not parse: nothing to export.
    window.session()->document()->view()->setQuery(QStringLiteral("match = missed or"));
    QString error;
    QVERIFY(!window.exportActions()->exportViewSubset(dir.filePath("gui"), &error));
    QVERIFY(!error.isEmpty());
    // The images where a matched person is not found perfectly: a person query.
    const QString query = QStringLiteral("match = matched and oks < 0.99");
    RunViewState* view = window.session()->document()->view();
    view->setQuery(query);
    QTRY_VERIFY(view->filtering());
    QVERIFY(view->imagesInView().size() >= 2);
    QVERIFY(view->imagesInView().size() < 7);
    QSignalSpy exported(window.exportActions(), &ExportActions::viewExported);
    QVERIFY(window.exportActions()->exportViewSubset(dir.filePath("gui"), &error));
    QVERIFY(exported.wait(30000));
    QCOMPARE(exported.first().first().toString(), QString());
    QVERIFY(window.exportActions()->exportViewImageIds(dir.filePath("gui/ids.txt"), &error));
    QVERIFY(exported.wait(30000));
    QProcess cli;
    cli.start(test::cliPath(),
              {"export", run, "--what", "subset", "--where", query, "--out", dir.filePath("cli")});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 0);
    cli.start(test::cliPath(), {"export", run, "--what", "ids", "--where", query, "--out",
                                dir.filePath("cli/ids.txt")});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 0);
    for (const char* file : {"gt.json", "results.json", "ids.txt"}) {
      QFile gui(dir.filePath(QStringLiteral("gui/") + file));
      QFile fromCli(dir.filePath(QStringLiteral("cli/") + file));
      QVERIFY(gui.open(QIODevice::ReadOnly));
      QVERIFY(fromCli.open(QIODevice::ReadOnly));
      const QByteArray written = gui.readAll();
      QVERIFY(!written.isEmpty());
      QCOMPARE(written, fromCli.readAll());
    }
    QFile ids(dir.filePath("gui/ids.txt"));
    QVERIFY(ids.open(QIODevice::ReadOnly));
    QCOMPARE(ids.readAll().count('\n'), view->imagesInView().size());
  }
};

QTEST_MAIN(TestGuiViews)
#include "tst_gui_views.moc"
