// The Runs page's models under QAbstractItemModelTester: the library's rows (posescope-cli runs'
// columns, a stat column for every stat any run has, unknown values as a dash sorted as NaN,
// unreadable rows saying why, other ground truths grey) and the table of runs against a
// baseline (the baseline's values, each run's difference and interval).

#include <QAbstractItemModelTester>
#include <QColor>
#include <QFont>
#include <QtTest>
#include <limits>

#include "widgets/models/baseline_comparison_model.h"
#include "widgets/models/run_library_model.h"

using namespace posescope;

namespace {

LibraryRun run(const std::string& name, double ap, const std::string& sha) {
  LibraryRun r;
  r.dir = "/lib/" + name;
  r.name = name;
  r.state = "complete";
  r.model = "pose_mobilenet";
  r.arch = "LitePose-XS";
  r.checkpoint = "checkpoint.pth.tar";
  r.epoch = 140;
  r.annotationFile = "/data/person_keypoints_val2017.json";
  r.annotationSha256 = sha;
  r.images = r.imagesTotal = 40;
  r.statNames = {"AP", "AP .5"};
  r.stats = {ap, ap + 0.2};
  r.parameters = 1700000;
  r.multiplyAdds = 1200000000;
  r.msPerImage = 12.5;
  r.startedAt = "2026-12-01T10:00:00Z";
  return r;
}

}  // namespace

class TestRunLibraryModel : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void libraryRowsAndColumns() {
    RunLibraryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    LibraryRun broken;
    broken.dir = "/lib/broken";
    broken.name = "broken";
    broken.state = "unreadable";
    broken.problem = "/lib/broken/run.json: not JSON";
    LibraryRun crowd = run("crowd", 0.4, "ffff");
    crowd.statNames = {"AP", "AP (easy)"};
    crowd.stats = {0.4, 0.5};
    crowd.epoch.reset();
    crowd.msPerImage.reset();
    model.setRuns({run("xs", 0.5, "abcdef0123456789"), broken, crowd});
    QCOMPARE(model.rowCount(), 3);
    // AP, AP .5 of the first run, then the CrowdPose run's AP (easy).
    QCOMPARE(model.statNames(), (std::vector<std::string>{"AP", "AP .5", "AP (easy)"}));
    QCOMPARE(model.columnCount(), RunLibraryModel::FirstStatColumn + 3 + 4);
    QCOMPARE(model.headerData(RunLibraryModel::FirstStatColumn + 1, Qt::Horizontal).toString(),
             QString("AP .5"));
    QCOMPARE(model.headerData(model.columnCount() - 1, Qt::Horizontal).toString(), QString("Date"));
    const int ap = model.statColumn("AP");
    QCOMPARE(ap, int(RunLibraryModel::FirstStatColumn));
    QCOMPARE(model.statColumn("AR"), -1);
    QCOMPARE(model.index(0, ap).data().toString(), QString("0.500"));
    QCOMPARE(model.index(0, ap).data(Qt::UserRole).toDouble(), 0.5);
    QCOMPARE(model.index(0, RunLibraryModel::ModelColumn).data().toString(),
             QString("pose_mobilenet / LitePose-XS"));
    QCOMPARE(model.index(0, RunLibraryModel::DatasetColumn).data().toString(),
             QString::fromUtf8("person_keypoints_val2017.json · abcdef012345"));
    QCOMPARE(model.index(0, model.columnCount() - 3).data().toString(), QString("1.200"));
    QCOMPARE(model.index(0, model.columnCount() - 2).data().toString(), QString("12.5"));
    // What a run has not: a dash, below every value for sorting.
    QCOMPARE(model.index(2, RunLibraryModel::EpochColumn).data().toString(),
             QString::fromUtf8("\u2013"));
    QCOMPARE(model.index(2, model.statColumn("AP .5")).data(Qt::UserRole).toDouble(),
             -std::numeric_limits<double>::infinity());
    // An unreadable row says why on every cell, in red.
    QCOMPARE(model.index(1, ap).data(Qt::ToolTipRole).toString(),
             QString("unreadable: /lib/broken/run.json: not JSON"));
    QVERIFY(model.index(1, 0).data(Qt::ForegroundRole).value<QColor>().isValid());
    QCOMPARE(model.runAt(1)->name, std::string("broken"));
    QVERIFY(!model.runAt(3));
    // Runs on another ground truth than the one chosen are grey.
    QCOMPARE(groundTruthKey(*model.runAt(0)), QString("abcdef0123456789"));
    model.setGroundTruth("abcdef0123456789");
    QVERIFY(!model.index(0, 0).data(Qt::ForegroundRole).isValid());
    QCOMPARE(model.index(2, 0).data(Qt::ForegroundRole).value<QColor>(), QColor(Qt::gray));
    model.setRuns({});
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), RunLibraryModel::FirstStatColumn + 4);
  }

  void runsAgainstABaseline() {
    BaselineComparisonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    BaselineComparison c;
    c.baseline = {"/lib/a", "a"};
    c.statNames = {"AP", "AR"};
    BootstrapComparison b;
    b.images = 40;
    b.stats = {{"AP", 0.5, 0.55, 0.05, 0.01, 0.09, true},
               {"AR", 0.6, 0.58, -0.02, -0.06, 0.02, false}};
    c.runs.push_back({{"/lib/b", "b"}, b});
    model.setComparison(c);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), 3);
    QCOMPARE(model.index(0, 0).data().toString(), QString("a (baseline)"));
    QCOMPARE(model.index(0, 1).data().toString(), QString("0.500"));
    QCOMPARE(model.index(1, 1).data().toString(), QString("+0.050 [+0.010, +0.090] *"));
    QCOMPARE(model.index(1, 1).data(Qt::UserRole).toDouble(), 0.05);
    QVERIFY(model.index(1, 1).data(Qt::FontRole).value<QFont>().bold());
    QCOMPARE(model.index(1, 2).data().toString(), QString("-0.020 [-0.060, +0.020]"));
    QVERIFY(!model.index(1, 2).data(Qt::FontRole).isValid());
    QVERIFY(model.index(1, 2).data(Qt::ToolTipRole).toString().contains("may be chance"));
    QCOMPARE(model.differenceAt(1, 1)->high, 0.02);
    QVERIFY(!model.differenceAt(0, 0));
    QVERIFY(!model.differenceAt(2, 0));
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(),
             QString::fromUtf8("\u0394 AP [95 % CI]"));
    model.setComparison(std::nullopt);
    QCOMPARE(model.rowCount(), 0);
  }
};

QTEST_MAIN(TestRunLibraryModel)
#include "tst_run_library_model.moc"
