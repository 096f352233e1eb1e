// Overlays drawn on generated images: palette colours at joints and limb midpoints, hidden
// low-score joints, ground-truth rings, crowd hatching, match lines, heatmap peaks and tag
// colours after projection, network resolution, determinism and PNG round trip.

#include <QTemporaryDir>
#include <QtTest>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "common/errors.h"
#include "render/export_frame.h"
#include "render/export_legend.h"
#include "render/joint_error_marks.h"
#include "render/map_layers.h"
#include "render/overlay_drawn_with.h"
#include "render/overlay_renderer.h"
#include "render/palette.h"
#include "render/skeleton_layers.h"

using namespace posescope;

namespace {

const cv::Vec3b kBackground(40, 60, 80);

cv::Mat background(int width = 200, int height = 160) {
  return cv::Mat(height, width, CV_8UC3,
                 cv::Scalar(kBackground[0], kBackground[1], kBackground[2]));
}

cv::Vec3b vec(const cv::Scalar& s) {
  return cv::Vec3b(static_cast<uchar>(s[0]), static_cast<uchar>(s[1]), static_cast<uchar>(s[2]));
}

bool near(const cv::Vec3b& a, const cv::Vec3b& b, int tolerance = 1) {
  for (int c = 0; c < 3; ++c)
    if (std::abs(int(a[c]) - int(b[c])) > tolerance) return false;
  return true;
}

QByteArray show(const cv::Vec3b& v) {
  return QByteArray::number(v[0]) + "," + QByteArray::number(v[1]) + "," + QByteArray::number(v[2]);
}

#define COMPARE_PIXEL(image, x, y, expected, tolerance)                                        \
  do {                                                                                         \
    const cv::Vec3b got_ = (image).at<cv::Vec3b>((y), (x));                                    \
    QVERIFY2(                                                                                  \
        near(got_, (expected), (tolerance)),                                                   \
        QByteArray("pixel (" #x ", " #y ") is " + show(got_) + ", expected " + show(expected)) \
            .constData());                                                                     \
  } while (0)

// Three joints: 0 and 1 visible, 2 below the threshold; limbs 0-1 and 1-2.
SkeletonSpec tinySkeleton() {
  return {{"a", "b", "c"}, {{0, 1}, {1, 2}}, {}};
}

PersonPrediction person(std::vector<std::array<float, 4>> joints) {
  PersonPrediction p;
  p.joints = std::move(joints);
  p.score = 1;
  return p;
}

RenderOptions skeletonOnly() {
  RenderOptions o;
  o.jointRadius = 5;
  o.lineWidth = 3;
  o.showMatches = o.showGroundTruth = o.showCrowd = false;
  return o;
}

GroundTruthPerson gtPerson(std::int64_t id, std::vector<double> keypoints, bool crowd = false) {
  GroundTruthPerson g;
  g.id = id;
  g.imageId = 1;
  g.categoryId = 1;
  g.keypoints = std::move(keypoints);
  g.isCrowd = crowd;
  g.numKeypoints = crowd ? 0 : 3;
  return g;
}

// Maps of 2 joints, 16 x 20, projected with scale 4 and offset (2, 3).
ImageMaps testMaps() {
  ImageMaps m;
  m.joints = 2;
  m.height = 16;
  m.width = 20;
  m.tagCopies = 2;
  m.heatmaps.assign(2 * 16 * 20, 0.f);
  m.tags.assign(2 * 16 * 20 * 2, 0.f);
  m.mapToImage = {4, 0, 2, 0, 4, 3};
  return m;
}

float& heat(ImageMaps& m, int j, int y, int x) {
  return m.heatmaps[(j * m.height + y) * m.width + x];
}
float& tag(ImageMaps& m, int j, int y, int x, int copy = 0) {
  return m.tags[((j * m.height + y) * m.width + x) * m.tagCopies + copy];
}

}  // namespace

class TestRender : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void predictionsUsePaletteColours() {
    OverlayScene scene;
    scene.skeleton = tinySkeleton();
    scene.predictions = {person({{50, 50, 1, 0}, {150, 50, 1, 0}, {100, 120, 0.05f, 0}}),
                         person({{40, 140, 1, 0}, {160, 140, 1, 0}, {0, 0, 0, 0}}),
                         person({{100, 20, 0.5f, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}})};
    const cv::Mat out = renderOverlay(background(), scene, skeletonOnly());
    QCOMPARE(out.cols, 200);
    QCOMPARE(out.rows, 160);
    const cv::Vec3b first = vec(personColor(0)), second = vec(personColor(1)),
                    third = vec(personColor(2));
    QVERIFY(first != second);
    COMPARE_PIXEL(out, 50, 50, first, 0);          // joint centre
    COMPARE_PIXEL(out, 150, 50, first, 0);         // joint centre
    COMPARE_PIXEL(out, 100, 50, first, 0);         // limb midpoint
    COMPARE_PIXEL(out, 100, 120, kBackground, 0);  // joint under the threshold: hidden
    COMPARE_PIXEL(out, 125, 85, kBackground, 0);   // and its limb too
    COMPARE_PIXEL(out, 40, 140, second, 0);
    COMPARE_PIXEL(out, 160, 140, second, 0);
    COMPARE_PIXEL(out, 100, 140, second, 0);
    // A joint without limbs, score 0.5 with score-as-opacity: opacity 0.3 + 0.7 * 0.5.
    const double a = 0.65;
    cv::Vec3b blended;
    for (int c = 0; c < 3; ++c)
      blended[c] = cv::saturate_cast<uchar>(kBackground[c] * (1 - a) + third[c] * a);
    COMPARE_PIXEL(out, 100, 20, blended, 1);
    COMPARE_PIXEL(out, 100, 100, kBackground, 0);  // nothing drawn elsewhere

    RenderOptions hidden = skeletonOnly();
    hidden.showPredictions = false;
    COMPARE_PIXEL(renderOverlay(background(), scene, hidden), 50, 50, kBackground, 0);
  }

  // Issue 53, item 2: in a crowd of unlikely predictions the likely people stay legible: a
  // person's strokes take its own score's opacity too, the best-scoring person is drawn over the
  // others whatever its index, and the OKS labels over every person.
  void crowdOfUnlikelyPeopleStaysFaint() {
    OverlayScene scene;
    scene.skeleton = tinySkeleton();
    // Person 0 scores 0.1 (every joint 1); person 1 scores 0.9, its limb crossing person 0's.
    scene.predictions = {person({{20, 60, 1, 0}, {180, 60, 1, 0}, {0, 0, 0, 0}}),
                         person({{100, 20, 1, 0}, {100, 140, 1, 0}, {0, 0, 0, 0}})};
    scene.predictions[0].score = 0.1f;
    scene.predictions[1].score = 0.9f;
    const cv::Mat out = renderOverlay(background(), scene, skeletonOnly());
    const auto blend = [](const cv::Vec3b& under, const cv::Vec3b& over, double a) {
      cv::Vec3b v;
      for (int c = 0; c < 3; ++c) v[c] = cv::saturate_cast<uchar>(under[c] * (1 - a) + over[c] * a);
      return v;
    };
    const cv::Vec3b low = vec(personColor(0)), high = vec(personColor(1));
    // A limb of the unlikely person: opacity 0.3 + 0.7 * 0.1.
    COMPARE_PIXEL(out, 60, 60, blend(kBackground, low, 0.37), 1);
    // Where the limbs cross, the likely person's stroke (opacity 0.3 + 0.7 * 0.9) is the upper.
    COMPARE_PIXEL(out, 100, 60, blend(blend(kBackground, low, 0.37), high, 0.93), 1);

    // A match's OKS label is drawn after the people: the unlikely person's limb (y = 60) runs
    // through the label (above the match line's middle), and leaves its letters whole.
    scene.groundTruth = {gtPerson(7, {20, 20, 2, 180, 20, 2, 100, 150, 2})};
    scene.matches = {{1, 7, 0.87, false}};
    RenderOptions o = skeletonOnly();
    o.showMatches = o.showMatchText = true;
    RenderOptions labelAlone = o, noText = o;
    labelAlone.showPredictions = false;
    noText.showPredictions = false;
    noText.showMatchText = false;
    const cv::Mat alone = renderOverlay(background(), scene, labelAlone);
    const cv::Mat lineAlone = renderOverlay(background(), scene, noText);
    const cv::Mat full = renderOverlay(background(), scene, o);
    int letters = 0, covered = 0, onTheLimb = 0;
    for (int y = 0; y < alone.rows; ++y)
      for (int x = 0; x < alone.cols; ++x) {
        // A letter's core (its anti-aliased strokes' opaque middle, in the match colour) where
        // the line alone leaves the background: whatever lies under it, it stays as it is.
        if (!near(alone.at<cv::Vec3b>(y, x), vec(kMatchColor), 40) ||
            !near(lineAlone.at<cv::Vec3b>(y, x), kBackground, 0))
          continue;
        ++letters;
        if (y >= 58 && y <= 62) ++onTheLimb;
        // (An edge pixel lets a little of what is under it through; a limb over it would not.)
        if (!near(full.at<cv::Vec3b>(y, x), alone.at<cv::Vec3b>(y, x), 25)) ++covered;
      }
    QVERIFY2(letters > 10 && onTheLimb > 0,
             qPrintable(QString("%1 letter pixels, %2 on the limb").arg(letters).arg(onTheLimb)));
    QCOMPARE(covered, 0);
  }

  // Issue 16: the error layer colours each joint by its label, hollow when unlabelled, with a
  // line from a swapped joint to where it landed; predictions without marks are left alone.
  void errorLayerColoursJointsByLabel() {
    OverlayScene scene;
    scene.skeleton = {{"a", "b", "c"}, {}, {}};
    scene.predictions = {person({{30, 30, 1, 0}, {80, 30, 1, 0}, {130, 30, 1, 0}}),
                         person({{30, 120, 1, 0}, {80, 120, 1, 0}, {130, 120, 1, 0}})};
    JointErrorMark swap{JointLabel::Swap, std::array<double, 2>{80, 90}};
    scene.jointErrors = {{{JointLabel::Good, {}}, swap, {JointLabel::Unlabelled, {}}}, {}};
    RenderOptions o = skeletonOnly();
    o.lineWidth = 6;  // the error lines are half as wide
    o.showPredictions = false;
    o.showErrors = true;
    const cv::Mat out = renderOverlay(background(), scene, o);
    COMPARE_PIXEL(out, 30, 30, vec(jointLabelColor(JointLabel::Good)), 0);
    COMPARE_PIXEL(out, 80, 30, vec(jointLabelColor(JointLabel::Swap)), 0);
    COMPARE_PIXEL(out, 80, 60, vec(jointLabelColor(JointLabel::Swap)), 2);  // the line down
    COMPARE_PIXEL(out, 130, 30, kBackground, 0);                            // hollow
    COMPARE_PIXEL(out, 130 + 7, 30, vec(jointLabelColor(JointLabel::Unlabelled)), 40);
    COMPARE_PIXEL(out, 30, 120, kBackground, 0);  // no marks: not drawn
    COMPARE_PIXEL(out, 80, 105, kBackground, 0);  // the line ends at (80, 90)
    // The selected person gets a dashed white box, 3 joint radii around its joints.
    scene.selectedPerson = 1;
    const cv::Mat selected = renderOverlay(background(), scene, o);
    COMPARE_PIXEL(selected, 15, 105, cv::Vec3b(255, 255, 255), 0);
    COMPARE_PIXEL(selected, 15, 20, kBackground, 0);
    COMPARE_PIXEL(out, 15, 105, kBackground, 0);
    o.showErrors = false;
    COMPARE_PIXEL(renderOverlay(background(), scene, o), 30, 30, kBackground, 0);
    QCOMPARE(overlayLayerFromName(" Errors "), std::optional<OverlayLayer>(OverlayLayer::Errors));
    RenderOptions only;
    QVERIFY(showOnlyLayers(only, "errors,gt").empty());
    QVERIFY(only.showErrors && only.showGroundTruth && !only.showPredictions);
  }

  // The analysis' detections are tied to the record's people with joints, in order; a swap's
  // line goes to the joint of the person it landed on.
  void jointErrorMarksFollowTheResultsOrder() {
    ImageRecord record;
    record.imageId = 5;
    record.people = {person({{1, 1, 1, 0}, {2, 2, 1, 0}, {3, 3, 1, 0}}), PersonPrediction{},
                     person({{4, 4, 1, 0}, {5, 5, 1, 0}, {6, 6, 1, 0}})};
    const std::vector<std::size_t> detections = {3, 4};
    const auto people = detectionsOfPeople(record, detections);
    QCOMPARE(people.size(), std::size_t(3));
    QCOMPARE(people[0], std::optional<std::size_t>(3));
    QCOMPARE(people[1], std::optional<std::size_t>());
    QCOMPARE(people[2], std::optional<std::size_t>(4));

    KeypointAnalysis analysis;
    analysis.detections.resize(5);
    DetectionAnalysis& matched = analysis.detections[3];
    matched.gtId = 70;
    matched.joints = {JointLabel::Good, JointLabel::Swap, JointLabel::Inversion};
    matched.bestPersonId = {70, 71, 70};
    matched.bestJoint = {0, 1, 1};
    const std::vector<GroundTruthPerson> gt = {gtPerson(70, {10, 10, 2, 20, 20, 2, 30, 30, 2}),
                                               gtPerson(71, {40, 40, 2, 50, 50, 2, 60, 60, 2})};
    const auto marks = jointErrorMarks(record, analysis, detections, gt);
    QCOMPARE(marks.size(), std::size_t(3));
    QCOMPARE(marks[0].size(), std::size_t(3));
    QVERIFY(marks[0][0].label == JointLabel::Good && !marks[0][0].landedAt);
    QCOMPARE(*marks[0][1].landedAt, (std::array<double, 2>{50, 50}));  // person 71's joint 1
    QCOMPARE(*marks[0][2].landedAt, (std::array<double, 2>{20, 20}));  // own mirrored joint
    QVERIFY(marks[1].empty());                                         // no joints: no detection
    QVERIFY(marks[2].empty());  // detection 4 was not localised
  }

  void groundTruthRingsAndCrowdHatching() {
    OverlayScene scene;
    scene.skeleton = tinySkeleton();
    scene.groundTruth = {gtPerson(7, {60, 100, 2, 140, 100, 2, 0, 0, 0})};
    GroundTruthPerson crowd = gtPerson(8, {}, true);
    crowd.bbox = {10, 10, 60, 40};
    scene.groundTruth.push_back(crowd);
    RenderOptions o = skeletonOnly();
    o.showGroundTruth = o.showCrowd = true;
    const cv::Mat out = renderOverlay(background(), scene, o);
    const cv::Vec3b white = vec(kGroundTruthColor);
    COMPARE_PIXEL(out, 65, 100, white, 0);        // ring at radius 5
    COMPARE_PIXEL(out, 60, 100, kBackground, 0);  // hollow centre
    COMPARE_PIXEL(out, 140, 95, white, 0);        // ring of the second joint
    // Dashed limb: some pixels along it are white, some are not.
    int whiteOnLimb = 0, plainOnLimb = 0;
    for (int x = 70; x <= 130; ++x) {
      const cv::Vec3b p = out.at<cv::Vec3b>(100, x);
      whiteOnLimb += p == white ? 1 : 0;
      plainOnLimb += p == kBackground ? 1 : 0;
    }
    QVERIFY2(whiteOnLimb > 20 && plainOnLimb > 10, "ground-truth limb is not dashed");
    // Crowd region: every pixel inside is tinted towards the crowd colour, outside untouched.
    const cv::Vec3b inside = out.at<cv::Vec3b>(30, 40);
    QVERIFY(inside != kBackground);
    QVERIFY(std::abs(int(inside[0]) - 255) < std::abs(int(kBackground[0]) - 255));
    COMPARE_PIXEL(out, 5, 5, kBackground, 0);
    COMPARE_PIXEL(out, 100, 30, kBackground, 0);
  }

  void matchLinkPredictionToGroundTruth() {
    OverlayScene scene;
    scene.skeleton = tinySkeleton();
    scene.predictions = {
        person({{20, 20, 1, 0}, {40, 20, 1, 0}, {30, 40, 1, 0}})};  // centroid 30,26.67
    scene.groundTruth = {gtPerson(7, {140, 120, 2, 160, 120, 2, 150, 150, 2})};  // centroid 150,130
    scene.matches = {{0, 7, 0.87, false}};
    RenderOptions o = skeletonOnly();
    o.showPredictions = false;
    o.showMatches = true;
    o.showMatchText = false;
    const cv::Mat out = renderOverlay(background(), scene, o);
    const cv::Point2d from(30, 80.0 / 3), to(150, 130);
    const cv::Point2d quarter = from + (to - from) * 0.25;
    COMPARE_PIXEL(out, int(std::lround(quarter.x)), int(std::lround(quarter.y)), vec(kMatchColor),
                  2);
    o.showMatchText = true;
    const cv::Mat withText = renderOverlay(background(), scene, o);
    cv::Mat diff;
    cv::absdiff(withText, out, diff);
    QVERIFY2(cv::countNonZero(diff.reshape(1)) > 20, "no OKS text drawn");
  }

  // Issue 15, item 9: a view of the picture (the GUI's zoomed canvas) draws lines, joints and
  // OKS labels at their size in view pixels: the same at zoom 1 and zoom 4.
  void viewKeepsStrokeAndLabelSizes() {
    OverlayScene scene;
    scene.skeleton = tinySkeleton();
    scene.predictions = {person({{50, 50, 1, 0}, {150, 50, 1, 0}, {0, 0, 0, 0}})};
    scene.groundTruth = {gtPerson(7, {60, 110, 2, 140, 110, 2, 100, 130, 2})};
    scene.matches = {{0, 7, 0.87, false}};
    RenderOptions o = skeletonOnly();
    const cv::Vec3b first = vec(personColor(0));
    // The identity view is the picture renderOverlay draws.
    const cv::Matx23d identity(1, 0, 0, 0, 1, 0);
    cv::Mat diff;
    cv::absdiff(renderOverlayView(background(), scene, o, nullptr, identity, {200, 160}),
                renderOverlay(background(), scene, o), diff);
    QCOMPARE(cv::countNonZero(diff.reshape(1)), 0);
    // Zoom 4 about the limb's midpoint (100, 50), which lands at the view's (100, 80).
    const cv::Matx23d zoom4(4, 0, 100 - 4 * 100, 0, 4, 80 - 4 * 50);
    const cv::Mat atOne = renderOverlay(background(), scene, o);
    const cv::Mat atFour = renderOverlayView(background(), scene, o, nullptr, zoom4, {200, 160});
    COMPARE_PIXEL(atFour, 100, 80, first, 0);
    const auto columnRun = [&](const cv::Mat& image, int x, int y) {
      int run = 0;
      for (int dy = -20; dy <= 20; ++dy) run += image.at<cv::Vec3b>(y + dy, x) == first;
      return run;
    };
    QCOMPARE(columnRun(atFour, 100, 80), columnRun(atOne, 100, 50));
    // lineWidth 3: 3 to 5 pixels with OpenCV's anti-aliased edges.
    QVERIFY2(columnRun(atOne, 100, 50) >= 3 && columnRun(atOne, 100, 50) <= 5,
             qPrintable(QString("limb %1 px wide").arg(columnRun(atOne, 100, 50))));
    // The OKS label: the same size in view pixels (the match line hidden under it aside).
    const auto labelSize = [&](const cv::Matx23d& view) {
      RenderOptions without = o;
      without.showPredictions = without.showGroundTruth = false;
      without.showMatches = true;
      without.markUnmatched = false;
      RenderOptions with = without;
      without.showMatchText = false;
      cv::Mat changed;
      cv::absdiff(renderOverlayView(background(), scene, with, nullptr, view, {200, 160}),
                  renderOverlayView(background(), scene, without, nullptr, view, {200, 160}),
                  changed);
      cv::Mat mask;
      cv::cvtColor(changed, mask, cv::COLOR_RGB2GRAY);
      return cv::boundingRect(mask).size();
    };
    // Zoomed about the label, so that it is in view at zoom 4 too.
    const cv::Size one = labelSize(identity);
    const cv::Size four = labelSize(cv::Matx23d(4, 0, 100 - 4 * 100, 0, 4, 80 - 4 * 80));
    QVERIFY2(one.width > 10 && std::abs(one.width - four.width) <= 1 &&
                 std::abs(one.height - four.height) <= 1,
             qPrintable(QString("label %1 x %2 at zoom 1, %3 x %4 at zoom 4")
                            .arg(one.width)
                            .arg(one.height)
                            .arg(four.width)
                            .arg(four.height)));
  }

  // Issue 15, item 10: unmatched predictions crossed out, missed people circled, and the display
  // filters (score threshold, top-N) drop people and their matches from the picture only.
  void unmatchedAndMissedAreMarkedAndFiltersHidePeople() {
    OverlayScene scene;
    scene.skeleton = tinySkeleton();
    scene.predictions = {person({{20, 20, 1, 0}, {40, 20, 1, 0}, {30, 40, 1, 0}}),
                         person({{120, 20, 1, 0}, {140, 20, 1, 0}, {130, 40, 1, 0}})};
    scene.predictions[1].score = 0.3;
    scene.groundTruth = {gtPerson(7, {20, 20, 2, 40, 20, 2, 30, 40, 2}),
                         gtPerson(8, {60, 120, 2, 100, 120, 2, 80, 140, 2})};  // no one found it
    scene.matches = {{0, 7, 0.9, false}};
    RenderOptions o = skeletonOnly();
    o.skeletonOpacity = 0;  // the people's own strokes out of the way of the marks
    o.showGroundTruth = true;
    o.showMatches = true;
    o.showMatchText = false;
    const cv::Mat out = renderOverlay(background(), scene, o);
    // Prediction 1 (centroid 130, 26.7) is crossed: its arms pass 4 px off the centre diagonally.
    COMPARE_PIXEL(out, 134, 31, vec(kUnmatchedColor), 30);
    // Person 8 (centroid 80, 126.7, farthest joint 20.3 px away) gets a dashed circle of radius
    // 20.3 + 2 * 5: some pixels on it are red, its centre is not.
    int red = 0;
    for (int a = 0; a < 360; a += 3) {
      const double r = 30.3, t = a * CV_PI / 180;
      const cv::Vec3b px = out.at<cv::Vec3b>(int(std::lround(126.67 + r * std::sin(t))),
                                             int(std::lround(80 + r * std::cos(t))));
      red += px[0] > 200 && px[1] < 90 && px[2] < 90;
    }
    QVERIFY2(red > 20, qPrintable(QString::number(red)));
    COMPARE_PIXEL(out, 80, 127, kBackground, 0);
    o.markUnmatched = false;
    COMPARE_PIXEL(renderOverlay(background(), scene, o), 134, 31, kBackground, 0);

    o.markUnmatched = true;
    o.minPersonScore = 0.5;  // person 1 (0.3) is not drawn: nor is its cross
    COMPARE_PIXEL(renderOverlay(background(), scene, o), 134, 31, kBackground, 0);
    RenderOptions top;
    top.maxPeople = 1;
    QCOMPARE(shownPeople(scene, top), (std::vector<bool>{true, false}));
    top.maxPeople = 0;
    top.minPersonScore = 0.2;
    QCOMPARE(shownPeople(scene, top), (std::vector<bool>{true, true}));
  }

  // Issue 15, item 11: overlays drawn larger (outputScale) and framed with a title and a scale.
  void outputScaleAndExportFrame() {
    OverlayScene scene;
    scene.skeleton = tinySkeleton();
    scene.predictions = {person({{20, 20, 1, 0}, {40, 20, 1, 0}, {30, 40, 1, 0}})};
    RenderOptions o = skeletonOnly();
    o.outputScale = 3;
    const cv::Mat big = renderOverlay(background(176, 192), scene, o);
    QCOMPARE(big.size(), cv::Size(528, 576));
    COMPARE_PIXEL(big, 60, 60, vec(personColor(0)), 40);  // joint 0 at (20, 20) x 3
    QCOMPARE(exportScaleFor(cv::Size(176, 192)), 4.0);
    QCOMPARE(exportScaleFor(cv::Size(1280, 960)), 1.0);
    QVERIFY(overlayTitle(PerImageRow{0, 42, "a.jpg", 3, 2, 0.5, 0.625, {}, ""}).find("image 42") ==
            0);
    const cv::Mat framed = frameForExport(big, 3, "image 42 | AP 0.500", scene, o);
    QCOMPARE(framed.cols, 528);
    QVERIFY(framed.rows > 576);
    // The overlay itself is untouched, somewhere below the header.
    bool found = false;
    for (int top = 0; top + 576 <= framed.rows && !found; ++top) {
      cv::Mat diff;
      cv::absdiff(framed(cv::Rect(0, top, 528, 576)), big, diff);
      found = cv::countNonZero(diff.reshape(1)) == 0;
    }
    QVERIFY(found);
  }

  // Issue 33: a narrow image's header wraps (the frame grows, nothing drawn past its width),
  // the header says the layers and filters, a legend in the palette's colours is under it.
  void narrowExportWrapsItsHeaderAndHasALegend() {
    OverlayScene scene;
    scene.skeleton = tinySkeleton();
    scene.predictions = {person({{20, 20, 1, 0}, {40, 20, 1, 0}, {30, 40, 1, 0}})};
    scene.predictions[0].score = 0.2;
    RenderOptions o;
    o.minPersonScore = 0.3;
    QCOMPARE(displayFiltersText(o), std::string("score >= 0.30"));
    QCOMPARE(overlayDrawnWithText(scene, o),
             std::string("layers: predictions, gt, crowd, matches | score >= 0.30: 1 of 1 "
                         "predictions hidden"));
    const cv::Mat narrow = background(100, 300);
    const std::string title =
        "image 123456 | a_rather_long_file_name_0000123456.jpg | AP 0.523 | mean OKS 0.611 | 3 "
        "predicted, 2 in ground truth";
    const cv::Mat framed = frameForExport(narrow, 1, title, scene, o);
    QCOMPARE(framed.cols, 320);  // the minimum width
    const cv::Mat legend = exportLegend(320, o);
    QVERIFY(legend.rows >= 2 * 24);  // six entries do not fit one row of 320 px
    // One line of header would be 32 px: the title and the filters take several.
    const int header = framed.rows - 300 - 30 - legend.rows;
    QVERIFY2(header >= 4 * 22, qPrintable(QString::number(header)));
    // Nothing drawn in the right margin of the header: every line fits the width.
    const cv::Vec3b frame(32, 32, 32);
    for (int y = 0; y < header; ++y)
      for (int x = framed.cols - 6; x < framed.cols; ++x) COMPARE_PIXEL(framed, x, y, frame, 0);
    // The legend's swatches in the palette's colours, under the scale bar.
    const cv::Mat footer = framed(cv::Rect(0, header + 300 + 30, 320, legend.rows));
    for (const cv::Scalar& color : {kMatchColor, kUnmatchedColor, kCrowdColor, personColor(0)}) {
      cv::Mat mask;
      cv::inRange(footer, color, color, mask);
      QVERIFY(cv::countNonZero(mask) > 0);
    }
    // Without layers there is nothing to explain, and no legend.
    RenderOptions none;
    none.showPredictions = none.showGroundTruth = none.showCrowd = none.showMatches = false;
    QVERIFY(exportLegend(320, none).empty());
    QCOMPARE(overlayLayersText(none), std::string("none"));
    resetDisplayFilters(o);
    QVERIFY(!hasDisplayFilters(o));
  }

  void heatmapPeakLandsWhereProjected() {
    ImageMaps maps = testMaps();
    heat(maps, 1, 7, 5) = 1.0f;  // -> image (5 * 4 + 2, 7 * 4 + 3) = (22, 31)
    heat(maps, 0, 2, 3) = 0.5f;  // -> image (14, 11)
    RenderOptions o;
    o.showPredictions = o.showGroundTruth = o.showCrowd = o.showMatches = false;
    o.showHeatmap = true;
    o.heatmapOpacity = 1.0;
    o.heatmapValueAsAlpha = false;  // the colormap's own colours everywhere
    o.colormap = Colormap::Jet;
    const cv::Mat out = renderOverlay(background(100, 80), OverlayScene{}, o, &maps);
    QCOMPARE(out.size(), cv::Size(100, 80));
    const cv::Vec3b peak = colormapColor(Colormap::Jet, 1.0);
    const cv::Vec3b zero = colormapColor(Colormap::Jet, 0.0);
    QVERIFY(peak != zero);
    COMPARE_PIXEL(out, 22, 31, peak, 0);
    COMPARE_PIXEL(out, 14, 11, colormapColor(Colormap::Jet, 0.5), 0);
    COMPARE_PIXEL(out, 50, 50, zero, 0);
    COMPARE_PIXEL(out, 95, 75, kBackground, 0);  // outside the map's footprint

    o.heatmapJoint = 0;  // joint 0 has nothing at the other joint's peak
    const cv::Mat joint0 = renderOverlay(background(100, 80), OverlayScene{}, o, &maps);
    COMPARE_PIXEL(joint0, 22, 31, zero, 0);
    COMPARE_PIXEL(joint0, 14, 11, colormapColor(Colormap::Jet, 0.5), 0);

    o.heatmapJoint = -1;
    o.normalizeHeatmap = true;
    o.colormap = Colormap::Viridis;
    heat(maps, 1, 7, 5) = 0.25f;  // the maximum: shown as 1 once normalised
    const cv::Mat normalised = renderOverlay(background(100, 80), OverlayScene{}, o, &maps);
    COMPARE_PIXEL(normalised, 14, 11, colormapColor(Colormap::Viridis, 1.0), 0);
  }

  // Issue 15, item 8: by default low heatmap values are transparent and the opacity is lower.
  void heatmapZeroIsTransparentByDefault() {
    ImageMaps maps = testMaps();
    heat(maps, 1, 7, 5) = 1.0f;   // -> image (22, 31)
    heat(maps, 0, 2, 3) = 0.25f;  // -> image (14, 11): half of the opaque-from value
    RenderOptions o;
    QVERIFY(o.heatmapValueAsAlpha);
    QVERIFY(o.heatmapOpacity < 0.6);
    o.showPredictions = o.showGroundTruth = o.showCrowd = o.showMatches = false;
    o.showHeatmap = true;
    const cv::Mat out = renderOverlay(background(100, 80), OverlayScene{}, o, &maps);
    COMPARE_PIXEL(out, 50, 50, kBackground, 0);  // value 0: the image itself
    auto blend = [](const cv::Vec3b& over, const cv::Vec3b& under, double alpha) {
      cv::Vec3b c;
      for (int k = 0; k < 3; ++k)
        c[k] = cv::saturate_cast<uchar>(over[k] * alpha + under[k] * (1 - alpha));
      return c;
    };
    COMPARE_PIXEL(out, 22, 31, blend(colormapColor(o.colormap, 1.0), kBackground, o.heatmapOpacity),
                  1);
    COMPARE_PIXEL(out, 14, 11,
                  blend(colormapColor(o.colormap, 0.25), kBackground, o.heatmapOpacity * 0.5), 1);
  }

  void tagColoursSeparatePeople() {
    ImageMaps maps = testMaps();
    // Two people: joint 0 at map (4, 4) with tag -1, joint 1 at map (14, 10) with tag 2.
    heat(maps, 0, 4, 4) = 1.0f;
    tag(maps, 0, 4, 4) = -1.0f;
    heat(maps, 1, 10, 14) = 1.0f;
    tag(maps, 1, 10, 14) = 2.0f;
    tag(maps, 1, 10, 14, 1) = 50.0f;  // the flip copy is not shown
    OverlayScene scene;
    scene.predictions = {person({{18, 19, 0.9f, -1.0f}}), person({{58, 43, 0.9f, 2.0f}})};
    RenderOptions o;
    o.showPredictions = o.showGroundTruth = o.showCrowd = o.showMatches = false;
    o.showTags = true;
    o.tagOpacity = 1.0;
    const cv::Mat out = renderOverlay(background(100, 80), scene, o, &maps);
    COMPARE_PIXEL(out, 18, 19, tagColor(0.0), 0);  // (4 * 4 + 2, 4 * 4 + 3)
    COMPARE_PIXEL(out, 58, 43, tagColor(1.0), 0);  // (14 * 4 + 2, 10 * 4 + 3)
    QVERIFY(tagColor(0.0) != tagColor(1.0));
    COMPARE_PIXEL(out, 40, 60, kBackground, 0);  // heatmap below the mask threshold
    const auto range = tagRange(maps, scene.predictions, 0.1, 0.1);
    QCOMPARE(range.first, -1.0);
    QCOMPARE(range.second, 2.0);
    const auto fromMap = tagRange(maps, {}, 0.1, 0.1);
    QCOMPARE(fromMap.first, -1.0);
    QCOMPARE(fromMap.second, 2.0);
  }

  void networkResolutionUsesMapSpace() {
    ImageMaps maps = testMaps();
    heat(maps, 1, 7, 5) = 1.0f;
    OverlayScene scene;
    scene.skeleton = tinySkeleton();
    scene.predictions = {person({{22, 31, 1, 0}, {62, 31, 1, 0}, {0, 0, 0, 0}})};
    RenderOptions o = skeletonOnly();
    o.jointRadius = 1;
    o.lineWidth = 1;
    o.projectMaps = false;
    const cv::Mat out = renderOverlay(background(100, 80), scene, o, &maps);
    QCOMPARE(out.size(), cv::Size(20, 16));
    COMPARE_PIXEL(out, 5, 7, vec(personColor(0)), 0);   // image (22, 31) -> map (5, 7)
    COMPARE_PIXEL(out, 15, 7, vec(personColor(0)), 0);  // image (62, 31) -> map (15, 7)
    COMPARE_PIXEL(out, 10, 12, kBackground, 0);
  }

  void deterministicAndPngRoundTrip() {
    OverlayScene scene;
    scene.skeleton = skeletonFor(DatasetKind::Coco);
    PersonPrediction p;
    for (int j = 0; j < 17; ++j)
      p.joints.push_back({20.f + 7 * j, 30.f + 5 * j, 0.3f + 0.04f * j, 0});
    scene.predictions = {p, p};
    scene.predictions[1].joints[3][0] += 30;
    const RenderOptions o;
    const cv::Mat a = renderOverlay(background(), scene, o);
    const cv::Mat b = renderOverlay(background(), scene, o);
    QCOMPARE(cv::norm(a, b, cv::NORM_INF), 0.0);
    QTemporaryDir tmp;
    const std::string path = tmp.filePath("overlay.png").toStdString();
    writePngRgb(a, path);
    const cv::Mat back = readImageRgb(path);
    QCOMPARE(back.size(), a.size());
    QCOMPARE(cv::norm(a, back, cv::NORM_INF), 0.0);
    QVERIFY_THROWS_EXCEPTION(Error,
                             writePngRgb(a, tmp.filePath("no/such/dir/x.png").toStdString()));
    QVERIFY_THROWS_EXCEPTION(DatasetError, readImageRgb(tmp.filePath("missing.png").toStdString()));
  }

  void badInputsAreErrors() {
    RenderOptions o;
    o.heatmapOpacity = 1.5;
    QVERIFY_THROWS_EXCEPTION(ConfigError, renderOverlay(background(), OverlayScene{}, o));
    RenderOptions needsMaps;
    needsMaps.showHeatmap = true;
    QVERIFY_THROWS_EXCEPTION(Error, renderOverlay(background(), OverlayScene{}, needsMaps));
    ImageMaps broken = testMaps();
    broken.heatmaps.pop_back();
    QVERIFY_THROWS_EXCEPTION(Error,
                             renderOverlay(background(), OverlayScene{}, needsMaps, &broken));
    ImageMaps maps = testMaps();
    needsMaps.heatmapJoint = 2;
    QVERIFY_THROWS_EXCEPTION(Error, renderOverlay(background(), OverlayScene{}, needsMaps, &maps));
    QVERIFY_THROWS_EXCEPTION(Error, renderOverlay(cv::Mat(10, 10, CV_8UC1, cv::Scalar(0)),
                                                  OverlayScene{}, RenderOptions{}));
    QVERIFY_THROWS_EXCEPTION(ConfigError, colormapFromName("rainbow"));
  }
};

QTEST_GUILESS_MAIN(TestRender)
#include "tst_render.moc"
