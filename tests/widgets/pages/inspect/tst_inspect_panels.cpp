// The Inspect page's keys reach its panels wherever the focus is on the page (issue 54: each
// panel holds its own actions, the page adds them): "]" / "[" / "0" step the joint (the layer
// bar), P G C M E H T R toggle the layers (the layer bar), PgDown / PgUp walk the image table
// (the image list); and every panel's widgets keep the object names the tests and shell use.

#include <QComboBox>
#include <QLabel>
#include <QSpinBox>
#include <QTableView>
#include <QToolButton>
#include <QtTest>

#include "render/run_overlay_data.h"
#include "widgets/common/image_canvas.h"
#include "widgets/pages/inspect/inspect_view.h"

using namespace posescope;

namespace {

// Three images without people or files (placeholders are drawn), the COCO skeleton's joints.
RunOverlayData threeImages() {
  RunOverlayData data;
  for (std::size_t i = 0; i < 3; ++i) {
    ImageRecord r;
    r.index = i;
    r.imageId = static_cast<std::int64_t>(i) + 1;
    r.file = "image" + std::to_string(i) + ".jpg";
    data.records.push_back(r);
  }
  data.rows = perImageRows(data.records, {});
  return data;
}

}  // namespace

class TestInspectPanels : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void jointKeysStepTheJoint() {
    InspectView view;
    view.resize(1280, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowActive(&view));
    view.setData(threeImages(), nullptr);
    QVERIFY(view.showImage(0));
    const int joints = static_cast<int>(view.data().skeleton.jointNames.size());
    QVERIFY(joints > 1);
    auto* jointBox = view.findChild<QComboBox*>(QStringLiteral("jointBox"));
    QVERIFY(jointBox);
    view.canvas()->setFocus();
    QCOMPARE(view.joint(), -1);
    QTest::keyClick(view.canvas(), Qt::Key_BracketRight);
    QCOMPARE(view.joint(), 0);
    QCOMPARE(jointBox->currentIndex(), 1);
    QTest::keyClick(view.canvas(), Qt::Key_BracketRight);
    QCOMPARE(view.joint(), 1);
    QTest::keyClick(view.canvas(), Qt::Key_BracketLeft);
    QCOMPARE(view.joint(), 0);
    QTest::keyClick(view.canvas(), Qt::Key_BracketLeft);
    QCOMPARE(view.joint(), -1);
    QTest::keyClick(view.canvas(), Qt::Key_BracketLeft);  // from the maximum: the last joint
    QCOMPARE(view.joint(), joints - 1);
    QTest::keyClick(view.canvas(), Qt::Key_BracketRight);  // past the last: the maximum
    QCOMPARE(view.joint(), -1);
    view.setJoint(3);
    QTest::keyClick(view.canvas(), Qt::Key_0);
    QCOMPARE(view.joint(), -1);
    QCOMPARE(jointBox->currentIndex(), 0);
  }

  void layerKeysToggleTheLayers() {
    InspectView view;
    view.show();
    QVERIFY(QTest::qWaitForWindowActive(&view));
    view.setData(threeImages(), nullptr);
    QVERIFY(view.showImage(0));
    view.canvas()->setFocus();
    QVERIFY(view.options().showHeatmap);  // the point of the page
    QTest::keyClick(view.canvas(), Qt::Key_H);
    QVERIFY(!view.options().showHeatmap);
    const bool predictions = view.options().showPredictions;
    QTest::keyClick(view.canvas(), Qt::Key_P);
    QCOMPARE(view.options().showPredictions, !predictions);
    const bool errors = view.options().showErrors;
    QTest::keyClick(view.canvas(), Qt::Key_E);
    QCOMPARE(view.options().showErrors, !errors);
    QTest::keyClick(view.canvas(), Qt::Key_F);  // fits; the image stays
    QCOMPARE(view.currentImage(), std::optional<std::size_t>(0));
  }

  void stepKeysWalkTheTable() {
    InspectView view;
    view.show();
    QVERIFY(QTest::qWaitForWindowActive(&view));
    view.setData(threeImages(), nullptr);
    QVERIFY(view.showImage(0));
    auto* table = view.findChild<QTableView*>(QStringLiteral("imageTable"));
    QVERIFY(table);
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Period);
    QCOMPARE(view.currentImage(), std::optional<std::size_t>(1));
    QTest::keyClick(table, Qt::Key_Comma);
    QCOMPARE(view.currentImage(), std::optional<std::size_t>(0));
  }

  void panelsKeepTheirObjectNames() {
    InspectView view;
    for (const char* name : {"imageTable", "tagsTable", "peopleTable", "personErrorsTable"})
      QVERIFY2(view.findChild<QTableView*>(QString::fromLatin1(name)), name);
    for (const char* name : {"jointBox", "colormapBox", "scoreStyleBox", "filterColumnBox"})
      QVERIFY2(view.findChild<QComboBox*>(QString::fromLatin1(name)), name);
    for (const char* name : {"queueBanner", "personSummary"})
      QVERIFY2(view.findChild<QLabel*>(QString::fromLatin1(name)), name);
    for (const char* name : {"tagButton", "otherQueues"})
      QVERIFY2(view.findChild<QToolButton*>(QString::fromLatin1(name)), name);
    QVERIFY(view.findChild<QSpinBox*>(QStringLiteral("queueTop")));
    QVERIFY(view.findChild<QWidget*>(QStringLiteral("opacitySlider")));
  }
};

QTEST_MAIN(TestInspectPanels)
#include "tst_inspect_panels.moc"
