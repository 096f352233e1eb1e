// Issue 15, item 12: at the default window size (1280 x 800), with runs of the demo model and of
// its tiny sibling opened as a user opens them, everything is in sight: Inspect's joint,
// colormap, opacity and score-style controls; Compare's B - A and delta-AP columns, their
// headers whole, and every metric row; the legend and display filters of both pages.

#include <QComboBox>
#include <QDir>
#include <QHeaderView>
#include <QLineEdit>
#include <QProcess>
#include <QSlider>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>

#include "built_programs.h"
#include "synthetic_fixture.h"
#include "test_files.h"
#include "test_support.h"
#include "widgets/common/display_filter_bar.h"
#include "widgets/common/image_canvas.h"
#include "widgets/common/overlay_legend.h"
#include "widgets/common/view_query_bar.h"
#include "widgets/models/comparison_models.h"
#include "widgets/pages/compare/canvas_pair.h"
#include "widgets/pages/compare/compare_view.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/main_window.h"

using namespace posescope;

namespace {

constexpr int kTimeoutMs = 180000;
const QSize kDefaultWindow(1280, 800);

using posescope::test::repoFile;

// posescope-cli eval of a demo architecture on `dataRoot` into `out`; "" or what went wrong.
QString evalDemo(const QString& arch, const QString& weights, const QString& dataRoot,
                 const QString& out) {
  QProcess cli;
  cli.start(posescope::test::cliPath(),
            {"eval", "--cfg", repoFile("configs/demo/demo.yaml"), "--superconfig", repoFile(arch),
             "--out", out, "--device", "cpu", "--quiet", "DATASET.ROOT", dataRoot,
             "TEST.MODEL_FILE", repoFile(weights), "TEST.FLIP_TEST", "False"});
  if (!cli.waitForFinished(kTimeoutMs)) return "posescope-cli eval did not finish";
  if (cli.exitCode() != 0) return QString::fromUtf8(cli.readAllStandardError());
  return {};
}

// Why `widget` is not shown whole inside `window` ("" when it is): hidden (e.g. in a toolbar's
// overflow menu), or cut by one of the panes it lies in or by the window.
QString notShownWhole(const QWidget* widget, const QWidget* window) {
  if (!widget) return "missing";
  if (!widget->isVisible()) return "hidden";
  for (const QWidget* pane = widget->parentWidget(); pane; pane = pane->parentWidget()) {
    const QRect inPane(widget->mapTo(pane, QPoint(0, 0)), widget->size());
    if (!pane->rect().contains(inPane))
      return QString("cut by %1 (%2 x %3 px at %4, %5 in a %6 x %7 px pane)")
          .arg(pane->metaObject()->className())
          .arg(inPane.width())
          .arg(inPane.height())
          .arg(inPane.x())
          .arg(inPane.y())
          .arg(pane->width())
          .arg(pane->height());
    if (pane == window) break;
  }
  return {};
}

// Why column `column` of `table` is not in sight with its header whole ("" when it is): the
// section must lie inside the header's viewport and be as wide as its text in the header's font
// plus the style's margins.
QString columnCut(const QTableView* table, int column) {
  const QHeaderView* header = table->horizontalHeader();
  const QString text = table->model()->headerData(column, Qt::Horizontal).toString();
  if (header->isSectionHidden(column)) return text + ": hidden";
  const int x = header->sectionViewportPosition(column);
  const int width = header->sectionSize(column);
  if (x < 0 || x + width > header->viewport()->width())
    return QString("%1: out of sight (at %2, %3 px wide, header %4 px)")
        .arg(text)
        .arg(x)
        .arg(width)
        .arg(header->viewport()->width());
  const int margins = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
  const int needed = QFontMetrics(header->font()).horizontalAdvance(text) + margins;
  if (width < needed) return QString("%1: cut (%2 px for %3 px)").arg(text).arg(width).arg(needed);
  return {};
}

}  // namespace

class TestDefaultWindowLayout : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir tmp_;
  QString runA_, runB_;

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_default_window_layout");
    QSettings().clear();  // no saved geometry: the window opens at its default size
    QVERIFY(tmp_.isValid());
    const QString root = QString::fromStdString(test::makeSyntheticCoco(tmp_.filePath("data"), 3));
    runA_ = tmp_.filePath("demo-arch");
    runB_ = tmp_.filePath("demo-arch-tiny");
    QString error =
        evalDemo("configs/demo/demo-arch.json", "resources/demo/demo_litepose.pth", root, runA_);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    error = evalDemo("configs/demo/demo-arch-tiny.json", "resources/demo/demo_litepose_tiny.pth",
                     root, runB_);
    QVERIFY2(error.isEmpty(), qPrintable(error));
  }

  void inspectControlsInSight() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.size(), kDefaultWindow);
    QSignalSpy opened(window.session(), &RunSession::runFolderOpened);
    window.openRunFolder(runA_);
    QVERIFY(opened.wait(kTimeoutMs));
    window.pages()->setCurrentIndex(MainWindow::InspectPage);
    InspectView* inspect = window.inspectView();
    QVERIFY(inspect->showImage(0));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);  // layouts settle
    QCOMPARE(window.size(), kDefaultWindow);  // no minimum size pushed the window larger
    const QWidget* controls[] = {inspect->findChild<QComboBox*>("jointBox"),
                                 inspect->findChild<QComboBox*>("colormapBox"),
                                 inspect->findChild<QSlider*>("opacitySlider"),
                                 inspect->findChild<QComboBox*>("scoreStyleBox"),
                                 inspect->findChild<DisplayFilterBar*>(),
                                 inspect->legend(),
                                 inspect->canvas()};
    for (const QWidget* control : controls) {
      const QString why = notShownWhole(control, &window);
      QVERIFY2(why.isEmpty(),
               qPrintable((control ? control->objectName() : QString()) + ": " +
                          (control ? control->metaObject()->className() : "") + " " + why));
    }
    // Issue 53 item 12: the view query has the image list's whole width, so a query of a few
    // words and the column its error names are in sight.
    const QLineEdit* query = inspect->viewBar()->edit();
    const auto* images = inspect->findChild<QTableView*>("imageTable");
    QVERIFY(images);
    QVERIFY2(
        query->width() >= images->width() - 4,
        qPrintable(
            QString("query %1 px, image list %2 px").arg(query->width()).arg(images->width())));
    const QString typed = QStringLiteral("ap_lost > 0.1 and people >= 2");
    QVERIFY2(query->fontMetrics().horizontalAdvance(typed) < query->width(),
             qPrintable(QString("query %1 px").arg(query->width())));
  }

  void compareColumnsInSight() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy compared(window.session(), &RunSession::comparisonOpened);
    window.compareRuns(runA_, runB_);
    QVERIFY(compared.wait(kTimeoutMs));
    QCOMPARE(window.pages()->currentIndex(), int(MainWindow::ComparePage));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);  // layouts settle
    QCOMPARE(window.size(), kDefaultWindow);
    CompareView* compare = window.compareView();
    QVERIFY(compare->comparison());
    const auto* metrics = compare->findChild<QTableView*>("metricTable");
    const auto* images = compare->findChild<QTableView*>("imageDeltaTable");
    QVERIFY(metrics && images);
    QString why = columnCut(metrics, MetricComparisonModel::DeltaColumn);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    why = columnCut(images, ImageDeltaModel::DeltaApColumn);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    // Every metric row in sight.
    const int last = metrics->model()->rowCount() - 1;
    QVERIFY(last >= 9);
    QVERIFY2(metrics->rowViewportPosition(last) + metrics->rowHeight(last) <=
                 metrics->viewport()->height(),
             qPrintable(QString("metric row %1 ends at %2, the table shows %3 px")
                            .arg(last + 1)
                            .arg(metrics->rowViewportPosition(last) + metrics->rowHeight(last))
                            .arg(metrics->viewport()->height())));
    for (const QWidget* w :
         {static_cast<const QWidget*>(metrics), static_cast<const QWidget*>(images),
          static_cast<const QWidget*>(compare->canvasPair()->filterBar()),
          static_cast<const QWidget*>(compare->canvasPair()->legend())}) {
      why = notShownWhole(w, &window);
      QVERIFY2(why.isEmpty(), qPrintable(QString(w->metaObject()->className()) + " " + why));
    }
  }

  // Issue 53, item 8: two checkpoints of a sweep, whose folder names differ only at their end,
  // keep the window at its size, and what shows them keeps that end.
  void longRunNamesKeepTheWindowAndTheirEnds() {
    const QString stem = "litepose_xs_coco_batchsize_32_lr_0.001_flip_test_project2image_ck_";
    const QString a = tmp_.filePath(stem + "140"), b = tmp_.filePath(stem + "150");
    // One arch twice: the labels name the folders.
    for (const QString& to : {a, b})
      std::filesystem::copy(
          runA_.toStdString(), to.toStdString(),
          std::filesystem::copy_options::recursive | std::filesystem::copy_options::skip_existing);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy compared(window.session(), &RunSession::comparisonOpened);
    window.compareRuns(a, b);
    QVERIFY(compared.wait(kTimeoutMs));
    // The layouts the comparison asked for, done now rather than after a guessed wait.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QVERIFY2(window.minimumSizeHint().width() <= kDefaultWindow.width(),
             qPrintable(QString("the window needs %1 px").arg(window.minimumSizeHint().width())));
    QCOMPARE(window.size(), kDefaultWindow);
    const auto* metrics = window.compareView()->findChild<QTableView*>("metricTable");
    QVERIFY(metrics);
    for (int column : {1, 2}) {
      const QString header = metrics->model()->headerData(column, Qt::Horizontal).toString();
      QVERIFY2(header.endsWith(column == 1 ? "140)" : "150)"), qPrintable(header));
    }
  }
};

QTEST_MAIN(TestDefaultWindowLayout)
#include "tst_default_window_layout.moc"
