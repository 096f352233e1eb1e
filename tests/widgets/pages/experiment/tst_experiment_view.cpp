// The experiment page: loading a config and an arch fills the tree and table; bad inputs show
// an inline error naming the file instead of failing.

#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <QtTest>

#include "test_files.h"
#include "test_support.h"
#include "widgets/models/arch_table_model.h"
#include "widgets/models/config_tree_model.h"
#include "widgets/pages/experiment/experiment_view.h"
#include "widgets/shell/main_window.h"

using posescope::ExperimentView;

namespace {

using posescope::test::repoFile;

// Finds the row of `key` under `parent` in the config tree (column 0).
QModelIndex findKey(const QAbstractItemModel* model, const QString& key,
                    const QModelIndex& parent = {}) {
  for (int r = 0; r < model->rowCount(parent); ++r) {
    const QModelIndex i = model->index(r, 0, parent);
    if (i.data().toString() == key) return i;
  }
  return {};
}

}  // namespace

class TestExperimentView : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_experiment_view");
  }

  void loadsConfigAndArch() {
    ExperimentView view;
    QAbstractItemModelTester treeTester(
        const_cast<posescope::ConfigTreeModel*>(view.configModel()));
    QAbstractItemModelTester tableTester(const_cast<posescope::ArchTableModel*>(view.archModel()));
    view.setArchFile(repoFile("configs/arch/search-XS.json"));
    view.setConfigFile(repoFile("configs/crowd_pose/mobilenet/mobile.yaml"));
    QVERIFY2(view.experiment().has_value(), qPrintable(view.errorText()));
    QVERIFY(view.errorText().isEmpty());

    const auto* tree = view.configModel();
    const QModelIndex dataset = findKey(tree, "DATASET");
    QVERIFY(dataset.isValid());
    const QModelIndex inputSize = findKey(tree, "INPUT_SIZE", dataset);
    QVERIFY(inputSize.isValid());
    QCOMPARE(inputSize.siblingAtColumn(posescope::ConfigTreeModel::ValueColumn).data().toString(),
             QString("256"));
    QCOMPARE(tree->data(inputSize, Qt::ToolTipRole).toString(), QString("DATASET.INPUT_SIZE"));

    // search-XS: stem + 4 stages + deconv head; stage 3 has 10 blocks of 48 channels.
    const auto* table = view.archModel();
    QCOMPARE(table->rowCount(), 6);
    QCOMPARE(table->index(3, posescope::ArchTableModel::BlocksColumn).data().toInt(), 10);
    QCOMPARE(table->index(3, posescope::ArchTableModel::ChannelsColumn).data().toInt(), 48);
    QCOMPARE(table->index(5, posescope::ArchTableModel::ChannelsColumn).data().toString(),
             QString("16 / 24 / 24"));

    // Parameters and multiply-adds per row arrive from a background summary of the network.
    QSignalSpy costs(&view, &ExperimentView::costsComputed);
    QVERIFY(costs.wait(60000));
    for (int row = 0; row < table->rowCount(); ++row)
      QVERIFY(!table->index(row, posescope::ArchTableModel::ParametersColumn).data().isNull());
    QCOMPARE(
        table->index(3, posescope::ArchTableModel::ParametersColumn).data().toString().right(1),
        QString("k"));
  }

  void overridesApply() {
    ExperimentView view;
    view.setConfigFile(repoFile("configs/coco/mobilenet/mobile.yaml"));
    view.setOverrides("TEST.FLIP_TEST False TEST.SCALE_FACTOR '[0.5, 1, 2]'");
    QVERIFY2(view.experiment().has_value(), qPrintable(view.errorText()));
    QCOMPARE(view.experiment()->cfg.getBool("TEST.FLIP_TEST"), false);
    QCOMPARE(view.experiment()->cfg.getDoubleList("TEST.SCALE_FACTOR").size(), size_t(3));
  }

  void badYamlShowsInlineErrorWithLine() {
    QTemporaryDir dir;
    const QString path = dir.filePath("broken.yaml");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("MODEL:\n  NAME: pose_mobilenet\n  NUM_JOINTS: [17\nTEST: {\n");
    f.close();
    ExperimentView view;
    QSignalSpy changed(&view, &ExperimentView::experimentChanged);
    view.setConfigFile(path);
    QCOMPARE(changed.count(), 1);
    QVERIFY(!view.experiment().has_value());
    QVERIFY2(view.errorText().contains("broken.yaml"), qPrintable(view.errorText()));
    // file:line[:column] or "line N": either way the message points at the line.
    QVERIFY2(view.errorText().contains(QRegularExpression(R"(broken\.yaml:\d+|line \d+)")),
             qPrintable(view.errorText()));
    QCOMPARE(view.configModel()->rowCount(), 0);
  }

  void badArchShowsInlineError() {
    QTemporaryDir dir;
    const QString path = dir.filePath("zero.json");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"img_size": 256, "input_channel": 0, "deconv_setting": [16, 24, 24],
               "backbone_setting": []})");
    f.close();
    ExperimentView view;
    view.setConfigFile(repoFile("configs/coco/mobilenet/mobile.yaml"));
    view.setArchFile(path);
    QVERIFY(!view.experiment().has_value());
    QVERIFY2(view.errorText().contains("zero.json"), qPrintable(view.errorText()));
    QVERIFY2(view.errorText().contains("input_channel"), qPrintable(view.errorText()));
  }

  void mainWindowRoutesFilesBySuffix() {
    posescope::MainWindow window;
    QVERIFY(window.openFile(repoFile("configs/coco/mobilenet/mobile.yaml")));
    QVERIFY(window.openFile(repoFile("configs/arch/search-S.json")));
    QVERIFY(!window.openFile(repoFile("README.md")));
    QVERIFY(window.findChild<ExperimentView*>()->experiment().has_value());
    QVERIFY(window.findChild<ExperimentView*>()->experiment()->arch.has_value());
    QVERIFY(window.windowTitle().contains("mobile.yaml"));
  }
};

QTEST_MAIN(TestExperimentView)
#include "tst_experiment_view.moc"
