// Export > Overlays' folder dialog: a new folder named by typing it is created instead of Qt's
// "Directory not found", one that cannot be created is said with its name (the dialog stays
// open), and the overlays are written into the folder created.

#include <QAction>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include "widgets/analysis_run_fixture.h"
#include "widgets/modal_dialogs.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/export_actions.h"
#include "widgets/shell/main_window.h"
#include "widgets/shell/output_folder_dialog.h"

using namespace posescope;
using test::ModalDialogs;

namespace {

constexpr int kTimeoutMs = 60000;

}  // namespace

class TestOutputFolderDialog : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir tmp_;

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(tmp_.isValid());
  }

  void aNewFolderTypedIsCreated() {
    const QString folder = tmp_.filePath("typed_folder");
    {
      ModalDialogs dialogs({ModalDialogs::choose(folder)});
      QCOMPARE(askOutputFolder(nullptr, "Folder", tmp_.path()), folder);
      QVERIFY(QFileInfo(folder).isDir());
      QCOMPARE(dialogs.ignoredAnswers(), 0);
    }
    // An existing folder is chosen as before.
    ModalDialogs again({ModalDialogs::choose(folder)});
    QCOMPARE(askOutputFolder(nullptr, "Folder", tmp_.path()), folder);
  }

  void aFolderThatCannotBeMadeIsNamed() {
    QFile file(tmp_.filePath("a_file"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    const QString folder = tmp_.filePath("a_file/overlays");  // under a file: cannot be made
    // The path, then the message box's OK; the dialog, still open, is cancelled.
    ModalDialogs dialogs({ModalDialogs::choose(folder), ModalDialogs::accept()});
    QVERIFY(askOutputFolder(nullptr, "Folder", tmp_.path()).isEmpty());
    QVERIFY(dialogs.seen().size() >= 2);
    QCOMPARE(dialogs.seen().at(1).className, QStringLiteral("QMessageBox"));
    QVERIFY2(dialogs.seen().at(1).text.contains(QDir::toNativeSeparators(folder)),
             qPrintable(dialogs.seen().at(1).text));
  }

  // Through the menu: the folder typed is made and the overlays go into it.
  void overlaysGoIntoTheFolderTyped() {
    const QString annotations = tmp_.filePath("gt.json");
    const QString run = tmp_.filePath("run");
    test::writeAnalysisFixtureGroundTruth(annotations.toStdString());
    test::writeAnalysisFixtureRun(run.toStdString(), annotations.toStdString());
    MainWindow window;
    QSignalSpy opened(window.session(), &RunSession::runFolderOpened);
    window.openRunFolder(run);
    QVERIFY(opened.wait(kTimeoutMs));
    QTRY_VERIFY_WITH_TIMEOUT(window.inspectView()->data().records.size() == 7, kTimeoutMs);
    window.exportActions()->updateEnabled();  // as the Export menu does when it opens
    auto* action = window.findChild<QAction*>(QStringLiteral("exportAllOverlays"));
    QVERIFY(action && action->isEnabled());
    const QString folder = tmp_.filePath("typed_for_overlays");
    // The fixture has no image files: the warning listing them skipped is closed; the status bar
    // names the folder once the export ends.
    ModalDialogs dialogs({ModalDialogs::choose(folder)});
    action->trigger();
    QVERIFY(QFileInfo(folder).isDir());
    QCOMPARE(dialogs.seen().first().className, QStringLiteral("QFileDialog"));
    QTRY_VERIFY2_WITH_TIMEOUT(window.statusBar()->currentMessage().contains(folder),
                              qPrintable(window.statusBar()->currentMessage()), kTimeoutMs);
  }
};

QTEST_MAIN(TestOutputFolderDialog)
#include "tst_output_folder_dialog.moc"
