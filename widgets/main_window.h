#pragma once
// PoseScope's main window: menus, drag and drop, recent files, and the experiment page.

#include <QMainWindow>

namespace posescope {

class ExperimentView;

/// Top-level window. Files dropped or opened are routed by type: *.yaml/*.yml as the experiment
/// config, *.json as the architecture.
class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);

  ExperimentView* experimentView() const { return experimentView_; }

  /// Opens `path` as config or arch by its suffix; returns false (and says why in the status
  /// bar) for other files.
  bool openFile(const QString& path);

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void closeEvent(QCloseEvent* event) override;

 private:
  void createMenus();
  void rememberRecent(const QString& path);
  void rebuildRecentMenu();
  void updateTitle();

  ExperimentView* experimentView_ = nullptr;
  class QMenu* recentMenu_ = nullptr;
};

}  // namespace posescope
