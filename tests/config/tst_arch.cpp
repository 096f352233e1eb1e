// Architecture JSON (--superconfig): parsing, validation messages, _make_divisible, ArchManager.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/python_random.h"
#include "common/strings.h"
#include "config/arch_config.h"
#include "config/experiment.h"
#include "config/search_space.h"
#include "test_support.h"

using posescope::ArchConfig;
using posescope::ArchManager;

namespace {

QString configError(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const posescope::ConfigError& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

// The hand-computed fixed_sample(256, 0.5) of ArchManager with deconv filters [64, 48, 32]:
// _make_divisible(24*0.5)=16, deconv 32/24/16, stage channels 16/32/48/80, blocks 4/6/8/8.
ArchConfig expectedFixedSample() {
  ArchConfig a;
  a.imgSize = 256;
  a.inputChannel = 16;
  a.deconvSetting = {32, 24, 16};
  const int spec[4][3] = {{4, 2, 16}, {6, 2, 32}, {8, 2, 48}, {8, 1, 80}};
  for (const auto& s : spec) {
    posescope::ArchStage st;
    st.numBlocks = s[0];
    st.stride = s[1];
    st.channel = s[2];
    st.blockSetting.assign(static_cast<size_t>(s[0]), {6, 7});
    a.backbone.push_back(st);
  }
  return a;
}

bool sameArch(const ArchConfig& a, const ArchConfig& b) {
  return posescope::archToJson(a) == posescope::archToJson(b);
}

}  // namespace

class TestArch : public QObject {
  Q_OBJECT
  QTemporaryDir tmp_;

  std::string write(const QString& name, const QByteArray& text) {
    const QString path = tmp_.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write fixture");
    f.write(text);
    return path.toStdString();
  }

  std::string archPath(const char* name) const {
    return posescope::test::sourceDir() + "/configs/arch/" + name;
  }

 private Q_SLOTS:
  void makeDivisible_data() {
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("divisor");
    QTest::addColumn<int>("minValue");
    QTest::addColumn<int>("expected");
    // Expected values worked out by hand from arch_manager.py's _make_divisible.
    QTest::newRow("12 -> 16") << 12.0 << 8 << -1 << 16;
    QTest::newRow("18 rounds down then +8") << 18.0 << 8 << -1 << 24;
    QTest::newRow("3 -> min 8") << 3.0 << 8 << -1 << 8;
    QTest::newRow("35 -> 32") << 35.0 << 8 << -1 << 32;
    QTest::newRow("36 -> 40") << 36.0 << 8 << -1 << 40;
    QTest::newRow("120 stays") << 120.0 << 8 << -1 << 120;
    QTest::newRow("truncation 15.9") << 15.9 << 8 << -1 << 16;
    QTest::newRow("9.5 -> 16 (10% rule)") << 9.5 << 8 << -1 << 16;
    QTest::newRow("min 1, 10 -> 16") << 10.0 << 8 << 1 << 16;
    QTest::newRow("divisor 4") << 6.0 << 4 << -1 << 8;
  }
  void makeDivisible() {
    QFETCH(double, value);
    QFETCH(int, divisor);
    QFETCH(int, minValue);
    QFETCH(int, expected);
    QCOMPARE(posescope::makeDivisible(value, divisor, minValue), expected);
  }

  void fixedSampleMatchesTheReference() {
    const ArchConfig a = ArchManager({64, 48, 32}).fixedSample();
    QVERIFY2(sameArch(a, expectedFixedSample()), posescope::archToJsonText(a).c_str());
    const ArchConfig full = ArchManager({64, 48, 32}).fixedSample(320, 1.0);
    QCOMPARE(full.imgSize, 320);
    QCOMPARE(full.inputChannel, 24);
    QCOMPARE(full.deconvSetting, (std::vector<int>{64, 48, 32}));
    QCOMPARE(full.backbone[2].channel, 96);
    QCOMPARE(full.backbone[3].channel, 160);
  }

  void randomSampleIsSeededAndInTheSpace() {
    const ArchManager m({64, 48, 32});
    bool anyDifferent = false;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      posescope::PythonRandom random(seed), again(seed), other(seed + 100);
      const ArchConfig a = m.randomSample(random);
      QVERIFY(sameArch(a, m.randomSample(again)));
      anyDifferent = anyDifferent || !sameArch(a, m.randomSample(other));
      QVERIFY(a.imgSize >= 256 && a.imgSize <= 512 && a.imgSize % 64 == 0);
      QVERIFY(a.inputChannel % 8 == 0 && a.inputChannel > 0 && a.inputChannel <= 24);
      for (const auto& st : a.backbone) QVERIFY(st.channel % 8 == 0);
      // Every sample is a valid arch.
      posescope::archFromJson(posescope::archToJson(a), "random");
    }
    QVERIFY(anyDifferent);
  }

  // The MODEL.EXTRA keys of config/search_space.h: absent, the reference's space (tst_search
  // checks its draws against the reference's); the demo supernet's space draws in its own.
  void searchSpaceComesFromTheConfig() {
    const std::string src = posescope::test::sourceDir();
    const auto load = [&](std::vector<std::string> overrides) {
      return posescope::loadExperiment(
          {src + "/configs/demo/demo-supernet.yaml", "", std::move(overrides)});
    };
    const ArchManager demo = posescope::archManagerFromConfig(load({}).cfg);
    const ArchManager reference({32, 24, 16});  // no space given: LitePose's
    QCOMPARE(demo.inputSizes(), std::vector<int>{128});
    QCOMPARE(demo.baseInputChannel(), 16);
    QCOMPARE(demo.stages()[3].channel, 64);
    QCOMPARE(demo.stages()[2].numBlocks, 3);
    QCOMPARE(reference.inputSizes(), (std::vector<int>{256, 320, 384, 448, 512}));
    const ArchManager litepose = posescope::archManagerFromConfig(
        posescope::loadExperiment({src + "/configs/crowd_pose/mobilenet/supermobile.yaml", "", {}})
            .cfg);
    QCOMPARE(litepose.inputSizes(), reference.inputSizes());
    QCOMPARE(litepose.baseInputChannel(), 24);
    for (std::size_t s = 0; s < 4; ++s) {
      QCOMPARE(litepose.stages()[s].channel, reference.stages()[s].channel);
      QCOMPARE(litepose.stages()[s].numBlocks, reference.stages()[s].numBlocks);
    }
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      posescope::PythonRandom random(seed);
      const ArchConfig a = demo.randomSample(random);
      QCOMPARE(a.imgSize, 128);
      for (std::size_t s = 0; s < 4; ++s) {
        const int full = demo.stages()[s].channel;
        QVERIFY(a.backbone[s].channel <= full);
        QVERIFY(a.backbone[s].channel >= posescope::makeDivisible(full * 0.25, 8));
        QCOMPARE(a.backbone[s].numBlocks, demo.stages()[s].numBlocks);
      }
      posescope::archFromJson(posescope::archToJson(a), "random");  // a valid arch
    }

    const QString tooDeep = configError([&] {
      posescope::searchSpaceFromConfig(
          load({"MODEL.EXTRA.SEARCH_STAGE_BLOCKS", "[2, 3, 4, 2]"}).cfg);
    });
    QVERIFY2(tooDeep.contains("demo-supernet.yaml: MODEL.EXTRA.SEARCH_STAGE_BLOCKS[2] 4 exceeds "
                              "the supernet's 3"),
             qPrintable(tooDeep));
    const QString threeStages = configError([&] {
      posescope::supernetShapeFromConfig(
          load({"MODEL.EXTRA.SUPERNET_STAGE_CHANNELS", "[24, 32, 48]"}).cfg);
    });
    QVERIFY2(threeStages.contains("MODEL.EXTRA.SUPERNET_STAGE_CHANNELS: expected 4 entries, got 3"),
             qPrintable(threeStages));
    const QString negative = configError([&] {
      posescope::searchSpaceFromConfig(load({"MODEL.EXTRA.SEARCH_INPUT_SIZES", "[128, -64]"}).cfg);
    });
    QVERIFY2(negative.contains("MODEL.EXTRA.SEARCH_INPUT_SIZES"), qPrintable(negative));
  }

  void shippedArchesLoad_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("imgSize");
    QTest::newRow("XS") << "search-XS.json" << 256;
    QTest::newRow("S") << "search-S.json" << 448;
    QTest::newRow("M") << "search-M.json" << 448;
    QTest::newRow("L") << "search-L.json" << 512;
  }
  void shippedArchesLoad() {
    QFETCH(QString, name);
    QFETCH(int, imgSize);
    const ArchConfig a = posescope::loadArchJson(archPath(qPrintable(name)));
    QCOMPARE(a.imgSize, imgSize);
    QCOMPARE(a.backbone.size(), size_t(4));
    for (const auto& st : a.backbone) QCOMPARE(int(st.blockSetting.size()), st.numBlocks);
  }

  void shippedArchesEqualTheReference() {
    POSESCOPE_REQUIRE_PARITY(parity);
    for (const char* name : {"search-XS.json", "search-S.json", "search-M.json", "search-L.json"}) {
      const std::string refPath = parity + "/configs/arch/" + name;
      const ArchConfig ref = posescope::loadArchJson(refPath);
      QVERIFY2(sameArch(posescope::loadArchJson(archPath(name)), ref), name);
      // The reference's files are json.dumps output: archToJsonText writes the same text.
      QCOMPARE(posescope::archToJsonText(ref), posescope::trim(posescope::readTextFile(refPath)));
    }
  }

  void badArch_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    const QByteArray stage =
        R"({"num_blocks": 2, "stride": 2, "channel": 16, "block_setting": [[6, 7], [6, 7]]})";
    auto doc = [&](const QByteArray& backbone, const QByteArray& head = R"("img_size": 256,)") {
      return "{" + head + R"( "input_channel": 16, "deconv_setting": [16, 24, 24],)" +
             R"( "backbone_setting": [)" + backbone + "]}";
    };
    QTest::newRow("malformed") << QByteArray(
                                      "{\n  \"img_size\": 256,\n  \"input_channel\": 16,,\n}")
                               << "bad.json:3:";
    // Found by fuzz_arch_json: nlohmann throws out_of_range, not parse_error, for this one.
    QTest::newRow("number overflow")
        << doc(stage, R"("img_size": 1e999,)") << "bad.json: malformed JSON:";
    QTest::newRow("not an object")
        << QByteArray("[1, 2]") << "bad.json: an arch must be a JSON object";
    QTest::newRow("missing field")
        << QByteArray(R"({"img_size": 256, "deconv_setting": [16], "backbone_setting": [)" + stage +
                      "]}")
        << "bad.json: input_channel is missing";
    QTest::newRow("missing stage field")
        << doc(R"({"num_blocks": 1, "stride": 2, "block_setting": [[6, 7]]})")
        << "bad.json: backbone_setting[0].channel is missing";
    QTest::newRow("wrong type") << doc(stage, R"("img_size": "256",)")
                                << "bad.json: img_size must be an integer";
    QTest::newRow("float") << doc(stage, R"("img_size": 256.0,)")
                           << "bad.json: img_size must be an integer";
    QTest::newRow("zero channel")
        << doc(stage +
               R"(, {"num_blocks": 1, "stride": 1, "channel": 0, "block_setting": [[6, 7]]})")
        << "bad.json: backbone_setting[1].channel must be positive, got 0";
    QTest::newRow("negative channel")
        << doc(R"({"num_blocks": 1, "stride": 2, "channel": -8, "block_setting": [[6, 7]]})")
        << "bad.json: backbone_setting[0].channel must be positive, got -8";
    QTest::newRow("negative deconv")
        << QByteArray(R"({"img_size": 256, "input_channel": 16, "deconv_setting": [16, -24],)"
                      R"( "backbone_setting": [)" +
                      stage + "]}")
        << "bad.json: deconv_setting[1] must be positive";
    QTest::newRow("stride 3")
        << doc(R"({"num_blocks": 1, "stride": 3, "channel": 8, "block_setting": [[6, 7]]})")
        << "bad.json: backbone_setting[0].stride must be 1 or 2, got 3";
    QTest::newRow("block_setting length")
        << doc(stage + "," + stage + R"(, {"num_blocks": 10, "stride": 2, "channel": 8,)" +
               R"( "block_setting": [[6, 7], [6, 7], [6, 7], [6, 7], [6, 7], [6, 7], [6, 7],)" +
               R"( [6, 7], [6, 7]]})")
        << "bad.json: backbone_setting[2].block_setting has 9 entries but num_blocks is 10";
    QTest::newRow("even kernel")
        << doc(R"({"num_blocks": 2, "stride": 2, "channel": 8, "block_setting": [[6, 7], [6, 4]]})")
        << "bad.json: backbone_setting[0].block_setting[1][1] (kernel_size) must be odd, got 4";
    QTest::newRow("zero expansion")
        << doc(R"({"num_blocks": 1, "stride": 2, "channel": 8, "block_setting": [[0, 7]]})")
        << "bad.json: backbone_setting[0].block_setting[0][0] (expansion) must be positive";
    QTest::newRow("block shape")
        << doc(R"({"num_blocks": 1, "stride": 2, "channel": 8, "block_setting": [[6]]})")
        << "bad.json: backbone_setting[0].block_setting[0] must be [expansion, kernel_size]";
    QTest::newRow("img_size stride") << doc(stage + "," + stage, R"("img_size": 260,)")
                                     << "bad.json: img_size must be a multiple of the backbone's "
                                        "total stride 8, got 260";
    QTest::newRow("img_size zero")
        << doc(stage, R"("img_size": 0,)") << "bad.json: img_size must be positive, got 0";
  }
  void badArch() {
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const std::string path = write("bad.json", json);
    const QString msg = configError([&] { posescope::loadArchJson(path); });
    QVERIFY2(msg.contains(expected), qPrintable("got: " + msg));
  }

  void missingArchFile() {
    const QString msg =
        configError([&] { posescope::loadArchJson(tmp_.filePath("absent.json").toStdString()); });
    QVERIFY2(msg.contains("absent.json") && msg.contains("not found"), qPrintable(msg));
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestArch)
#include "tst_arch.moc"
