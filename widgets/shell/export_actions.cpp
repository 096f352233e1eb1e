#include "widgets/shell/export_actions.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMap>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabWidget>
#include <memory>

#include "report_pdf/analysis_report_pdf.h"
#include "widgets/common/analysis_report_content.h"
#include "widgets/common/display_filter_banner.h"
#include "widgets/common/image_canvas.h"
#include "widgets/common/overlay_image.h"
#include "widgets/common/plot_utils.h"
#include "widgets/models/inspect_table_model.h"
#include "widgets/pages/compare/compare_view.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/pages/timing/timing_view.h"
#include "widgets/session/background_job.h"
#include "widgets/session/overlay_export.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_view_state.h"
#include "widgets/session/view_exports.h"
#include "widgets/shell/output_folder_dialog.h"

namespace posescope {

namespace {

// Writes the overlay of `record` (drawn again at image resolution) to `path`.
bool saveOverlay(const RunOverlayData& data, const ImageRecord& record,
                 const RenderOptions& options, const QString& path, QString* error) {
  QImage image;
  try {
    image = framedOverlayImageOf(data, record, options);
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
  if (image.isNull() || !image.save(path, "PNG")) {
    if (error) *error = QObject::tr("cannot write '%1'").arg(path);
    return false;
  }
  return true;
}

// The first ten errors of an overlay export, one per line.
QString firstErrors(const OverlayExportResult& result) {
  QStringList lines;
  for (std::size_t i = 0; i < result.errors.size() && i < 10; ++i)
    lines << QString::fromStdString(result.errors[i]);
  return lines.join(QLatin1Char('\n'));
}

// The filter of a save dialog for files ending in `suffix`: always the type's own, never only
// "All Files".
QString filterFor(const QString& suffix) {
  static const QMap<QString, QString> names = {{QStringLiteral("md"), QStringLiteral("Markdown")},
                                               {QStringLiteral("csv"), QStringLiteral("CSV")},
                                               {QStringLiteral("json"), QStringLiteral("JSON")},
                                               {QStringLiteral("png"), QStringLiteral("PNG")},
                                               {QStringLiteral("pdf"), QStringLiteral("PDF")}};
  return QObject::tr("%1 (*.%2)").arg(names.value(suffix, suffix.toUpper()), suffix);
}

const char* const kFolderKey = "export/folder";

}  // namespace

ExportActions::ExportActions(QMainWindow* window, const RunDocument* document,
                             const ExportViews& views)
    : QObject(window), window_(window), document_(document), views_(views) {
  chooseSavePath_ = [this](const QString& title, const QString& suggested, const QString& filter) {
    return QFileDialog::getSaveFileName(window_, title, suggested, filter);
  };
  buildComparisonMenu();
}

QString ExportActions::currentRunDir() const {
  return document_->runDir();
}

QString ExportActions::currentRunName() const {
  const QString dir = currentRunDir();
  return dir.isEmpty() ? QStringLiteral("run") : QFileInfo(dir).fileName();
}

QString ExportActions::startFolder() const {
  QString last = QSettings().value(kFolderKey).toString();
  if (!last.isEmpty() && QFileInfo(last).isDir()) return last;
  QString run = currentRunDir();
  if (!run.isEmpty() && QFileInfo(run).isDir()) return run;
  return QDir::homePath();
}

QString ExportActions::askSavePath(const QString& title, const QString& name,
                                   const QString& filter) {
  QString path = chooseSavePath_(title, QDir(startFolder()).filePath(name), filter);
  if (!path.isEmpty()) QSettings().setValue(kFolderKey, QFileInfo(path).absolutePath());
  return path;
}

bool ExportActions::comparisonShown() const {
  return document_->comparison() != nullptr;
}

QAction* ExportActions::addAction(QMenu* menu, const QString& text, const char* name,
                                  std::function<void()> slot) {
  QAction* action = menu->addAction(text, this, std::move(slot));
  action->setObjectName(QLatin1String(name));
  return action;
}

void ExportActions::populate(QMenu* menu) {
  struct RunItem {
    RunExport what;
    QString text;
    const char* name;
  };
  const RunItem runExports[] = {
      {RunExport::MetricsMarkdown, tr("Metric Table as &Markdown\u2026"), "exportMetricsMarkdown"},
      {RunExport::MetricsCsv, tr("Metric Table as &CSV\u2026"), "exportMetricsCsv"},
      {RunExport::MetricsJson, tr("Metric Table as &JSON\u2026"), "exportMetricsJson"},
      {RunExport::PerImageCsv, tr("&Per-Image Table as CSV\u2026"), "exportPerImageCsv"},
      {RunExport::ResultsJson, tr("&Results (COCO Format)\u2026"), "exportResultsJson"}};
  for (const auto& item : runExports) {
    QAction* action =
        addAction(menu, item.text, item.name, [this, what = item.what] { exportRunFile(what); });
    (runExportIsMetrics(item.what) ? metricActions_ : runActions_) << action;
  }
  QMenu* reportMenu = menu->addMenu(tr("&Analysis Report"));
  reportMenu->setObjectName(QStringLiteral("analysisReportMenu"));
  runActions_ << addAction(reportMenu, tr("Analysis Report as &PDF\u2026"),
                           "exportAnalysisReportPdf",
                           [this] { exportAnalysisReport(std::nullopt); });
  const std::tuple<TableFormat, QString, const char*> tables[] = {
      {TableFormat::Markdown, tr("Report Tables as &Markdown\u2026"), "exportAnalysisTablesMd"},
      {TableFormat::Csv, tr("Report Tables as &CSV\u2026"), "exportAnalysisTablesCsv"},
      {TableFormat::Json, tr("Report Tables as &JSON\u2026"), "exportAnalysisTablesJson"}};
  for (const auto& [format, text, name] : tables)
    runActions_ << addAction(reportMenu, text, name,
                             [this, format = format] { exportAnalysisReport(format); });
  menu->addSeparator();
  viewActions_ << addAction(menu, tr("View as COCO &Subset\u2026"), "exportViewSubset", [this] {
    // A new folder's name may be typed: it is created, as for the overlays.
    const QString dir = askOutputFolder(
        window_, tr("Folder for the view's gt.json and results.json"), startFolder());
    if (dir.isEmpty()) return;
    QSettings().setValue(kFolderKey, dir);
    QString error;
    if (!exportViewSubset(dir, &error)) report(false, dir, error);
  });
  viewActions_ << addAction(menu, tr("View's Image &Ids\u2026"), "exportViewIds", [this] {
    const QString path = askSavePath(tr("Export the view's image ids"),
                                     currentRunName() + QStringLiteral("_view_ids.txt"),
                                     filterFor(QStringLiteral("txt")));
    QString error;
    if (!path.isEmpty() && !exportViewImageIds(path, &error)) report(false, path, error);
  });
  menu->addSeparator();
  comparisonMenu_->setTitle(tr("C&omparison"));
  menu->addMenu(comparisonMenu_);
  menu->addSeparator();

  imageActions_ << addAction(menu, tr("Current C&anvas as PNG\u2026"), "exportCanvas", [this] {
    const bool compare = views_.pages->currentWidget() == views_.compare;
    const QString image = QString::number(compare ? views_.compare->currentImage().value_or(0)
                                                  : document_->currentImage().value_or(0));
    const QString path =
        askSavePath(tr("Export canvas"),
                    QStringLiteral("%1_image%2.png")
                        .arg(compare ? QStringLiteral("compare") : currentRunName(), image),
                    filterFor(QStringLiteral("png")));
    if (path.isEmpty()) return;
    if (compare) {
      QString error;
      QStringList written;
      exportCompareCanvases(path, &error, &written) ? reportWritten(written)
                                                    : report(false, path, error);
      return;
    }
    // The Inspect canvas is exported with its pixels: once the image shown is read.
    const auto exportCanvas = [this, path] {
      QString error;
      exportCurrentCanvas(path, &error) ? reportWritten({path}) : report(false, path, error);
    };
    if (!views_.inspect->readingImage()) return exportCanvas();
    auto once = std::make_shared<QMetaObject::Connection>();
    *once = connect(
        views_.inspect, &InspectView::imageDecoded, this,
        [this, once, exportCanvas, path, asked = document_->currentImage()](qulonglong shown) {
          QObject::disconnect(*once);
          if (asked == shown) return exportCanvas();
          report(false, path, tr("Another image was shown before this one was read."));
        });
  });
  for (bool filtered : {false, true}) {
    runActions_ << addAction(
        menu,
        filtered ? tr("&Overlays of the Filtered Images\u2026")
                 : tr("Overlays of &All Images\u2026"),
        filtered ? "exportFilteredOverlays" : "exportAllOverlays", [this, filtered] {
          // A new folder's name may be typed: it is created.
          const QString dir =
              askOutputFolder(window_, tr("Folder for the overlay PNGs"), startFolder());
          if (dir.isEmpty()) return;
          QSettings().setValue(kFolderKey, dir);
          QString error;
          if (!startOverlayExport(filtered, dir, &error)) report(false, dir, error);
        });
  }
  menu->addSeparator();
  for (const QString& suffix : {QStringLiteral("png"), QStringLiteral("pdf")}) {
    runActions_ << addAction(menu, tr("&Timing Plots as %1\u2026").arg(suffix.toUpper()),
                             suffix == QLatin1String("png") ? "exportTimingPng" : "exportTimingPdf",
                             [this, suffix] { exportTimingPlots(suffix); });
  }
  connect(menu, &QMenu::aboutToShow, this, &ExportActions::updateEnabled);
  updateEnabled();
}

void ExportActions::updateEnabled() {
  const bool run = !currentRunDir().isEmpty();
  const bool onCompare = views_.pages->currentWidget() == views_.compare;
  const bool comparison = comparisonShown();
  const bool image = onCompare ? views_.compare->currentImage().has_value()
                               : document_->currentImage().has_value();
  for (QAction* a : runActions_) a->setEnabled(run || (onCompare && comparison));
  for (QAction* a : metricActions_) a->setEnabled(onCompare ? comparison || run : run);
  for (QAction* a : imageActions_) a->setEnabled(image);
  for (QAction* a : compareActions_) a->setEnabled(comparison);
  for (QAction* a : viewActions_) a->setEnabled(run && document_->view()->filtering());
}

namespace {

// The images of the view shown, or nullopt (and `error` set) when no view hides images.
std::optional<std::set<std::int64_t>> viewImageIds(const RunDocument& document, QString* error) {
  const RunViewState* view = document.view();
  if (document.runDir().isEmpty() || !view->filtering()) {
    if (error) *error = QObject::tr("No view is applied: type a query above the image list first.");
    return std::nullopt;
  }
  const QSet<qint64>& ids = view->imagesInView();
  return std::set<std::int64_t>(ids.cbegin(), ids.cend());
}

}  // namespace

bool ExportActions::exportViewSubset(const QString& outDir, QString* error) {
  const auto ids = viewImageIds(*document_, error);
  if (!ids) return false;
  inBackground(
      this,
      [dir = currentRunDir(), ids = *ids, outDir] { return writeViewSubset(dir, ids, outDir); },
      [this, outDir](const QString& failure) {
        failure.isEmpty() ? reportWritten({QDir(outDir).filePath(QStringLiteral("gt.json")),
                                           QDir(outDir).filePath(QStringLiteral("results.json"))})
                          : report(false, outDir, failure);
        Q_EMIT viewExported(failure);
      });
  return true;
}

bool ExportActions::exportViewImageIds(const QString& path, QString* error) {
  const auto ids = viewImageIds(*document_, error);
  if (!ids) return false;
  inBackground(
      this, [ids = *ids, path] { return writeViewImageIds(ids, path); },
      [this, path](const QString& failure) {
        failure.isEmpty() ? reportWritten({path}) : report(false, path, failure);
        Q_EMIT viewExported(failure);
      });
  return true;
}

// On the Compare page the timing plot shown is the comparison's; elsewhere the Timing page's.
void ExportActions::exportTimingPlots(const QString& suffix) {
  if (views_.pages->currentWidget() == views_.compare && comparisonShown()) {
    const QString path = askSavePath(tr("Export timing plot"),
                                     QStringLiteral("%1_timing.%2").arg(comparisonName(), suffix),
                                     filterFor(suffix));
    if (path.isEmpty()) return;
    QString error;
    const bool ok = savePlot(views_.compare->timingPlot(), path, &error);
    ok ? reportWritten({path}) : report(false, path, error);
    return;
  }
  if (currentRunDir().isEmpty())
    return report(false, {}, tr("No run is shown: open a run folder or run an evaluation first."));
  const QString path =
      askSavePath(tr("Export timing plots"),
                  QStringLiteral("%1_timing.%2").arg(currentRunName(), suffix), filterFor(suffix));
  if (path.isEmpty()) return;
  QString error;
  QStringList written;
  const bool ok = views_.timing->savePlots(path, &written, &error);
  ok ? reportWritten(written) : report(false, path, error);
}

QString ExportActions::comparisonName() const {
  const RunComparison* c = document_->comparison();
  if (!c) return QStringLiteral("comparison");
  return QStringLiteral("%1_vs_%2")
      .arg(QFileInfo(QString::fromStdString(c->a.dir)).fileName(),
           QFileInfo(QString::fromStdString(c->b.dir)).fileName());
}

void ExportActions::buildComparisonMenu() {
  comparisonMenu_ = new QMenu(window_);
  connect(comparisonMenu_, &QMenu::aboutToShow, this, &ExportActions::updateEnabled);
  const std::tuple<TableFormat, QString, const char*> formats[] = {
      {TableFormat::Markdown, tr("Comparison as &Markdown\u2026"), "exportComparisonMarkdown"},
      {TableFormat::Csv, tr("Comparison as &CSV\u2026"), "exportComparisonCsv"},
      {TableFormat::Json, tr("Comparison as &JSON\u2026"), "exportComparisonJson"}};
  for (const auto& [format, text, name] : formats)
    compareActions_ << addAction(comparisonMenu_, text, name,
                                 [this, format = format] { exportComparison(format); });
  compareActions_ << addAction(
      comparisonMenu_, tr("Per-Image &Deltas as CSV\u2026"), "exportImageDeltas", [this] {
        const RunComparison* comparison = document_->comparison();
        if (!comparison) return report(false, {}, tr("Open two run folders to compare first."));
        // In the order the Compare page lists them.
        std::vector<ImageDelta> images = comparison->images;
        sortImageDeltas(images, views_.compare->order());
        const QString path =
            askSavePath(tr("Export per-image deltas"),
                        QStringLiteral("%1_per_image_deltas.csv").arg(comparisonName()),
                        filterFor(QStringLiteral("csv")));
        if (path.isEmpty()) return;
        QString error;
        const bool ok = writeTextFile(path, formatImageDeltasCsv(images), &error);
        ok ? reportWritten({path}) : report(false, path, error);
      });
  for (const QString& suffix : {QStringLiteral("png"), QStringLiteral("pdf")}) {
    compareActions_ << addAction(
        comparisonMenu_, tr("&Timing Plot as %1\u2026").arg(suffix.toUpper()),
        suffix == QLatin1String("png") ? "exportComparisonTimingPng" : "exportComparisonTimingPdf",
        [this, suffix] {
          const QString path = askSavePath(
              tr("Export timing plot"),
              QStringLiteral("%1_timing.%2").arg(comparisonName(), suffix), filterFor(suffix));
          if (path.isEmpty()) return;
          QString error;
          const bool ok = savePlot(views_.compare->timingPlot(), path, &error);
          ok ? reportWritten({path}) : report(false, path, error);
        });
  }
  compareActions_ << addAction(
      comparisonMenu_, tr("&Both Canvases as PNG\u2026"), "exportBothCanvases", [this] {
        const QString name = QStringLiteral("%1_image%2.png")
                                 .arg(comparisonName())
                                 .arg(views_.compare->currentImage().value_or(0));
        const QString path =
            askSavePath(tr("Export both canvases"), name, filterFor(QStringLiteral("png")));
        if (path.isEmpty()) return;
        QString error;
        QStringList written;
        const bool ok = exportCompareCanvases(path, &error, &written);
        ok ? reportWritten(written) : report(false, path, error);
      });
}

void ExportActions::exportComparison(TableFormat format) {
  const RunComparison* comparison = document_->comparison();
  if (!comparison) return report(false, {}, tr("Open two run folders to compare first."));
  const QString ext = QString::fromStdString(tableFormatExtension(format));
  const QString path = askSavePath(
      tr("Export comparison"), QStringLiteral("%1.%2").arg(comparisonName(), ext), filterFor(ext));
  if (path.isEmpty()) return;
  QString error;
  const bool ok = writeTextFile(path, comparisonExportText(*comparison, format), &error);
  ok ? reportWritten({path}) : report(false, path, error);
}

void ExportActions::exportRunFile(RunExport what) {
  // From the Compare page a metric table is the comparison's (A, B, B - A): what is shown there.
  if (runExportIsMetrics(what) && views_.pages->currentWidget() == views_.compare &&
      comparisonShown())
    return exportComparison(runExportFormat(what));
  const QString dir = currentRunDir();
  if (dir.isEmpty()) {
    report(false, {}, tr("No run is shown: open a run folder or run an evaluation first."));
    return;
  }
  const QString name = currentRunName() + QLatin1Char('_') + runExportFileName(what);
  const QString path = askSavePath(tr("Export"), name, filterFor(QFileInfo(name).suffix()));
  if (path.isEmpty()) return;
  // What the Results page shows under changed evaluation settings is exported, with them.
  const RunReevaluationPtr reevaluation = document_->changedSettings();
  const bool reevaluated = reevaluation && runExportFollowsSettings(what);
  const std::string archName = views_.results->tableName().toStdString();
  // exportRun reads the run folder again: off the GUI thread.
  inBackground(
      this,
      [dir, what, path, reevaluated, reevaluation, archName] {
        QString error;
        const bool ok =
            reevaluated
                ? writeTextFile(path, reevaluationExportText(*reevaluation, archName, what), &error)
                : exportRun(dir, what, path, &error);
        return ok ? QString() : error;
      },
      [this, path](const QString& error) {
        error.isEmpty() ? reportWritten({path}) : report(false, path, error);
      });
}

void ExportActions::exportAnalysisReport(std::optional<TableFormat> tables) {
  const QString dir = currentRunDir();
  if (dir.isEmpty())
    return report(false, {}, tr("No run is shown: open a run folder or run an evaluation first."));
  const QString ext =
      tables ? QString::fromStdString(tableFormatExtension(*tables)) : QStringLiteral("pdf");
  const QString path = askSavePath(
      tr("Export analysis report"),
      QStringLiteral("%1_analysis_report.%2").arg(currentRunName(), ext), filterFor(ext));
  if (path.isEmpty()) return;
  // Under changed evaluation settings the report is the analysis shown, with its settings.
  RunAnalysisPtr shown = document_->analysis();
  if (!shown || !shown->reevaluation || shown->reevaluation->usesValidPySettings()) shown.reset();
  window_->statusBar()->showMessage(tr("Analysing %1 for the report\u2026").arg(currentRunName()));
  // Gathered and written off the GUI thread: the PDF is drawn with QPainter (report_pdf/).
  inBackground(
      this,
      [dir, shown, path, tables] {
        try {
          const AnalysisReportContent content =
              shown ? analysisReportContentOf(dir, shown, !tables)
                    : loadAnalysisReportContent(dir.toStdString(), !tables);
          QString error;
          const bool ok = tables
                              ? writeTextFile(path, analysisReportTables(content, *tables), &error)
                              : writeAnalysisReportPdf(content, path, &error) > 0;
          return ok ? QString() : error;
        } catch (const std::exception& e) {
          return QString::fromStdString(e.what());
        }
      },
      [this, path](const QString& error) {
        error.isEmpty() ? reportWritten({path}) : report(false, path, error);
      });
}

bool ExportActions::exportCurrentCanvas(const QString& path, QString* error) const {
  InspectView* inspect = views_.inspect;
  const auto index = document_->currentImage();
  const ImageRecord* record = index ? inspect->data().recordOf(*index) : nullptr;
  if (!record) {
    if (error) *error = tr("No image is shown on the Inspect page.");
    return false;
  }
  if (inspect->readingImage()) {  // never a placeholder for the image
    if (error) *error = tr("The image shown is still being read; export it once it is drawn.");
    return false;
  }
  // What the canvas shows (maps included), drawn large enough to read, titled, with a scale.
  QImage image;
  try {
    image = inspect->canvas()->framedExport(
        QString::fromStdString(overlayTitleOf(inspect->data(), *record)));
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
  if (image.isNull() || !image.save(path, "PNG")) {
    if (error) *error = tr("cannot write '%1'").arg(path);
    return false;
  }
  return true;
}

bool ExportActions::exportCompareCanvases(const QString& path, QString* error,
                                          QStringList* written) const {
  const CompareView* compare = views_.compare;
  const auto current = compare->currentImage();
  if (!current) {
    if (error) *error = tr("no image shown");
    return false;
  }
  const QFileInfo info(path);
  const QString base = info.dir().filePath(info.completeBaseName());
  const ComparedRuns& runs = document_->comparedRuns();
  const std::pair<const std::optional<CompareSide>*, QString> targets[] = {
      {&runs.a, base + QStringLiteral("_A.png")}, {&runs.b, base + QStringLiteral("_B.png")}};
  for (const auto& [side, file] : targets) {
    const std::optional<CompareSide>& loaded = *side;
    const ImageRecord* record = loaded ? loaded->recordOfImage(*current) : nullptr;
    if (!record || !loaded->images) continue;  // this run has no such image: nothing to draw
    if (!saveOverlay(*loaded->images, *record, compare->options(), file, error)) return false;
    if (written) *written << file;
  }
  return true;
}

OverlayExportJob* ExportActions::startOverlayExport(bool filteredOnly, const QString& outDir,
                                                    QString* error) {
  InspectView* inspect = views_.inspect;
  if (inspect->data().records.empty()) {
    if (error) *error = tr("No run is shown on the Inspect page.");
    return nullptr;
  }
  if (job_ && job_->isRunning()) {
    if (error) *error = tr("An overlay export is already running.");
    return nullptr;
  }
  std::vector<std::size_t> indices;
  if (filteredOnly) {
    QSortFilterProxyModel* proxy = inspect->proxyModel();
    for (int row = 0; row < proxy->rowCount(); ++row) {
      const QModelIndex source = proxy->mapToSource(proxy->index(row, 0));
      if (const PerImageRow* r = inspect->tableModel()->rowAt(source.row()))
        indices.push_back(r->index);
    }
  } else {
    for (const auto& record : inspect->data().records) indices.push_back(record.index);
  }
  const int count = static_cast<int>(indices.size());
  // The Inspect page's display filters apply, visibly: the progress and the status bar say so
  // (and each overlay's header and PNG text).
  const QString filters = displayFiltersLabel(inspect->options());
  const QString drawnWith =
      filters.isEmpty() ? QString()
                        : tr(" with the display filter %1 of the Inspect page").arg(filters);
  auto* job = new OverlayExportJob(inspect->sharedData(), inspect->analysis(), std::move(indices),
                                   inspect->options(), outDir, this);
  job_ = job;
  auto* progress = new QProgressDialog(tr("Writing overlays to %1%2\u2026").arg(outDir, drawnWith),
                                       tr("Cancel"), 0, count, window_);
  progress->setWindowTitle(tr("Export overlays"));
  progress->setWindowModality(Qt::WindowModal);
  progress->setMinimumDuration(300);
  progress->setAutoClose(false);
  progress->setAutoReset(false);
  progress->setValue(0);
  connect(progress, &QProgressDialog::canceled, job, &OverlayExportJob::cancel);
  connect(job, &OverlayExportJob::progressed, progress,
          [progress](qulonglong done) { progress->setValue(static_cast<int>(done)); });
  connect(job, &OverlayExportJob::finished, this, [this, job, progress, drawnWith] {
    progress->reset();  // hidden before the summary below
    progress->deleteLater();
    const OverlayExportResult& r = job->result();
    QString text = tr("Wrote %1 overlay(s) to %2%3").arg(r.written).arg(job->outDir(), drawnWith);
    if (r.cancelled) text += tr(" (cancelled)");
    if (r.skipped || (r.written == 0 && !r.errors.empty()))
      QMessageBox::warning(window_, tr("Overlay export"),
                           text + tr("; %1 skipped:\n%2").arg(r.skipped).arg(firstErrors(r)));
    window_->statusBar()->showMessage(text);
    job->deleteLater();
  });
  job->start();
  return job;
}

void ExportActions::reportWritten(const QStringList& files) {
  if (files.isEmpty()) return report(false, {}, tr("Nothing was written."));
  QString list = files.front();
  if (files.size() == 2)
    list = tr("%1 and %2").arg(files[0], files[1]);
  else if (files.size() > 2)
    list = tr("%1 and %2")
               .arg(files.mid(0, files.size() - 1).join(QStringLiteral(", ")), files.back());
  window_->statusBar()->showMessage(tr("Wrote %1").arg(list));
}

void ExportActions::report(bool ok, const QString& what, const QString& error) {
  if (ok) {
    window_->statusBar()->showMessage(tr("Wrote %1").arg(what));
  } else {
    QMessageBox::warning(window_, tr("Export failed"), error);
    window_->statusBar()->showMessage(tr("Export failed: %1").arg(error));
  }
}

}  // namespace posescope
