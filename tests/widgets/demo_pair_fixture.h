#pragma once
// Two runs of the committed demo model (A) and its tiny sibling (B) on a dataset the tests
// generate (fast: 128 px input, a few images), for the run-pair tests of the session and shell.

#include <QCoreApplication>
#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <string>

#include "pipeline/run_folder.h"
#include "synthetic_fixture.h"
#include "test_files.h"
#include "test_support.h"
#include "widgets/session/run_setup.h"

namespace posescope::test {

inline constexpr int kPairImages = 6;
inline constexpr int kPairRunTimeoutMs = 180000;

// The run folder's state ("complete", "cancelled", ...), or why it cannot be read.
inline std::string stateOf(const QString& runDir) {
  try {
    return runStateName(loadRunFolder(runDir.toStdString()).summary.state);
  } catch (const std::exception& e) {
    return e.what();
  }
}

/// The generated datasets (the pair's, and another one image smaller) and the demo setups.
class DemoPairFixture {
 public:
  /// Settings in test mode under `application`, cleared; the two datasets generated.
  void setUp(const char* application) {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName(application);
    QSettings().clear();
    root_ = QString::fromStdString(makeSyntheticCoco(dir_.path(), kPairImages));
    // Another dataset: one image fewer, so its annotation file differs.
    otherRoot_ = QString::fromStdString(makeSyntheticCoco(dir_.filePath("other"), kPairImages - 1));
  }

  /// The demo model (A) or its tiny sibling (B) on the generated dataset, into a fresh folder.
  RunSetup demoSetup(bool tiny) {
    RunSetup s;
    s.configFile = repoFile("configs/demo/demo.yaml");
    s.archFile =
        repoFile(tiny ? "configs/demo/demo-arch-tiny.json" : "configs/demo/demo-arch.json");
    s.checkpoint = repoFile(tiny ? "resources/demo/demo_litepose_tiny.pth"
                                 : "resources/demo/demo_litepose.pth");
    s.datasetRoot = root_;
    s.overrides = QStringList{"TEST.FLIP_TEST", "False"};
    s.device = "cpu";
    s.outputDir = dir_.filePath(QStringLiteral("runs%1").arg(++outputs_));
    return s;
  }

  const QTemporaryDir& dir() const { return dir_; }
  const QString& root() const { return root_; }
  const QString& otherRoot() const { return otherRoot_; }

 private:
  QTemporaryDir dir_;
  QString root_, otherRoot_;
  int outputs_ = 0;
};

}  // namespace posescope::test
