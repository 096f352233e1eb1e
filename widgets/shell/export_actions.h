#pragma once
// Every export of the window in one place: the Export menu and the Compare page's Export button.

#include <QObject>
#include <QPointer>

#include "widgets/session/export_files.h"

class QMainWindow;
class QMenu;
class QTabWidget;

namespace posescope {

class CompareView;
class InspectView;
class OverlayExportJob;
class ResultsView;
class TimingView;

/// The pages whose contents are exported.
struct ExportSources {
  QTabWidget* pages = nullptr;  // which page is current
  ResultsView* results = nullptr;
  InspectView* inspect = nullptr;
  TimingView* timing = nullptr;
  CompareView* compare = nullptr;
};

/// Serves the exports of what `window`'s pages show: the run shown (metric table as Markdown /
/// CSV / JSON, per-image table, COCO results; written in the background), the comparison
/// (tables, per-image deltas, timing plot, both canvases), the current canvas, overlays of all
/// or the filtered images (in the background), and the timing plots. Default file names are
/// chosen here only. Failures are shown in a message box and the status bar; never throws.
class ExportActions : public QObject {
  Q_OBJECT
 public:
  ExportActions(QMainWindow* window, const ExportSources& sources);

  /// Adds the actions to `menu` (the window's Export menu), the comparison menu as a submenu.
  void populate(QMenu* menu);
  /// The comparison's exports; the Compare page's Export button shows the same menu.
  QMenu* comparisonMenu() const { return comparisonMenu_; }

  /// The folder of the run shown on the Results page ("" when none).
  QString currentRunDir() const;
  /// Writes the Inspect page's current canvas at full image resolution to `path`; false and
  /// `error` set when no image is shown or it cannot be written.
  bool exportCurrentCanvas(const QString& path, QString* error = nullptr) const;
  /// Writes the Compare page's current image of A and B at full resolution to <base>_A.png and
  /// <base>_B.png (`path` without its suffix); false and `error` set when none is shown or a file
  /// cannot be written.
  bool exportCompareCanvases(const QString& path, QString* error = nullptr) const;
  /// Starts the background export of the Inspect page's overlays (all images, or only the rows
  /// its filter shows) into `outDir`, with a progress dialog; nullptr and `error` set when no
  /// run is shown or an export is going. The job deletes itself after finishing.
  OverlayExportJob* startOverlayExport(bool filteredOnly, const QString& outDir,
                                       QString* error = nullptr);

 private:
  void buildComparisonMenu();
  QString askSavePath(const QString& title, const QString& name, const QString& filter) const;
  void exportRunFile(RunExport what);
  void exportComparison(TableFormat format);
  void report(bool ok, const QString& what, const QString& error);

  QMainWindow* window_;
  ExportSources sources_;
  QMenu* comparisonMenu_ = nullptr;
  QPointer<OverlayExportJob> job_;
};

}  // namespace posescope
