// Benchmark (not a test): how soon the window is up, and when LibTorch arrives after it. Links
// what posescope links and builds the same MainWindow; prints the milliseconds from the
// process's start (its start time in /proc, 10 ms steps) to main(), to the window built, shown
// and painted, and to the network engine loaded (from the event loop, as in posescope), and
// whether LibTorch was loaded when the window was painted. One measurement per process: run it a
// few times for a median.
//   export POSESCOPE_NETWORK_ENGINE=build/app/gui/posescope-network-engine.so
//   QT_QPA_PLATFORM=offscreen build/tests/widgets/shell/bench_gui_startup
#include <unistd.h>
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QStandardPaths>
#include <QTest>
#include <cstdio>
#include <ctime>

#include <exception>

#include "widgets/loaded_libraries.h"
#include "widgets/session/network_engine.h"
#include "widgets/shell/main_window.h"

namespace {

// Milliseconds since this process started.
double sinceProcessStart() {
  QFile stat(QStringLiteral("/proc/self/stat"));
  if (!stat.open(QIODevice::ReadOnly)) return -1;
  // Field 22 (start time in clock ticks since boot) follows the command name's closing ')'.
  const QByteArray line = stat.readAll();
  const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
  const double startTicks = fields.value(19).toDouble();
  timespec now{};
  clock_gettime(CLOCK_BOOTTIME, &now);
  const double nowMs = now.tv_sec * 1e3 + now.tv_nsec / 1e6;
  return nowMs - startTicks * 1e3 / static_cast<double>(sysconf(_SC_CLK_TCK));
}

}  // namespace

int main(int argc, char** argv) {
  const double atMain = sinceProcessStart();
  QApplication app(argc, argv);
  QStandardPaths::setTestModeEnabled(true);  // a fresh setup, the user's settings untouched
  posescope::MainWindow window;
  window.show();
  window.grab();  // painted, every page built, before the event loop starts the engine's load
  const double painted = sinceProcessStart();
  const bool torchAtPaint = posescope::test::libTorchLoaded();
  if (!QTest::qWaitForWindowExposed(&window)) {
    std::fprintf(stderr, "bench_gui_startup: the window was never exposed\n");
    return 1;
  }
  try {
    posescope::networkEngine();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_gui_startup: %s\n", e.what());
    return 1;
  }
  const double engine = sinceProcessStart();
  std::printf("main() reached       %6.0f ms after the process started\n", atMain);
  std::printf("window painted       %6.0f ms (LibTorch loaded then: %s)\n", painted,
              torchAtPaint ? "yes" : "no");
  std::printf("network engine ready %6.0f ms\n", engine);
  return 0;
}
