// A run folder's saved views (views.json) and tags (tags.json): round trips, strict reading whose
// errors name the file and the key, and a folder without them.

#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>
#include <fstream>

#include "common/errors.h"
#include "report/run_views.h"

using namespace posescope;

namespace {

// The message of the Error `read` throws ("" when it throws none).
template <class Read>
QString errorOf(Read read) {
  try {
    read();
  } catch (const Error& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

}  // namespace

class TestRunViews : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void savedViewsRoundTripSortedByName() {
    const std::vector<SavedView> views = {{"large swaps", "area > 9216 and swaps > 0"},
                                          {"failed", "failed"}};
    const std::vector<SavedView> read = parseSavedViews(savedViewsJson(views), "views.json");
    QCOMPARE(read.size(), std::size_t(2));
    QCOMPARE(read[0], views[1]);
    QCOMPARE(read[1], views[0]);
  }

  void tagsRoundTripInOrder() {
    std::vector<RunTag> tags(3);
    tags[0].imageId = 785;
    tags[0].tag = "bad-gt";
    tags[0].note = "knee labelled on the wrong side";
    tags[1].imageId = 785;
    tags[1].annotationId = 12;
    tags[1].tag = "occluded";
    tags[2].imageId = 872;
    tags[2].detection = 4;
    tags[2].tag = "swap";
    QVERIFY(parseRunTags(runTagsJson(tags), "tags.json") == tags);
  }

  void errorsNameTheFileAndKey() {
    QCOMPARE(errorOf([] { parseSavedViews(R"({"view": {}})", "/r/views.json"); }),
             QStringLiteral("/r/views.json: unknown key 'view' (expected 'views')"));
    QCOMPARE(errorOf([] { parseSavedViews(R"({"views": {"a": 3}})", "/r/views.json"); }),
             QStringLiteral("/r/views.json: views: 'a' must be a query text"));
    QVERIFY(errorOf([] {
              parseSavedViews("{", "/r/views.json");
            }).startsWith(QStringLiteral("/r/views.json: malformed JSON")));
    QCOMPARE(
        errorOf([] { parseRunTags(R"({"tags": [{"image_id": 1, "tga": "x"}]})", "/r/tags.json"); }),
        QStringLiteral("/r/tags.json: tags[0]: unknown key 'tga'"));
    QCOMPARE(errorOf([] { parseRunTags(R"({"tags": [{"image_id": 1}]})", "/r/tags.json"); }),
             QStringLiteral("/r/tags.json: tags[0]: 'tag' must be a non-empty text"));
    QCOMPARE(errorOf([] {
               parseRunTags(
                   R"({"tags": [{"image_id": 1, "tag": "a"}, {"image_id": "2", "tag": "b"}]})",
                   "/r/tags.json");
             }),
             QStringLiteral("/r/tags.json: tags[1]: 'image_id' must be an integer"));
    QCOMPARE(errorOf([] {
               parseRunTags(
                   R"({"tags": [{"image_id": 1, "annotation_id": 2, "detection": 3, "tag": "a"}]})",
                   "/r/tags.json");
             }),
             QStringLiteral("/r/tags.json: tags[0]: either 'annotation_id' or 'detection', not "
                            "both"));
    QCOMPARE(errorOf([] {
               parseRunTags(R"({"tags": [{"image_id": 1, "detection": -1, "tag": "a"}]})",
                            "/r/tags.json");
             }),
             QStringLiteral(
                 "/r/tags.json: tags[0]: 'detection' must be a position in results.json (0 or "
                 "more)"));
  }

  void runFolderFilesWrittenAndReadBack() {
    QTemporaryDir dir;
    const std::string runDir = dir.path().toStdString();
    QVERIFY(readSavedViews(runDir).empty());  // none yet: no file, no error
    QVERIFY(readRunTags(runDir).empty());
    writeSavedViews(runDir, {{"misses", "match = missed"}});
    RunTag tag;
    tag.imageId = 5;
    tag.tag = "look";
    writeRunTags(runDir, {tag});
    QCOMPARE(readSavedViews(runDir), (std::vector<SavedView>{{"misses", "match = missed"}}));
    QVERIFY(readRunTags(runDir) == std::vector<RunTag>{tag});
    QVERIFY(!std::filesystem::exists(runDir + "/views.json.tmp"));
    std::ofstream(runDir + "/tags.json") << "[]";
    QCOMPARE(errorOf([&] { readRunTags(runDir); }),
             QString::fromStdString(runDir + "/tags.json: must be a JSON object"));
  }
};

QTEST_APPLESS_MAIN(TestRunViews)
#include "tst_run_views.moc"
