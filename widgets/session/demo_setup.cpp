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
    break;
  }
  const QString cache =
      QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + "/posescope/demo";
  files.datasetRoot = cache + "/synthetic-people";
  files.runDir = cache + "/run";
  return files;
}

QString ensureDemoDataset(const DemoFiles& files) {
  const std::string root = files.datasetRoot.toStdString();
  if (QFileInfo::exists(QString::fromStdString(synth::synthAnnotationPath(root, "val2017"))))
    return {};
  try {
    synth::SynthDatasetOptions options;  // the demo's image count and seed
    options.root = root;
    options.splits = {"val2017"};
    synth::makeSynthDataset(options);
  } catch (const std::exception& e) {
    return QString::fromStdString(e.what());
  }
  return {};
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
