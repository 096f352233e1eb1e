#pragma once
// Help > Open Demo, Compare Demo Architectures and Search Demo: the embedded demo model on the
// synthetic dataset, prepared by the session, then a run, a run pair or a search.

#include <QObject>

namespace posescope {

class MainWindow;
class SearchSession;

/// Starts the demos in `window` (its setup, runs and status bar) and `search`. Refusals and
/// missing files are said in the status bar or a message box; never throws.
class DemoLauncher : public QObject {
  Q_OBJECT
 public:
  DemoLauncher(MainWindow* window, SearchSession* search);

  /// The demo model on the demo dataset, then a run.
  void openDemo();
  /// The demo model (A) and its smaller sibling (B), run one after the other, then the Compare
  /// page.
  void openDemoComparison();
  /// A short search of the demo supernet on the demo dataset, shown live on the Search page (a
  /// new folder under the demo cache each time).
  void openSearchDemo();

 private:
  MainWindow* window_;
  SearchSession* search_;
};

}  // namespace posescope
