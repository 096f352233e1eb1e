// The decoded-image cache a sweep's checkpoints share: images come back with the pixels first
// decoded, the bound in bytes is kept (images beyond it are decoded again), errors are kept too,
// and the prefetcher reads through it.

#include <QTemporaryDir>
#include <QtTest>

#include <opencv2/imgcodecs.hpp>

#include "data/decoded_image_cache.h"
#include "data/image_prefetcher.h"

using namespace posescope;

namespace {

// A w x h PNG whose pixels depend on `seed`.
std::string writeImage(const QTemporaryDir& dir, const std::string& name, int w, int h, int seed) {
  cv::Mat bgr(h, w, CV_8UC3);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) bgr.at<cv::Vec3b>(y, x) = cv::Vec3b(x + seed, y, seed);
  const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
  cv::imwrite(path, bgr);
  return path;
}

}  // namespace

class TestDecodedImageCache : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void keepsWhatFitsAndDecodesTheRestAgain() {
    QTemporaryDir dir;
    const std::string a = writeImage(dir, "a.png", 20, 10, 1);  // 600 bytes of RGB
    const std::string b = writeImage(dir, "b.png", 20, 10, 2);
    DecodedImageCache cache(1000);  // room for one of them
    const DecodedImage first = decodeImageCached(a, &cache);
    QCOMPARE(cache.bytesUsed(), size_t(600));
    (void)decodeImageCached(b, &cache);
    QCOMPARE(cache.refused(), size_t(1));
    QCOMPARE(cache.bytesUsed(), size_t(600));

    DecodedImage again;
    QVERIFY(cache.find(a, again));
    QCOMPARE(again.rgb.data, first.rgb.data);  // the very pixels first decoded, not a copy
    QVERIFY(!cache.find(b, again));
    const DecodedImage decoded = decodeImageCached(a, &cache);
    QVERIFY(cv::norm(decoded.rgb, decodeImage(a).rgb, cv::NORM_INF) == 0);
    QCOMPARE(cache.hits(), size_t(2));
  }

  void decodingErrorsAreKept() {
    DecodedImageCache cache(0);  // no room for pixels, but an error has none
    const DecodedImage missing = decodeImageCached("/no/such/image.jpg", &cache);
    QVERIFY(!missing.error.empty());
    DecodedImage again;
    QVERIFY(cache.find("/no/such/image.jpg", again));
    QCOMPARE(again.error, missing.error);
  }

  void prefetcherReadsThroughTheCache() {
    QTemporaryDir dir;
    std::vector<std::string> paths;
    for (int i = 0; i < 5; ++i)
      paths.push_back(writeImage(dir, std::to_string(i) + ".png", 8, 8, i));
    DecodedImageCache cache;
    for (int pass = 0; pass < 2; ++pass) {
      ImagePrefetcher prefetcher(paths, 2, 3, &cache);
      DecodedImage image;
      for (size_t i = 0; i < paths.size(); ++i) {
        QVERIFY(prefetcher.next(image));
        QCOMPARE(image.index, i);  // in order, whether decoded or found
        QCOMPARE(int(image.rgb.at<cv::Vec3b>(0, 0)[2]), int(i));  // BGR's blue is seed
      }
      QVERIFY(!prefetcher.next(image));
    }
    QCOMPARE(cache.hits(), paths.size());  // the second pass decoded nothing
  }
};

QTEST_GUILESS_MAIN(TestDecodedImageCache)
#include "tst_decoded_image_cache.moc"
