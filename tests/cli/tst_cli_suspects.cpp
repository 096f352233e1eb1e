// posescope-cli suspects and make-dataset --label-errors (issue 56): the demo model's run of a
// generated set with errors injected on purpose lists them with their ids, evidence and fixes (a
// swap's fix gives back the annotation the set has without errors); the same set without errors
// has no swap or duplicate suspect; bad options and folders are refused, naming them.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <utility>

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

const QString kRates = "swap=0.05,unannotated=0.05,displaced=0.05,duplicate=0.05";

// The annotations of a generated set by id.
QMap<qint64, QJsonObject> annotationsById(const QString& dataRoot) {
  QMap<qint64, QJsonObject> byId;
  const QJsonObject gt = readObject(dataRoot + "/annotations/person_keypoints_val2017.json");
  for (const auto& a : gt["annotations"].toArray())
    byId.insert(a.toObject()["id"].toInteger(), a.toObject());
  return byId;
}

}  // namespace

class TestCliSuspects : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;
  QString clean_, faulty_, truth_, cleanRun_, faultyRun_;

  static CliRun make(const QString& root, const QStringList& extra = {}) {
    return runCli(QStringList{"make-dataset", "--out", root, "--images", "60", "--split", "val2017",
                              "--seed", "5"} +
                  extra);
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    clean_ = tmp_.filePath("clean");
    faulty_ = tmp_.filePath("faulty");
    truth_ = tmp_.filePath("truth.json");
    CliRun r = make(clean_);
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
    r = make(faulty_, {"--label-errors", kRates, "--label-errors-out", truth_});
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
    QVERIFY2(r.out.contains("wrote the injected label errors: " + truth_), qPrintable(r.out));
    cleanRun_ = tmp_.filePath("clean-run");
    faultyRun_ = tmp_.filePath("faulty-run");
    r = runCli(QStringList{"eval", "--out", cleanRun_} +
               posescope::test::demoEvalArguments(clean_));
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
    r = runCli(QStringList{"eval", "--out", faultyRun_} +
               posescope::test::demoEvalArguments(faulty_));
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
  }

  // The truth names annotations of the file as written, altered as it says.
  void theTruthNamesTheWrittenAnnotations() {
    const QJsonObject truth = readObject(truth_);
    const QJsonArray errors = truth["errors"].toArray();
    QCOMPARE(truth["split"].toString(), QStringLiteral("val2017"));
    const QMap<qint64, QJsonObject> faulty = annotationsById(faulty_);
    const QMap<qint64, QJsonObject> clean = annotationsById(clean_);
    QMap<QString, int> kinds;
    for (const auto& v : errors) {
      const QJsonObject e = v.toObject();
      ++kinds[e["kind"].toString()];
      if (e["kind"] == "unannotated") {
        QCOMPARE(e["annotation_id"].toInt(), 0);
        continue;
      }
      QVERIFY2(faulty.contains(e["annotation_id"].toInteger()), qPrintable(e["detail"].toString()));
      QCOMPARE(faulty[e["annotation_id"].toInteger()]["image_id"].toInteger(),
               e["image_id"].toInteger());
    }
    // One person in twenty of each kind: the same number of each, and no more people than
    // the clean set's plus the duplicates less the left-out.
    QVERIFY(kinds["swap"] > 0);
    for (const char* kind : {"unannotated", "displaced", "duplicate"})
      QCOMPARE(kinds[kind], kinds["swap"]);
    QCOMPARE(faulty.size(), clean.size());  // as many copies added as people left out
  }

  void injectedErrorsAreSuspectedWithTheirIdsAndFixes() {
    const CliRun r = runCli({"suspects", faultyRun_, "--format", "json", "--top", "100000"});
    QCOMPARE(r.exitCode, 1);  // suspects listed
    const QJsonObject found = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(found["swaps_computed"].toBool());
    const QJsonArray suspects = found["suspects"].toArray();
    const QJsonArray errors = readObject(truth_)["errors"].toArray();
    // Clean annotations of the people the faulty file keeps, matched by image and position:
    // ids differ where people were left out or copied, so by the box.
    const QMap<qint64, QJsonObject> clean = annotationsById(clean_);
    const auto cleanTwin = [&clean](const QJsonObject& a) {
      for (const QJsonObject& c : clean)
        if (c["image_id"] == a["image_id"] && c["bbox"] == a["bbox"]) return c;
      return QJsonObject();
    };
    const QMap<qint64, QJsonObject> faulty = annotationsById(faulty_);
    int swaps = 0, duplicates = 0, swapsFound = 0, duplicatesFound = 0;
    for (const auto& v : errors) {
      const QJsonObject e = v.toObject();
      for (const auto& sv : suspects) {
        const QJsonObject s = sv.toObject();
        if (s["kind"] != e["kind"] || s["image_id"] != e["image_id"]) continue;
        if (e["kind"] == "swap" && s["annotation_id"] == e["annotation_id"]) {
          // The fix is the annotation without the swap.
          const QJsonObject twin = cleanTwin(faulty[e["annotation_id"].toInteger()]);
          QVERIFY(!twin.isEmpty());
          const QJsonArray fixed = s["fixed_keypoints"].toArray();
          const QJsonArray original = twin["keypoints"].toArray();
          QCOMPARE(fixed.size(), original.size());
          for (int i = 0; i < fixed.size(); ++i)
            QCOMPARE(fixed[i].toDouble(), original[i].toDouble());
          QVERIFY2(s["evidence"].toString().contains("left and right swapped"),
                   qPrintable(s["evidence"].toString()));
          ++swapsFound;
        }
        if (e["kind"] == "duplicate" && s["annotation_id"] == e["annotation_id"] &&
            s["other_annotation_id"] == e["original_id"]) {
          QCOMPARE(s["fix"].toString(),
                   QString("remove annotation %1").arg(e["annotation_id"].toInteger()));
          ++duplicatesFound;
        }
      }
      swaps += e["kind"] == "swap";
      duplicates += e["kind"] == "duplicate";
    }
    QCOMPARE(duplicatesFound, duplicates);
    // The demo model sees most swapped people well enough (scripts/bench-suspects measures it).
    QVERIFY2(swapsFound * 10 >= swaps * 8,
             qPrintable(QString("%1 of %2").arg(swapsFound).arg(swaps)));
    // Nothing else is called a swap or a duplicate.
    int swapSuspects = 0, duplicateSuspects = 0;
    for (const auto& sv : suspects) {
      swapSuspects += sv.toObject()["kind"] == "swap";
      duplicateSuspects += sv.toObject()["kind"] == "duplicate";
    }
    QCOMPARE(swapSuspects, swapsFound);
    QCOMPARE(duplicateSuspects, duplicatesFound);
  }

  void aCleanSetHasNoSwapOrDuplicate() {
    const CliRun r = runCli({"suspects", cleanRun_, "--format", "json"});
    QVERIFY2(r.exitCode == 0 || r.exitCode == 1, qPrintable(explain(r)));
    const QJsonObject counts =
        QJsonDocument::fromJson(r.out.toUtf8()).object()["counts"].toObject();
    QCOMPARE(counts["swap"].toInt(), 0);
    QCOMPARE(counts["duplicate"].toInt(), 0);
  }

  void markdownCountsEachKindAndListsTheTop() {
    const CliRun r = runCli({"suspects", faultyRun_, "--top", "2"});
    QCOMPARE(r.exitCode, 1);
    for (const char* part :
         {"| left/right swapped |", "| unannotated person |", "| displaced joint |",
          "| duplicate |", "## duplicate", "| Image | Annotation | Evidence | Fix |", "more)"})
      QVERIFY2(r.out.contains(part), qPrintable(QString(part) + "\n" + r.out));
  }

  // Decisions are kept in the run folder and shown; export --what gt-fixes applies the accepted
  // ones to the annotation file and gives the metrics before and after.
  void acceptedFixesAreExportedWithTheMetricsBeforeAndAfter() {
    const CliRun listed = runCli({"suspects", faultyRun_, "--format", "json", "--top", "100000"});
    const QJsonArray suspects =
        QJsonDocument::fromJson(listed.out.toUtf8()).object()["suspects"].toArray();
    QString swapKey, duplicateKey, rejectKey;
    for (const auto& v : suspects) {
      const QJsonObject s = v.toObject();
      QVERIFY(s["decision"].isNull());
      if (s["kind"] == "swap" && swapKey.isEmpty()) swapKey = s["key"].toString();
      if (s["kind"] == "duplicate" && duplicateKey.isEmpty()) duplicateKey = s["key"].toString();
      if (s["kind"] == "unannotated" && rejectKey.isEmpty()) rejectKey = s["key"].toString();
    }
    QVERIFY(!swapKey.isEmpty() && !duplicateKey.isEmpty() && !rejectKey.isEmpty());
    QTemporaryDir runCopy;
    const QString run = runCopy.filePath("run");
    QVERIFY(QDir().mkpath(run));
    for (const QString& f : QDir(faultyRun_).entryList(QDir::Files))
      QVERIFY(QFile::copy(faultyRun_ + "/" + f, run + "/" + f));
    // Nothing accepted yet: nothing to export, said with the way to accept.
    CliRun r = runCli({"export", run, "--what", "gt-fixes", "--out", runCopy.filePath("none")});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains("--accept KEY"), qPrintable(r.err));
    r = runCli({"suspects", run, "--accept", swapKey + "," + duplicateKey, "--reject", rejectKey,
                "--format", "json"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("2 accepted, 1 rejected"), qPrintable(r.err));
    int decided = 0;
    for (const auto& v : QJsonDocument::fromJson(r.out.toUtf8()).object()["suspects"].toArray()) {
      const QJsonObject s = v.toObject();
      const QString expected = s["key"] == rejectKey                             ? "rejected"
                               : s["key"] == swapKey || s["key"] == duplicateKey ? "accepted"
                                                                                 : QString();
      QCOMPARE(s["decision"].toString(), expected);
      decided += !expected.isEmpty();
    }
    QCOMPARE(decided, 3);
    // An unknown key is refused, naming it.
    r = runCli({"suspects", run, "--accept", "swap/999999"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("'swap/999999'"), qPrintable(r.err));

    const QString out = runCopy.filePath("fixes");
    r = runCli({"export", run, "--what", "gt-fixes", "--out", out});
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
    const QJsonObject changes = readObject(out + "/changes.json");
    QCOMPARE(changes["fixes"].toArray(), QJsonArray({swapKey, duplicateKey}));
    // The fixed file: the swapped person as in the clean set, the duplicate gone, every other
    // annotation as it was.
    const QString fixedFile = out + "/person_keypoints_val2017.json";
    QVERIFY(QFile::exists(fixedFile));
    const QMap<qint64, QJsonObject> faulty = annotationsById(faulty_);
    QMap<qint64, QJsonObject> fixed;
    for (const auto& a : readObject(fixedFile)["annotations"].toArray())
      fixed.insert(a.toObject()["id"].toInteger(), a.toObject());
    QCOMPARE(fixed.size(), faulty.size() - 1);
    const qint64 swapped = swapKey.section('/', 1).toLongLong();
    const qint64 duplicate = duplicateKey.section('/', 1).toLongLong();
    QVERIFY(!fixed.contains(duplicate));
    QJsonObject twin;
    for (const QJsonObject& c : annotationsById(clean_))
      if (c["image_id"] == faulty[swapped]["image_id"] && c["bbox"] == faulty[swapped]["bbox"])
        twin = c;
    QCOMPARE(fixed[swapped]["keypoints"], twin["keypoints"]);
    for (auto a = fixed.cbegin(); a != fixed.cend(); ++a)
      if (a.key() != swapped) QCOMPARE(a.value(), faulty[a.key()]);
    // The metrics with the fixes are the run's metrics on the fixed file.
    const QJsonObject ap = changes["metrics"].toObject()["AP"].toObject();
    const QJsonObject runMetrics = readObject(run + "/metrics.json");
    QCOMPARE(ap["before"].toDouble(), runMetrics["stats"].toArray()[0].toDouble());
    const CliRun after =
        runCli({"metrics", "--gt", fixedFile, "--dt", run + "/results.json", "--json"});
    QVERIFY2(after.exitCode == 0, qPrintable(explain(after)));
    QCOMPARE(ap["after"].toDouble(),
             QJsonDocument::fromJson(after.out.toUtf8())["stats"].toArray()[0].toDouble());
    QVERIFY(ap["after"].toDouble() > ap["before"].toDouble());
  }

  // Any skeleton, imported predictions: the six-joint quadruped fixture imported with its
  // skeleton file, its annotation file given a duplicate (annotation 1 again), a left-out animal
  // (annotation 3) and one animal's paws swapped (annotation 5, its one flip pair).
  void importedPredictionsOnAnOwnSkeleton() {
    const QString fixture = posescope::test::repoFile("tests/widgets/fixtures/animal6");
    QJsonObject gt = readObject(fixture + "/ground_truth.json");
    QJsonArray people = gt["annotations"].toArray();
    QJsonObject copy = people[0].toObject();
    copy["id"] = 7;
    QJsonObject paws = people[4].toObject();
    QCOMPARE(paws["id"].toInt(), 5);
    QJsonArray k = paws["keypoints"].toArray();
    for (int c = 0; c < 3; ++c) {  // left_front_paw (joint 2) and right_front_paw (joint 3)
      const QJsonValue left = k[6 + c];
      k[6 + c] = k[9 + c];
      k[9 + c] = left;
    }
    paws["keypoints"] = k;
    people[4] = paws;
    people.removeAt(2);  // annotation 3
    people.append(copy);
    gt["annotations"] = people;
    const QString faulty = tmp_.filePath("animal_gt.json");
    QFile out(faulty);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(gt).toJson());
    out.close();
    const QString run = tmp_.filePath("animal-run");
    CliRun r = runCli({"import", "--gt", faulty, "--dt", fixture + "/results.json", "--skeleton",
                       fixture + "/skeleton.json", "--out", run, "--quiet"});
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
    r = runCli({"suspects", run, "--format", "json"});
    QCOMPARE(r.exitCode, 1);
    const QJsonObject found = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(found["swaps_computed"].toBool());
    QStringList keys;
    for (const auto& v : found["suspects"].toArray()) keys << v.toObject()["key"].toString();
    QVERIFY2(keys.contains("swap/5"), qPrintable(keys.join(' ')));
    QVERIFY2(keys.contains("duplicate/7"), qPrintable(keys.join(' ')));
    QVERIFY2(std::any_of(keys.begin(), keys.end(),
                         [](const QString& key) { return key.startsWith("unannotated/2/"); }),
             qPrintable(keys.join(' ')));
    // The three fixes accepted and applied: the paws back, the copy gone, the animal back with
    // six joints.
    const QString added = *std::find_if(keys.begin(), keys.end(), [](const QString& key) {
      return key.startsWith("unannotated/2/");
    });
    r = runCli({"suspects", run, "--accept", "swap/5,duplicate/7," + added});
    QCOMPARE(r.exitCode, 1);
    r = runCli({"export", run, "--what", "gt-fixes", "--out", tmp_.filePath("animal-fixes")});
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
    const QJsonObject fixed = readObject(tmp_.filePath("animal-fixes/animal_gt.json"));
    const QJsonArray original = readObject(fixture + "/ground_truth.json")["annotations"].toArray();
    QMap<qint64, QJsonObject> byId;
    for (const auto& a : fixed["annotations"].toArray())
      byId.insert(a.toObject()["id"].toInteger(), a.toObject());
    QVERIFY(!byId.contains(7));
    QCOMPARE(byId[5]["keypoints"], original[4].toObject()["keypoints"]);
    QCOMPARE(byId.size(), 6);  // the five kept and the one added
    const QJsonObject animal = byId.last();
    QCOMPARE(animal["image_id"].toInt(), 2);
    QCOMPARE(animal["keypoints"].toArray().size(), 18);

    // Without flip pairs (a skeleton file with none, joints without left_ / right_ names) the
    // swap check is not computed, and said so.
    QJsonObject skeleton = readObject(fixture + "/skeleton.json");
    skeleton.remove("flip_pairs");
    QJsonArray names = skeleton["keypoints"].toArray();
    names[2] = "front_paw_a";
    names[3] = "front_paw_b";
    skeleton["keypoints"] = names;
    QJsonArray limbs;
    for (const auto& limb : skeleton["limbs"].toArray()) {
      QJsonArray pair = limb.toArray();
      for (int i = 0; i < 2; ++i) {
        if (pair[i] == "left_front_paw") pair[i] = "front_paw_a";
        if (pair[i] == "right_front_paw") pair[i] = "front_paw_b";
      }
      limbs.append(pair);
    }
    skeleton["limbs"] = limbs;
    QJsonObject renamed = gt;
    QJsonArray categories = renamed["categories"].toArray();
    QJsonObject category = categories[0].toObject();
    category["keypoints"] = names;
    categories[0] = category;
    renamed["categories"] = categories;
    const QString noFlipGt = tmp_.filePath("noflip_gt.json");
    const QString noFlipSkeleton = tmp_.filePath("noflip_skeleton.json");
    for (const auto& [path, object] :
         {std::pair{noFlipGt, renamed}, std::pair{noFlipSkeleton, skeleton}}) {
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(QJsonDocument(object).toJson());
    }
    const QString noFlipRun = tmp_.filePath("noflip-run");
    r = runCli({"import", "--gt", noFlipGt, "--dt", fixture + "/results.json", "--skeleton",
                noFlipSkeleton, "--out", noFlipRun, "--quiet"});
    QVERIFY2(r.exitCode == 0, qPrintable(explain(r)));
    r = runCli({"suspects", noFlipRun});
    QVERIFY2(
        r.out.contains("| left/right swapped | not computed (the skeleton has no flip pairs) |"),
        qPrintable(r.out));
  }

  void badInputIsRefusedByName() {
    // The fixed file takes the annotation file's name: never written over the original.
    const QString annotations = faulty_ + "/annotations";
    QFile original(annotations + "/person_keypoints_val2017.json");
    QVERIFY(original.open(QIODevice::ReadOnly));
    const QByteArray before = original.readAll();
    original.close();
    CliRun fixes =
        runCli({"export", faultyRun_, "--what", "gt-fixes", "--all", "--out", annotations});
    QCOMPARE(fixes.exitCode, 3);
    QVERIFY2(fixes.err.contains("would replace it"), qPrintable(fixes.err));
    QVERIFY(original.open(QIODevice::ReadOnly));
    QCOMPARE(original.readAll(), before);
    QVERIFY(!QFile::exists(annotations + "/changes.md"));

    CliRun r = runCli({"suspects", tmp_.filePath("nothing-here")});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains("nothing-here"), qPrintable(r.err));
    r = runCli({"suspects", faultyRun_, "--format", "xml"});
    QCOMPARE(r.exitCode, 2);
    r = make(tmp_.filePath("bad1"), {"--label-errors", "swap=0.1,flip=0.2", "--label-errors-out",
                                     tmp_.filePath("t.json")});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("'flip=0.2'"), qPrintable(r.err));
    r = make(tmp_.filePath("bad2"),
             {"--label-errors", "swap=1.5", "--label-errors-out", tmp_.filePath("t.json")});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("'swap=1.5'"), qPrintable(r.err));
    r = make(tmp_.filePath("bad5"), {"--label-errors", "swap=0.1,swap=0.2", "--label-errors-out",
                                     tmp_.filePath("t.json")});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("'swap' is given twice"), qPrintable(r.err));
    r = make(tmp_.filePath("bad3"), {"--label-errors", "swap=0.1"});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("--label-errors-out"), qPrintable(r.err));
    r = runCli({"make-dataset", "--out", tmp_.filePath("bad4"), "--images", "2", "--label-errors",
                "swap=0.1", "--label-errors-out", tmp_.filePath("t.json")});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains("one split"), qPrintable(r.err));
  }
};

QTEST_MAIN(TestCliSuspects)
#include "tst_cli_suspects.moc"
