#pragma once
// What the status bar says about the session, and which page that brings forward.

#include <QObject>

class QMainWindow;
class QTabWidget;

namespace posescope {

class RunSession;

/// Listens to `session` and writes each event in `window`'s status bar, switching to the page
/// that shows it (the Run page as a run starts, Results when it completes, Compare for a
/// comparison). Reading failures also get a message box when asked for (warnOnNextFailure), as
/// for folders the user has just chosen. Never throws.
class SessionStatus : public QObject {
  Q_OBJECT
 public:
  /// `pages` are the window's pages in MainWindow::Page order.
  SessionStatus(RunSession* session, QMainWindow* window, QTabWidget* pages);

  /// Shows `message` in the status bar, after switching to page `page` (-1: stay).
  void show(const QString& message, int page = -1);
  /// The next failure to read run folders is also shown in a message box.
  void warnOnNextFailure() { warnOnFailure_ = true; }
  /// The next run folder opened is shown on page `page` instead of Results (a Search point opens
  /// its run on Inspect); forgotten when that opening fails.
  void showNextOpenedRunOn(int page) { nextRunPage_ = page; }
  /// Adds `note` after the message the current event writes (a display filter reset or kept,
  /// after "Opened run folder …", which the same opening writes once the caller returns).
  void appendAfterCurrent(const QString& note);
  /// Clears the status bar when it still says that the last run failed (the user has changed
  /// the setup since); other messages stay.
  void clearRunFailure();

 private:
  void connectRun(RunSession* session);
  void connectReading(RunSession* session);
  void failed(const QString& title, const QString& message);

  QMainWindow* window_;
  QTabWidget* pages_;
  bool warnOnFailure_ = false;
  int nextRunPage_ = -1;      // showNextOpenedRunOn's page, until the next opening ends
  bool startFailed_ = false;  // the run failing now failed before its first image
  QString runFailure_;        // the status bar's run-failure message while it is shown
};

}  // namespace posescope
