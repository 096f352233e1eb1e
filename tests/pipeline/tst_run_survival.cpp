// What a run folder looks like after a kill, a full disk or a torn write: files replaced whole,
// record files of whole lines, a lock that tells a live run from an interrupted one, and the
// bookkeeping eval --resume relies on.

#include <sys/resource.h>

#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/strings.h"
#include "pipeline/atomic_file.h"
#include "pipeline/resume_point.h"
#include "pipeline/run_folder.h"
#include "pipeline/run_lock.h"
#include "pipeline/run_records.h"

using namespace posescope;

namespace {

ImageRecord record(size_t index) {
  ImageRecord r;
  r.index = index;
  r.imageId = 100 + static_cast<std::int64_t>(index);
  r.file = "img" + std::to_string(index) + ".jpg";
  PersonPrediction p;
  p.score = 0.5 + 0.01 * index;
  p.joints = {{1.5f, 2.5f, 0.9f, 0.1f}};
  r.people.push_back(p);
  return r;
}

void writeRaw(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// Lowers this process's file size limit for one scope, with SIGXFSZ ignored, so a write past it
// fails with EFBIG as on a full disk instead of killing the test.
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    getrlimit(RLIMIT_FSIZE, &saved_);
    previousHandler_ = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limited = saved_;
    limited.rlim_cur = bytes;
    setrlimit(RLIMIT_FSIZE, &limited);
  }
  ~FileSizeLimit() {
    setrlimit(RLIMIT_FSIZE, &saved_);
    std::signal(SIGXFSZ, previousHandler_);
  }

 private:
  rlimit saved_{};
  void (*previousHandler_)(int) = SIG_DFL;
};

std::string summaryJson(RunState state) {
  RunSummary s;
  s.state = state;
  s.imagesTotal = 4;
  return summaryToJsonText(s);
}

}  // namespace

class TestRunSurvival : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void atomicWriteReplacesWholeAndLeavesNoTemporary() {
    QTemporaryDir tmp;
    const std::string path = tmp.filePath("results.json").toStdString();
    writeFileAtomically(path, "old");
    writeFileAtomically(path, "new contents");
    QCOMPARE(readTextFile(path), std::string("new contents"));
    QVERIFY(!std::filesystem::exists(path + ".tmp"));
  }

  void failedAtomicWriteKeepsTheOldFileAndNamesTheNewOne() {
    QTemporaryDir tmp;
    const std::string path = tmp.filePath("metrics.json").toStdString();
    writeFileAtomically(path, "before");
    try {
      FileSizeLimit limit(16);
      writeFileAtomically(path, std::string(1000, 'x'));
      QFAIL("a write past the file size limit succeeded");
    } catch (const Error& e) {
      const std::string message = e.what();
      QVERIFY2(message.find(path) != std::string::npos, e.what());
      QVERIFY2(message.find("File too large") != std::string::npos, e.what());
    }
    QCOMPARE(readTextFile(path), std::string("before"));
    QVERIFY(!std::filesystem::exists(path + ".tmp"));
  }

  void appenderNeverLeavesATornLine() {
    QTemporaryDir tmp;
    const std::string path = tmp.filePath("records.jsonl").toStdString();
    LineAppender out(path, true);
    out.append("first line");
    int written = 1;
    try {
      FileSizeLimit limit(64);  // the third line crosses the limit part-way
      for (; written < 10; ++written) out.append("line number " + std::to_string(written) + " ...");
      QFAIL("appending past the file size limit succeeded");
    } catch (const Error& e) {
      QVERIFY2(std::string(e.what()).find(path) != std::string::npos, e.what());
    }
    const std::string text = readTextFile(path);
    QVERIFY(!text.empty());
    QCOMPARE(text.back(), '\n');  // the part of the failed line was cut off
    QCOMPARE(static_cast<int>(std::count(text.begin(), text.end(), '\n')), written);
  }

  void tornLastRecordLineIsDroppedWithANote() {
    QTemporaryDir tmp;
    const std::string path = tmp.filePath("records.jsonl").toStdString();
    const std::string whole =
        recordToJson(record(0)).dump() + "\n" + recordToJson(record(1)).dump() + "\n";
    writeRaw(path, whole + recordToJson(record(2)).dump().substr(0, 17));
    const RecordsFile file = readRecordsFile(path);
    QCOMPARE(file.records.size(), size_t(2));
    QCOMPARE(file.wholeLinesBytes, std::uint64_t(whole.size()));
    QVERIFY2(file.note.find(path + ":3") != std::string::npos, file.note.c_str());

    cutToWholeLines(path);
    QCOMPARE(readTextFile(path), whole);
  }

  void malformedLineInTheMiddleIsStillAnError() {
    QTemporaryDir tmp;
    const std::string path = tmp.filePath("records.jsonl").toStdString();
    writeRaw(path, recordToJson(record(0)).dump() + "\n{\"index\": \n" +
                       recordToJson(record(1)).dump() + "\n");
    try {
      readRecordsFile(path);
      QFAIL("a malformed record line was accepted");
    } catch (const Error& e) {
      QVERIFY2(std::string(e.what()).find(path + ":2") != std::string::npos, e.what());
    }
  }

  void lockTellsALiveRunFromAnInterruptedOne() {
    QTemporaryDir tmp;
    const std::string dir = tmp.path().toStdString();
    QVERIFY(!runFolderBeingWritten(dir));
    {
      RunWriter writer(dir);
      RunSummary s;
      s.state = RunState::Running;
      writer.writeSummary(s);
      QVERIFY(runFolderBeingWritten(dir));
      QCOMPARE(loadRunFolder(dir).summary.state, RunState::Running);
      try {
        RunWriter second(dir);
        QFAIL("two writers held one run folder");
      } catch (const Error& e) {
        QVERIFY2(std::string(e.what()).find(dir) != std::string::npos, e.what());
      }
    }
    // The writer is gone while run.json still says running: that run was interrupted.
    QVERIFY(!runFolderBeingWritten(dir));
    const LoadedRun run = loadRunFolder(dir);
    QCOMPARE(run.summary.state, RunState::Interrupted);
    QCOMPARE(runStateName(run.summary.state), std::string("interrupted"));
    QVERIFY(run.summary.message.find("--resume") != std::string::npos);
  }

  void finishedStatesReadAsWritten() {
    QTemporaryDir tmp;
    const std::string dir = tmp.path().toStdString();
    for (RunState state : {RunState::Complete, RunState::Cancelled, RunState::Failed}) {
      writeRaw(tmp.filePath("run.json").toStdString(), summaryJson(state));
      QCOMPARE(loadRunFolder(dir).summary.state, state);
    }
  }

  void loadRunFolderForgivesOnlyTheTornTail() {
    QTemporaryDir tmp;
    const std::string dir = tmp.path().toStdString();
    writeRaw(tmp.filePath("run.json").toStdString(), summaryJson(RunState::Running));
    writeRaw(tmp.filePath("records.jsonl").toStdString(),
             recordToJson(record(0)).dump() + "\n{\"ind");
    const LoadedRun run = loadRunFolder(dir);
    QCOMPARE(run.records.size(), size_t(1));
    QCOMPARE(run.notes.size(), size_t(1));
  }

  void continuingWriterAppendsAfterTheLastWholeLine() {
    QTemporaryDir tmp;
    const std::string dir = tmp.path().toStdString();
    const std::string first = recordToJson(record(0)).dump() + "\n";
    writeRaw(tmp.filePath("records.jsonl").toStdString(), first + "{\"torn");
    {
      RunWriter writer(dir, true);
      writer.appendRecord(record(1));
    }
    const RecordsFile file = readRecordsFile(tmp.filePath("records.jsonl").toStdString());
    QCOMPARE(file.records.size(), size_t(2));
    QVERIFY(file.note.empty());
    QCOMPARE(file.records[1].index, size_t(1));
  }

  void resumeSkipsDoneImagesAndRefusesForeignOnes() {
    const std::vector<size_t> selection = {0, 1, 2, 3, 4};
    auto idAt = [](size_t i) { return std::int64_t(100 + i); };
    std::vector<ImageRecord> done = {record(0), record(2)};
    QCOMPARE(indicesLeftToEvaluate(selection, done, idAt, "run"), (std::vector<size_t>{1, 3, 4}));

    std::vector<ImageRecord> outside = {record(7)};
    QVERIFY_THROWS_EXCEPTION(Error, indicesLeftToEvaluate(selection, outside, idAt, "run"));
    std::vector<ImageRecord> twice = {record(1), record(1)};
    QVERIFY_THROWS_EXCEPTION(Error, indicesLeftToEvaluate(selection, twice, idAt, "run"));
    ImageRecord otherImage = record(3);
    otherImage.imageId = 999;
    std::vector<ImageRecord> changed = {otherImage};
    QVERIFY_THROWS_EXCEPTION(Error, indicesLeftToEvaluate(selection, changed, idAt, "run"));

    std::vector<ImageRecord> records = {record(3), record(0), record(4)};
    sortRecordsBySelection(records, selection);
    QCOMPARE(records[0].index, size_t(0));
    QCOMPARE(records[2].index, size_t(4));
  }
};

QTEST_GUILESS_MAIN(TestRunSurvival)
#include "tst_run_survival.moc"
