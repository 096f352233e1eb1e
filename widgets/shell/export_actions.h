#pragma once
// The Export menu and the Compare page's Export button: what the window's document holds (the run
// shown, the comparison, the current image) written to files. The Search page exports its own
// candidates.

#include <QObject>
#include <QPointer>
#include <QStringList>
#include <functional>
#include <optional>

#include "widgets/session/export_files.h"

class QAction;
class QMainWindow;
class QMenu;
class QTabWidget;

namespace posescope {

class CompareView;
class InspectView;
class OverlayExportJob;
class ResultsView;
class RunDocument;
class TimingView;

/// The pages that draw what is exported as a picture (canvases, plots) or that choose among it
/// (the current page, Inspect's filtered rows, Compare's image order).
struct ExportViews {
  QTabWidget* pages = nullptr;  // which page is current
  ResultsView* results = nullptr;
  InspectView* inspect = nullptr;
  TimingView* timing = nullptr;
  CompareView* compare = nullptr;
};

/// Serves the exports of what `document` holds: the run shown (metric table as Markdown /
/// CSV / JSON, per-image table, COCO results; written in the background), the comparison
/// (tables, per-image deltas, timing plot, both canvases), the current canvas, overlays of all
/// or the filtered images (in the background), and the timing plots. Default file names are
/// chosen here only. Failures are shown in a message box and the status bar; never throws.
class ExportActions : public QObject {
  Q_OBJECT
 public:
  ExportActions(QMainWindow* window, const RunDocument* document, const ExportViews& views);

  /// Adds the actions to `menu` (the window's Export menu), the comparison menu as a submenu.
  void populate(QMenu* menu);
  /// The comparison's exports; the Compare page's Export button shows the same menu.
  QMenu* comparisonMenu() const { return comparisonMenu_; }

  /// The folder of the run shown ("" when none).
  QString currentRunDir() const;
  /// The run shown's folder name ("run" when none), the first part of default file names.
  QString currentRunName() const;

  /// How a save path is chosen: (title, suggested path, filter) -> path, "" when cancelled.
  /// The default asks with a file dialog; tests put their own.
  using SavePathChooser = std::function<QString(const QString&, const QString&, const QString&)>;
  void setSavePathChooser(SavePathChooser chooser) { chooseSavePath_ = std::move(chooser); }
  /// The folder save dialogs start in: the last folder exported to (settings "export/folder")
  /// while it exists, else the run shown's folder, else the home folder.
  QString startFolder() const;
  /// Enables each export action only when what it exports is shown (run, comparison, image);
  /// called as the menus open.
  void updateEnabled();
  /// Writes the Inspect page's current canvas at full image resolution to `path`; false and
  /// `error` set when no image is shown, it is still being read (the menu waits for
  /// InspectView::imageDecoded) or it cannot be written.
  bool exportCurrentCanvas(const QString& path, QString* error = nullptr) const;
  /// Writes the Compare page's current image of A and B at full resolution to <base>_A.png and
  /// <base>_B.png (`path` without its suffix); false and `error` set when none is shown or a file
  /// cannot be written.
  bool exportCompareCanvases(const QString& path, QString* error = nullptr,
                             QStringList* written = nullptr) const;
  /// Starts the background export of the Inspect page's overlays (all images, or only the rows
  /// its filter shows) into `outDir`, with a progress dialog; nullptr and `error` set when no
  /// run is shown or an export is going. The job deletes itself after finishing.
  OverlayExportJob* startOverlayExport(bool filteredOnly, const QString& outDir,
                                       QString* error = nullptr);
  /// Writes the view's images (RunViewState) of the run shown as a COCO subset, gt.json and
  /// results.json in `outDir`, off the GUI thread, as `posescope-cli export --what subset
  /// --where` does; false and `error` set when no view hides images. viewExported follows.
  bool exportViewSubset(const QString& outDir, QString* error = nullptr);
  /// Writes the view's image ids to `path`, one per line, off the GUI thread; false and `error`
  /// set as exportViewSubset. viewExported follows.
  bool exportViewImageIds(const QString& path, QString* error = nullptr);

 Q_SIGNALS:
  /// A view's export finished: `error` is "" when it wrote its files.
  void viewExported(const QString& error);

 private:
  void buildComparisonMenu();
  /// Asks where to save `name` (a file name: started in startFolder()); remembers the folder.
  QString askSavePath(const QString& title, const QString& name, const QString& filter);
  bool comparisonShown() const;
  /// "<folder A>_vs_<folder B>", the first part of a comparison's default file names.
  QString comparisonName() const;
  void exportRunFile(RunExport what);
  /// The analysis report of the run shown: the PDF (`tables` nullopt) or its tables in `tables`;
  /// the run is read and analysed off the GUI thread, the PDF's pages drawn on it.
  void exportAnalysisReport(std::optional<TableFormat> tables);
  void exportComparison(TableFormat format);
  void exportTimingPlots(const QString& suffix);
  void report(bool ok, const QString& what, const QString& error);
  /// Reports the files written ("Wrote a.png and a_totals.png").
  void reportWritten(const QStringList& files);
  QAction* addAction(QMenu* menu, const QString& text, const char* name,
                     std::function<void()> slot);

  QMainWindow* window_;
  const RunDocument* document_;
  ExportViews views_;
  QMenu* comparisonMenu_ = nullptr;
  QPointer<OverlayExportJob> job_;
  SavePathChooser chooseSavePath_;
  QList<QAction*> runActions_;      // need a run shown (Results)
  QList<QAction*> metricActions_;   // a run shown, or a comparison on the Compare page
  QList<QAction*> imageActions_;    // need an image shown (Inspect or Compare)
  QList<QAction*> compareActions_;  // need a comparison shown
  QList<QAction*> viewActions_;     // need a view hiding images
};

}  // namespace posescope
