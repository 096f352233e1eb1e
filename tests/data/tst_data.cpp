// Dataset layouts and the threaded, ordered, bounded image prefetcher.

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "common/errors.h"
#include "data/image_prefetcher.h"
#include "data/keypoint_dataset.h"

using namespace posescope;

namespace {

void writeText(const std::string& path, const std::string& text) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream(path) << text;
}

// An image whose top-left pixel encodes its index in the red channel (RGB order after decode).
void writeIndexedImage(const std::string& path, int index) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  cv::Mat bgr(24, 32, CV_8UC3, cv::Scalar(10, 20, 0));
  bgr.at<cv::Vec3b>(0, 0) = cv::Vec3b(0, 0, static_cast<uchar>(index));  // B, G, R
  cv::imwrite(path, bgr);                                                // PNG: lossless
}

std::string cocoAnnotations(int images) {
  std::string s = R"({"categories":[{"id":1,"name":"person","keypoints":[)";
  for (int j = 0; j < 17; ++j) s += (j ? ",\"j" : "\"j") + std::to_string(j) + "\"";
  s += "]}],\"images\":[";
  // Ids deliberately out of numeric order: the file's order is the dataset order.
  for (int i = 0; i < images; ++i) {
    s += (i ? "," : "") + std::string("{\"id\":") + std::to_string(1000 - i) +
         ",\"file_name\":\"img" + std::to_string(i) + ".png\",\"width\":32,\"height\":24}";
  }
  s += R"(],"annotations":[{"id":1,"image_id":1000,"category_id":1,"iscrowd":0,"keypoints":[]}]})";
  return s;
}

int openFileDescriptors() {
  return static_cast<int>(QDir("/proc/self/fd")
                              .entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::System)
                              .size());
}

}  // namespace

class TestData : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void cocoLayoutKeepsFileOrder() {
    QTemporaryDir dir;
    const std::string root = dir.path().toStdString();
    writeText(root + "/annotations/person_keypoints_val2017.json", cocoAnnotations(3));
    KeypointDataset ds(DatasetKind::Coco, root, "val2017");
    QCOMPARE(ds.size(), size_t(3));
    QCOMPARE(ds.numJoints(), 17);
    QCOMPARE(ds.images()[0].id, std::int64_t(1000));
    QCOMPARE(ds.images()[2].id, std::int64_t(998));
    QCOMPARE(ds.images()[1].path, root + "/images/val2017/img1.png");
    QCOMPARE(ds.images()[0].numAnnotations, 1);
    QCOMPARE(ds.images()[1].numAnnotations, 0);
  }

  void crowdPoseLayout() {
    QTemporaryDir dir;
    const std::string root = dir.path().toStdString();
    writeText(root + "/json/crowdpose_test.json",
              R"({"categories":[{"id":1,"name":"person","keypoints":["a","b","c","d","e","f",
              "g","h","i","j","k","l","head","neck"]}],
              "images":[{"id":5,"file_name":"100005.jpg","crowdIndex":0.3}],"annotations":[]})");
    KeypointDataset ds(DatasetKind::CrowdPose, root, "test");
    QCOMPARE(ds.numJoints(), 14);
    QCOMPARE(ds.images()[0].path, root + "/images/100005.jpg");
  }

  void missingAnnotationFileNamesIt() {
    QTemporaryDir dir;
    try {
      KeypointDataset ds(DatasetKind::Coco, dir.path().toStdString(), "val2017");
      QFAIL("expected a DatasetError");
    } catch (const DatasetError& e) {
      QVERIFY2(QString(e.what()).contains("person_keypoints_val2017.json"), e.what());
    }
  }

  void malformedAnnotationFileGivesLine() {
    QTemporaryDir dir;
    const std::string root = dir.path().toStdString();
    writeText(root + "/annotations/person_keypoints_val2017.json", "{\n\"images\": [\n,]}");
    try {
      KeypointDataset ds(DatasetKind::Coco, root, "val2017");
      QFAIL("expected a DatasetError");
    } catch (const DatasetError& e) {
      QVERIFY2(QString(e.what()).contains("person_keypoints_val2017.json:3"), e.what());
    }
  }

  void annotationFileWithoutKeypointCategory() {
    QTemporaryDir dir;
    const std::string root = dir.path().toStdString();
    writeText(root + "/annotations/person_keypoints_val2017.json",
              R"({"categories":[{"id":1,"name":"person"}],"images":[],"annotations":[]})");
    QVERIFY_THROWS_EXCEPTION(DatasetError, KeypointDataset(DatasetKind::Coco, root, "val2017"));
  }

  // Every wrong field is a DatasetError naming the file, the entry and the key (nlohmann's own
  // conversions throw a type_error naming neither).
  void badFieldsNameFileEntryAndKey_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QStringList>("expected");
    const QString category = R"({"id":1,"keypoints":["nose"]})";
    const QString image = R"({"id":7,"file_name":"a.png","width":32,"height":24})";
    auto file = [&](const QString& categories, const QString& images,
                    const QString& annotations = "[]") {
      return QString(R"({"categories":%1,"images":%2,"annotations":%3})")
          .arg(categories, images, annotations);
    };
    QTest::newRow("image id a string")
        << file("[" + category + "]", R"([)" + image + R"(,{"id":"8","file_name":"b.png"}])")
        << QStringList{"images[1]", "'id'", "must be a whole number", "\"8\""};
    QTest::newRow("image id fractional")
        << file("[" + category + "]", R"([{"id":8.5,"file_name":"b.png"}])")
        << QStringList{"images[0]", "'id'", "8.5"};
    QTest::newRow("file_name missing") << file("[" + category + "]", R"([{"id":8}])")
                                       << QStringList{"images[0]", "'file_name'", "missing"};
    QTest::newRow("file_name a number")
        << file("[" + category + "]", R"([{"id":8,"file_name":3}])")
        << QStringList{"images[0]", "'file_name'", "must be a string"};
    QTest::newRow("width a string")
        << file("[" + category + "]", R"([{"id":8,"file_name":"b.png","width":"wide"}])")
        << QStringList{"images[0]", "'width'", "must be a whole number"};
    QTest::newRow("height beyond int")
        << file("[" + category + "]", R"([{"id":8,"file_name":"b.png","height":5000000000}])")
        << QStringList{"images[0]", "'height'", "5000000000", "outside"};
    QTest::newRow("image not an object") << file("[" + category + "]", "[" + image + ",[1,2]]")
                                         << QStringList{"images[1]", "must be an object", "array"};
    QTest::newRow("images an object")
        << file("[" + category + "]", "{}") << QStringList{"'images'", "must be an array"};
    QTest::newRow("category id a string")
        << file(R"([{"id":"1","keypoints":["nose"]}])", "[" + image + "]")
        << QStringList{"categories[0]", "'id'", "must be a whole number"};
    QTest::newRow("keypoints not an array")
        << file(R"([{"id":1,"keypoints":"nose"}])", "[" + image + "]")
        << QStringList{"categories[0]", "'keypoints'", "must be an array"};
    QTest::newRow("annotation image_id null")
        << file("[" + category + "]", "[" + image + "]", R"([{"image_id":7},{"image_id":null}])")
        << QStringList{"annotations[1]", "'image_id'", "must be a whole number", "null"};
    QTest::newRow("annotation image_id missing")
        << file("[" + category + "]", "[" + image + "]", R"([{"id":3}])")
        << QStringList{"annotations[0]", "'image_id'", "missing"};
    QTest::newRow("top level an array") << QString("[1]") << QStringList{"must be an object"};
  }

  void badFieldsNameFileEntryAndKey() {
    QFETCH(QString, json);
    QFETCH(QStringList, expected);
    QTemporaryDir dir;
    const std::string root = dir.path().toStdString();
    writeText(root + "/annotations/person_keypoints_val2017.json", json.toStdString());
    try {
      KeypointDataset ds(DatasetKind::Coco, root, "val2017");
      QFAIL("expected a DatasetError");
    } catch (const DatasetError& e) {
      const QString message = e.what();
      QVERIFY2(message.startsWith(dir.filePath("annotations/person_keypoints_val2017.json")),
               e.what());
      for (const QString& part : expected) QVERIFY2(message.contains(part), e.what());
    }
  }

  void wholeNumbersWrittenAsFloatsAreAccepted() {
    QTemporaryDir dir;
    const std::string root = dir.path().toStdString();
    writeText(root + "/annotations/person_keypoints_val2017.json",
              R"({"categories":[{"id":1.0,"keypoints":["nose"]}],)"
              R"("images":[{"id":42.0,"file_name":"a.png","width":640.0,"height":null}],)"
              R"("annotations":[{"image_id":42.0}]})");
    const KeypointDataset ds(DatasetKind::Coco, root, "val2017");
    QCOMPARE(ds.size(), size_t(1));
    QCOMPARE(ds.images()[0].id, std::int64_t(42));
    QCOMPARE(ds.images()[0].width, 640);
    QCOMPARE(ds.images()[0].height, 0);
    QCOMPARE(ds.images()[0].numAnnotations, 1);
  }

  void unknownDatasetName() {
    QCOMPARE(datasetKindFromName("crowd_pose"), DatasetKind::CrowdPose);
    QVERIFY_THROWS_EXCEPTION(DatasetError, datasetKindFromName("mpii"));
  }

  void decodeReportsMissingAndCorrupt() {
    QTemporaryDir dir;
    const std::string missing = dir.filePath("nope.jpg").toStdString();
    DecodedImage a = decodeImage(missing);
    QVERIFY(a.rgb.empty());
    QVERIFY2(QString::fromStdString(a.error).contains("not found"), a.error.c_str());
    const std::string corrupt = dir.filePath("bad.jpg").toStdString();
    writeText(corrupt, "this is not a jpeg");
    DecodedImage b = decodeImage(corrupt);
    QVERIFY(b.rgb.empty());
    QVERIFY2(QString::fromStdString(b.error).contains("bad.jpg"), b.error.c_str());
  }

  void decodeConvertsToRgb() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("x.png").toStdString();
    writeIndexedImage(path, 77);
    DecodedImage img = decodeImage(path);
    QVERIFY(img.error.empty());
    QCOMPARE(img.rgb.type(), CV_8UC3);
    QCOMPARE(int(img.rgb.at<cv::Vec3b>(0, 0)[0]), 77);  // red first
    QCOMPARE(int(img.rgb.at<cv::Vec3b>(1, 1)[2]), 10);  // blue last
  }

  void prefetcherDeliversInOrderWithFailures() {
    QTemporaryDir dir;
    std::vector<std::string> paths;
    for (int i = 0; i < 40; ++i) {
      const std::string p = dir.filePath(QString("i%1.png").arg(i)).toStdString();
      if (i % 7 != 3) writeIndexedImage(p, i);  // every 7th (from 3) is missing
      paths.push_back(p);
    }
    ImagePrefetcher prefetcher(paths, 3, 4);
    DecodedImage img;
    size_t count = 0;
    while (prefetcher.next(img)) {
      QCOMPARE(img.index, count);
      if (count % 7 == 3) {
        QVERIFY(!img.error.empty());
      } else {
        QVERIFY2(img.error.empty(), img.error.c_str());
        QCOMPARE(int(img.rgb.at<cv::Vec3b>(0, 0)[0]), int(count));
      }
      ++count;
    }
    QCOMPARE(count, paths.size());
  }

  void prefetcherStopsEarly() {
    QTemporaryDir dir;
    std::vector<std::string> paths;
    for (int i = 0; i < 50; ++i) {
      const std::string p = dir.filePath(QString("i%1.png").arg(i)).toStdString();
      writeIndexedImage(p, i);
      paths.push_back(p);
    }
    ImagePrefetcher prefetcher(paths, 2, 2);
    DecodedImage img;
    QVERIFY(prefetcher.next(img));
    prefetcher.stop();
    QVERIFY(!prefetcher.next(img));
  }  // destructor joins: the test would hang if a worker were stuck

  void fileDescriptorsStayFlat() {
    QTemporaryDir dir;
    std::vector<std::string> paths;
    for (int i = 0; i < 20; ++i) {
      const std::string p = dir.filePath(QString("i%1.png").arg(i)).toStdString();
      writeIndexedImage(p, i);
      paths.push_back(p);
    }
    std::vector<std::string> many;
    for (int r = 0; r < 15; ++r) many.insert(many.end(), paths.begin(), paths.end());
    const int before = openFileDescriptors();
    {
      ImagePrefetcher prefetcher(many, 2, 4);
      DecodedImage img;
      while (prefetcher.next(img)) QVERIFY(img.error.empty());
    }
    QCOMPARE(openFileDescriptors(), before);
  }
};

QTEST_GUILESS_MAIN(TestData)
#include "tst_data.moc"
