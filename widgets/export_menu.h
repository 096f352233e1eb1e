#pragma once
// The main window's Export menu: tables, results, overlays and plots of what the window shows.

#include <QObject>
#include <QPointer>

#include "export_files.h"

class QMenu;

namespace posescope {

class MainWindow;
class OverlayExportJob;

/// Builds and serves the Export menu of `window`: the run shown (metric table as Markdown / CSV
/// / JSON, per-image table, COCO results), the comparison, the current canvas, overlays of all
/// or the filtered images (in the background), and the plots. Failures are shown in a message
/// box and the status bar; never throws.
class ExportMenu : public QObject {
  Q_OBJECT
 public:
  explicit ExportMenu(MainWindow* window);

  /// Adds the actions to `menu`.
  void populate(QMenu* menu);

  /// The folder of the run shown on the Results page ("" when none).
  QString currentRunDir() const;
  /// Writes the Inspect page's current canvas at full image resolution to `path`; false and
  /// `error` set when no image is shown or it cannot be written.
  bool exportCurrentCanvas(const QString& path, QString* error = nullptr) const;
  /// Starts the background export of the Inspect page's overlays (all images, or only the rows
  /// its filter shows) into `outDir`; nullptr and `error` set when no run is shown. The job
  /// deletes itself after finishing.
  OverlayExportJob* startOverlayExport(bool filteredOnly, const QString& outDir,
                                       QString* error = nullptr);

 private:
  void exportRunFile(RunExport what);
  void report(bool ok, const QString& what, const QString& error);

  MainWindow* window_;
  QPointer<OverlayExportJob> job_;
};

}  // namespace posescope
