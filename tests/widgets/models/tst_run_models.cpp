// The run workflow's item models under QAbstractItemModelTester: metric table, per-image records
// (growing row by row), editable overrides; and the helpers they format with.

#include <QAbstractItemModelTester>
#include <QtTest>

#include "widgets/models/metric_table_model.h"
#include "widgets/models/override_table_model.h"
#include "widgets/models/people_table_model.h"
#include "widgets/models/record_table_model.h"
#include "widgets/pages/results/run_summary_panel.h"
#include "widgets/pages/run/run_progress_view.h"

using namespace posescope;

namespace {

ImageRecord makeRecord(size_t index, bool failed) {
  ImageRecord r;
  r.index = index;
  r.imageId = 1000 + static_cast<std::int64_t>(index);
  r.file = "img" + std::to_string(index) + ".jpg";
  r.times.decodeMs = 1.25;
  r.times.forwardMs = 10.5 + index;
  r.times.groupMs = 2;
  if (failed) {
    r.error = "cannot decode img.jpg";
  } else {
    r.people.resize(index % 3);
  }
  return r;
}

}  // namespace

class TestRunModels : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void metricTableShowsThreeDecimalsAndFullPrecision() {
    MetricTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    MetricTable table;
    table.names = {"AP", "Ap .5", "AR"};
    table.values = {0.123456789, 0.9995, -1.0};
    model.setTable(table, "a_rather_long_architecture_name");
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.columnCount(), 4);
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QString("AP"));
    QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QString("Ap .5"));
    // valid.py's shortening of long arch names, as the CLI's table.
    QCOMPARE(model.index(0, 0).data().toString(),
             QString::fromStdString(shortenArchName("a_rather_long_architecture_name")));
    QCOMPARE(model.index(0, 1).data().toString(), QString("0.123"));
    QCOMPARE(model.index(0, 3).data().toString(), QString("-1.000"));
    QCOMPARE(model.index(0, 1).data(Qt::UserRole).toDouble(), 0.123456789);
    QVERIFY(model.index(0, 1).data(Qt::ToolTipRole).toString().contains("0.123456789"));
    // Same cells as the CLI's Markdown line.
    const QString markdown = QString::fromStdString(formatMarkdownTable(table, "x"));
    const QStringList cells = markdown.split('\n')[2].split('|', Qt::SkipEmptyParts);
    for (int c = 1; c < model.columnCount(); ++c)
      QCOMPARE(model.index(0, c).data().toString(), cells[c].trimmed());
    model.setTable(std::nullopt, {});
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), 0);
  }

  void recordTableGrowsRowByRow() {
    RecordTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    for (size_t i = 0; i < 4; ++i) {
      ImageRecord record = makeRecord(i, i == 2);
      if (i == 0) record.warmUp = "first forward of replica 1";
      model.appendRecord(record);
    }
    QCOMPARE(inserted.count(), 4);
    // What the Timing page reads: the warm-up said, the people left out.
    QCOMPARE(model.records().front().warmUp, std::string("first forward of replica 1"));
    QVERIFY(model.records().front().people.empty());
    QCOMPARE(inserted.last().at(1).toInt(), 3);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.index(1, RecordTableModel::ImageIdColumn).data().toLongLong(), 1001LL);
    QCOMPARE(model.index(1, RecordTableModel::FileColumn).data().toString(), QString("img1.jpg"));
    QCOMPARE(model.index(1, RecordTableModel::PeopleColumn).data().toInt(), 1);
    QCOMPARE(model.index(1, RecordTableModel::TotalMsColumn).data(Qt::UserRole).toDouble(),
             1.25 + 11.5 + 2);
    QCOMPARE(model.index(1, RecordTableModel::TotalMsColumn).data().toString(), QString("14.8"));
    QCOMPARE(model.index(1, RecordTableModel::FirstStageColumn + 2).data(Qt::UserRole).toDouble(),
             11.5);
    QCOMPARE(model.headerData(RecordTableModel::FirstStageColumn + 2, Qt::Horizontal).toString(),
             QString("forward ms"));
    QCOMPARE(model.index(2, RecordTableModel::FailureColumn).data().toString(),
             QString("cannot decode img.jpg"));
    QVERIFY(model.index(1, RecordTableModel::FailureColumn).data().toString().isEmpty());
    QVERIFY(!model.index(4, 0).isValid());
    // Issue 15, item 16: the image's AP and mean OKS beside its timings, once evaluated.
    QVERIFY(!model.index(1, RecordTableModel::ApColumn).data().isValid());
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    PerImageRow scored;
    scored.index = 1;
    scored.ap = 0.5;
    scored.meanOks = 0.625;
    model.setScores({scored});
    QCOMPARE(changed.count(), 1);
    QCOMPARE(model.index(1, RecordTableModel::ApColumn).data().toString(), QString("0.500"));
    QCOMPARE(model.index(1, RecordTableModel::OksColumn).data(Qt::UserRole).toDouble(), 0.625);
    QCOMPARE(model.index(0, RecordTableModel::ApColumn).data(Qt::UserRole).toDouble(), -1.0);
    QCOMPARE(model.headerData(RecordTableModel::OksColumn, Qt::Horizontal).toString(),
             QString("Mean OKS"));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
  }

  // Issue 15, item 10: each person's score and OKS, unmatched and missed people named.
  void peopleTableListsScoresMatchesAndMissedPeople() {
    PeopleTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    OverlayScene scene;
    for (float score : {0.4f, 0.9f, 0.2f}) {
      PersonPrediction p;
      p.score = score;
      scene.predictions.push_back(p);
    }
    GroundTruthPerson found, missed, crowd;
    found.id = 7;
    found.numKeypoints = 5;
    missed.id = 8;
    missed.numKeypoints = 3;
    crowd.id = 9;
    crowd.isCrowd = true;
    scene.groundTruth = {found, missed, crowd};
    scene.matches = {{1, 7, 0.81, false}};
    RenderOptions options;
    options.maxPeople = 2;
    model.setScene(scene, options);
    QCOMPARE(model.rowCount(), 4);  // three predictions (highest score first), one missed person
    QCOMPARE(model.index(0, PeopleTableModel::PersonColumn).data().toString(), QString("P2"));
    QCOMPARE(model.index(0, PeopleTableModel::ScoreColumn).data().toString(), QString("0.900"));
    QCOMPARE(model.index(0, PeopleTableModel::OksColumn).data().toString(), QString("0.810"));
    QCOMPARE(model.index(0, PeopleTableModel::MatchColumn).data().toString(), QString("GT 7"));
    QCOMPARE(model.index(1, PeopleTableModel::MatchColumn).data().toString(), QString("unmatched"));
    QCOMPARE(model.index(2, PeopleTableModel::ShownColumn).data().toString(), QString("no"));
    QCOMPARE(model.index(3, PeopleTableModel::PersonColumn).data().toString(), QString("GT 8"));
    QCOMPARE(model.index(3, PeopleTableModel::MatchColumn).data().toString(), QString("missed"));
    QVERIFY(model.index(0, PeopleTableModel::PersonColumn).data(Qt::DecorationRole).isValid());
    model.setScene({}, options);
    QCOMPARE(model.rowCount(), 0);
  }

  void overridesEditable() {
    OverrideTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(model.setFromText("TEST.FLIP_TEST False TEST.SCALE_FACTOR '[0.5, 1]'"));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(1, OverrideTableModel::ValueColumn).data().toString(),
             QString("[0.5, 1]"));
    QVERIFY(!model.setFromText("ODD"));
    QCOMPARE(model.rowCount(), 2);
    QVERIFY(model.insertRows(2, 1));
    QVERIFY(model.flags(model.index(2, 0)) & Qt::ItemIsEditable);
    QVERIFY(model.setData(model.index(2, 0), "TEST.NMS_KERNEL"));
    QVERIFY(model.setData(model.index(2, 1), "3"));
    QCOMPARE(model.flatList(), (QStringList{"TEST.FLIP_TEST", "False", "TEST.SCALE_FACTOR",
                                            "[0.5, 1]", "TEST.NMS_KERNEL", "3"}));
    QVERIFY(model.removeRows(0, 1));
    QCOMPARE(model.flatList().first(), QString("TEST.SCALE_FACTOR"));
    QVERIFY(!model.removeRows(5, 1));
    QVERIFY(model.insertRows(0, 1));  // blank rows are skipped
    QCOMPARE(model.flatList().size(), 4);
  }

  void progressAndCountFormatting() {
    QCOMPARE(progressStats(0, 40, 0), QString("0 / 40 images"));
    const QString s = progressStats(10, 40, 5.0);
    QVERIFY2(s.contains("10 / 40 images") && s.contains("2.00 img/s") && s.contains("ETA 15 s"),
             qPrintable(s));
    QVERIFY(progressStats(40, 40, 20.0).contains("elapsed"));
    // A resumed run that had 30 images done: its rate counts the 10 done since, not all 40.
    const QString resumed = progressStats(40, 80, 5.0, 30);
    QVERIFY2(resumed.contains("40 / 80 images") && resumed.contains("2.00 img/s") &&
                 resumed.contains("ETA 20 s"),
             qPrintable(resumed));
    QCOMPARE(progressStats(30, 80, 0.0, 30), QString("30 / 80 images"));
  }
};

QTEST_MAIN(TestRunModels)
#include "tst_run_models.moc"
