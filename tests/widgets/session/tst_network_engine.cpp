// The GUI's network engine module: found, loaded once, refused with the file named when it is
// missing or not the engine, and what it answers (typed errors included) crosses the module
// boundary intact.

#include <QTemporaryDir>
#include <QtTest>

#include <string>
#include <vector>

#include "common/errors.h"
#include "config/experiment.h"
#include "test_support.h"
#include "widgets/loaded_libraries.h"
#include "widgets/session/device_choices.h"
#include "widgets/session/network_engine.h"

using namespace posescope;
using posescope::test::loadedLibrary;

namespace {

ExperimentSpec demoSpec(const std::string& checkpoint) {
  const std::string src = test::sourceDir();
  ExperimentSpec spec;
  spec.cfgFile = src + "/configs/demo/demo.yaml";
  spec.archFile = src + "/configs/demo/demo-arch.json";
  spec.overrides = {"TEST.MODEL_FILE", checkpoint};
  return spec;
}

// The message of the Error `load` throws ("" when it throws none).
template <typename Load>
QString errorOf(Load load) {
  try {
    load();
  } catch (const Error& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

}  // namespace

class TestNetworkEngine : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void missingModuleNamesEveryPlaceLookedAt() {
    QTemporaryDir dir;
    const std::string a = "/nonexistent/posescope-network-engine.so";
    const std::string b = dir.filePath("posescope-network-engine.so").toStdString();
    const QString error = errorOf([&] { loadNetworkEngine({a, b}); });
    QVERIFY2(error.contains("is missing"), qPrintable(error));
    QVERIFY2(error.contains(QString::fromStdString(a)), qPrintable(error));
    QVERIFY2(error.contains(QString::fromStdString(b)), qPrintable(error));
  }

  void fileThatIsNoLibraryIsNamed() {
    QTemporaryDir dir;
    const QString path = dir.filePath("posescope-network-engine.so");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("not an ELF file\n");
    file.close();
    const QString error = errorOf([&] { loadNetworkEngine({path.toStdString()}); });
    QVERIFY2(error.startsWith("cannot load the network engine '" + path + "'"), qPrintable(error));
  }

  void libraryWithoutTheEntryIsRefused() {
    const std::string qtCore = loadedLibrary("libQt6Core");
    QVERIFY(!qtCore.empty());
    const QString error = errorOf([&] { loadNetworkEngine({qtCore}); });
    QVERIFY2(error.contains("is not PoseScope's network engine"), qPrintable(error));
    QVERIFY2(error.contains(QString::fromStdString(qtCore)), qPrintable(error));
  }

  void candidatesStartWithTheEnvironment() {
    const std::vector<std::string> candidates = networkEngineCandidates("/opt/posescope/bin");
    QCOMPARE(candidates.size(), size_t(3));
    QCOMPARE(QString::fromStdString(candidates[0]),
             qEnvironmentVariable("POSESCOPE_NETWORK_ENGINE"));
    QCOMPARE(candidates[1], "/opt/posescope/bin/" + std::string(kNetworkEngineModule));
    QCOMPARE(candidates[2],
             "/opt/posescope/libexec/posescope/" + std::string(kNetworkEngineModule));
  }

  // This suite links no LibTorch: it arrives with the module, and the module is loaded once.
  void libTorchArrivesWithTheModuleOnce() {
    QVERIFY2(loadedLibrary("libtorch").empty(), "LibTorch was loaded before the engine");
    const NetworkEngine& engine = networkEngine();
    QVERIFY(!loadedLibrary("libtorch").empty());
    QCOMPARE(&loadNetworkEngine(networkEngineCandidates(executableFolder())), &engine);
    QCOMPARE(availableDevices().mid(0, 2), baseDevices());
    QCOMPARE(availableDevices().size(), 2 + engine.cudaDeviceCount());
  }

  void checkpointAndCostsComeFromTheNetwork() {
    const std::string good = test::sourceDir() + "/resources/demo/demo_litepose.pth";
    const Experiment experiment = loadExperiment(demoSpec(good));
    QCOMPARE(QString::fromStdString(networkEngine().checkpointFitError(experiment)), QString());
    // The tiny demo's weights do not fit the demo network: the mismatching tensor is named.
    const std::string tiny = test::sourceDir() + "/resources/demo/demo_litepose_tiny.pth";
    const QString misfit =
        QString::fromStdString(networkEngine().checkpointFitError(loadExperiment(demoSpec(tiny))));
    QVERIFY2(misfit.contains("demo_litepose_tiny.pth"), qPrintable(misfit));

    const NetworkCosts costs = networkEngine().networkCosts(experiment);
    QVERIFY(costs.parameters > 0);
    QCOMPARE(costs.inputSize, experiment.cfg.getInt("DATASET.INPUT_SIZE"));
    // Stem, stages and head add up to the whole network.
    std::int64_t sum = costs.stages.stem.parameters + costs.stages.head.parameters;
    for (const GroupCost& stage : costs.stages.stages) sum += stage.parameters;
    QCOMPARE(sum, costs.stages.total.parameters);
    // The figure the arch table shows is ptflops' count, and the stages' lines add up to it.
    QCOMPARE(costs.stages.total.multiplyAdds, costs.multiplyAdds);
    QVERIFY(costs.multiplyAdds > 0);
  }

  // The run's failure message depends on the error's type (describeRunFailure): a DatasetError
  // thrown inside the module must still be one outside it.
  void typedErrorsCrossTheModule() {
    ExperimentSpec spec = demoSpec(test::sourceDir() + "/resources/demo/demo_litepose.pth");
    spec.overrides.insert(spec.overrides.end(), {"DATASET.ROOT", "/nonexistent/dataset"});
    EvaluatorOptions options;
    options.device = "cpu";
    bool caught = false;
    try {
      networkEngine().openEvaluation(loadExperiment(spec), options);
    } catch (const DatasetError& e) {
      caught = true;
      QVERIFY2(QString(e.what()).contains("/nonexistent/dataset"), e.what());
    }
    QVERIFY(caught);
  }
};

QTEST_GUILESS_MAIN(TestNetworkEngine)
#include "tst_network_engine.moc"
