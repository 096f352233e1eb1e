// Benchmark (not a test): how late the GUI thread gets through a long run and while its folder
// opens. The window runs the demo's small model (demo_litepose_tiny) over N synthetic images
// (default 5,000, written once into DATA_DIR), a timer ticking every 10 ms on the GUI thread
// measuring its lateness, then opens the finished run folder the same way.
//   bench_gui_long_run [IMAGES] [DATA_DIR]   (from the source tree: it finds configs/demo), with
//   POSESCOPE_NETWORK_ENGINE naming the build's build/app/gui/posescope-network-engine.so
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <cstdio>

#include "synth/synth_dataset.h"
#include "widgets/lateness_probe.h"
#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/session/run_controller.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/main_window.h"

using namespace posescope;

namespace {

// Waits for `spy`'s first signal, processing events; false after `timeoutMs`.
bool waitFor(QSignalSpy& spy, QSignalSpy& failed, qint64 timeoutMs) {
  QElapsedTimer clock;
  clock.start();
  while (spy.isEmpty() && failed.isEmpty() && clock.elapsed() < timeoutMs) QTest::qWait(20);
  return !spy.isEmpty();
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  const int images = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5000;
  const QString data =
      argc > 2 ? QString(argv[2]) : QDir::tempPath() + "/posescope-bench-gui-long-run";
  const std::string root = data.toStdString();
  if (!QFile::exists(QString::fromStdString(synth::synthAnnotationPath(root, "val2017")))) {
    std::printf("writing %d synthetic images to %s\n", images, root.c_str());
    synth::writeSynthSplit(root, "val2017", images, 1);
  }
  MainWindow window;
  window.resize(1280, 800);
  window.show();
  RunSetup s;
  s.configFile = "configs/demo/demo.yaml";
  s.archFile = "configs/demo/demo-arch-tiny.json";
  s.checkpoint = "resources/demo/demo_litepose_tiny.pth";
  s.datasetRoot = data;
  s.device = "cpu";
  s.outputDir = data + "/runs";
  window.runSetupView()->setSetup(s);
  window.runSetupView()->validateNow();

  QSignalSpy finished(window.session()->controller(), &RunController::finished);
  QSignalSpy failed(window.session()->controller(), &RunController::failed);
  test::LatenessProbe duringRun;
  if (!window.startRun()) {
    std::fprintf(stderr, "the demo setup is not valid: run from the source tree\n");
    return 1;
  }
  if (!waitFor(finished, failed, 3 * 3600 * 1000)) {
    std::fprintf(stderr, "the run failed or did not end\n");
    return 1;
  }
  duringRun.stop();
  const RunOutcome outcome = finished.first().first().value<RunOutcome>();
  std::printf("run: %zu images in %.1f s; GUI timer %d ticks, worst lateness %lld ms\n",
              outcome.summary.imagesDone, duringRun.elapsedMs() / 1000.0, duringRun.ticks(),
              static_cast<long long>(duringRun.worstMs()));

  QSignalSpy opened(window.session(), &RunSession::runFolderOpened);
  QSignalSpy openFailed(window.session(), &RunSession::runFolderFailed);
  test::LatenessProbe duringOpen;
  window.openRunFolder(QString::fromStdString(outcome.runDir));
  if (!waitFor(opened, openFailed, 600 * 1000)) {
    std::fprintf(stderr, "the run folder did not open\n");
    return 1;
  }
  duringOpen.stop();
  std::printf("open: %.1f s; GUI timer %d ticks, worst lateness %lld ms\n",
              duringOpen.elapsedMs() / 1000.0, duringOpen.ticks(),
              static_cast<long long>(duringOpen.worstMs()));
  return 0;
}
