// Benchmark (not a test): how late the GUI thread gets while the window opens a generated
// 5,000-image run folder (tests/widgets/large_run_fixture.h, the folder of tst_open_large_run),
// a timer ticking every 10 ms on the GUI thread. Two cases, each REPEATS times in a new window:
//   open:      the folder opened, then its error analysis shown on the Inspect page;
//   two reads: the folder read twice at once while the window repaints every 10 ms (a run's end
//              reads it back for the Inspect page while the user opens it).
// Goal: 50 ms. tst_open_large_run checks what load cannot disturb (the reads are held off the GUI
// thread and off Qt's global pool); this prints the figure.
//   bench_open_large_run [REPEATS] [DATA_DIR]
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

#include "widgets/large_run_fixture.h"
#include "widgets/lateness_probe.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/main_window.h"

using namespace posescope;

namespace {

constexpr int kTickMs = 10;

// Processes events until `done` or `timeoutMs`; false on timeout.
template <typename Done>
bool waitUntil(Done done, qint64 timeoutMs) {
  QElapsedTimer clock;
  clock.start();
  while (!done() && clock.elapsed() < timeoutMs) QTest::qWait(1);
  return done();
}

struct Sample {
  qint64 ms = 0;
  qint64 worstMs = 0;
};

// Opens `runDir` and waits for its error analysis; nullopt on failure.
std::optional<Sample> openAndAnalyse(const QString& runDir) {
  MainWindow window;
  window.resize(1280, 800);
  window.show();
  if (!QTest::qWaitForWindowExposed(&window)) return std::nullopt;
  QSignalSpy failed(window.session(), &RunSession::runFolderFailed);
  QSignalSpy analysed(window.session()->analysis(), &RunAnalysisSession::analysisReady);
  QSignalSpy notAnalysed(window.session()->analysis(), &RunAnalysisSession::analysisFailed);
  test::LatenessProbe probe(kTickMs);
  window.openRunFolder(runDir);
  if (!waitUntil([&] { return !analysed.isEmpty() || !notAnalysed.isEmpty() || !failed.isEmpty(); },
                 120000) ||
      analysed.isEmpty())
    return std::nullopt;
  QTest::qWait(300);  // the pages lay out and draw what they were given
  probe.stop();
  return Sample{probe.elapsedMs(), probe.worstMs()};
}

// Reads `runDir` twice at once while the window repaints every tick; nullopt on failure.
std::optional<Sample> twoReadsRepainting(const QString& runDir) {
  MainWindow window;
  window.resize(1280, 800);
  window.show();
  if (!QTest::qWaitForWindowExposed(&window)) return std::nullopt;
  window.pages()->setCurrentIndex(MainWindow::ResultsPage);
  QSignalSpy opened(window.session(), &RunSession::runFolderOpened);
  QSignalSpy failed(window.session(), &RunSession::runFolderFailed);
  QTimer repainter;
  QObject::connect(&repainter, &QTimer::timeout, &window, [&] { window.update(); });
  test::LatenessProbe probe(kTickMs);
  repainter.start(kTickMs);
  window.openRunFolder(runDir);
  window.openRunFolder(runDir);
  if (!waitUntil([&] { return opened.size() + failed.size() == 2; }, 60000) || !failed.isEmpty())
    return std::nullopt;
  repainter.stop();
  probe.stop();
  return Sample{probe.elapsedMs(), probe.worstMs()};
}

void print(const char* what, std::vector<Sample> samples) {
  std::vector<qint64> worst;
  for (const Sample& s : samples) worst.push_back(s.worstMs);
  std::sort(worst.begin(), worst.end());
  std::printf("%-10s worst lateness min %lld, median %lld, max %lld ms (", what,
              static_cast<long long>(worst.front()),
              static_cast<long long>(worst[worst.size() / 2]),
              static_cast<long long>(worst.back()));
  for (size_t i = 0; i < samples.size(); ++i)
    std::printf("%s%lld ms late over %lld ms", i ? ", " : "",
                static_cast<long long>(samples[i].worstMs), static_cast<long long>(samples[i].ms));
  std::printf(")\n");
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QStandardPaths::setTestModeEnabled(true);  // recent files go to a test location
  QCoreApplication::setOrganizationName("PoseScopeBenchmarks");
  QCoreApplication::setApplicationName("bench_open_large_run");
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  const QString data =
      argc > 2 ? QString(argv[2]) : QDir::tempPath() + "/posescope-bench-open-large-run";
  const QString runDir = data + "/run";
  if (!QFile::exists(runDir + "/run.json")) {
    std::printf("writing a %d-image run folder to %s\n", test::kLargeRunImages, qPrintable(runDir));
    QDir().mkpath(data);
    if (!test::writeLargeRun(runDir, data + "/person_keypoints_val2017.json")) {
      std::fprintf(stderr, "cannot write %s\n", qPrintable(data));
      return 1;
    }
  }
  std::vector<Sample> open, twoReads;
  for (int i = 0; i < repeats; ++i) {
    const auto a = openAndAnalyse(runDir);
    const auto b = twoReadsRepainting(runDir);
    if (!a || !b) {
      std::fprintf(stderr, "the run folder did not open or was not analysed\n");
      return 1;
    }
    open.push_back(*a);
    twoReads.push_back(*b);
  }
  std::printf("%d images, %d repeats, GUI timer every %d ms\n", test::kLargeRunImages, repeats,
              kTickMs);
  print("open:", open);
  print("two reads:", twoReads);
  return 0;
}
