// Opening a large run folder does not stall the window: a generated 5,000-image run (records,
// per-image evaluation, ground truth of 10,000 people) is read off the GUI thread and off Qt's
// global thread pool. Checked without a clock: the run's run.json is a named pipe that answers
// only when the test lets it, so the read is held in progress while the test looks at who holds
// it. How late the GUI thread gets meanwhile is bench_open_large_run's figure.

#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QTimer>
#include <QtTest>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pipeline/run_folder.h"
#include "widgets/large_run_fixture.h"
#include "widgets/models/record_table_model.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/session/background_pool.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/main_window.h"

using namespace posescope;

namespace {

// How long a read may wait at the pipe for the test to let it through: only a GUI thread that
// reads run.json itself (so cannot answer) waits that long.
constexpr auto kHeldReadDeadline = std::chrono::seconds(30);

// Replaces the regular file `path` with a named pipe for as long as it lives and holds the first
// read of it: the reader opens the pipe and waits there until release(), when the regular file
// is put back (later reads find it) and the held reader gets its text. A reader held
// kHeldReadDeadline without release() is let through anyway and forced() is set, so a GUI thread
// that reads the file itself stalls for that long, then the test fails instead of hanging.
class HeldRead {
 public:
  explicit HeldRead(const std::string& path) : path_(path), saved_(path + ".held") {
    std::filesystem::rename(path_, saved_);
    ok_ = ::mkfifo(path_.c_str(), 0600) == 0;
    if (ok_) thread_ = std::thread([this] { serve(); });
  }
  ~HeldRead() {
    stop_ = true;
    release();
    if (thread_.joinable()) thread_.join();
    if (!served_) std::filesystem::rename(saved_, path_);  // the pipe goes, the file is back
  }
  HeldRead(const HeldRead&) = delete;
  HeldRead& operator=(const HeldRead&) = delete;

  bool ok() const { return ok_; }
  /// A reader has opened the pipe and waits for its text.
  bool holding() const { return holding_; }
  /// The held reader was let through unreleased after kHeldReadDeadline.
  bool forced() const { return forced_; }
  void release() { released_ = true; }

 private:
  void serve() {
    sigset_t pipe;  // a reader that gives up makes write() fail here, not kill the test
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
    // Opening the writing end without blocking fails until a reader has the pipe open.
    int fd = -1;
    while (!stop_ && (fd = ::open(path_.c_str(), O_WRONLY | O_NONBLOCK)) < 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (fd < 0) return;
    holding_ = true;
    const auto deadline = std::chrono::steady_clock::now() + kHeldReadDeadline;
    while (!released_ && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    forced_ = !released_;
    std::string text;
    if (FILE* in = std::fopen(saved_.c_str(), "rb")) {
      char buffer[65536];
      for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, in)) > 0;) text.append(buffer, n);
      std::fclose(in);
    }
    // The file is back before the held reader can act on its text: no other reader meets the pipe.
    std::filesystem::rename(saved_, path_);
    served_ = true;
    ::fcntl(fd, F_SETFL, 0);  // blocking writes: the text may exceed the pipe's buffer
    for (size_t done = 0; done < text.size();) {
      const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
      if (n <= 0) break;
      done += static_cast<size_t>(n);
    }
    ::close(fd);
  }

  std::string path_, saved_;
  bool ok_ = false;
  std::thread thread_;
  std::atomic<bool> stop_{false}, released_{false}, holding_{false}, forced_{false}, served_{false};
};

}  // namespace

class TestOpenLargeRun : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString runDir_, copyDir_;

  std::string summaryOf(const QString& runDir) const {
    return (runDir + "/" + runfiles::kSummary).toStdString();
  }

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_open_large_run");
    QVERIFY(dir_.isValid());
    runDir_ = dir_.filePath("run");
    copyDir_ = dir_.filePath("copy");
    QVERIFY(test::writeLargeRun(runDir_, dir_.filePath("person_keypoints_val2017.json")));
    std::filesystem::copy(runDir_.toStdString(), copyDir_.toStdString());
  }

  void openingReadsOffTheGuiThread() {
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy opened(window.session(), &RunSession::runFolderOpened);
    QSignalSpy failed(window.session(), &RunSession::runFolderFailed);
    QSignalSpy analysed(window.session()->analysis(), &RunAnalysisSession::analysisReady);
    QSignalSpy notAnalysed(window.session()->analysis(), &RunAnalysisSession::analysisFailed);

    HeldRead held(summaryOf(runDir_));
    QVERIFY(held.ok());
    window.openRunFolder(runDir_);
    // The GUI thread comes back to its event loop (and paints) while the read waits at run.json.
    QTRY_VERIFY_WITH_TIMEOUT(held.holding(), 60000);
    window.repaint();
    QVERIFY2(!held.forced(), "the GUI thread read run.json itself (it waited at the pipe)");
    QVERIFY(opened.isEmpty() && failed.isEmpty());
    held.release();

    QTRY_VERIFY_WITH_TIMEOUT(!opened.isEmpty() || !failed.isEmpty(), 60000);
    // The error analysis follows in the background, and its arrival fills the Inspect page.
    QTRY_VERIFY_WITH_TIMEOUT(!analysed.isEmpty() || !notAnalysed.isEmpty() || !failed.isEmpty(),
                             120000);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(1).toString()));
    QVERIFY2(notAnalysed.isEmpty(), qPrintable(notAnalysed.value(0).value(0).toString()));
    QVERIFY(window.inspectView()->analysis() != nullptr);

    // Everything was read: records, per-image evaluation, ground truth.
    QCOMPARE(window.resultsView()->recordModel()->rowCount(), test::kLargeRunImages);
    const RunOverlayData& data = window.inspectView()->data();
    QCOMPARE(data.records.size(), size_t(test::kLargeRunImages));
    QVERIFY2(data.warnings.empty(), data.warnings.empty() ? "" : data.warnings.front().c_str());
    QVERIFY(data.evaluations.find(1) && data.evaluations.find(test::kLargeRunImages));
    QCOMPARE(data.sceneFor(data.records.front()).groundTruth.size(),
             size_t(test::kLargeRunPeoplePerImage));
  }

  // At a run's end the finished run is read back for the Inspect page while the user opens it:
  // two reads at once, and the window keeps repainting. Qt's raster engine splits large fills
  // over the global thread pool and waits for them, so no read may occupy that pool: held in
  // progress, neither read is found there.
  void twoReadsLeaveQtsPoolToPainting() {
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.pages()->setCurrentIndex(MainWindow::ResultsPage);
    QSignalSpy opened(window.session(), &RunSession::runFolderOpened);
    QSignalSpy failed(window.session(), &RunSession::runFolderFailed);

    // Two folders with the same content: one pipe serves one reader.
    HeldRead heldA(summaryOf(runDir_)), heldB(summaryOf(copyDir_));
    QVERIFY(heldA.ok() && heldB.ok());
    QTimer repainter;
    connect(&repainter, &QTimer::timeout, &window, [&] { window.update(); });
    repainter.start(10);
    window.openRunFolder(runDir_);
    window.openRunFolder(copyDir_);
    QTRY_VERIFY_WITH_TIMEOUT(heldA.holding() && heldB.holding(), 60000);
    QVERIFY2(!heldA.forced() && !heldB.forced(), "the GUI thread read run.json itself");
    // Both reads are in progress now, on PoseScope's pool. A raster fill's task leaves the
    // global pool just after the paint that waited for it, hence a retry, not a single look.
    QVERIFY(backgroundPool() != QThreadPool::globalInstance());
    QVERIFY(backgroundPool()->activeThreadCount() >= 2);
    const bool globalPoolFree = QTest::qWaitFor(
        [] { return QThreadPool::globalInstance()->activeThreadCount() == 0; }, 10000);
    QVERIFY2(globalPoolFree,
             "a held read occupies Qt's global pool, which the window's painting waits for");
    window.repaint();  // with both reads held on Qt's pool, this would wait for them
    QVERIFY(!heldA.forced() && !heldB.forced());
    heldA.release();
    heldB.release();

    QTRY_VERIFY_WITH_TIMEOUT(opened.size() + failed.size() == 2, 60000);
    repainter.stop();
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(1).toString()));
  }
};

QTEST_MAIN(TestOpenLargeRun)
#include "tst_open_large_run.moc"
