#pragma once
// A search folder in the GUI: read off the GUI thread, read again every second while a search
// writes it (this GUI's or another process's), and continued or cancelled on request through
// `posescope-cli search`, a separate process, so LibTorch work never runs in the GUI's.

#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QThread>
#include <QTimer>
#include <memory>

#include "search/search_folder.h"

namespace posescope {

/// A read of a search folder: built on the reader's thread, never changed after.
using SearchSnapshotPtr = std::shared_ptr<const search::SearchSnapshot>;

/// Lives on its own QThread; reads a search folder per request. Never throws.
class SearchFolderReader : public QObject {
  Q_OBJECT
 public Q_SLOTS:
  void read(quint64 request, const QString& dir);
 Q_SIGNALS:
  void snapshotRead(quint64 request, posescope::SearchSnapshotPtr snapshot);
  void readFailed(quint64 request, const QString& message);
};

class SearchSession : public QObject {
  Q_OBJECT
 public:
  /// `cliProgram` is the posescope-cli that resume() starts.
  explicit SearchSession(QString cliProgram, QObject* parent = nullptr);
  ~SearchSession() override;

  /// Shows `dir`: reads it now and again every second until its search has finished and no
  /// search of this session runs in it.
  void openFolder(const QString& dir);
  const QString& folder() const { return folder_; }
  /// The latest read (nullptr before the first).
  SearchSnapshotPtr snapshot() const { return snapshot_; }

  /// Runs `posescope-cli ARGUMENTS` (a search command writing to `dir`) and shows `dir`.
  /// Does nothing while a search runs.
  void start(const QStringList& arguments, const QString& dir);
  /// Continues the folder's search (`posescope-cli search --resume DIR`); its output arrives as
  /// logLine(). Does nothing while one runs.
  void resume();
  /// Asks the running search to stop (SIGINT: it ends after the candidate it is evaluating; its
  /// scores are kept and resume() continues from them).
  void cancel();
  bool isRunning() const { return process_.state() != QProcess::NotRunning; }
  /// Whether cancel() stopped the search this session ran last (until the next start()).
  bool wasCancelled() const { return cancelled_; }
  /// Whether the search this session ran last exited with status 0 (false while it runs).
  bool lastSearchSucceeded() const {
    return !isRunning() && process_.exitStatus() == QProcess::NormalExit &&
           process_.exitCode() == 0;
  }

  /// The posescope-cli next to the GUI executable (installed or in the build tree), or "".
  static QString cliNextTo(const QString& applicationDir);

 Q_SIGNALS:
  /// A read found new scores or generations (or the first read of a folder).
  void snapshotChanged();
  void failed(const QString& message);
  void runningChanged(bool running);
  void logLine(const QString& line);

 private:
  void requestRead();
  void onRead(quint64 request, posescope::SearchSnapshotPtr snapshot);
  void onProcessFinished(int exitCode, QProcess::ExitStatus status);

  QString cliProgram_;
  QString folder_;
  SearchSnapshotPtr snapshot_;
  QThread thread_;
  SearchFolderReader* reader_;
  QTimer poll_;
  quint64 request_ = 0;
  bool readInFlight_ = false;
  bool cancelled_ = false;
  QProcess process_;
};

/// Registers SearchSnapshotPtr for queued connections; idempotent.
void registerSearchMetaTypes();

}  // namespace posescope

Q_DECLARE_METATYPE(posescope::SearchSnapshotPtr)
