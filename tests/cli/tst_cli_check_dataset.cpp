// posescope-cli check-dataset (issue 56): a generated ground truth is clean (exit 0); the same file
// with one mistake of each kind injected is reported with each mistake, by kind and with its ids
// (exit 1), in Markdown and JSON; a bad file is exit 3 naming it.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "demo_eval.h"
#include "test_support.h"

namespace {

using posescope::test::CliRun;
using posescope::test::explain;
using posescope::test::runCli;

QJsonObject readObject(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object()
                                     : QJsonObject();
}

void writeObject(const QString& path, const QJsonObject& object) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(QJsonDocument(object).toJson());
}

}  // namespace

class TestCliCheckDataset : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;
  QString annotations_, images_;

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    const QString data = tmp_.filePath("data");
    const CliRun made = posescope::test::makeDemoDataset(data, 6);
    QVERIFY2(made.exitCode == 0, qPrintable(explain(made)));
    annotations_ = data + "/annotations/person_keypoints_val2017.json";
    images_ = data + "/images/val2017";
  }

  void aGeneratedDatasetIsClean() {
    const CliRun r = runCli({"check-dataset", annotations_, "--images", images_});
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
    QVERIFY2(r.out.contains("image files checked") && r.out.contains("Nothing found."),
             qPrintable(r.out));
  }

  void eachInjectedMistakeIsFoundWithItsIds() {
    QJsonObject gt = readObject(annotations_);
    QJsonArray people = gt["annotations"].toArray();
    QJsonArray images = gt["images"].toArray();
    QVERIFY(people.size() >= 6 && images.size() == 6);
    const auto person = [&](int i) { return people[i].toObject(); };
    // 0: a joint far right of its image (and so of its box).
    QJsonObject p = person(0);
    QJsonArray k = p["keypoints"].toArray();
    k[0] = 5000;
    k[2] = 2;
    p["keypoints"] = k;
    people[0] = p;
    // 1: num_keypoints one too many.
    p = person(1);
    p["num_keypoints"] = p["num_keypoints"].toInt() + 1;
    people[1] = p;
    // 2: an area twice its box.
    p = person(2);
    const QJsonArray box = p["bbox"].toArray();
    p["area"] = 2 * box[2].toDouble() * box[3].toDouble();
    people[2] = p;
    // 3: an area of zero.
    p = person(3);
    p["area"] = 0;
    people[3] = p;
    // 4: annotated twice (its copy a quarter pixel away, another id).
    p = person(4);
    k = p["keypoints"].toArray();
    for (int j = 0; j < k.size(); j += 3) k[j] = k[j].toDouble() + 0.25;
    p["keypoints"] = k;
    p["id"] = 9001;
    people.append(p);
    // 5: inside a crowd region drawn around its box.
    p = person(5);
    const QJsonArray around = p["bbox"].toArray();
    QJsonObject crowd = p;
    crowd["id"] = 9002;
    crowd["iscrowd"] = 1;
    crowd["num_keypoints"] = 0;
    QJsonArray zeros;
    for (int j = 0; j < k.size(); ++j) zeros.append(0);
    crowd["keypoints"] = zeros;
    crowd["bbox"] = QJsonArray{around[0].toDouble() - 4, around[1].toDouble() - 4,
                               around[2].toDouble() + 8, around[3].toDouble() + 8};
    people.append(crowd);
    gt["annotations"] = people;
    // Image 0's file is gone; image 1's size says 10 px wider than the file is.
    const QJsonObject gone = images[0].toObject();
    QVERIFY(
        QFile::rename(images_ + "/" + gone["file_name"].toString(), tmp_.filePath("moved.jpg")));
    QJsonObject wider = images[1].toObject();
    wider["width"] = wider["width"].toInt() + 10;
    images[1] = wider;
    gt["images"] = images;
    const QString edited = tmp_.filePath("edited.json");
    writeObject(edited, gt);

    const CliRun r = runCli({"check-dataset", edited, "--images", images_, "--format", "json"});
    QFile::rename(tmp_.filePath("moved.jpg"), images_ + "/" + gone["file_name"].toString());
    QCOMPARE(r.exitCode, 1);
    const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonObject counts = report["counts"].toObject();
    const std::pair<const char*, int> expected[] = {
        {"keypoint outside image", 1}, {"num_keypoints mismatch", 1},
        {"area larger than box", 1},   {"joint outside box", 1},
        {"zero area with joints", 1},  {"duplicate person", 1},
        {"person inside crowd", 1},    {"image missing or unreadable", 1},
        {"image size differs", 1}};
    for (const auto& [name, n] : expected)
      QVERIFY2(counts[name].toInt() == n, qPrintable(QString(name) + ": " + r.out));
    // Each finding names what was injected.
    const auto finding = [&](const char* issue) {
      for (const QJsonValue& f : report["findings"].toArray())
        if (f.toObject()["issue"].toString() == issue) return f.toObject();
      return QJsonObject();
    };
    QCOMPARE(finding("keypoint outside image")["annotation_id"].toInteger(),
             person(0)["id"].toInteger());
    QCOMPARE(finding("num_keypoints mismatch")["annotation_id"].toInteger(),
             person(1)["id"].toInteger());
    QCOMPARE(finding("area larger than box")["annotation_id"].toInteger(),
             person(2)["id"].toInteger());
    QCOMPARE(finding("zero area with joints")["annotation_id"].toInteger(),
             person(3)["id"].toInteger());
    QCOMPARE(finding("duplicate person")["annotation_id"].toInteger(), person(4)["id"].toInteger());
    QCOMPARE(finding("duplicate person")["other_annotation_id"].toInteger(), 9001);
    QCOMPARE(finding("person inside crowd")["annotation_id"].toInteger(),
             person(5)["id"].toInteger());
    QCOMPARE(finding("person inside crowd")["other_annotation_id"].toInteger(), 9002);
    QCOMPARE(finding("image missing or unreadable")["image_id"].toInteger(),
             gone["id"].toInteger());
    QCOMPARE(finding("image size differs")["image_id"].toInteger(), wider["id"].toInteger());

    // The Markdown report: a table of counts, then the findings of each kind.
    const CliRun md = runCli({"check-dataset", edited, "--list", "0"});
    QCOMPARE(md.exitCode, 1);
    QVERIFY2(md.out.contains("| duplicate person | 1 |") &&
                 md.out.contains("| image size differs | not checked |") &&
                 md.out.contains("- … and 1 more (--format json lists all)"),
             qPrintable(md.out));
  }

  void aBadFileIsExitThreeNamingIt() {
    const CliRun r = runCli({"check-dataset", tmp_.filePath("absent.json")});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains("absent.json"), qPrintable(r.err));
    QCOMPARE(runCli({"check-dataset"}).exitCode, 2);
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestCliCheckDataset)
#include "tst_cli_check_dataset.moc"
