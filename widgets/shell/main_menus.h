#pragma once
// The main window's menu bar: File, Export, Run and Help.

#include <QObject>
#include <QStringList>

class QAction;
class QMenu;

namespace posescope {

class ExportActions;
class MainWindow;

/// Builds `window`'s menus; each action calls a public function of the window, its demos
/// (DemoLauncher) or its exports. The Run menu's actions follow whether a run can start
/// (setRunState). Never throws.
class MainMenus : public QObject {
  Q_OBJECT
 public:
  MainMenus(MainWindow* window, ExportActions* exports, const QStringList& recent);

  /// Enables Run, Cancel and Run A and B… for a run going (`running`) and a valid setup.
  void setRunState(bool running, bool setupValid);
  /// Lists `recent` (newest first) under File > Open Recent.
  void setRecentFiles(const QStringList& recent);

 private:
  void addFileMenu();
  void addRunMenu();
  void addHelpMenu();

  MainWindow* window_;
  QMenu* recentMenu_ = nullptr;
  QAction* runAction_ = nullptr;
  QAction* cancelAction_ = nullptr;
  QAction* runPairAction_ = nullptr;
};

}  // namespace posescope
