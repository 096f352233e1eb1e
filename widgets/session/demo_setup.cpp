#include "widgets/session/demo_setup.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include <exception>

#include "synth/synth_dataset.h"

namespace posescope {

namespace {

bool hasDemo(const QString& root) {
  return QFileInfo::exists(root + "/configs/demo/demo.yaml") &&
         QFileInfo::exists(root + "/resources/demo/demo_litepose.pth");
}

}  // namespace

DemoFiles locateDemoFiles(const QString& applicationDir) {
  QStringList candidates;
  const QString env = qEnvironmentVariable("POSESCOPE_DATA_DIR");
  if (!env.isEmpty()) candidates << env;
  candidates << QDir(applicationDir + "/../../..").absolutePath()  // build/app/gui -> source
             << QDir(applicationDir + "/../share/posescope").absolutePath();  // installed
  DemoFiles files;
  for (const QString& root : candidates) {
    if (!hasDemo(root)) continue;
    files.config = root + "/configs/demo/demo.yaml";
    files.arch = root + "/configs/demo/demo-arch.json";
    files.checkpoint = root + "/resources/demo/demo_litepose.pth";
    files.tinyArch = root + "/configs/demo/demo-arch-tiny.json";
    files.tinyCheckpoint = root + "/resources/demo/demo_litepose_tiny.pth";
    files.supernetConfig = root + "/configs/demo/demo-supernet.yaml";
    files.supernet = root + "/resources/demo/demo_supernet.pth";
    break;
  }
  const QString cache =
      QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + "/posescope/demo";
  files.datasetRoot = cache + "/synthetic-people";
  files.runDir = cache + "/run";
  files.searchesDir = cache + "/searches";
  return files;
}

QString ensureDemoDataset(const DemoFiles& files) {
  const std::string root = files.datasetRoot.toStdString();
  auto missing = [&](const char* split) {
    return !QFileInfo::exists(QString::fromStdString(synth::synthAnnotationPath(root, split)));
  };
  try {
    if (missing("val2017")) {
      synth::SynthDatasetOptions options;  // the demo's image count and seed
      options.root = root;
      options.splits = {"val2017"};
      synth::makeSynthDataset(options);
    }
    // A prefix of the demo models' training split (3,000 images, seed 1: a smaller split is a
    // prefix of a larger one), so the search calibrates on training images as the reference does.
    if (missing("train2017")) synth::writeSynthSplit(root, "train2017", kDemoCalibrationImages, 1);
  } catch (const std::exception& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

QStringList demoSearchArguments(const DemoFiles& files, const QString& searchDir) {
  return {"search",
          "--cfg",
          files.supernetConfig,
          "--checkpoint",
          files.supernet,
          "--budget-macs",
          "0.07",
          "--population",
          "12",
          "--generations",
          "4",
          "--seed",
          "1",
          "--calibration",
          QString::number(kDemoCalibrationImages),
          "--calibration-split",
          "train2017",
          "--limit-images",
          "40",
          "--out",
          searchDir,
          "DATASET.ROOT",
          files.datasetRoot};
}

RunSetup demoRunSetup(const DemoFiles& files, const QString& device) {
  RunSetup s;
  s.configFile = files.config;
  s.archFile = files.arch;
  s.checkpoint = files.checkpoint;
  s.datasetRoot = files.datasetRoot;
  s.device = device;
  s.outputDir = QFileInfo(files.runDir).absolutePath() + "/runs";
  return s;
}

std::pair<RunSetup, RunSetup> demoComparisonSetups(const DemoFiles& files, const QString& device) {
  const RunSetup a = demoRunSetup(files, device);
  RunSetup b = a;
  b.archFile = files.tinyArch;
  b.checkpoint = files.tinyCheckpoint;
  return {a, b};
}

}  // namespace posescope
