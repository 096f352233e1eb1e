#pragma once
// Every run folder the window shows, read once and shared by whoever shows it (the Results, Run,
// Inspect and Timing pages through the document, the analysis, either side of a comparison), in
// the spirit of Tiled's DocumentManager: one place that reads, finds and follows run folders.

#include <QObject>
#include <QPointer>
#include <QString>
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include "pipeline/run_folder.h"
#include "widgets/session/folder_stamp.h"
#include "widgets/session/opened_run.h"

namespace posescope {

class RunFolderWatcher;

/// Lives on the GUI thread; folders are read on the background pool. The store holds its runs
/// weakly: a run is freed when nobody holds it any more, and read again when asked for after
/// that. Never throws.
class RunStore : public QObject {
  Q_OBJECT
 public:
  using Delivered = std::function<void(const OpenedRunPtr&)>;
  using Failed = std::function<void(const QString& message)>;

  explicit RunStore(QObject* parent = nullptr);

  /// Hands the run of folder `dir` to `delivered`, or why it is not a readable run folder (the
  /// reader's message, naming the folder or file) to `failed`, on the GUI thread and only while
  /// `receiver` lives. A run somebody holds is handed again without reading when none of its
  /// folder's files changed since it was read; requests made while a folder is read share that
  /// read.
  void request(const QString& dir, QObject* receiver, Delivered delivered, Failed failed);
  /// The run of `dir` somebody holds, or nullptr; touches no file (the GUI thread may call it).
  OpenedRunPtr find(const QString& dir) const;
  /// How many times folder `dir` has been read since the store was made.
  int readCount(const QString& dir) const;

  /// Follows the folder of `opened` while another process writes it (RunFolderWatcher):
  /// progressed while its run goes on, and the folder read again (reloaded or reloadFailed) once
  /// the run changes state. nullptr stops following (the window's own run writes a folder now).
  void follow(const OpenedRunPtr& opened);

 Q_SIGNALS:
  /// The folder followed changed while its run goes on: its summary now.
  void progressed(const QString& dir, const posescope::RunSummary& summary);
  /// The folder followed was read again after its run changed state.
  void reloaded(const posescope::OpenedRunPtr& opened);
  void reloadFailed(const QString& dir, const QString& message);

 private:
  struct Waiter {
    QPointer<QObject> receiver;
    Delivered delivered;
    Failed failed;
  };
  struct Entry {
    std::weak_ptr<const OpenedRun> run;
    FolderStamp stamp;  // the folder's files when `run` was read
    bool reading = false;
    std::vector<Waiter> waiters;  // served when the read in progress ends
  };

  /// Reads (or, when `mayReuse` and nothing changed, hands back) the run of `key`, then serves
  /// its waiters.
  void startRead(const QString& key, bool mayReuse);

  std::map<QString, Entry> entries_;  // by absolute, cleaned folder path
  std::map<QString, int> readCounts_;
  RunFolderWatcher* watcher_ = nullptr;
};

}  // namespace posescope
