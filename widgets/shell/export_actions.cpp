#include "widgets/shell/export_actions.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QtConcurrent/QtConcurrentRun>

#include "widgets/common/image_canvas.h"
#include "widgets/common/overlay_image.h"
#include "widgets/common/plot_utils.h"
#include "widgets/models/inspect_table_model.h"
#include "widgets/pages/compare/compare_view.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/pages/timing/timing_view.h"
#include "widgets/session/overlay_export.h"

namespace posescope {

namespace {

// Writes the overlay of `record` (drawn again at image resolution) to `path`.
bool saveOverlay(const RunOverlayData& data, const ImageRecord& record,
                 const RenderOptions& options, const QString& path, QString* error) {
  QImage image;
  try {
    image = overlayImageOf(data, record, options);
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

}  // namespace

ExportActions::ExportActions(QMainWindow* window, const ExportSources& sources)
    : QObject(window), window_(window), sources_(sources) {
  buildComparisonMenu();
}

QString ExportActions::currentRunDir() const {
  return sources_.results->runDir();
}

QString ExportActions::askSavePath(const QString& title, const QString& name,
                                   const QString& filter) const {
  return QFileDialog::getSaveFileName(window_, title, name, filter);
}

void ExportActions::populate(QMenu* menu) {
  const std::pair<RunExport, QString> runExports[] = {
      {RunExport::MetricsMarkdown, tr("Metric Table as &Markdown\u2026")},
      {RunExport::MetricsCsv, tr("Metric Table as &CSV\u2026")},
      {RunExport::MetricsJson, tr("Metric Table as &JSON\u2026")},
      {RunExport::PerImageCsv, tr("&Per-Image Table as CSV\u2026")},
      {RunExport::ResultsJson, tr("&Results (COCO Format)\u2026")}};
  for (const auto& [what, text] : runExports)
    menu->addAction(text, this, [this, what = what] { exportRunFile(what); });
  menu->addSeparator();
  comparisonMenu_->setTitle(tr("C&omparison"));
  menu->addMenu(comparisonMenu_);
  menu->addSeparator();

  menu->addAction(tr("Current C&anvas as PNG\u2026"), this, [this] {
    const QString path =
        askSavePath(tr("Export canvas"), QStringLiteral("overlay.png"), tr("PNG (*.png)"));
    if (path.isEmpty()) return;
    QString error;
    const bool ok = sources_.pages->currentWidget() == sources_.compare
                        ? exportCompareCanvases(path, &error)
                        : exportCurrentCanvas(path, &error);
    report(ok, path, error);
  });
  for (bool filtered : {false, true}) {
    menu->addAction(filtered ? tr("&Overlays of the Filtered Images\u2026")
                             : tr("Overlays of &All Images\u2026"),
                    this, [this, filtered] {
                      const QString dir = QFileDialog::getExistingDirectory(
                          window_, tr("Folder for the overlay PNGs"));
                      if (dir.isEmpty()) return;
                      QString error;
                      if (!startOverlayExport(filtered, dir, &error)) report(false, dir, error);
                    });
  }
  menu->addSeparator();
  for (const QString& suffix : {QStringLiteral("png"), QStringLiteral("pdf")}) {
    menu->addAction(tr("&Timing Plots as %1\u2026").arg(suffix.toUpper()), this, [this, suffix] {
      const QString path =
          askSavePath(tr("Export timing plots"), QStringLiteral("timing.") + suffix,
                      QStringLiteral("*.") + suffix);
      if (path.isEmpty()) return;
      QString error;
      report(sources_.timing->savePlots(path, &error), path, error);
    });
  }
}

void ExportActions::buildComparisonMenu() {
  comparisonMenu_ = new QMenu(window_);
  const std::pair<TableFormat, QString> formats[] = {
      {TableFormat::Markdown, tr("Comparison as &Markdown\u2026")},
      {TableFormat::Csv, tr("Comparison as &CSV\u2026")},
      {TableFormat::Json, tr("Comparison as &JSON\u2026")}};
  for (const auto& [format, text] : formats)
    comparisonMenu_->addAction(text, this, [this, format = format] { exportComparison(format); });
  comparisonMenu_->addAction(tr("Per-Image &Deltas as CSV\u2026"), this, [this] {
    const RunComparison* comparison = sources_.compare->comparison();
    if (!comparison) return report(false, {}, tr("Open two run folders to compare first."));
    const QString path = askSavePath(tr("Export per-image deltas"),
                                     QStringLiteral("per_image_deltas.csv"), tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    QString error;
    report(writeTextFile(path, formatImageDeltasCsv(comparison->images), &error), path, error);
  });
  for (const QString& suffix : {QStringLiteral("png"), QStringLiteral("pdf")}) {
    comparisonMenu_->addAction(
        tr("&Timing Plot as %1\u2026").arg(suffix.toUpper()), this, [this, suffix] {
          const QString path =
              askSavePath(tr("Export timing plot"), QStringLiteral("timing_comparison.") + suffix,
                          QStringLiteral("*.") + suffix);
          if (path.isEmpty()) return;
          QString error;
          report(savePlot(sources_.compare->timingPlot(), path, &error), path, error);
        });
  }
  comparisonMenu_->addAction(tr("&Both Canvases as PNG\u2026"), this, [this] {
    const QString name =
        QStringLiteral("compare_%1.png").arg(sources_.compare->currentImage().value_or(0));
    const QString path = askSavePath(tr("Export both canvases"), name, tr("PNG (*.png)"));
    if (path.isEmpty()) return;
    QString error;
    report(exportCompareCanvases(path, &error), path, error);
  });
}

void ExportActions::exportComparison(TableFormat format) {
  const RunComparison* comparison = sources_.compare->comparison();
  if (!comparison) return report(false, {}, tr("Open two run folders to compare first."));
  const QString ext = QString::fromStdString(tableFormatExtension(format));
  const QString path = askSavePath(tr("Export comparison"), QStringLiteral("comparison.") + ext,
                                   QStringLiteral("*.") + ext);
  if (path.isEmpty()) return;
  QString error;
  report(writeTextFile(path, comparisonExportText(*comparison, format), &error), path, error);
}

void ExportActions::exportRunFile(RunExport what) {
  const QString dir = currentRunDir();
  if (dir.isEmpty()) {
    report(false, {}, tr("No run is shown: open a run folder or run an evaluation first."));
    return;
  }
  const QString path =
      askSavePath(tr("Export"), QDir(dir).filePath(runExportFileName(what)), QString());
  if (path.isEmpty()) return;
  // exportRun reads the run folder again: off the GUI thread.
  auto* watcher = new QFutureWatcher<QString>(this);
  connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, path] {
    watcher->deleteLater();
    const QString error = watcher->result();
    report(error.isEmpty(), path, error);
  });
  watcher->setFuture(QtConcurrent::run([dir, what, path] {
    QString error;
    return exportRun(dir, what, path, &error) ? QString() : error;
  }));
}

bool ExportActions::exportCurrentCanvas(const QString& path, QString* error) const {
  InspectView* inspect = sources_.inspect;
  const auto index = inspect->currentImage();
  const ImageRecord* record = index ? inspect->data().recordOf(*index) : nullptr;
  if (!record) {
    if (error) *error = tr("No image is shown on the Inspect page.");
    return false;
  }
  if (inspect->canvas()->atNetworkResolution())  // the picture is in map space: draw it again
    return saveOverlay(inspect->data(), *record, inspect->options(), path, error);
  const QImage image = inspect->canvas()->overlayImage();  // already at image resolution
  if (image.isNull() || !image.save(path, "PNG")) {
    if (error) *error = tr("cannot write '%1'").arg(path);
    return false;
  }
  return true;
}

bool ExportActions::exportCompareCanvases(const QString& path, QString* error) const {
  const CompareView* compare = sources_.compare;
  const auto current = compare->currentImage();
  if (!current) {
    if (error) *error = tr("no image shown");
    return false;
  }
  const QFileInfo info(path);
  const QString base = info.dir().filePath(info.completeBaseName());
  const std::pair<CompareView::Side, QString> targets[] = {
      {CompareView::A, base + QStringLiteral("_A.png")},
      {CompareView::B, base + QStringLiteral("_B.png")}};
  for (const auto& [side, file] : targets) {
    const auto& loaded = compare->side(side);
    const ImageRecord* record = loaded ? loaded->recordOfImage(*current) : nullptr;
    if (!record || !loaded->images) continue;  // this run has no such image: nothing to draw
    if (!saveOverlay(*loaded->images, *record, compare->options(), file, error)) return false;
  }
  return true;
}

OverlayExportJob* ExportActions::startOverlayExport(bool filteredOnly, const QString& outDir,
                                                    QString* error) {
  InspectView* inspect = sources_.inspect;
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
  auto* job = new OverlayExportJob(inspect->sharedData(), std::move(indices), inspect->options(),
                                   outDir, this);
  job_ = job;
  auto* progress = new QProgressDialog(tr("Writing overlays to %1\u2026").arg(outDir), tr("Cancel"),
                                       0, count, window_);
  progress->setWindowTitle(tr("Export overlays"));
  progress->setWindowModality(Qt::WindowModal);
  progress->setMinimumDuration(300);
  progress->setAutoClose(false);
  progress->setAutoReset(false);
  progress->setValue(0);
  connect(progress, &QProgressDialog::canceled, job, &OverlayExportJob::cancel);
  connect(job, &OverlayExportJob::progressed, progress,
          [progress](qulonglong done) { progress->setValue(static_cast<int>(done)); });
  connect(job, &OverlayExportJob::finished, this, [this, job, progress] {
    progress->reset();  // hidden before the summary below
    progress->deleteLater();
    const OverlayExportResult& r = job->result();
    QString text = tr("Wrote %1 overlay(s) to %2").arg(r.written).arg(job->outDir());
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

void ExportActions::report(bool ok, const QString& what, const QString& error) {
  if (ok) {
    window_->statusBar()->showMessage(tr("Wrote %1").arg(what));
  } else {
    QMessageBox::warning(window_, tr("Export failed"), error);
    window_->statusBar()->showMessage(tr("Export failed: %1").arg(error));
  }
}

}  // namespace posescope
