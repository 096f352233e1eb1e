// Issue 15, item 6: the run setup finds what would make a run fail before Run is pressed — a
// checkpoint that does not load into the network (checked in the background as the inputs
// settle, as a run loads it), a file that is no checkpoint — and shows unknown keys with their
// did-you-mean where they can be read without scrolling sideways.

#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>

#include "synthetic_fixture.h"
#include "test_files.h"
#include "test_support.h"
#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/session/checkpoint_check.h"

using namespace posescope;

namespace {

constexpr int kCheckTimeoutMs = 120000;

using posescope::test::repoFile;

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
    QVERIFY2(error.contains("demo_litepose.pth") && error.contains("does not fit"),
             qPrintable(error));
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

  void fileThatIsNoCheckpointIsFoundBeforeRun() {
    RunSetupView view;
    view.checkpointCheck()->setSettleMs(0);
    view.setSetup(demoSetup("configs/demo/demo-arch.json", "configs/demo/demo-arch.json"));
    QTRY_VERIFY_WITH_TIMEOUT(!view.isCheckingCheckpoint(), kCheckTimeoutMs);
    const QString error = view.fieldError(SetupField::Checkpoint);
    QVERIFY2(error.contains("demo-arch.json"), qPrintable(error));
    QVERIFY(!view.runButton()->isEnabled());
  }

  void unknownKeysAreShownWrappedWithTheirSuggestion() {
    QFile demo(repoFile("configs/demo/demo.yaml"));
    QVERIFY(demo.open(QIODevice::ReadOnly));
    QString yaml = QString::fromUtf8(demo.readAll());
    QVERIFY(yaml.contains("\nTEST:\n"));
    yaml.replace("\nTEST:\n", "\nTEST:\n  FLIP_TST: True\n");
    const QString misspelt = dir_.filePath("misspelt.yaml");
    QFile out(misspelt);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(yaml.toUtf8());
    out.close();

    RunSetupView view;
    view.resize(640, 700);
    RunSetup s = demoSetup("configs/demo/demo-arch.json", "resources/demo/demo_litepose.pth");
    s.configFile = misspelt;
    view.setSetup(s);
    QVERIFY2(view.warningText().contains("did you mean TEST.FLIP_TEST?"),
             qPrintable(view.warningText()));
    // Wrapped in the form's width, not one line that needs a sideways scroll.
    const auto labels = view.findChildren<QLabel*>();
    const auto warning = std::find_if(labels.begin(), labels.end(),
                                      [&](QLabel* l) { return l->text() == view.warningText(); });
    QVERIFY(warning != labels.end());
    QVERIFY((*warning)->wordWrap());

    // A misspelt override key is refused with its suggestion, under the overrides.
    view.setConfigFile(repoFile("configs/demo/demo.yaml"));
    view.setOverrides({"TEST.FLIP_TST", "False"});
    QVERIFY2(view.fieldError(SetupField::Overrides).contains("did you mean TEST.FLIP_TEST?"),
             qPrintable(view.fieldError(SetupField::Overrides)));
    QVERIFY(!view.runButton()->isEnabled());
  }
};

QTEST_MAIN(TestRunSetupChecks)
#include "tst_run_setup_checks.moc"
