// Views: the query grammar, its errors (position and did-you-mean), what an image and a person
// satisfy, a run's images and people joined with the analysis (view_rows), and the run's tags as
// a query property (view_tags).

#include <QtTest>

#include "analysis/analysis_params.h"
#include "analysis/keypoint_analysis.h"
#include "report/view_query.h"
#include "report/view_rows.h"
#include "report/view_tags.h"

using namespace posescope;

namespace {

ViewPerson person(const std::string& match, std::optional<double> area, std::optional<double> score,
                  int swaps = 0) {
  ViewPerson p;
  p.match = match;
  p.area = area;
  p.score = score;
  p.swaps = swaps;
  return p;
}

ViewImage image(std::int64_t id, int people, std::optional<double> ap,
                std::vector<ViewPerson> persons) {
  ViewImage i;
  i.id = id;
  i.file = "img_" + std::to_string(id) + ".jpg";
  i.people = people;
  i.ap = ap;
  i.persons = std::move(persons);
  return i;
}

// The error of parsing `text`: its position and message.
std::pair<std::size_t, std::string> parseError(const std::string& text) {
  try {
    ViewQuery::parse(text);
  } catch (const QueryError& e) {
    return {e.position(), e.what()};
  }
  return {std::string::npos, ""};
}

// A 17-joint person at (x0 + 4k, y0 + 3k), all joints visible.
std::vector<double> joints(double x0, double y0, double third) {
  std::vector<double> k;
  for (int j = 0; j < 17; ++j) k.insert(k.end(), {x0 + 4 * j, y0 + 3 * j, third});
  return k;
}

}  // namespace

class TestViewQuery : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void parsesAndNormalises() {
    QCOMPARE(ViewQuery::parse("area>9216 AND swaps>0").text(),
             std::string("area > 9216 and swaps > 0"));
    QCOMPARE(ViewQuery::parse("  ").text(), std::string());
    QVERIFY(ViewQuery::parse("").empty());
    QCOMPARE(ViewQuery::parse("not has_crowd and file ~ '0001' and match == Missed").text(),
             std::string("not has_crowd and file ~ \"0001\" and match = \"missed\""));
    QCOMPARE(ViewQuery::parse("ap<=.5 and score>=1e-2 and id != -3").text(),
             std::string("ap <= 0.5 and score >= 0.01 and id != -3"));
    QVERIFY(ViewQuery::parse("swaps > 0").hasPersonConditions());
    QVERIFY(!ViewQuery::parse("ap < 0.5").hasPersonConditions());
    QVERIFY(ViewQuery::parse("ap < 0.5 and failed").usesProperty("failed"));
  }

  void errorsNamePositionAndSuggestion() {
    auto [at, message] = parseError("area > 9216 and swapz > 0");
    QCOMPARE(at, std::size_t(16));
    QVERIFY(message.find("unknown property 'swapz'") != std::string::npos);
    QVERIFY(message.find("did you mean 'swaps'") != std::string::npos);
    QVERIFY(message.find("column 17") != std::string::npos);

    std::tie(at, message) = parseError("match = mised");
    QCOMPARE(at, std::size_t(8));
    QVERIFY(message.find("did you mean 'missed'") != std::string::npos);

    const std::vector<std::pair<std::string, std::string>> cases = {
        {"area >", "a value is missing"},      {"area > big", "is a number"},
        {"area ~ 3", "compares texts"},        {"area", "needs a comparison"},
        {"file < 'a'", "is a text"},           {"failed = maybe", "true or false"},
        {"match > missed", "use = or !="},     {"ap < 0.5 or failed", "only 'and'"},
        {"ap < 0.5 failed", "expected 'and'"}, {"ap < 0.5 and", "missing after 'and'"},
        {"file = 'open", "not closed"},        {"ap ! 1", "'!=' "},
        {"ap < 1e999", "finite number"},       {"ap < 0.5 $", "unexpected '$'"},
        {"> 3", "expected a property name"},
    };
    for (const auto& [text, expected] : cases) {
      const auto [position, what] = parseError(text);
      QVERIFY2(position != std::string::npos, text.c_str());
      QVERIFY2(position <= text.size(), text.c_str());
      QVERIFY2(what.find(expected) != std::string::npos, (text + " -> " + what).c_str());
    }
  }

  void imagesNeedOnePersonSatisfyingAllPersonConditions() {
    // Image 1: a large person without swaps and a small one with a swap: no single person is both.
    const std::vector<ViewImage> images = {
        image(1, 2, 0.9, {person("matched", 20000, 0.9), person("matched", 500, 0.8, 2)}),
        image(2, 1, 0.4, {person("matched", 20000, 0.7, 1)}),
        image(3, 0, std::nullopt, {person("background", 100, 0.2)}),
    };
    const auto ids = [&](const std::string& text) {
      std::vector<std::int64_t> out;
      for (const ViewImage* i : imagesInView(images, ViewQuery::parse(text))) out.push_back(i->id);
      return out;
    };
    QCOMPARE(ids("area > 9216 and swaps > 0"), (std::vector<std::int64_t>{2}));
    QCOMPARE(ids("swaps > 0"), (std::vector<std::int64_t>{1, 2}));
    QCOMPARE(ids("ap < 0.5"), (std::vector<std::int64_t>{2}));      // image 3 has no AP: not < 0.5
    QCOMPARE(ids("not ap < 0.5"), (std::vector<std::int64_t>{1}));  // nor its negation
    QCOMPARE(ids("people >= 1 and match = background"), std::vector<std::int64_t>{});
    QCOMPARE(ids("match != matched"), (std::vector<std::int64_t>{3}));
    QCOMPARE(ids("file ~ IMG_3"), (std::vector<std::int64_t>{3}));
    QCOMPARE(ids("file = img_3.jpg"), (std::vector<std::int64_t>{3}));
    QCOMPARE(ids(""), (std::vector<std::int64_t>{1, 2, 3}));
    QCOMPARE(ids("not failed"), (std::vector<std::int64_t>{1, 2, 3}));
    QVERIFY(ViewQuery::parse("score < 0.85").matchesPerson(images[0].persons[1]));
    QVERIFY(!ViewQuery::parse("score < 0.85").matchesPerson(images[0].persons[0]));
  }

  // Issue 33: tags (tags.json) are a query property of images (their own or their people's)
  // and of people (their ground-truth person's or their prediction's).
  void tagsAreAQueryProperty() {
    ViewPerson found = person("matched", 20000, 0.9);
    found.groundTruthId = 100;
    found.detectionIndex = 0;
    ViewPerson missed = person("missed", 3000, std::nullopt);
    missed.groundTruthId = 101;
    std::vector<ViewImage> images = {image(1, 2, 0.9, {found, missed}),
                                     image(2, 1, 0.5, {person("matched", 9000, 0.8)}),
                                     image(3, 0, std::nullopt, {})};
    RunTag occludedPerson{1, 101, std::nullopt, "occluded", "behind a car"};
    RunTag wrongPrediction{1, std::nullopt, 0, "bad pose", ""};
    RunTag occludedImage{3, std::nullopt, std::nullopt, "occluded", ""};
    RunTag elsewhere{9, std::nullopt, std::nullopt, "blurry", ""};  // an image not in the run
    attachTags(images, {occludedPerson, wrongPrediction, occludedImage, elsewhere, occludedImage});
    QCOMPARE(images[0].tags, (std::vector<std::string>{"occluded", "bad pose"}));
    QCOMPARE(images[0].persons[0].tags, std::vector<std::string>{"bad pose"});
    QCOMPARE(images[0].persons[1].tags, std::vector<std::string>{"occluded"});
    QCOMPARE(images[2].tags, std::vector<std::string>{"occluded"});  // once
    QVERIFY(images[1].tags.empty());

    const auto ids = [&](const std::string& text) {
      std::vector<std::int64_t> out;
      for (const ViewImage* i : imagesInView(images, ViewQuery::parse(text))) out.push_back(i->id);
      return out;
    };
    using Ids = std::vector<std::int64_t>;
    QCOMPARE(ids("tag == \"occluded\""), (Ids{1, 3}));
    QCOMPARE(ids("tag = 'bad pose'"), Ids{1});
    QCOMPARE(ids("tag ~ POSE"), Ids{1});
    QCOMPARE(ids("tag != occluded"), Ids{});  // every tagged image has it; untagged: no value
    QCOMPARE(ids("tag != 'bad pose'"), Ids{3});
    QCOMPARE(ids("not tag = occluded"), Ids{});  // image 2 has no tag: neither way
    QCOMPARE(ids("tagged"), (Ids{1, 3}));
    QCOMPARE(ids("not tagged"), Ids{2});
    QCOMPARE(ids("tagged = false"), Ids{2});
    QCOMPARE(ids("tag = never-used"), Ids{});  // an unknown tag name matches nothing
    // A person's own tags, with its other conditions at once.
    QCOMPARE(ids("person_tag = occluded and match = missed"), Ids{1});
    QCOMPARE(ids("person_tag = occluded and match = matched"), Ids{});
    QCOMPARE(ids("person_tagged and score > 0.5"), Ids{1});
    QCOMPARE(ids("person_tag = occluded"), Ids{1});  // image 3's tag is the image's, no person's
    QVERIFY(ViewQuery::parse("person_tag = x").hasPersonConditions());
    QVERIFY(!ViewQuery::parse("tag = x").hasPersonConditions());
    QVERIFY(queryNamesTags(ViewQuery::parse("id > 0 and not tagged")));
    QVERIFY(!queryNamesTags(ViewQuery::parse("id > 0")));
    QCOMPARE(ViewQuery::parse("TAG == occluded").text(), std::string("tag = \"occluded\""));
    // Malformed: refused with the position, as for every property.
    QCOMPARE(parseError("tag < 3").first, std::size_t(4));
    QVERIFY(parseError("tag < 3").second.find("'tag' is a text") != std::string::npos);
    QCOMPARE(parseError("tagged and tag ==").first, std::size_t(17));
    QCOMPARE(parseError("tag occluded").first, std::size_t(4));
    QVERIFY(parseError("taged").second.find("did you mean 'tagged'") != std::string::npos);
  }

  void runRowsJoinTheAnalysis() {
    // One image: person 10 predicted exactly, person 11 missed, one prediction far from anyone;
    // a crowd region elsewhere on image 2.
    KeypointGroundTruth gt;
    KeypointCategory category;
    category.id = 1;
    category.name = "person";
    for (int j = 0; j < 17; ++j) category.keypoints.push_back("k" + std::to_string(j));
    gt.categories = {category};
    gt.images = {{1, "a.jpg", 640, 480, std::nullopt}, {2, "b.jpg", 640, 480, std::nullopt}};
    GroundTruthPerson found{10, 1, 1, joints(100, 100, 2), {100, 100, 80, 60}, 4800.0, 17, false};
    GroundTruthPerson missed{11, 1, 1, joints(400, 300, 2), {400, 300, 80, 60}, 4800.0, 17, false};
    GroundTruthPerson crowd{12, 2, 1, joints(0, 0, 0), {0, 0, 300, 300}, 90000.0, 0, true};
    gt.annotations = {found, missed, crowd};
    std::vector<KeypointDetection> results(2);
    results[0].imageId = 1;
    results[0].keypoints = joints(100, 100, 0.9);
    results[0].score = 0.95;
    results[1].imageId = 1;
    results[1].keypoints = joints(10, 400, 0.5);
    results[1].score = 0.3;
    const KeypointAnalysis analysis =
        analyzeKeypoints(gt, results, analysisParamsFor(EvalVariant::Coco));

    std::vector<PerImageRow> rows(2);
    rows[0].imageId = 1;
    rows[0].file = "a.jpg";
    rows[0].people = 2;
    rows[0].groundTruthPeople = 2;
    rows[0].ap = 0.5;
    rows[1].imageId = 2;
    rows[1].file = "b.jpg";
    rows[1].error = "cannot decode";
    const std::vector<ViewImage> images = viewImagesOf(rows, gt, results, analysis);
    QCOMPARE(images.size(), std::size_t(2));
    const ViewImage& a = images[0];
    QCOMPARE(a.people, 2);
    QCOMPARE(a.predicted, 2);
    QVERIFY(!a.crowd);
    QCOMPARE(a.persons.size(), std::size_t(3));
    QCOMPARE(a.persons[0].match, std::string("matched"));
    QCOMPARE(*a.persons[0].groundTruthId, std::int64_t(10));
    QCOMPARE(*a.persons[0].area, 4800.0);
    QCOMPARE(*a.persons[0].visible, 17);
    QCOMPARE(*a.persons[0].oks, 1.0);
    QCOMPARE(a.persons[0].swaps + a.persons[0].misses + a.persons[0].jitters, 0);
    QCOMPARE(a.persons[1].match, std::string("background"));
    QCOMPARE(*a.persons[1].score, 0.3);
    QVERIFY(!a.persons[1].oks);
    QCOMPARE(a.persons[2].match, std::string("missed"));
    QCOMPARE(*a.persons[2].groundTruthId, std::int64_t(11));
    QVERIFY(!a.persons[2].score);
    const ViewImage& b = images[1];
    QVERIFY(b.crowd);
    QCOMPARE(b.people, 0);  // the crowd region is no person, and no evaluation says otherwise
    QVERIFY(b.failed);
    QCOMPARE(b.failure, std::string("cannot decode"));
    QVERIFY(b.persons.empty());  // a crowd region is never "missed"
    QCOMPARE(imagesInView(images, ViewQuery::parse("failed and has_crowd")).size(), std::size_t(1));
    QCOMPARE(imagesInView(images, ViewQuery::parse("match = missed and visible >= 17")).size(),
             std::size_t(1));
  }
};

QTEST_APPLESS_MAIN(TestViewQuery)
#include "tst_view_query.moc"
