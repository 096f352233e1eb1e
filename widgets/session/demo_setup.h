#pragma once
// The embedded demo: where its files are, and generating its synthetic dataset once.

#include <QString>
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
  QString datasetRoot;     // <cache>/synthetic-people (COCO layout, val2017)
  QString runDir;          // <cache>/run
};

/// Finds the demo files: $POSESCOPE_DATA_DIR, the source tree above a build folder
/// (build/app/gui/posescope), or <prefix>/share/posescope; returns an empty config when none has
/// them (the caller says so).
DemoFiles locateDemoFiles(const QString& applicationDir);

/// Writes the demo's synthetic val split (SynthDatasetOptions' defaults) into files.datasetRoot
/// unless it is there already; blocking (call it off the GUI thread). Returns "" or the error text.
QString ensureDemoDataset(const DemoFiles& files);

/// The demo's run setup (config, arch, checkpoint, dataset; runs under the cache folder) on
/// `device`.
RunSetup demoRunSetup(const DemoFiles& files, const QString& device);
/// The demo model (A) and its smaller sibling (B) on the demo dataset, on `device`.
std::pair<RunSetup, RunSetup> demoComparisonSetups(const DemoFiles& files, const QString& device);

}  // namespace posescope
