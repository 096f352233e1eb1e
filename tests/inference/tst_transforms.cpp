// transforms.py geometry: multi-scale sizes, the scale*200 affine, the aligned resize and the
// inverse mapping of heatmap coordinates (expected values worked out from the formulas by hand).

#include <QtTest>

#include <array>
#include <vector>

#include <opencv2/core.hpp>

#include "inference/image_transforms.h"

using namespace posescope;

namespace {

void compareAffine(const Affine2x3& actual, const Affine2x3& expected, double tolerance) {
  for (int i = 0; i < 6; ++i) {
    if (std::abs(actual[i] - expected[i]) > tolerance) {
      QFAIL(qPrintable(QString("entry %1: %2 instead of %3")
                           .arg(i)
                           .arg(actual[i], 0, 'g', 17)
                           .arg(expected[i], 0, 'g', 17)));
    }
  }
}

}  // namespace

class TestTransforms : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void multiScaleSize_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    QTest::addColumn<double>("scale");
    QTest::addColumn<double>("minScale");
    QTest::addColumn<int>("outWidth");
    QTest::addColumn<int>("outHeight");
    QTest::addColumn<double>("scaleW");
    QTest::addColumn<double>("scaleH");
    QTest::addColumn<double>("centerX");
    QTest::addColumn<double>("centerY");
    // 640x480, input 256: min size 256, width (256/480*640 + 63)//64*64 = 384.
    QTest::newRow("landscape s1") << 640 << 480 << 1.0 << 1.0 << 384 << 256 << 3.6 << 2.4 << 320.0
                                  << 240.0;
    QTest::newRow("landscape s2") << 640 << 480 << 2.0 << 1.0 << 768 << 512 << 3.6 << 2.4 << 320.0
                                  << 240.0;
    // min scale 0.5: min size (128 + 63)//64*64 = 128, width (170.67 + 63)//64*64 = 192.
    QTest::newRow("landscape s0.5")
        << 640 << 480 << 0.5 << 0.5 << 192 << 128 << 3.6 << 2.4 << 320.0 << 240.0;
    QTest::newRow("landscape s1 min0.5")
        << 640 << 480 << 1.0 << 0.5 << 384 << 256 << 3.6 << 2.4 << 320.0 << 240.0;
    QTest::newRow("landscape s2 min0.5")
        << 640 << 480 << 2.0 << 0.5 << 768 << 512 << 3.6 << 2.4 << 320.0 << 240.0;
    QTest::newRow("portrait s1") << 480 << 640 << 1.0 << 1.0 << 256 << 384 << 2.4 << 3.6 << 240.0
                                 << 320.0;
    // 500x333: center (int(250.5), int(167.0)); width (256/333*500 + 63)//64*64 = 384;
    // scale_w = 384/256 * 333/200 = 2.4975.
    QTest::newRow("coco 500x333") << 500 << 333 << 1.0 << 1.0 << 384 << 256 << 2.4975 << 1.665
                                  << 250.0 << 167.0;
    // Exactly on a multiple: 512 + 63 = 575, 575//64*64 = 512.
    QTest::newRow("exact multiple")
        << 512 << 256 << 1.0 << 1.0 << 512 << 256 << 2.56 << 1.28 << 256.0 << 128.0;
  }

  void multiScaleSize() {
    QFETCH(int, width);
    QFETCH(int, height);
    QFETCH(double, scale);
    QFETCH(double, minScale);
    const MultiScaleSize s = getMultiScaleSize(width, height, 256, scale, minScale);
    QTEST(s.width, "outWidth");
    QTEST(s.height, "outHeight");
    QFETCH(double, scaleW);
    QFETCH(double, scaleH);
    QFETCH(double, centerX);
    QFETCH(double, centerY);
    QVERIFY(std::abs(s.frame.scale[0] - scaleW) < 1e-12);
    QVERIFY(std::abs(s.frame.scale[1] - scaleH) < 1e-12);
    QCOMPARE(s.frame.center[0], centerX);
    QCOMPARE(s.frame.center[1], centerY);
  }

  void affineForward() {
    // 640x480 into 384x256: factor 384 / 720 = 8/15, x' = 8/15 (x - 320) + 192, y' = 8/15 (y - 240)
    // + 128.
    ScaleCenter f;
    f.center = {320, 240};
    f.scale = {3.6, 2.4};
    compareAffine(getAffineTransform(f, 384, 256, false), {8.0 / 15, 0, 64.0 / 3, 0, 8.0 / 15, 0},
                  1e-9);
  }

  void affineInverseToHeatmap() {
    // A 192x128 heatmap back to 640x480: x = 3.75 (x' - 96) + 320, y = 3.75 (y' - 64) + 240.
    ScaleCenter f;
    f.center = {320, 240};
    f.scale = {3.6, 2.4};
    compareAffine(getAffineTransform(f, 192, 128, true), {3.75, 0, -40, 0, 3.75, 0}, 1e-9);
  }

  void affineNonIntegerFactor() {
    // 500x333 (box 499.5 wide) into 384x256: factor 384 / 499.5.
    ScaleCenter f;
    f.center = {250, 167};
    f.scale = {2.4975, 1.665};
    const double k = 384.0 / 499.5;
    compareAffine(getAffineTransform(f, 384, 256, false),
                  {k, 0, 192 - 250 * k, 0, k, 128 - 167 * k}, 1e-6);
    const std::array<double, 2> p =
        affineTransformPoint(getAffineTransform(f, 384, 256, true), 192, 128);
    QVERIFY(std::abs(p[0] - 250) < 1e-6 && std::abs(p[1] - 167) < 1e-6);
  }

  void resizeAlignPadsWithBlack() {
    // A white 640x480 image: output column x' samples x = 15/8 x' - 40, rows y = 15/8 y'.
    const cv::Mat white(480, 640, CV_8UC3, cv::Scalar(255, 255, 255));
    ScaleCenter frame;
    const cv::Mat out = resizeAlignMultiScale(white, 256, 1.0, 1.0, &frame);
    QCOMPARE(out.cols, 384);
    QCOMPARE(out.rows, 256);
    QCOMPARE(out.type(), CV_8UC3);
    QCOMPARE(frame.center[0], 320.0);
    QVERIFY(std::abs(frame.scale[0] - 3.6) < 1e-12);
    for (int y : {0, 100, 255}) {
      QCOMPARE(out.at<cv::Vec3b>(y, 20)[0], 0);    // x = -2.5: both neighbours outside
      QCOMPARE(out.at<cv::Vec3b>(y, 22)[1], 255);  // x = 1.25
      QCOMPARE(out.at<cv::Vec3b>(y, 200)[2], 255);
      QCOMPARE(out.at<cv::Vec3b>(y, 362)[0], 255);  // x = 638.75
      QCOMPARE(out.at<cv::Vec3b>(y, 363)[0], 0);    // x = 640.625
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             resizeAlignMultiScale(cv::Mat(), 256, 1, 1, nullptr));
  }

  void resizeAlignSamplesBilinearly() {
    // A horizontal ramp value = floor(x / 4): output column 100 samples x = 147.5, halfway
    // between 36 (x = 147) and 37 (x = 148); OpenCV's fixed-point bilinear rounds 36.5 up.
    cv::Mat ramp(480, 640, CV_8UC3);
    for (int y = 0; y < 480; ++y) {
      for (int x = 0; x < 640; ++x) ramp.at<cv::Vec3b>(y, x) = cv::Vec3b(x / 4, x / 4, x / 4);
    }
    const cv::Mat out = resizeAlignMultiScale(ramp, 256, 1.0, 1.0, nullptr);
    // x = 15/8 * 96 - 40 = 140 exactly: value 35.
    QCOMPARE(out.at<cv::Vec3b>(50, 96)[0], 35);
    QCOMPARE(out.at<cv::Vec3b>(50, 100)[0], 37);
  }

  void transformPredsMapsHeatmapToImage() {
    ScaleCenter f;
    f.center = {320, 240};
    f.scale = {3.6, 2.4};
    std::vector<float> rows{10, 20, 0.5f, 1.5f, 96, 64, 0.25f, -2.0f};
    transformPreds(rows.data(), 2, 4, f, 192, 128);
    QVERIFY(std::abs(rows[0] - (-2.5f)) < 1e-4f);
    QVERIFY(std::abs(rows[1] - 75.0f) < 1e-4f);
    QCOMPARE(rows[2], 0.5f);
    QCOMPARE(rows[3], 1.5f);
    QVERIFY(std::abs(rows[4] - 320.0f) < 1e-4f);
    QVERIFY(std::abs(rows[5] - 240.0f) < 1e-4f);
    QCOMPARE(rows[6], 0.25f);
    QCOMPARE(rows[7], -2.0f);
  }
};

QTEST_GUILESS_MAIN(TestTransforms)
#include "tst_transforms.moc"
