// Multiply-adds as LitePose counts them: ptflops 0.6.7's integer for pose_mobilenet built from
// the search archs (tests/models/goldens, made by scripts/reference_ptflops.py from the reference's
// own code), held exactly from the arch alone (the search's path, search/arch_cost) and from the
// built network (the model summary), also as a supernet's active sub-network, on CrowdPose and
// COCO; HigherHRNet-W16 and SimpleNet from the built network; and the line posescope-cli summary
// prints; the convolutions' multiply-adds as the reference's forward runs them
// (scripts/reference_conv_macs.py).

#include <fstream>

#include <nlohmann/json.hpp>

#include "config/experiment.h"
#include "models/model_options.h"
#include "models/pose_net.h"
#include "search/arch_cost.h"

#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include "built_programs.h"
#include "test_support.h"

using namespace posescope;
using nlohmann::json;
using test::sourceDir;

namespace {

json readGolden(const std::string& file) {
  const std::string path = sourceDir() + "/tests/models/goldens/" + file;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  return json::parse(in);
}

Experiment repoExperiment(const std::string& cfg, const std::string& arch) {
  ExperimentSpec spec;
  spec.cfgFile = sourceDir() + "/configs/" + cfg;
  spec.archFile = sourceDir() + "/configs/" + arch;
  return loadExperiment(spec);
}

}  // namespace

class TestPtflopsCount : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void matchesPtflops_data() {
    QTest::addColumn<QString>("dataset");
    QTest::addColumn<QString>("arch");
    for (const char* dataset : {"crowd_pose", "coco"})
      for (const char* arch : {"XS", "S", "M", "L"})
        QTest::addRow("%s %s", dataset, arch) << dataset << arch;
  }

  void matchesPtflops() {
    QFETCH(QString, dataset);
    QFETCH(QString, arch);
    const std::string archFile = "search-" + arch.toStdString() + ".json";
    const json golden = readGolden("ptflops_macs_" + dataset.remove('_').toStdString() + ".json");
    QCOMPARE(golden.at("ptflops_version").get<std::string>(), std::string("0.6.7"));
    const json& expected = golden.at("archs").at(archFile);
    const std::int64_t macs = expected.at("macs").get<std::int64_t>();
    const int size = expected.at("input_size").at(0).get<int>();

    const Experiment e = repoExperiment(golden.at("config").get<std::string>(), "arch/" + archFile);
    QCOMPARE(static_cast<int>(e.cfg.getInt("MODEL.NUM_JOINTS")),
             golden.at("num_joints").get<int>());

    // From the arch alone, as the search and the arch editor count it.
    const search::ArchCost cost =
        search::poseMobilenetCost(models::litePoseOptionsFromConfig(e.cfg, *e.effectiveArch()));
    QCOMPARE(e.effectiveArch()->imgSize, size);
    QCOMPARE(cost.ptflopsMacs, macs);
    QCOMPARE(cost.parameters, expected.at("parameters").get<std::int64_t>());
    // ptflops' string, "1.2 GMac": the figure search.py compares with its budget.
    const std::string text = expected.at("gmac_string").get<std::string>();
    QCOMPARE(cost.gmacs(), std::stod(text.substr(0, text.find(' '))));

    // From the built network, as summary, the Results page and the arch table count it.
    auto net = createPoseNet(e);
    const ModelSummary summary = summarizeModel(*net, size, size);
    QCOMPARE(summary.ptflopsMultiplyAdds, macs);
    QCOMPARE(summary.totalParameters, expected.at("parameters").get<std::int64_t>());
    QCOMPARE(summary.convMultiplyAdds, cost.convMultiplyAdds);

    // The supernet running the arch as its active sub-network costs what the sub-network does.
    std::string superConfig = golden.at("config").get<std::string>();
    superConfig.replace(superConfig.rfind("mobile.yaml"), 11, "supermobile.yaml");
    auto supernet = createPoseNet(repoExperiment(superConfig, "arch/" + archFile));
    const ModelSummary superSummary = summarizeModel(*supernet, size, size);
    QCOMPARE(superSummary.ptflopsMultiplyAdds, macs);
    QCOMPARE(superSummary.activeParameters, summary.totalParameters);

    // Convolutions only, as the reference's own forward runs them (CrowdPose's goldens).
    if (dataset == "crowdpose") {
      const std::int64_t convolutions = readGolden("conv_macs_crowdpose.json")
                                            .at("archs")
                                            .at(archFile)
                                            .at("conv_macs")
                                            .get<std::int64_t>();
      QCOMPARE(summary.convMultiplyAdds, convolutions);
      QCOMPARE(superSummary.convMultiplyAdds, convolutions);
    }
  }

  // The same rules on the other network families, each config's own network on its input size:
  // HigherHRNet-W16 (upsampling, residual blocks, biased final convolutions) and SimpleNet
  // (ArchManager.fixed_sample(), as valid.py builds it).
  void otherNetworksMatchPtflops_data() {
    QTest::addColumn<QString>("golden");
    QTest::newRow("HigherHRNet-W16") << "ptflops_macs_higherhrnet_w16_crowdpose.json";
    QTest::newRow("SimpleNet") << "ptflops_macs_simplenet_crowdpose.json";
  }

  void otherNetworksMatchPtflops() {
    QFETCH(QString, golden);
    const json reference = readGolden(golden.toStdString());
    ExperimentSpec spec;
    spec.cfgFile = sourceDir() + "/configs/" + reference.at("config").get<std::string>();
    const Experiment e = loadExperiment(spec);
    QCOMPARE(e.cfg.getString("MODEL.NAME"), reference.at("model").get<std::string>());
    const json& expected = reference.at("network");
    const int size = expected.at("input_size").at(0).get<int>();
    QCOMPARE(e.cfg.getInt("DATASET.INPUT_SIZE"), std::int64_t{size});
    auto net = createPoseNet(e);
    const ModelSummary summary = summarizeModel(*net, size, size);
    QCOMPARE(summary.ptflopsMultiplyAdds, expected.at("macs").get<std::int64_t>());
    QCOMPARE(summary.totalParameters, expected.at("parameters").get<std::int64_t>());
  }

  // summary prints ptflops' integer on its own line, beside the convolution count.
  void summaryPrintsPtflopsCount_data() {
    QTest::addColumn<QString>("arch");
    for (const char* arch : {"XS", "S", "M", "L"}) QTest::newRow(arch) << arch;
  }

  void summaryPrintsPtflopsCount() {
    QFETCH(QString, arch);
    const json golden = readGolden("ptflops_macs_crowdpose.json");
    const json& expected = golden.at("archs").at("search-" + arch.toStdString() + ".json");
    const QString root = QString::fromStdString(sourceDir()) + "/configs/";
    QProcess cli;
    cli.setProcessChannelMode(QProcess::MergedChannels);
    cli.start(test::cliPath(),
              {"summary", "--cfg", root + "crowd_pose/mobilenet/mobile.yaml", "--superconfig",
               root + "arch/search-" + arch + ".json", "--totals"});
    QVERIFY(cli.waitForFinished(300000));
    const QString out = QString::fromUtf8(cli.readAll());
    QVERIFY2(cli.exitStatus() == QProcess::NormalExit && cli.exitCode() == 0, qPrintable(out));
    const QRegularExpressionMatch line =
        QRegularExpression(
            R"(\nptflops Multiply Adds: (\d+) \(([0-9.]+) GMac, as LitePose reports\)\n)")
            .match(out);
    QVERIFY2(line.hasMatch(), qPrintable(out));
    QCOMPARE(line.captured(1).toLongLong(), expected.at("macs").get<qint64>());
    // "1.20" beside ptflops' own "1.2 GMac".
    const std::string text = expected.at("gmac_string").get<std::string>();
    QCOMPARE(line.captured(2).toDouble(), std::stod(text.substr(0, text.find(' '))));
    QVERIFY2(out.contains(QRegularExpression(R"(\nConvolution Multiply Adds: \d+ )")),
             qPrintable(out));
    // --totals lists no layer but still counts them (it printed "Number of Layers: 0").
    QVERIFY2(!out.contains("Output Size"), qPrintable(out));
    const QRegularExpressionMatch layers =
        QRegularExpression(R"(\nNumber of Layers: (\d+)\n)").match(out);
    QVERIFY2(layers.hasMatch() && layers.captured(1).toInt() > 50, qPrintable(out));
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestPtflopsCount)
#include "tst_ptflops_count.moc"
