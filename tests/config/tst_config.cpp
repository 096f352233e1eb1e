// Experiment config: yacs merge rules, overrides, update_config / check_config, the shipped and
// the reference's YAMLs, the --superconfig rule and the YAML dump.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

#include "common/errors.h"
#include "config/experiment.h"
#include "test_support.h"

using posescope::ConfigError;
using posescope::ConfigNode;
using posescope::ConfigValue;
using posescope::Experiment;
using posescope::ExperimentSpec;

namespace {

// Runs `fn`, which must throw ConfigError; returns its message ("" if nothing was thrown).
QString configError(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const ConfigError& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

// Leaves of a tree as "KEY=literal" lines, sections included, so two trees compare as text.
void flatten(const ConfigNode& node, const std::string& prefix, QStringList& out) {
  for (const auto& e : node.entries()) {
    const std::string key = prefix.empty() ? e.key : prefix + "." + e.key;
    if (e.child) {
      out << QString::fromStdString(key + "={}");
      flatten(*e.child, key, out);
    } else {
      out << QString::fromStdString(key + "=" + std::to_string(static_cast<int>(e.value->type())) +
                                    ":" + e.value->toLiteral());
    }
  }
}

QStringList flat(const ConfigNode& node) {
  QStringList out;
  flatten(node, "", out);
  return out;
}

QStringList yamlFilesUnder(const QString& dir) {
  QStringList files;
  QDirIterator it(dir, {"*.yaml"}, QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) files << it.next();
  files.sort();
  return files;
}

}  // namespace

class TestConfig : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;

  // Writes a fixture file into the temporary folder and returns its path.
  std::string write(const QString& name, const QByteArray& text) {
    const QString path = tmp_.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write fixture");
    f.write(text);
    return path.toStdString();
  }

  Experiment load(const std::string& file, std::vector<std::string> overrides = {},
                  const std::string& arch = {}) {
    ExperimentSpec spec;
    spec.cfgFile = file;
    spec.archFile = arch;
    spec.overrides = std::move(overrides);
    return posescope::loadExperiment(spec);
  }

  std::string configsDir() const { return posescope::test::sourceDir() + "/configs"; }

 private Q_SLOTS:
  void initTestCase() { QVERIFY(tmp_.isValid()); }

  void defaultsAreTheReferenceTree() {
    const ConfigNode d = posescope::defaultConfig();
    int leaves = 0, sections = 0;
    std::function<void(const ConfigNode&)> count = [&](const ConfigNode& n) {
      for (const auto& e : n.entries()) {
        if (e.child) {
          ++sections;
          count(*e.child);
        } else {
          ++leaves;
        }
      }
    };
    count(d);
    QCOMPARE(leaves, 91);   // assignments of a value in default.py
    QCOMPARE(sections, 9);  // FP16 CUDNN MODEL MODEL.EXTRA LOSS DATASET TRAIN TEST DEBUG
    QCOMPARE(d.value("DATASET.SIGMA").type(), ConfigValue::Type::Int);
    QCOMPARE(d.getInt("DATASET.SIGMA"), std::int64_t(-1));
    QCOMPARE(d.value("TEST.TAG_THRESHOLD").type(), ConfigValue::Type::Double);
    QCOMPARE(d.value("DATASET.BASE_SIZE").type(), ConfigValue::Type::Double);
    QCOMPARE(d.getIntList("GPUS"), std::vector<std::int64_t>{0});
    QCOMPARE(d.getIntList("DATASET.OUTPUT_SIZE"), (std::vector<std::int64_t>{128, 256, 512}));
    QCOMPARE(d.getString("MODEL.NAME"), std::string("pose_multi_resolution_net_v16"));
    QVERIFY(d.node("MODEL.EXTRA").entries().empty());
    // Keys keep default.py's order.
    QCOMPARE(d.entries().front().key, std::string("OUTPUT_DIR"));
    QCOMPARE(d.entries().back().key, std::string("DEBUG"));
  }

  void gettersCheckTypes() {
    ConfigNode c = posescope::defaultConfig();
    QCOMPARE(c.getDouble("DATASET.SIGMA"), -1.0);                         // ints read as numbers
    QCOMPARE(c.getBoolList("TEST.FLIP_TEST"), std::vector<bool>{false});  // scalar as a list
    QCOMPARE(c.getDoubleList("TEST.SCALE_FACTOR"), std::vector<double>{1.0});
    QVERIFY(configError([&] { c.getInt("TEST.FLIP_TEST"); }).contains("TEST.FLIP_TEST"));
    QVERIFY(configError([&] { c.getString("TEST.NO_SUCH_KEY"); }).contains("TEST.NO_SUCH_KEY"));
    QVERIFY(configError([&] { c.getInt("TEST"); }).contains("section"));
    c.set("NEW.SECTION.KEY", ConfigValue{std::string("x")});
    QCOMPARE(c.getString("NEW.SECTION.KEY"), std::string("x"));
    const ConfigNode copy = c.clone();
    c.set("NEW.SECTION.KEY", ConfigValue{std::string("y")});
    QCOMPARE(copy.getString("NEW.SECTION.KEY"), std::string("x"));
  }

  void missingFile() {
    const std::string path = tmp_.filePath("absent.yaml").toStdString();
    const QString msg = configError([&] { load(path); });
    QVERIFY2(msg.contains("absent.yaml") && msg.contains("not found"), qPrintable(msg));
  }

  void malformedYamlNamesLine() {
    const auto path = write("malformed.yaml",
                            "TEST:\n  FLIP_TEST: True\n  SCALE_FACTOR: [1, 2\n"
                            "  ADJUST: True\nDATASET: {\n");
    const QString msg = configError([&] { load(path); });
    QVERIFY2(msg.contains("malformed.yaml:") && msg.contains("malformed YAML"), qPrintable(msg));
    QVERIFY2(QRegularExpression("malformed\\.yaml:[3-5]:").match(msg).hasMatch(), qPrintable(msg));
  }

  // Issue 15, item 7: an unclosed '[' on line 3 is reported at line 3, not where yaml-cpp gave
  // up (the end of the file), which is named too.
  void unclosedBracketNamesTheLineThatOpenedIt() {
    std::string text = "TEST:\n  FLIP_TEST: True\n  SCALE_FACTOR: [1, 2\n";
    for (int i = 0; i < 46; ++i) text += "  # comment " + std::to_string(i) + " with a ] in it\n";
    text += "  ADJUST: True\nDATASET:\n  ROOT: 'data/[coco'\n";
    const auto path = write("unclosed.yaml", QByteArray::fromStdString(text));
    const QString msg = configError([&] { load(path); });
    QVERIFY2(msg.startsWith(QString::fromStdString(path) + ":3: malformed YAML"), qPrintable(msg));
    QVERIFY2(msg.contains("'[' opened at line 3, column 17"), qPrintable(msg));
    QVERIFY2(QRegularExpression("noticed at line (49|5[0-2]):").match(msg).hasMatch(),
             qPrintable(msg));
    // Brackets inside quotes and closed collections do not count.
    const auto fine =
        write("closed.yaml", "TEST:\n  SCALE_FACTOR: [1, 2]\n  NAME: '[x'\n  BAD: \"open\n");
    const QString other = configError([&] { load(fine); });
    QVERIFY2(!other.contains("opened at line"), qPrintable(other));
  }

  void unknownKeyIsAWarning() {
    const auto path = write("unknown.yaml", "TEST:\n  FLIP_TST: True\nNEW_SECTION:\n  A: 1\n");
    const Experiment exp = load(path);
    QCOMPARE(exp.warnings.size(), size_t(2));
    const auto& w = exp.warnings[0];
    QCOMPARE(w.key, std::string("TEST.FLIP_TST"));
    QCOMPARE(w.line, 2);
    QVERIFY(QString::fromStdString(w.file).endsWith("unknown.yaml"));
    QVERIFY2(QString::fromStdString(w.message).contains("did you mean TEST.FLIP_TEST?"),
             w.message.c_str());
    QCOMPARE(exp.warnings[1].key, std::string("NEW_SECTION"));
    // Accepted as the reference accepts it.
    QCOMPARE(exp.cfg.getBool("TEST.FLIP_TST"), true);
    QCOMPARE(exp.cfg.getInt("NEW_SECTION.A"), std::int64_t(1));
    QCOMPARE(exp.cfg.getBool("TEST.FLIP_TEST"), false);
  }

  void extraKeysCheckedAgainstTheModel() {
    const auto path = write("extra.yaml",
                            "MODEL:\n  NAME: pose_mobilenet\n  EXTRA:\n    NUM_DECONV_FILTERS: "
                            "[64, 48, 32]\n    NUM_DECONV_FILTRES: [1]\n");
    const Experiment exp = load(path);
    QCOMPARE(exp.warnings.size(), size_t(1));
    QCOMPARE(exp.warnings[0].key, std::string("MODEL.EXTRA.NUM_DECONV_FILTRES"));
    QCOMPARE(exp.warnings[0].line, 5);
    QVERIFY(QString::fromStdString(exp.warnings[0].message)
                .contains("did you mean MODEL.EXTRA.NUM_DECONV_FILTERS?"));
  }

  void wrongValueType_data() {
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<QString>("key");
    QTest::addColumn<int>("line");
    QTest::newRow("string for int")
        << QByteArray("TEST:\n  NMS_KERNEL: abc\n") << "TEST.NMS_KERNEL" << 2;
    QTest::newRow("int for bool") << QByteArray("DEBUG:\n  DEBUG: True\nTEST:\n  FLIP_TEST: 1\n")
                                  << "TEST.FLIP_TEST" << 4;
    // yacs does not turn ints into floats.
    QTest::newRow("int for float")
        << QByteArray("TEST:\n  TAG_THRESHOLD: 1\n") << "TEST.TAG_THRESHOLD" << 2;
    QTest::newRow("scalar for list")
        << QByteArray("DATASET:\n  OUTPUT_SIZE: 256\n") << "DATASET.OUTPUT_SIZE" << 2;
    QTest::newRow("value for section") << QByteArray("TEST: 3\n") << "TEST" << 1;
    QTest::newRow("section for value") << QByteArray("WORKERS:\n  A: 1\n") << "WORKERS" << 1;
    QTest::newRow("unparsable literal")
        << QByteArray("TEST:\n  SCALE_FACTOR: '[0.5,'\n") << "TEST.SCALE_FACTOR" << 2;
  }
  void wrongValueType() {
    QFETCH(QByteArray, yaml);
    QFETCH(QString, key);
    QFETCH(int, line);
    const auto path = write("wrongtype.yaml", yaml);
    const QString msg = configError([&] { load(path); });
    QVERIFY2(msg.contains(QString("wrongtype.yaml:%1: ").arg(line)) && msg.contains(key + ":"),
             qPrintable(msg));
  }

  void unparsableLiteralSaysSo() {
    const auto path = write("literal.yaml", "TEST:\n  SCALE_FACTOR: '[0.5,'\n");
    QVERIFY(configError([&] { load(path); }).contains("not a valid Python literal"));
    const auto ok = write("literal_ok.yaml", "TEST:\n  SCALE_FACTOR: [1]\n");
    const QString msg = configError([&] { load(ok, {"TEST.SCALE_FACTOR", "[0.5,"}); });
    QVERIFY2(msg.contains("command line") && msg.contains("TEST.SCALE_FACTOR") &&
                 msg.contains("not a valid Python literal"),
             qPrintable(msg));
  }

  void yacsCoercions() {
    // Tuples and lists interchange; None replaces anything; text that is not a literal stays a
    // string; quoted YAML strings are decoded too.
    const auto path =
        write("coerce.yaml",
              "GPUS: (0, 1)\nLOSS:\n  NUM_STAGES: 2\n  WITH_AE_LOSS: [True, False]\n"
              "  WITH_HEATMAPS_LOSS: (True, True)\n  HEATMAPS_LOSS_FACTOR: [1.0, 1.0]\n"
              "  PUSH_LOSS_FACTOR: [0.001, 0.001]\n  PULL_LOSS_FACTOR: [0.001, 0.001]\n"
              "TEST:\n  WITH_HEATMAPS: (True, True)\n  WITH_AE: '(True, False)'\n"
              "  MODEL_FILE: null\nTRAIN:\n  LR: 4e-3\n  WD: 1e-4\n"
              "  OPTIMIZER: 'sgd'\nDATASET:\n  SCALE_TYPE: \"'short'\"\n");
    const Experiment exp = load(path);
    QCOMPARE(exp.cfg.getIntList("GPUS"), (std::vector<std::int64_t>{0, 1}));
    QCOMPARE(exp.cfg.getBoolList("TEST.WITH_AE"), (std::vector<bool>{true, false}));
    QCOMPARE(exp.cfg.value("TEST.MODEL_FILE").type(), ConfigValue::Type::None);
    QCOMPARE(exp.cfg.value("TRAIN.LR").type(), ConfigValue::Type::Double);
    QCOMPARE(exp.cfg.getDouble("TRAIN.LR"), 0.004);
    QCOMPARE(exp.cfg.getDouble("TRAIN.WD"), 0.0001);
    QCOMPARE(exp.cfg.getString("TRAIN.OPTIMIZER"), std::string("sgd"));
    QCOMPARE(exp.cfg.getString("DATASET.SCALE_TYPE"), std::string("short"));
    QVERIFY(exp.warnings.empty());
  }

  void overrides() {
    const auto path = write("base.yaml", "TEST:\n  FLIP_TEST: True\n");
    const Experiment exp =
        load(path, {"TEST.SCALE_FACTOR", "[0.5, 1, 2]", "TEST.FLIP_TEST", "False", "DATASET.TEST",
                    "val2017", "TRAIN.LR", "1e-3", "GPUS", "(0,1)"});
    QCOMPARE(exp.cfg.getDoubleList("TEST.SCALE_FACTOR"), (std::vector<double>{0.5, 1, 2}));
    QCOMPARE(exp.cfg.getBool("TEST.FLIP_TEST"), false);
    QCOMPARE(exp.cfg.getString("DATASET.TEST"), std::string("val2017"));
    QCOMPARE(exp.cfg.getDouble("TRAIN.LR"), 0.001);
    QCOMPARE(exp.cfg.getIntList("GPUS"), (std::vector<std::int64_t>{0, 1}));
  }

  void badOverrides() {
    const auto path = write("base2.yaml", "TEST:\n  FLIP_TEST: True\n");
    QString msg = configError([&] { load(path, {"TEST.FLIP_TEST", "False", "TEST.ADJUST"}); });
    QVERIFY2(msg.contains("KEY VALUE") && msg.contains("TEST.ADJUST"), qPrintable(msg));
    // merge_from_list only changes existing keys.
    msg = configError([&] { load(path, {"TEST.FLIP_TST", "False"}); });
    QVERIFY2(msg.contains("TEST.FLIP_TST") && msg.contains("did you mean TEST.FLIP_TEST?"),
             qPrintable(msg));
    msg = configError([&] { load(path, {"TEST.FLIP_TEST", "1"}); });
    QVERIFY2(msg.contains("command line") && msg.contains("TEST.FLIP_TEST"), qPrintable(msg));
    msg = configError([&] { load(path, {"TEST.NMS_KERNEL", "{'a': 1}"}); });
    QVERIFY2(msg.contains("TEST.NMS_KERNEL") && msg.contains("dict"), qPrintable(msg));
  }

  void numStagesMatchesPerStageLists() {
    // Only NUM_STAGES changed: the default one-entry lists no longer match.
    auto path = write("stages.yaml", "LOSS:\n  NUM_STAGES: 2\n");
    QString msg = configError([&] { load(path); });
    QVERIFY2(msg.contains("stages.yaml") && msg.contains("LOSS.WITH_HEATMAPS_LOSS") &&
                 msg.contains("LOSS.NUM_STAGES is 2"),
             qPrintable(msg));
    path = write("stages2.yaml",
                 "LOSS:\n  NUM_STAGES: 2\n  WITH_AE_LOSS: [True, False]\n"
                 "  WITH_HEATMAPS_LOSS: [True, True]\n  HEATMAPS_LOSS_FACTOR: [1.0, 1.0]\n"
                 "  PUSH_LOSS_FACTOR: [0.001, 0.001]\n  PULL_LOSS_FACTOR: [0.001, 0.001]\n"
                 "TEST:\n  WITH_HEATMAPS: (True, True)\n  WITH_AE: (True,)\n");
    msg = configError([&] { load(path); });
    QVERIFY2(msg.contains("stages2.yaml:10: TEST.WITH_AE has 1 entry"), qPrintable(msg));
    // An override can repair it.
    const Experiment exp = load(path, {"TEST.WITH_AE", "(True, False)"});
    QCOMPARE(exp.cfg.getBoolList("TEST.WITH_AE"), (std::vector<bool>{true, false}));
  }

  void updateConfigJoinsAndCenter() {
    const auto path = write("update.yaml",
                            "DATA_DIR: /data\nDATASET:\n  ROOT: no_such_dir_here\n"
                            "  WITH_CENTER: True\n  NUM_JOINTS: 14\nMODEL:\n  NUM_JOINTS: 14\n"
                            "  PRETRAINED: /abs/imagenet.pth\nTEST:\n  MODEL_FILE: models/m.pth\n");
    const Experiment exp = load(path);
    QCOMPARE(exp.cfg.getString("DATASET.ROOT"), std::string("/data/no_such_dir_here"));
    QCOMPARE(exp.cfg.getString("MODEL.PRETRAINED"), std::string("/abs/imagenet.pth"));
    QCOMPARE(exp.cfg.getString("TEST.MODEL_FILE"), std::string("/data/models/m.pth"));
    QCOMPARE(exp.cfg.getInt("DATASET.NUM_JOINTS"), std::int64_t(15));
    QCOMPARE(exp.cfg.getInt("MODEL.NUM_JOINTS"), std::int64_t(15));
    // An existing ROOT is kept; an empty MODEL_FILE stays empty; join('', x) == x.
    const std::string existing = tmp_.path().toStdString();
    const Experiment exp2 = load(path, {"DATASET.ROOT", existing, "TEST.MODEL_FILE", "''",
                                        "DATA_DIR", "''", "MODEL.PRETRAINED", "p.pth"});
    QCOMPARE(exp2.cfg.getString("DATASET.ROOT"), existing);
    QCOMPARE(exp2.cfg.getString("TEST.MODEL_FILE"), std::string());
    QCOMPARE(exp2.cfg.getString("MODEL.PRETRAINED"), std::string("p.pth"));
    QCOMPARE(posescope::pythonPathJoin("a/", "b"), std::string("a/b"));
    QCOMPARE(posescope::pythonPathJoin("a", ""), std::string("a/"));
    QCOMPARE(posescope::pythonPathJoin("", ""), std::string());
  }

  void shippedConfigsLoad() {
    const QStringList files = yamlFilesUnder(QString::fromStdString(configsDir()));
    QVERIFY2(files.size() >= 10, "configs/ should hold the shipped experiment YAMLs");
    for (const QString& f : files) {
      try {
        const Experiment exp = load(f.toStdString());
        for (const auto& w : exp.warnings) QFAIL(qPrintable(f + ": " + w.message.c_str()));
      } catch (const posescope::Error& e) {
        QFAIL(qPrintable(f + ": " + e.what()));
      }
    }
  }

  void referenceConfigsLoadAndMatchOurs() {
    POSESCOPE_REQUIRE_PARITY(parity);
    const QString refDir = QString::fromStdString(parity + "/configs");
    const QStringList files = yamlFilesUnder(refDir);
    QVERIFY(!files.isEmpty());
    for (const QString& f : files) {
      Experiment ref;
      try {
        ref = load(f.toStdString());
      } catch (const posescope::Error& e) {
        QFAIL(qPrintable(f + ": " + e.what()));
      }
      QVERIFY2(ref.warnings.empty(), qPrintable(f));
      // configs/ holds the same experiments with our own layout: the merged trees are equal.
      const QString ours = QString::fromStdString(configsDir()) + f.mid(refDir.size());
      QVERIFY2(QFile::exists(ours), qPrintable("missing " + ours));
      QCOMPARE(flat(load(ours.toStdString()).cfg), flat(ref.cfg));
    }
  }

  void referenceValuesFromOurFiles() {
    const Experiment hr = load(configsDir() + "/crowd_pose/higher_hrnet/w16_512_adam_lr1e-3.yaml");
    QCOMPARE(hr.cfg.getIntList("MODEL.EXTRA.STAGE3.NUM_CHANNELS"),
             (std::vector<std::int64_t>{18, 36, 72}));
    QCOMPARE(hr.cfg.getInt("MODEL.EXTRA.DECONV.NUM_DECONVS"), std::int64_t(1));
    QCOMPARE(hr.cfg.getInt("TEST.NMS_KERNEL"), std::int64_t(5));
    QVERIFY(!hr.effectiveArch());
    const Experiment fp16 = load(configsDir() + "/coco/higher_hrnet/w32_640_adam_lr1e-3.yaml");
    QCOMPARE(fp16.cfg.getBool("FP16.ENABLED"), true);
    QCOMPARE(fp16.cfg.getInt("DATASET.INPUT_SIZE"), std::int64_t(640));
  }

  void superconfigSetsResolution() {
    const Experiment exp = load(configsDir() + "/crowd_pose/mobilenet/mobile.yaml", {},
                                configsDir() + "/arch/search-XS.json");
    QCOMPARE(exp.cfg.getInt("DATASET.INPUT_SIZE"), std::int64_t(256));
    QCOMPARE(exp.cfg.getIntList("DATASET.OUTPUT_SIZE"), (std::vector<std::int64_t>{64, 128}));
    const Experiment m = load(configsDir() + "/coco/mobilenet/mobile.yaml", {},
                              configsDir() + "/arch/search-M.json");
    QCOMPARE(m.cfg.getInt("DATASET.INPUT_SIZE"), std::int64_t(448));
    QCOMPARE(m.cfg.getIntList("DATASET.OUTPUT_SIZE"), (std::vector<std::int64_t>{112, 224}));
    QVERIFY(m.arch.has_value());
    QCOMPARE(m.effectiveArch()->deconvSetting, (std::vector<int>{64, 40, 32}));
    const QString msg = configError([&] {
      load(configsDir() + "/coco/mobilenet/mobile.yaml", {},
           tmp_.filePath("no.json").toStdString());
    });
    QVERIFY2(msg.contains("no.json"), qPrintable(msg));
  }

  void fixedSampleWithoutSuperconfig() {
    // simplenet without --superconfig: ArchManager(NUM_DECONV_FILTERS [64, 48, 32]).fixed_sample().
    const Experiment exp = load(configsDir() + "/crowd_pose/simplenet/simplenet.yaml");
    const auto arch = exp.effectiveArch();
    QVERIFY(arch.has_value());
    QCOMPARE(arch->imgSize, 256);
    QCOMPARE(arch->inputChannel, 16);
    QCOMPARE(arch->deconvSetting, (std::vector<int>{32, 24, 16}));
    QCOMPARE(arch->backbone.size(), size_t(4));
    QCOMPARE(arch->backbone[3].channel, 80);
  }

  void dumpLoadsBackToTheSameConfig() {
    // Tricky values: strings that look like literals, floats needing an exponent, None, new
    // keys and sections, strings in lists, an empty section.
    const auto path = write(
        "tricky.yaml",
        "DATASET:\n  ROOT: \"'True'\"\n  TEST: \"'[1, 2]'\"\n  TRAIN: 'a: b # c'\n"
        "TRAIN:\n  LR: 1.0e-05\n  WD: 1e+20\n  CHECKPOINT: \"'0.5'\"\nTEST:\n  MODEL_FILE: null\n"
        "MODEL:\n  EXTRA:\n    PRETRAINED_LAYERS: ['*', 'True', 'a b', 3, null, 1.0e-07]\n"
        "    DEEP:\n      X: ''\n      Y: [[1, 2], [3]]\n      Z: '(1,)'\n    EMPTY: {}\n"
        "NEW_KEY: \"it's\"\n");
    const Experiment exp = load(path);
    QCOMPARE(exp.cfg.getString("DATASET.ROOT"), std::string("True"));
    QCOMPARE(exp.cfg.getString("DATASET.TEST"), std::string("[1, 2]"));
    QCOMPARE(exp.cfg.getDouble("TRAIN.WD"), 1e20);
    // Values of a section the defaults lack are stored as read, not decoded (yacs' CfgNode(dict)).
    QCOMPARE(exp.cfg.getString("MODEL.EXTRA.DEEP.Z"), std::string("(1,)"));
    const std::string dumped = posescope::dumpConfigYaml(exp.cfg);
    const auto again = write("tricky_dumped.yaml", QByteArray::fromStdString(dumped));
    ExperimentSpec spec;
    spec.cfgFile = again;
    const Experiment back = posescope::loadExperiment(spec);
    QCOMPARE(flat(back.cfg), flat(exp.cfg));
    QCOMPARE(posescope::dumpConfigYaml(back.cfg), dumped);
  }

  void dumpOfShippedConfigsRoundTrips() {
    for (const QString& f : yamlFilesUnder(QString::fromStdString(configsDir()))) {
      const Experiment exp = load(f.toStdString(), {}, configsDir() + "/arch/search-S.json");
      const auto again =
          write("shipped_dump.yaml", QByteArray::fromStdString(posescope::dumpConfigYaml(exp.cfg)));
      QCOMPARE(flat(load(again).cfg), flat(exp.cfg));
    }
  }

  void dumpAfterUpdateConfigNeedsTheFlag() {
    const auto path = write(
        "center.yaml", "DATA_DIR: /d\nDATASET:\n  WITH_CENTER: True\nMODEL:\n  PRETRAINED: p\n");
    const Experiment exp = load(path);
    const auto again =
        write("center_dumped.yaml", QByteArray::fromStdString(posescope::dumpConfigYaml(exp.cfg)));
    ExperimentSpec spec;
    spec.cfgFile = again;
    spec.updateConfigApplied = true;
    QCOMPARE(flat(posescope::loadExperiment(spec).cfg), flat(exp.cfg));
    spec.updateConfigApplied = false;  // update_config twice adds a second joint
    QCOMPARE(posescope::loadExperiment(spec).cfg.getInt("DATASET.NUM_JOINTS"), std::int64_t(19));
  }

  void mergeConfigTextForPreviews() {
    std::vector<posescope::ConfigWarning> warnings;
    const ConfigNode cfg =
        posescope::mergeConfigText("TEST:\n  FLIP_TST: 1\n", "<editor>", &warnings);
    QCOMPARE(warnings.size(), size_t(1));
    QCOMPARE(warnings[0].file, std::string("<editor>"));
    QVERIFY(
        configError([] { posescope::mergeConfigText("A: [", "<editor>"); }).contains("<editor>:"));
    QCOMPARE(cfg.getInt("TEST.FLIP_TST"), std::int64_t(1));
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestConfig)
#include "tst_config.moc"
