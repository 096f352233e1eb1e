#pragma once
// The Run page: state, progress with rate and ETA, Cancel, error banner and the run's log.

#include <QElapsedTimer>
#include <QWidget>

#include "widgets/session/run_types.h"

class QAbstractItemModel;
class QLabel;
class QTableView;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace posescope {

class RunDocument;

/// Shows one run as it happens, as the document relays it; Cancel emits cancelRequested.
/// Never throws.
class RunProgressView : public QWidget {
  Q_OBJECT
 public:
  explicit RunProgressView(QWidget* parent = nullptr);

  /// Follows `document`: the run in progress as it goes (and run pairs' checks), and the log of
  /// the run folders read back.
  void followDocument(const RunDocument* document);

  /// Clears the log, the banner and the progress for a new run into `runDir`; `context` (e.g.
  /// "Comparison run 1 of 2 (A: demo-arch)") is shown before the folder.
  void reset(const QString& runDir, const QString& context = QString());
  QString folderText() const;
  void showPreparing();
  void showStarted(const RunSummary& summary);
  void showImage(qulonglong done, qulonglong total);
  void showFinished(const RunOutcome& outcome);
  /// Ends the busy state without a run outcome (e.g. a comparison cancelled while its runs were
  /// being checked): `message` becomes the state line, Cancel is disabled.
  void showStopped(const QString& message);
  /// Shows `message` in the error banner (the run stopped; the app stays usable).
  void showFailed(const QString& message);
  void appendLog(const QString& line);
  /// Shows `model` (the run's per-image records, owned elsewhere) above the log, following new
  /// rows as they arrive.
  void setRecordModel(QAbstractItemModel* model);
  /// Shows the log of a run folder opened from disk.
  void showLoadedLog(const QString& runDir, RunState state, const QString& log);

  QString stateText() const;
  QString errorText() const;
  QString logText() const;
  QProgressBar* progressBar() const { return progress_; }
  QPushButton* cancelButton() const { return cancelButton_; }

 Q_SIGNALS:
  void cancelRequested();

 private:
  QLabel* stateLabel_ = nullptr;
  QLabel* statsLabel_ = nullptr;
  QLabel* folderLabel_ = nullptr;
  QTableView* records_ = nullptr;
  QLabel* errorBanner_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QPushButton* cancelButton_ = nullptr;
  QPlainTextEdit* log_ = nullptr;
  QElapsedTimer clock_;
  bool started_ = false;       // the run shown evaluates images (showStarted since reset)
  qulonglong doneBefore_ = 0;  // images a resumed run had done before it started again
};

/// "12 / 40 images · 3.41 img/s · ETA 8 s" from a count and the seconds elapsed; never fails.
/// `doneBefore` images were done before those seconds (a resumed run): not counted in the rate.
QString progressStats(qulonglong done, qulonglong total, double elapsedSeconds,
                      qulonglong doneBefore = 0);

}  // namespace posescope
