// Issue 15, item 6: the run setup finds what would make a run fail before Run is pressed — a
// checkpoint that does not load into the network (checked in the background as the inputs
// settle, as a run loads it), a file that is no checkpoint — and shows unknown keys with their
// did-you-mean where they can be read without scrolling sideways. Issue 33: messages under the
// fields never move the fields, a file that is no checkpoint gets one message, and a misspelt
// YAML key is noted once, under the YAML, with the value the run really uses.

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QTemporaryDir>
#include <QVBoxLayout>
#include <QtTest>

#include "synthetic_fixture.h"
#include "test_files.h"
#include "test_support.h"
#include "widgets/pages/experiment/experiment_setup_page.h"
#include "widgets/pages/experiment/field_message.h"
#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/session/checkpoint_check.h"

using namespace posescope;

namespace {

constexpr int kCheckTimeoutMs = 120000;

using posescope::test::repoFile;

// Where every input of the form is, in the form's coordinates, once its layout has settled.
QMap<QWidget*, QRect> fieldPlaces(RunSetupView& view) {
  QCoreApplication::processEvents();
  view.layout()->activate();
  QMap<QWidget*, QRect> places;
  const auto add = [&](QWidget* w) { places[w] = QRect(w->mapTo(&view, QPoint()), w->size()); };
  for (QLineEdit* edit : view.findChildren<QLineEdit*>()) add(edit);
  for (QComboBox* combo : view.findChildren<QComboBox*>()) add(combo);
  for (QTableView* table : view.findChildren<QTableView*>()) add(table);
  add(view.runButton());
  return places;
}

// Every text the page shows (labels, message slots, list rows), for counting a message.
QStringList shownTexts(QWidget& page) {
  QStringList texts;
  for (QLabel* label : page.findChildren<QLabel*>())
    if (label->isVisibleTo(&page)) texts << label->text();
  for (QPlainTextEdit* slot : page.findChildren<QPlainTextEdit*>())
    if (slot->isVisibleTo(&page)) texts << slot->toPlainText();
  for (QListWidget* list : page.findChildren<QListWidget*>())
    if (list->isVisibleTo(&page))
      for (int row = 0; row < list->count(); ++row) texts << list->item(row)->text();
  return texts;
}

int timesShown(QWidget& page, const QRegularExpression& pattern) {
  int count = 0;
  for (const QString& text : shownTexts(page)) count += int(text.count(pattern));
  return count;
}

}  // namespace

class TestRunSetupChecks : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString root_;

  RunSetup demoSetup(const QString& arch, const QString& checkpoint) const {
    RunSetup s;
    s.configFile = repoFile("configs/demo/demo.yaml");
    s.archFile = repoFile(arch);
    s.checkpoint = repoFile(checkpoint);
    s.datasetRoot = root_;
    s.device = "cpu";
    s.outputDir = dir_.filePath("runs");
    return s;
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    root_ = QString::fromStdString(test::makeSyntheticCoco(dir_.path(), 2));
  }

  void checkpointThatDoesNotFitIsFoundBeforeRun() {
    RunSetupView view;
    view.checkpointCheck()->setSettleMs(0);
    // The demo model's weights with its tiny sibling's architecture: the YAML, arch and files
    // are all valid on their own, only the strict load fails.
    view.setSetup(
        demoSetup("configs/demo/demo-arch-tiny.json", "resources/demo/demo_litepose.pth"));
    QVERIFY2(view.check().ok(), qPrintable(view.fieldError(SetupField::Checkpoint)));
    QTRY_VERIFY_WITH_TIMEOUT(!view.isCheckingCheckpoint(), kCheckTimeoutMs);
    const QString error = view.fieldError(SetupField::Checkpoint);
    QVERIFY2(error.contains("demo_litepose.pth") && error.contains("does not match the network"),
             qPrintable(error));
    QCOMPARE(timesShown(view, QRegularExpression("does not (match|fit)")), 1);
    QVERIFY(!view.canRun());
    QVERIFY(!view.runButton()->isEnabled());

    // The matching architecture: ready.
    view.setArchFile(repoFile("configs/demo/demo-arch.json"));
    QTRY_VERIFY_WITH_TIMEOUT(!view.isCheckingCheckpoint(), kCheckTimeoutMs);
    QVERIFY2(view.fieldError(SetupField::Checkpoint).isEmpty(),
             qPrintable(view.fieldError(SetupField::Checkpoint)));
    QVERIFY(view.canRun());
    QVERIFY(view.runButton()->isEnabled());
  }

  // A JSON or a cut-short .pth is no checkpoint: one message saying so, not that and a second
  // one about the network it cannot fit.
  void fileThatIsNoCheckpointGetsOneMessage_data() {
    QTest::addColumn<QString>("checkpoint");
    QTest::addColumn<QString>("says");
    QTest::newRow("json") << repoFile("configs/demo/demo-arch.json")
                          << "'" + repoFile("configs/demo/demo-arch.json") +
                                 "' is not a PyTorch checkpoint";
    QFile whole(repoFile("resources/demo/demo_litepose.pth"));
    QVERIFY(whole.open(QIODevice::ReadOnly));
    const QString truncated = dir_.filePath("truncated.pth");
    QFile cut(truncated);
    QVERIFY(cut.open(QIODevice::WriteOnly));
    cut.write(whole.read(whole.size() / 2));
    cut.close();
    QTest::newRow("truncated pth") << truncated << "corrupt or truncated";
  }

  void fileThatIsNoCheckpointGetsOneMessage() {
    QFETCH(QString, checkpoint);
    QFETCH(QString, says);
    RunSetupView view;
    view.checkpointCheck()->setSettleMs(0);
    RunSetup s = demoSetup("configs/demo/demo-arch.json", "resources/demo/demo_litepose.pth");
    s.checkpoint = checkpoint;
    view.setSetup(s);
    QTRY_VERIFY_WITH_TIMEOUT(!view.isCheckingCheckpoint(), kCheckTimeoutMs);
    const QString error = view.fieldError(SetupField::Checkpoint);
    QVERIFY2(error.contains(says), qPrintable(error));
    QVERIFY2(!error.contains('\n') && !error.contains("network"), qPrintable(error));
    QCOMPARE(timesShown(view, QRegularExpression(QRegularExpression::escape(checkpoint))), 1);
    QVERIFY(!view.runButton()->isEnabled());
  }

  // Showing or clearing a message under a field moves no field: a click or a drop lands where
  // the user aimed.
  void messagesDoNotMoveTheFields() {
    QWidget window;  // closed while the form is whole (a focused field validates as it closes)
    window.setLayout(new QVBoxLayout);
    auto& view = *new RunSetupView;
    window.layout()->addWidget(&view);
    window.resize(640, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    view.checkpointCheck()->setPaused(true);  // only the messages this test makes
    view.setSetup(demoSetup("configs/demo/demo-arch.json", "resources/demo/demo_litepose.pth"));
    QVERIFY2(view.check().ok(), qPrintable(view.check().errors.values().join("; ")));
    const QMap<QWidget*, QRect> clean = fieldPlaces(view);

    view.setConfigFile(dir_.filePath("missing.yaml"));
    QVERIFY(!view.fieldError(SetupField::Config).isEmpty());
    QCOMPARE(fieldPlaces(view), clean);
    view.setCheckpoint(dir_.filePath("missing.pth"));
    QVERIFY(!view.fieldError(SetupField::Checkpoint).isEmpty());
    QCOMPARE(fieldPlaces(view), clean);

    view.setSetup(demoSetup("configs/demo/demo-arch.json", "resources/demo/demo_litepose.pth"));
    QVERIFY(view.fieldError(SetupField::Config).isEmpty());
    QCOMPARE(fieldPlaces(view), clean);
  }

  // LitePose's yacs config takes new keys, so valid.py runs a misspelt one with the key meant at
  // its value: said once, under the YAML, with that value; Run stays possible.
  void misspeltYamlKeyIsNotedOnceUnderTheYaml() {
    QFile demo(repoFile("configs/demo/demo.yaml"));
    QVERIFY(demo.open(QIODevice::ReadOnly));
    QString yaml = QString::fromUtf8(demo.readAll());
    QVERIFY(yaml.contains("\nTEST:\n"));
    yaml.replace("\nTEST:\n", "\nTEST:\n  FLIP_TES: False\n");
    const int line = int(yaml.left(yaml.indexOf("FLIP_TES:")).count('\n')) + 1;
    const QString misspelt = dir_.filePath("misspelt.yaml");
    QFile out(misspelt);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(yaml.toUtf8());
    out.close();

    ExperimentSetupPage page;
    page.resize(1280, 760);
    RunSetupView& view = *page.setupView();
    view.checkpointCheck()->setSettleMs(0);
    RunSetup s = demoSetup("configs/demo/demo-arch.json", "resources/demo/demo_litepose.pth");
    s.configFile = misspelt;
    view.setSetup(s);
    // Made off the GUI thread: not there yet when the validation returns.
    QVERIFY(view.warningText().isEmpty());
    QTRY_COMPARE(view.warningText(),
                 QString("Line %1: TEST.FLIP_TES is not a key valid.py reads (did you mean "
                         "TEST.FLIP_TEST?); the run uses TEST.FLIP_TEST = True")
                     .arg(line));
    QCOMPARE(timesShown(page, QRegularExpression("FLIP_TES\\b")), 1);
    const auto slots = view.findChildren<FieldMessage*>();
    const auto note = std::find_if(slots.begin(), slots.end(), [&](FieldMessage* m) {
      return m->text() == view.warningText();
    });
    QVERIFY(note != slots.end());
    QCOMPARE((*note)->lineWrapMode(), QPlainTextEdit::WidgetWidth);  // no sideways scroll
    QVERIFY(view.fieldError(SetupField::Config).isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(!view.isCheckingCheckpoint(), kCheckTimeoutMs);
    QVERIFY(view.canRun());
    QVERIFY(view.runButton()->isEnabled());

    // The overrides do not take new keys (merge_from_list refuses them, as valid.py does): a
    // misspelt override key is an error with its suggestion, under the overrides only.
    view.setConfigFile(repoFile("configs/demo/demo.yaml"));
    view.setOverrides({"TEST.FLIP_TST", "False"});
    QVERIFY2(view.fieldError(SetupField::Overrides).contains("did you mean TEST.FLIP_TEST?"),
             qPrintable(view.fieldError(SetupField::Overrides)));
    QCOMPARE(timesShown(page, QRegularExpression("FLIP_TST\\b")), 1);
    QTRY_VERIFY(view.warningText().isEmpty());
    QVERIFY(!view.runButton()->isEnabled());
  }
};

QTEST_MAIN(TestRunSetupChecks)
#include "tst_run_setup_checks.moc"
