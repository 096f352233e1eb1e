#include "export_menu.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabWidget>

#include "compare_view.h"
#include "image_canvas.h"
#include "inspect_table_model.h"
#include "inspect_view.h"
#include "main_window.h"
#include "overlay_export.h"
#include "results_view.h"
#include "timing_view.h"

namespace posescope {

ExportMenu::ExportMenu(MainWindow* window) : QObject(window), window_(window) {}

QString ExportMenu::currentRunDir() const {
  return window_->resultsView()->runDir();
}

void ExportMenu::populate(QMenu* menu) {
  const std::pair<RunExport, QString> runExports[] = {
      {RunExport::MetricsMarkdown, tr("Metric Table as &Markdown\u2026")},
      {RunExport::MetricsCsv, tr("Metric Table as &CSV\u2026")},
      {RunExport::MetricsJson, tr("Metric Table as &JSON\u2026")},
      {RunExport::PerImageCsv, tr("&Per-Image Table as CSV\u2026")},
      {RunExport::ResultsJson, tr("&Results (COCO Format)\u2026")}};
  for (const auto& [what, text] : runExports)
    menu->addAction(text, this, [this, what = what] { exportRunFile(what); });
  menu->addSeparator();

  QMenu* comparison = menu->addMenu(tr("C&omparison"));
  const std::pair<TableFormat, QString> formats[] = {
      {TableFormat::Markdown, tr("As &Markdown\u2026")},
      {TableFormat::Csv, tr("As &CSV\u2026")},
      {TableFormat::Json, tr("As &JSON\u2026")}};
  for (const auto& [format, text] : formats) {
    comparison->addAction(text, this, [this, format = format] {
      const QString ext = QString::fromStdString(tableFormatExtension(format));
      const QString path = QFileDialog::getSaveFileName(window_, tr("Export comparison"),
                                                        QStringLiteral("comparison.") + ext,
                                                        QStringLiteral("*.") + ext);
      if (path.isEmpty()) return;
      QString error;
      report(window_->compareView()->exportComparison(format, path, &error), path, error);
    });
  }
  comparison->addAction(tr("Per-Image &Deltas as CSV\u2026"), this, [this] {
    const QString path = QFileDialog::getSaveFileName(window_, tr("Export per-image deltas"),
                                                      QStringLiteral("per_image_deltas.csv"),
                                                      QStringLiteral("CSV (*.csv)"));
    if (path.isEmpty()) return;
    QString error;
    report(window_->compareView()->exportImageDeltas(path, &error), path, error);
  });
  menu->addSeparator();

  menu->addAction(tr("Current C&anvas as PNG\u2026"), this, [this] {
    const QString path = QFileDialog::getSaveFileName(
        window_, tr("Export canvas"), QStringLiteral("overlay.png"), QStringLiteral("PNG (*.png)"));
    if (path.isEmpty()) return;
    QString error;
    bool ok = false;
    if (window_->pages()->currentWidget() == window_->compareView()) {
      const QFileInfo info(path);
      const QString base = info.dir().filePath(info.completeBaseName());
      ok = window_->compareView()->exportCanvases(base + QStringLiteral("_A.png"),
                                                  base + QStringLiteral("_B.png"), &error);
    } else {
      ok = exportCurrentCanvas(path, &error);
    }
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
      const QString path = QFileDialog::getSaveFileName(window_, tr("Export timing plots"),
                                                        QStringLiteral("timing.") + suffix,
                                                        QStringLiteral("*.") + suffix);
      if (path.isEmpty()) return;
      QString error;
      report(window_->timingView()->savePlots(path, &error), path, error);
    });
  }
}

void ExportMenu::exportRunFile(RunExport what) {
  const QString dir = currentRunDir();
  if (dir.isEmpty()) {
    report(false, {}, tr("No run is shown: open a run folder or run an evaluation first."));
    return;
  }
  const QString path = QFileDialog::getSaveFileName(window_, tr("Export"),
                                                    QDir(dir).filePath(runExportFileName(what)));
  if (path.isEmpty()) return;
  QString error;
  report(exportRun(dir, what, path, &error), path, error);
}

bool ExportMenu::exportCurrentCanvas(const QString& path, QString* error) const {
  InspectView* inspect = window_->inspectView();
  const auto index = inspect->currentImage();
  const ImageRecord* record = index ? inspect->data().recordOf(*index) : nullptr;
  if (!record) {
    if (error) *error = tr("No image is shown on the Inspect page.");
    return false;
  }
  QImage image;
  if (!inspect->canvas()->atNetworkResolution()) {
    image = inspect->canvas()->overlayImage();  // renderOverlay's picture at image resolution
  } else {
    try {  // the picture is in map space: draw it again at image resolution (without maps)
      image = renderRecordOverlay(inspect->data(), *record, inspect->options());
    } catch (const std::exception& e) {
      if (error) *error = QString::fromStdString(e.what());
      return false;
    }
  }
  if (image.isNull() || !image.save(path, "PNG")) {
    if (error) *error = tr("cannot write '%1'").arg(path);
    return false;
  }
  return true;
}

OverlayExportJob* ExportMenu::startOverlayExport(bool filteredOnly, const QString& outDir,
                                                 QString* error) {
  InspectView* inspect = window_->inspectView();
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
  auto data = std::make_shared<const InspectData>(inspect->data());
  auto* job = new OverlayExportJob(std::move(data), std::move(indices), inspect->options(), outDir,
                                   window_);
  job_ = job;
  connect(job, &OverlayExportJob::finished, this, [this, job] {
    const OverlayExportResult& r = job->result();
    QString text = tr("Wrote %1 overlay(s) to %2").arg(r.written).arg(job->outDir());
    if (r.cancelled) text += tr(" (cancelled)");
    if (r.skipped || (r.written == 0 && !r.errors.isEmpty()))
      QMessageBox::warning(window_, tr("Overlay export"),
                           text + tr("; %1 skipped:\n%2")
                                      .arg(r.skipped)
                                      .arg(r.errors.mid(0, 10).join(QLatin1Char('\n'))));
    window_->statusBar()->showMessage(text);
    job->deleteLater();
  });
  job->start();
  return job;
}

void ExportMenu::report(bool ok, const QString& what, const QString& error) {
  if (ok) {
    window_->statusBar()->showMessage(tr("Wrote %1").arg(what));
  } else {
    QMessageBox::warning(window_, tr("Export failed"), error);
    window_->statusBar()->showMessage(tr("Export failed: %1").arg(error));
  }
}

}  // namespace posescope
