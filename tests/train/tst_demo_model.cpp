// The committed demo weights (resources/demo/demo_litepose.pth) on a freshly generated synthetic
// val split, through the same Evaluator as posescope-cli eval: AP must reach 0.5. A wrong flip
// index, transform or grouping step in the evaluation path would not.

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

#include "config/experiment.h"
#include "pipeline/evaluator.h"
#include "synth/synth_dataset.h"
#include "test_support.h"

using namespace posescope;

class TestDemoModel : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void demoWeightsReachHalfAp() {
    const std::string src = posescope::test::sourceDir();
    const std::string weights = src + "/resources/demo/demo_litepose.pth";
    QVERIFY2(std::filesystem::exists(weights), weights.c_str());
    QTemporaryDir dir;
    const std::string root = dir.path().toStdString();
    // The demo's val split: the 200 images (seed 1) scripts/demo and Help > Open Demo evaluate.
    synth::writeSynthSplit(root, "val2017", 200, 1);

    ExperimentSpec spec;
    spec.cfgFile = src + "/configs/demo/demo.yaml";
    spec.archFile = src + "/configs/demo/demo-arch.json";
    spec.overrides = {"DATASET.ROOT", root, "TEST.MODEL_FILE", weights};
    const Experiment experiment = loadExperiment(spec);
    EvaluatorOptions options;
    options.device = "cpu";
    options.torchThreads = 1;  // ctest runs suites side by side on 2 cores
    options.decodeWorkers = 1;
    Evaluator evaluator(experiment, options);
    QCOMPARE(evaluator.datasetSize(), size_t(200));
    const EvaluationResult result = evaluator.run();
    QVERIFY(result.metrics.has_value());
    QCOMPARE(result.metrics->names.front(), std::string("AP"));
    const double ap = result.metrics->values.front();
    qInfo("demo model AP on the 200 synthetic val images: %.3f", ap);
    QVERIFY2(ap >= 0.5, result.metricsMarkdown.c_str());
  }
};

QTEST_GUILESS_MAIN(TestDemoModel)
#include "tst_demo_model.moc"
