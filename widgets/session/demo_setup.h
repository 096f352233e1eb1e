#pragma once
// The embedded demo: where its files are, and generating its synthetic dataset once.

#include <QString>
#include <QStringList>
#include <utility>

#include "widgets/session/run_setup.h"

namespace posescope {

/// Files of the embedded demo (configs/demo, resources/demo) and its dataset cache folder.
struct DemoFiles {
  QString config;          // configs/demo/demo.yaml
  QString arch;            // configs/demo/demo-arch.json
  QString checkpoint;      // resources/demo/demo_litepose.pth
  QString tinyArch;        // configs/demo/demo-arch-tiny.json: a smaller arch to compare with
  QString tinyCheckpoint;  // resources/demo/demo_litepose_tiny.pth
  QString supernetConfig;  // configs/demo/demo-supernet.yaml
  QString supernet;        // resources/demo/demo_supernet.pth
  QString datasetRoot;     // <cache>/synthetic-people (COCO layout, val2017 and train2017)
  QString runDir;          // <cache>/run
  QString searchesDir;     // <cache>/searches: one folder per Search Demo
};

/// Finds the demo files: $POSESCOPE_DATA_DIR, the source tree above a build folder
/// (build/app/gui/posescope), or <prefix>/share/posescope; returns an empty config when none has
/// them (the caller says so).
DemoFiles locateDemoFiles(const QString& applicationDir);

/// Writes the demo's synthetic val split (SynthDatasetOptions' defaults) and the search demo's
/// calibration images (the first kDemoCalibrationImages of the training split the demo models
/// were trained on) into files.datasetRoot unless they are there already; blocking (call it off
/// the GUI thread). Returns "" or the error text.
QString ensureDemoDataset(const DemoFiles& files);

/// The search demo's BatchNorm calibration images (train2017 of the demo dataset).
constexpr int kDemoCalibrationImages = 32;

/// The arguments of `posescope-cli` for the search demo into `searchDir`: a short search of the
/// demo supernet (budget 0.07 GMACs, population 12, 4 generations, 40 test images per
/// candidate) on the demo dataset.
QStringList demoSearchArguments(const DemoFiles& files, const QString& searchDir);

/// The demo's run setup (config, arch, checkpoint, dataset; runs under the cache folder) on
/// `device`.
RunSetup demoRunSetup(const DemoFiles& files, const QString& device);
/// The demo model (A) and its smaller sibling (B) on the demo dataset, on `device`.
std::pair<RunSetup, RunSetup> demoComparisonSetups(const DemoFiles& files, const QString& device);

}  // namespace posescope
