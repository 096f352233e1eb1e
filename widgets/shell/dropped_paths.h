#pragma once
// Files and folders given to the window (opened from a menu, dropped on it), routed by kind:
// a run folder opens, a results file opens the import dialog, a config, arch, checkpoint or
// dataset folder fills the setup.

#include <QList>
#include <QString>
#include <QUrl>

namespace posescope {

class MainWindow;

/// Routes `path` by type (classifyPath) into `window`: a run folder is opened (in the
/// background); a config, arch or checkpoint fills the setup, a dataset folder its root, and the
/// Experiment page is shown. False, and the status bar says why, for anything else.
bool openPathIn(MainWindow* window, const QString& path);
/// Whether any of `urls` is something the window opens (a drop is accepted then).
bool canOpenAny(const QList<QUrl>& urls);
/// Opens each of `urls` in `window`: a results file in the Open Predictions dialog, anything
/// else as openPathIn.
void openDropped(MainWindow* window, const QList<QUrl>& urls);

}  // namespace posescope
