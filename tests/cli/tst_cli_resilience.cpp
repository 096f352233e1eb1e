// posescope-cli eval under abuse, as separate processes on the committed demo model: killed with
// SIGKILL at random moments and resumed (the final results equal an uninterrupted run's byte for
// byte), stopped by a file size limit (a clear error naming the file, the run marked failed,
// nothing written before lost), and given damaged images (failed records, the run goes on).

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <filesystem>

#include <opencv2/imgcodecs.hpp>

#include "built_programs.h"
#include "cli_runner.h"
#include "common/errors.h"
#include "pipeline/run_folder.h"
#include "pipeline/run_records.h"
#include "test_files.h"
#include "test_support.h"

using posescope::test::CliRun;
using posescope::test::runCli;
using namespace posescope;

namespace {

using posescope::test::repoFile;

QByteArray readAll(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll();
}

// One thread each for decoding and LibTorch: the runs being compared use the same arithmetic,
// and the test shares the machine with others.
QStringList evalArgs(const QString& data, const QString& out) {
  return {"eval",
          "--quiet",
          "--device",
          "cpu",
          "--threads",
          "1",
          "--workers",
          "1",
          "--cfg",
          repoFile("configs/demo/demo.yaml"),
          "--superconfig",
          repoFile("configs/demo/demo-arch.json"),
          "--out",
          out,
          "DATASET.ROOT",
          data,
          "TEST.MODEL_FILE",
          repoFile("resources/demo/demo_litepose.pth")};
}

// Every file a killed run leaves must be valid on its own: run.json parses, records.jsonl is
// whole lines but for a torn last one, and a run that stopped early never reads as complete.
void checkFolderAfterKill(const QString& run) {
  const std::string dir = run.toStdString();
  if (!std::filesystem::exists(dir + "/run.json")) return;  // killed before the run began
  LoadedRun loaded;
  try {
    loaded = loadRunFolder(dir);
  } catch (const Error& e) {
    QFAIL(qPrintable(QString("a killed run left an unreadable folder: ") + e.what()));
  }
  if (loaded.summary.state == RunState::Complete) {
    QVERIFY2(std::filesystem::exists(dir + "/metrics.json"), "complete without metrics.json");
    return;
  }
  QVERIFY2(loaded.summary.state == RunState::Interrupted,
           qPrintable("killed run reads as " +
                      QString::fromStdString(runStateName(loaded.summary.state))));
  // Issue 33: "Images: 0 of 200" while 107 records existed. The records are what was done.
  QCOMPARE(loaded.summary.imagesDone, loaded.records.size());
}

}  // namespace

class TestCliResilience : public QObject {
  Q_OBJECT

  QTemporaryDir tmp_;
  QString data_;
  QByteArray referenceResults_;
  qint64 referenceMs_ = 0;

  static QStringList resumeArgs(const QString& run) {
    return {"eval", "--quiet", "--threads", "1", "--workers", "1", "--resume", run};
  }
  CliRun resume(const QString& run) { return runCli(resumeArgs(run)); }

  // A run killed between two of its images, in a new folder under `stem`: each try starts a run,
  // stops it (SIGSTOP) once its first image is recorded, and kills it there if it is not complete
  // (stopped, it cannot finish between that look and the kill); a run that a stalled test process
  // saw only after its end is let go and tried again.
  QString killBetweenImages(const QString& stem) {
    for (int attempt = 0; attempt < 10; ++attempt) {
      const QString run = stem + "-" + QString::number(attempt);
      QProcess p;
      p.setProgram(posescope::test::cliPath());
      p.setArguments(evalArgs(data_, run));
      p.start();
      if (!p.waitForStarted()) return {};
      const auto recorded = [&] {
        QFile records(run + "/records.jsonl");
        return records.open(QIODevice::ReadOnly) && records.readAll().contains('\n');
      };
      while (!recorded() && !p.waitForFinished(5)) {
      }
      const auto pid = static_cast<pid_t>(p.processId());
      if (p.state() == QProcess::Running) ::kill(pid, SIGSTOP);
      if (p.state() == QProcess::Running &&
          loadRunFolder(run.toStdString()).summary.state != RunState::Complete) {
        ::kill(pid, SIGKILL);
        if (!p.waitForFinished(30000)) return {};
        return run;
      }
      if (p.state() == QProcess::Running) ::kill(pid, SIGCONT);
      p.waitForFinished(-1);
    }
    return {};
  }
  // A run has begun once its settings and run.json are written: from then on it is resumed.
  static bool hasBegun(const QString& run) {
    return QFile::exists(run + "/config.yaml") && QFile::exists(run + "/run.json");
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    data_ = tmp_.filePath("data");
    CliRun r = runCli(
        {"make-dataset", "--out", data_, "--images", "24", "--split", "val2017", "--seed", "5"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QString reference = tmp_.filePath("reference");
    QElapsedTimer clock;
    clock.start();
    r = runCli(evalArgs(data_, reference));
    referenceMs_ = clock.elapsed();
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    referenceResults_ = readAll(reference + "/results.json");
    QVERIFY(!referenceResults_.isEmpty());
  }

  void killedRunsResumeToTheSameResults() {
    // SIGKILL at random moments of a run or of its resumption, again and again; every folder a
    // kill leaves must be valid, and resuming until done must give the uninterrupted results.
    const quint32 seed = 20261201;
    QRandomGenerator random(seed);
    int kills = 0, attempts = 0, completed = 0, resumedToTheEnd = 0;
    QString run = tmp_.filePath("killed-0");
    while (kills < 20) {
      QVERIFY2(++attempts < 200, "the kill loop does not make progress");
      const bool started = hasBegun(run);
      if (started && loadRunFolder(run.toStdString()).summary.state == RunState::Complete) {
        // The last kill came after the run had finished its last write.
        QCOMPARE(readAll(run + "/results.json"), referenceResults_);
        run = tmp_.filePath("killed-" + QString::number(++completed));
        continue;
      }
      QProcess p;
      p.setProgram(posescope::test::cliPath());
      p.setArguments(started ? resumeArgs(run) : evalArgs(data_, run));
      p.start();
      QVERIFY(p.waitForStarted());
      // Most kills land in the evaluation, some in start-up or the final writes.
      const int delayMs = static_cast<int>(random.bounded(static_cast<quint32>(referenceMs_ + 1)));
      if (!p.waitForFinished(delayMs)) {
        ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
        QVERIFY(p.waitForFinished(30000));
        ++kills;
        checkFolderAfterKill(run);
        continue;
      }
      QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
               qPrintable(QString::fromUtf8(p.readAllStandardError())));
      QCOMPARE(readAll(run + "/results.json"), referenceResults_);
      QCOMPARE(loadRunFolder(run.toStdString()).summary.state, RunState::Complete);
      ++completed;
      if (started) ++resumedToTheEnd;
      run = tmp_.filePath("killed-" + QString::number(completed));
    }
    // Whatever the last kill left is continued to the end.
    if (hasBegun(run) && loadRunFolder(run.toStdString()).summary.state != RunState::Complete) {
      const CliRun r = resume(run);
      QVERIFY2(r.exitCode == 0, qPrintable(r.err));
      QCOMPARE(readAll(run + "/results.json"), referenceResults_);
      ++resumedToTheEnd;
      ++completed;
    }
    // The random kills may all land in start-ups or after last writes (a busy machine): one run
    // is always killed between two images for certain, and resumed to the end.
    {
      const QString killed = killBetweenImages(tmp_.filePath("killed-between-images"));
      QVERIFY2(!killed.isEmpty(), "no run could be killed between two of its images");
      ++kills;
      checkFolderAfterKill(killed);
      const CliRun r = resume(killed);
      QVERIFY2(r.exitCode == 0, qPrintable(r.err));
      QCOMPARE(readAll(killed + "/results.json"), referenceResults_);
      ++resumedToTheEnd;
      ++completed;
    }
    qInfo(
        "seed %u: %d kills in %d attempts; %d runs completed, %d of them by --resume after a kill",
        seed, kills, attempts, completed, resumedToTheEnd);
    QVERIFY(resumedToTheEnd >= 1);
  }

  void resumeRefusesWhatItCannotContinue() {
    // A complete run has nothing to resume: said, and a success (a job script that always
    // resumes meets its finished run).
    CliRun r = resume(tmp_.filePath("reference"));
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("complete already: nothing to resume"), qPrintable(r.err));
    r = runCli({"eval", "--resume", tmp_.filePath("reference"), "--cfg", "x.yaml"});
    QCOMPARE(r.exitCode, 2);
    r = resume(tmp_.filePath("no-such-run"));
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains("no-such-run"), qPrintable(r.err));

    // A run whose checkpoint changed since it started is not continued with the new one.
    const QString checkpoint = tmp_.filePath("copied.pth");
    QVERIFY(QFile::copy(repoFile("resources/demo/demo_litepose.pth"), checkpoint));
    const QString run = tmp_.filePath("changed-checkpoint");
    QStringList args = evalArgs(data_, run);
    args.last() = checkpoint;
    args << "--limit"
         << "2";
    r = runCli(args);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QFile summary(run + "/run.json");
    QVERIFY(summary.open(QIODevice::ReadOnly));
    QByteArray text = summary.readAll();
    summary.close();
    text.replace("\"complete\"", "\"running\"");  // as if killed before its last write
    QVERIFY(summary.open(QIODevice::WriteOnly | QIODevice::Truncate));
    summary.write(text);
    summary.close();
    QFile changed(checkpoint);
    QVERIFY(changed.open(QIODevice::Append));
    changed.write("x");
    changed.close();
    r = resume(run);
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(checkpoint) && r.err.contains("changed"), qPrintable(r.err));
  }

  void fileSizeLimitFailsTheRunNamingTheFile() {
    // A child with a 16 KiB file size limit: config.yaml, arch.json and run.json fit, records.jsonl
    // outgrows it after a few images (as a full disk would stop it).
    const QString run = tmp_.filePath("full-disk");
    const QStringList args = evalArgs(data_, run);
    std::vector<std::string> argStrings = {posescope::test::cliPath().toStdString()};
    for (const auto& a : args) argStrings.push_back(a.toStdString());
    std::vector<char*> argv;
    for (auto& a : argStrings) argv.push_back(a.data());
    argv.push_back(nullptr);
    int errPipe[2];
    QVERIFY(pipe(errPipe) == 0);
    const pid_t child = fork();
    if (child == 0) {
      rlimit limit{16 * 1024, 16 * 1024};
      setrlimit(RLIMIT_FSIZE, &limit);
      signal(SIGXFSZ, SIG_IGN);
      dup2(errPipe[1], STDERR_FILENO);
      close(errPipe[0]);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(errPipe[1]);
    QByteArray err;
    char buffer[4096];
    for (ssize_t n; (n = read(errPipe[0], buffer, sizeof buffer)) > 0;) err.append(buffer, n);
    close(errPipe[0]);
    int status = 0;
    QCOMPARE(waitpid(child, &status, 0), child);
    QVERIFY2(WIFEXITED(status), "the CLI died instead of reporting the write error");
    QCOMPARE(WEXITSTATUS(status), 3);
    const QString records = run + "/records.jsonl";
    QVERIFY2(err.contains(records.toUtf8()) && err.contains("File too large"), err.constData());

    const LoadedRun loaded = loadRunFolder(run.toStdString());
    QCOMPARE(loaded.summary.state, RunState::Failed);
    QVERIFY(loaded.summary.message.find("File too large") != std::string::npos);
    // The records written before the failure are all there, whole.
    const RecordsFile file = readRecordsFile(records.toStdString());
    QVERIFY(file.note.empty());
    QVERIFY(!file.records.empty());
    QCOMPARE(loaded.records.size(), file.records.size());
    QCOMPARE(static_cast<size_t>(loaded.summary.imagesDone), file.records.size());

    // With the space back, the failed run continues to the uninterrupted results.
    const CliRun r = resume(run);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(readAll(run + "/results.json"), referenceResults_);
  }

  void damagedImagesAreFailedRecordsAndTheRunGoesOn() {
    QTemporaryDir copy;
    const QString data = copy.filePath("data");
    std::filesystem::copy(data_.toStdString(), data.toStdString(),
                          std::filesystem::copy_options::recursive);
    const QString images = data + "/images/val2017/";
    QStringList files = QDir(images).entryList({"*.jpg"}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 6);
    auto path = [&](int i) { return images + files[i]; };
    // 0: cut inside the JPEG header; 1: zero bytes; 2: a directory; 3: missing;
    // 4: a PNG named .jpg; 5: the scan data cut in half.
    QByteArray jpeg = readAll(path(0));
    QFile f0(path(0));
    QVERIFY(f0.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f0.write(jpeg.left(100));
    f0.close();
    QFile f1(path(1));
    QVERIFY(f1.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f1.close();
    QVERIFY(QFile::remove(path(2)));
    QVERIFY(QDir().mkdir(path(2)));
    QVERIFY(QFile::remove(path(3)));
    const cv::Mat decoded = cv::imread(path(4).toStdString());
    std::vector<uchar> png;
    QVERIFY(cv::imencode(".png", decoded, png));
    QFile f4(path(4));
    QVERIFY(f4.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f4.write(reinterpret_cast<const char*>(png.data()), static_cast<qint64>(png.size()));
    f4.close();
    jpeg = readAll(path(5));
    QFile f5(path(5));
    QVERIFY(f5.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f5.write(jpeg.left(jpeg.size() / 2));
    f5.close();

    const QString run = copy.filePath("run");
    QStringList args = evalArgs(data, run);
    args.insert(1, "--limit");
    args.insert(2, "8");
    const CliRun r = runCli(args);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains("4 image(s) failed"), qPrintable(r.err));
    const LoadedRun loaded = loadRunFolder(run.toStdString());
    QCOMPARE(loaded.summary.state, RunState::Complete);
    QCOMPARE(loaded.records.size(), size_t(8));
    auto errorOf = [&](int i) { return QString::fromStdString(loaded.records[i].error); };
    for (int i : {0, 1, 2}) {
      QVERIFY2(errorOf(i).contains(files[i]) && errorOf(i).contains("could not be decoded"),
               qPrintable(errorOf(i)));
    }
    QVERIFY2(errorOf(3).contains(files[3]) && errorOf(3).contains("not found"),
             qPrintable(errorOf(3)));
    // As cv2.imread in valid.py: decoded by content, so a PNG named .jpg is an image, and a JPEG
    // whose scan data is cut short decodes (the missing part grey) and is evaluated.
    QVERIFY2(!loaded.records[4].failed(), loaded.records[4].error.c_str());
    QVERIFY2(!loaded.records[5].failed(), loaded.records[5].error.c_str());
    QVERIFY(!loaded.records[6].failed());
  }
};

QTEST_GUILESS_MAIN(TestCliResilience)
#include "tst_cli_resilience.moc"
