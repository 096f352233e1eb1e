// The Compare page's header (CompareHeaderBar): it names the two run folders (the folder's name,
// the whole path as tooltip), its buttons and order box say what the user asked for, and on the
// Compare page they open, swap, order and run what they say. The file dialogs of Open A… / Open
// B… are answered by ModalDialogs; the page's models go through QAbstractItemModelTester.

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include "widgets/analysis_run_fixture.h"
#include "widgets/common/elided_label.h"
#include "widgets/modal_dialogs.h"
#include "widgets/models/comparison_models.h"
#include "widgets/pages/compare/compare_header_bar.h"
#include "widgets/pages/compare/compare_view.h"

using namespace posescope;
using namespace posescope::test;

namespace {

const QString kNone = QStringLiteral("\u2013");

QPushButton* button(const QWidget* bar, const QString& text) {
  for (QPushButton* b : bar->findChildren<QPushButton*>())
    if (b->text() == text) return b;
  return nullptr;
}

// The labels naming A and B (their whole text; QLabel::text() is what fits).
ElidedLabel* pathLabel(const QWidget* bar, CompareHeaderBar::Side side) {
  for (ElidedLabel* label : bar->findChildren<ElidedLabel*>())
    if (label->text().startsWith(side == CompareHeaderBar::A ? "A: " : "B: ")) return label;
  return nullptr;
}

QString canonical(const QString& path) {
  return QFileInfo(path).canonicalFilePath();
}

}  // namespace

class TestCompareHeaderBar : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString runA_, runB_;

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    const std::string annotations = dir_.filePath("annotations.json").toStdString();
    writeAnalysisFixtureGroundTruth(annotations);
    runA_ = dir_.filePath("run-a");
    runB_ = dir_.filePath("run-b");
    writeAnalysisFixtureRun(runA_.toStdString(), annotations);
    writeAnalysisFixtureRun(runB_.toStdString(), annotations);
  }

  void barNamesTheFolders() {
    CompareHeaderBar bar;
    ElidedLabel* a = pathLabel(&bar, CompareHeaderBar::A);
    ElidedLabel* b = pathLabel(&bar, CompareHeaderBar::B);
    QVERIFY(a && b && a != b);
    QCOMPARE(a->text(), "A: " + kNone);
    QCOMPARE(b->text(), "B: " + kNone);
    // The folder's name; the whole path as tooltip.
    bar.setRunFolder(CompareHeaderBar::A, "/data/runs/20261202-101500");
    QCOMPARE(a->text(), QStringLiteral("A: 20261202-101500"));
    QCOMPARE(a->toolTip(), QDir::toNativeSeparators("/data/runs/20261202-101500"));
    QCOMPARE(b->text(), "B: " + kNone);
    bar.setRunFolder(CompareHeaderBar::B, "/other/run-b");
    QCOMPARE(b->text(), QStringLiteral("B: run-b"));
    QCOMPARE(a->text(), QStringLiteral("A: 20261202-101500"));
    // None again.
    bar.setRunFolder(CompareHeaderBar::A, QString());
    QCOMPARE(a->text(), "A: " + kNone);
    QVERIFY(a->toolTip().isEmpty());
  }

  void longPathsKeepTheirDistinguishingEnd() {
    // Two checkpoints of a sweep: only their ends differ. At 1280 px, what is shown of each
    // keeps that end (the middle goes), and the tooltip holds the whole path.
    CompareHeaderBar bar;
    bar.resize(1280, bar.sizeHint().height());
    bar.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bar));
    const QString stem =
        "litepose_xs_coco_batchsize_32_lr_0.001_flip_test_project2image_checkpoint_";
    bar.setRunFolder(CompareHeaderBar::A, "/data/runs/" + stem + "140");
    bar.setRunFolder(CompareHeaderBar::B, "/data/runs/" + stem + "150");
    ElidedLabel* a = pathLabel(&bar, CompareHeaderBar::A);
    ElidedLabel* b = pathLabel(&bar, CompareHeaderBar::B);
    QVERIFY(a && b);
    QVERIFY2(a->isElided(), qPrintable(a->QLabel::text()));
    QVERIFY2(
        a->QLabel::text().startsWith("A: lite") && a->QLabel::text().endsWith("checkpoint_140"),
        qPrintable(a->QLabel::text()));
    QVERIFY2(b->QLabel::text().endsWith("checkpoint_150"), qPrintable(b->QLabel::text()));
    QCOMPARE(b->toolTip(), QDir::toNativeSeparators("/data/runs/" + stem + "150"));
  }

  void middleElidedLabelsKeepBothEnds() {
    QCOMPARE(middleElided("short", 48), QString("short"));
    const QString cut =
        middleElided("pose_mobilenet (batchsize_32_checkpoint_140_of_the_long_sweep)", 30);
    QCOMPARE(cut.size(), 30);
    QVERIFY2(cut.startsWith("pose_mobilenet") && cut.endsWith("long_sweep)"), qPrintable(cut));
    QVERIFY(cut.contains(QChar(0x2026)));
  }

  void buttonsSayWhatWasAskedFor() {
    CompareHeaderBar bar;
    QList<int> opened;
    int swaps = 0, runPairs = 0;
    connect(&bar, &CompareHeaderBar::openRequested, this,
            [&](CompareHeaderBar::Side side) { opened << int(side); });
    connect(&bar, &CompareHeaderBar::swapRequested, this, [&] { ++swaps; });
    connect(&bar, &CompareHeaderBar::runPairRequested, this, [&] { ++runPairs; });
    QPushButton* openA = button(&bar, QStringLiteral("Open &A\u2026"));
    QPushButton* openB = button(&bar, QStringLiteral("Open &B\u2026"));
    QPushButton* swap = button(&bar, QStringLiteral("S&wap"));
    QPushButton* runPair = button(&bar, QStringLiteral("&Run A and B\u2026"));
    QVERIFY(openA && openB && swap && runPair);
    QCOMPARE(bar.findChild<QPushButton*>("runPairButton"), runPair);

    openB->click();
    openA->click();
    QCOMPARE(opened, QList<int>({int(CompareHeaderBar::B), int(CompareHeaderBar::A)}));
    swap->click();
    QCOMPARE(swaps, 1);
    runPair->click();
    QCOMPARE(runPairs, 1);
    // Disabled while a run goes: the button cannot be pressed.
    bar.setRunPairEnabled(false);
    QVERIFY(!runPair->isEnabled());
    runPair->click();
    QCOMPARE(runPairs, 1);
    bar.setRunPairEnabled(true);
    runPair->click();
    QCOMPARE(runPairs, 2);
    QCOMPARE(opened.size(), 2);
    QCOMPARE(swaps, 1);
  }

  void orderBoxSaysTheOrderChosen() {
    CompareHeaderBar bar;
    auto* box = bar.findChild<QComboBox*>();
    QVERIFY(box);
    QCOMPARE(box->count(), 2);
    QList<int> chosen;  // DeltaOrder as int
    connect(&bar, &CompareHeaderBar::orderChosen, this, [&](DeltaOrder o) { chosen << int(o); });
    // Shown without a signal (the page sets it from its own state).
    bar.setOrder(DeltaOrder::Oks);
    QVERIFY(box->currentText().contains(QStringLiteral("\u0394 OKS")));
    bar.setOrder(DeltaOrder::Ap);
    QVERIFY(box->currentText().contains(QStringLiteral("\u0394 AP")));
    QVERIFY(chosen.isEmpty());
    // Chosen by the user: said.
    const int oks = box->findText(QStringLiteral("\u0394 OKS"), Qt::MatchStartsWith);
    const int ap = box->findText(QStringLiteral("\u0394 AP"), Qt::MatchStartsWith);
    QVERIFY(oks >= 0 && ap >= 0 && oks != ap);
    box->setCurrentIndex(oks);
    box->setCurrentIndex(ap);
    QCOMPARE(chosen, QList<int>({int(DeltaOrder::Oks), int(DeltaOrder::Ap)}));
  }

  void exportButtonOpensTheShellsMenu() {
    CompareHeaderBar bar;
    QToolButton* exportButton = nullptr;
    for (QToolButton* b : bar.findChildren<QToolButton*>())
      if (b->text() == QStringLiteral("E&xport")) exportButton = b;
    QVERIFY(exportButton);
    QCOMPARE(exportButton->popupMode(), QToolButton::InstantPopup);
    QVERIFY(!exportButton->menu());
    QMenu menu;
    bar.setExportMenu(&menu);
    QCOMPARE(exportButton->menu(), &menu);
  }

  // On the Compare page the header drives the page and follows it.
  void headerDrivesTheComparePage() {
    CompareView view;
    QAbstractItemModelTester images(view.imageModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester metrics(view.metricModel(),
                                     QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto* bar = view.findChild<CompareHeaderBar*>();
    QVERIFY(bar);
    QCOMPARE(pathLabel(bar, CompareHeaderBar::A)->text(), "A: " + kNone);
    QString error;
    QVERIFY2(view.setSide(CompareView::A, loadCompareSide(runA_.toStdString()), &error),
             qPrintable(error));
    QCOMPARE(pathLabel(bar, CompareHeaderBar::A)->text(), QStringLiteral("A: run-a"));
    QCOMPARE(pathLabel(bar, CompareHeaderBar::B)->text(), "B: " + kNone);
    QVERIFY2(view.setSide(CompareView::B, loadCompareSide(runB_.toStdString()), &error),
             qPrintable(error));
    QVERIFY(view.comparison());
    QCOMPARE(pathLabel(bar, CompareHeaderBar::B)->text(), QStringLiteral("B: run-b"));
    QCOMPARE(pathLabel(bar, CompareHeaderBar::A)->toolTip(),
             QDir::toNativeSeparators(QString::fromStdString(view.side(CompareView::A)->run->dir)));

    // Swap exchanges the runs, and the header says so.
    button(bar, QStringLiteral("S&wap"))->click();
    QCOMPARE(canonical(QString::fromStdString(view.side(CompareView::A)->run->dir)),
             canonical(runB_));
    QCOMPARE(canonical(QString::fromStdString(view.comparison()->a.dir)), canonical(runB_));
    QCOMPARE(pathLabel(bar, CompareHeaderBar::A)->text(), QStringLiteral("A: run-b"));
    QCOMPARE(pathLabel(bar, CompareHeaderBar::B)->text(), QStringLiteral("B: run-a"));

    // The order box orders the page, and shows the page's order when set from elsewhere.
    auto* box = bar->findChild<QComboBox*>();
    const int ap = box->findText(QStringLiteral("\u0394 AP"), Qt::MatchStartsWith);
    const int oks = box->findText(QStringLiteral("\u0394 OKS"), Qt::MatchStartsWith);
    QVERIFY(view.order() == DeltaOrder::Oks);  // the page's default
    QCOMPARE(box->currentIndex(), oks);
    box->setCurrentIndex(ap);
    QVERIFY(view.order() == DeltaOrder::Ap);
    view.setOrder(DeltaOrder::Oks);
    QCOMPARE(box->currentIndex(), oks);

    // Run A and B… is the page's request, and is disabled with it.
    int runPairs = 0;
    connect(&view, &CompareView::runPairRequested, this, [&] { ++runPairs; });
    auto* runPair = bar->findChild<QPushButton*>("runPairButton");
    runPair->click();
    QCOMPARE(runPairs, 1);
    view.setRunPairEnabled(false);
    QVERIFY(!runPair->isEnabled());
    view.setRunPairEnabled(true);
    QVERIFY(runPair->isEnabled());

    // Open A… / Open B… ask for a folder; the one chosen is the page's request for that side.
    QList<QPair<int, QString>> chosen;
    connect(&view, &CompareView::runFolderChosen, this, [&](int side, const QString& dir) {
      chosen.append({side, dir});
    });
    {
      ModalDialogs dialogs({ModalDialogs::choose(runA_)});
      button(bar, QStringLiteral("Open &B\u2026"))->click();
      QCOMPARE(dialogs.seen().size(), 1);
      QCOMPARE(dialogs.seen()[0].title, QStringLiteral("Open run folder B"));
      QCOMPARE(dialogs.ignoredAnswers(), 0);
    }
    QCOMPARE(chosen.size(), 1);
    QCOMPARE(chosen[0].first, int(CompareView::B));
    QCOMPARE(canonical(chosen[0].second), canonical(runA_));
    {
      ModalDialogs dialogs({ModalDialogs::reject()});
      button(bar, QStringLiteral("Open &A\u2026"))->click();
      QCOMPARE(dialogs.seen().size(), 1);
      QCOMPARE(dialogs.seen()[0].title, QStringLiteral("Open run folder A"));
    }
    QCOMPARE(chosen.size(), 1);  // cancelled: nothing asked for

    // The page's export menu is behind the header's Export button.
    QMenu menu;
    view.setExportMenu(&menu);
    QToolButton* exportButton = nullptr;
    for (QToolButton* b : bar->findChildren<QToolButton*>())
      if (b->text() == QStringLiteral("E&xport")) exportButton = b;
    QVERIFY(exportButton);
    QCOMPARE(exportButton->menu(), &menu);
  }
};

QTEST_MAIN(TestCompareHeaderBar)
#include "tst_compare_header_bar.moc"
