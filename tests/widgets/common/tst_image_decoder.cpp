// The pages' image decoder (widgets/common/image_decoder.h): the pixels the evaluation reads,
// decoded on a pool thread, the GUI thread free meanwhile; failures named; the last few kept.
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>

#include "common/errors.h"
#include "render/overlay_renderer.h"
#include "test_support.h"
#include "widgets/common/image_decoder.h"
#include "widgets/session/background_pool.h"

using namespace posescope;

class TestImageDecoder : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void decodesAsTheEvaluationReads() {
    QTemporaryDir dir;
    QImage picture(40, 30, QImage::Format_RGB888);
    picture.fill(QColor(200, 30, 10));
    const QString path = dir.filePath("red.png");
    QVERIFY(picture.save(path));
    const QImage decoded = decodeImage(path);
    QCOMPARE(decoded.size(), QSize(40, 30));
    QCOMPARE(decoded.format(), QImage::Format_RGB888);
    QCOMPARE(decoded.pixelColor(5, 5), QColor(200, 30, 10));
    const cv::Mat evaluation = readImageRgb(path.toStdString());
    QCOMPARE(decoded.width(), evaluation.cols);
    QCOMPARE(int(decoded.constScanLine(0)[0]), int(evaluation.ptr<unsigned char>(0)[0]));
    try {
      decodeImage(dir.filePath("absent.png"));
      QFAIL("an absent file was decoded");
    } catch (const Error& e) {
      QVERIFY2(QString(e.what()).contains("absent.png"), e.what());
    }
  }

  void decodesOffTheCallingThreadAndKeepsTheResult() {
    QTemporaryDir dir;
    QImage picture(16, 8, QImage::Format_RGB888);
    picture.fill(Qt::green);
    const QString path = dir.filePath("green.png");
    QVERIFY(picture.save(path));
    ImageDecoder decoder;
    QSignalSpy decoded(&decoder, &ImageDecoder::decoded);
    decoder.request(path);
    decoder.request(path);           // asked twice while in flight: decoded once
    QVERIFY(!decoder.cached(path));  // nothing decoded on this thread
    QVERIFY(decoded.wait(10000));
    QCOMPARE(decoded.size(), 1);
    QCOMPARE(decoded.front().front().toString(), path);
    const auto kept = decoder.cached(path);
    QVERIFY(kept && kept->error.isEmpty());
    QCOMPARE(kept->image.size(), QSize(16, 8));
    decoder.request(path);  // kept: no second decode
    backgroundPool()->waitForDone();
    QCoreApplication::processEvents();
    QCOMPARE(decoded.size(), 1);
  }

  void namesAFileItCannotReadAndKeepsTheLastFew() {
    QTemporaryDir dir;
    ImageDecoder decoder;
    QSignalSpy decoded(&decoder, &ImageDecoder::decoded);
    const QString absent = dir.filePath("absent.png");
    decoder.request(absent);
    QVERIFY(decoded.wait(10000));
    const auto failure = decoder.cached(absent);
    QVERIFY(failure && failure->image.isNull());
    QVERIFY2(failure->error.contains("absent.png"), qPrintable(failure->error));
    // kKept more files push the first one out.
    for (std::size_t i = 0; i < ImageDecoder::kKept; ++i) {
      QImage picture(4, 4, QImage::Format_RGB888);
      picture.fill(Qt::white);
      const QString path = dir.filePath(QString("%1.png").arg(i));
      QVERIFY(picture.save(path));
      decoder.request(path);
    }
    QTRY_COMPARE_WITH_TIMEOUT(decoded.size(), int(ImageDecoder::kKept) + 1, 10000);
    QVERIFY(!decoder.cached(absent));
    QVERIFY(decoder.cached(dir.filePath("0.png")));
  }

  // A file changed on disk after it was read: clear() forgets it, and a decode still under way
  // from before then never puts the old pixels back.
  void clearDropsWhatWasReadBefore() {
    QTemporaryDir dir;
    const QString path = dir.filePath("changing.png");
    QImage picture(8, 8, QImage::Format_RGB888);
    picture.fill(Qt::red);
    QVERIFY(picture.save(path));
    ImageDecoder decoder;
    QSignalSpy decoded(&decoder, &ImageDecoder::decoded);
    decoder.request(path);
    decoder.clear();  // before the first decode has reported
    picture.fill(Qt::blue);
    QVERIFY(picture.save(path));
    decoder.request(path);  // read again, not waiting on the first decode
    backgroundPool()->waitForDone();
    QCoreApplication::processEvents();
    QCOMPARE(decoded.size(), 1);  // the first decode reported nothing
    const auto kept = decoder.cached(path);
    QVERIFY(kept && kept->error.isEmpty());
    QCOMPARE(kept->image.pixelColor(2, 2), QColor(Qt::blue));
  }
};

POSESCOPE_TEST_MAIN(TestImageDecoder)
#include "tst_image_decoder.moc"
