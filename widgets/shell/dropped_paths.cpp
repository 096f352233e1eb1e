#include "widgets/shell/dropped_paths.h"

#include <algorithm>

#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/session/path_kind.h"
#include "widgets/session/predictions_check.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/main_window.h"

namespace posescope {

bool openPathIn(MainWindow* window, const QString& path) {
  const PathKind kind = classifyPath(path);
  if (kind == PathKind::RunFolder) {
    window->openRunFolder(path);
    return true;
  }
  if (!window->runSetupView()->setPath(kind, path)) {
    window->showStatus(
        MainWindow::tr("%1: not an experiment YAML, architecture JSON, checkpoint (*.pth, "
                       "*.pth.tar, *.pt) or folder")
            .arg(path));
    return false;
  }
  window->showPage(MainWindow::ExperimentPage);
  window->session()->rememberRecent(path);
  return true;
}

bool canOpenAny(const QList<QUrl>& urls) {
  return std::any_of(urls.begin(), urls.end(), [](const QUrl& url) {
    return classifyPath(url.toLocalFile()) != PathKind::Unknown;
  });
}

void openDropped(MainWindow* window, const QList<QUrl>& urls) {
  for (const QUrl& url : urls) {
    const QString path = url.toLocalFile();
    // A results file is JSON like an architecture: its first bytes tell them apart.
    if (looksLikeResultsFile(path))
      window->showOpenPredictionsDialog(path);
    else
      openPathIn(window, path);
  }
}

}  // namespace posescope
