// The Results page's run summary: a run folder too long for the panel is cut from the left, so
// the end that tells runs apart (the run's own folder) stays in view, and a long state with an
// ellipsis instead of a wrapped line cut unseen; the tooltips and value() hold the whole texts.

#include <QtTest>

#include "widgets/common/elided_label.h"
#include "widgets/pages/results/run_summary_panel.h"

using namespace posescope;

class TestRunSummaryPanel : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void longRunFolderKeepsItsEnd() {
    const QString folder = QStringLiteral(
        "/home/someone/experiments/pose/mobilenet_v2/coco_val2017/runs/"
        "nightly/run-2026-12-03_120145-hrnet-w32");
    RunSummaryPanel panel;
    RunSummary summary;
    summary.imagesTotal = summary.imagesDone = 4;
    panel.setSummary(summary, folder);
    panel.resize(360, panel.sizeHint().height());
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));

    QCOMPARE(panel.value(RunSummaryPanel::Row::Folder), folder);
    ElidedLabel* label = nullptr;
    for (ElidedLabel* candidate : panel.findChildren<ElidedLabel*>())
      if (candidate->text() == folder) label = candidate;
    QVERIFY2(label, "the run folder is not an elided label");
    QVERIFY(label->isElided());
    const QString shown = label->QLabel::text();
    QVERIFY2(shown.startsWith(QChar(0x2026)), qPrintable(shown));  // cut on the left ...
    QVERIFY2(shown.endsWith(QStringLiteral("hrnet-w32")), qPrintable(shown));  // ... end kept
    QVERIFY(label->width() <= panel.width());
    QCOMPARE(label->toolTip(), folder);
    // The state (an interrupted run's says how to continue it): cut on the right, visibly.
    summary.state = RunState::Interrupted;
    summary.message =
        "stopped before the end (killed or crashed); continue it with posescope-cli "
        "eval --resume";
    panel.setSummary(summary, folder);
    const QString state = panel.value(RunSummaryPanel::Row::State);
    QVERIFY2(state.endsWith(QStringLiteral("eval --resume)")), qPrintable(state));
    ElidedLabel* stateLabel = nullptr;
    for (ElidedLabel* candidate : panel.findChildren<ElidedLabel*>())
      if (candidate->text() == state) stateLabel = candidate;
    QVERIFY(stateLabel);
    QTRY_VERIFY(stateLabel->isElided());
    QVERIFY(stateLabel->QLabel::text().endsWith(QChar(0x2026)));
    QCOMPARE(stateLabel->toolTip(), state);

    // Wide enough, the whole path shows; cleared, a dash.
    panel.resize(2000, panel.height());
    QTRY_VERIFY(!label->isElided());
    panel.clear();
    QCOMPARE(panel.value(RunSummaryPanel::Row::Folder), QStringLiteral("\u2014"));
  }
};

QTEST_MAIN(TestRunSummaryPanel)
#include "tst_run_summary_panel.moc"
