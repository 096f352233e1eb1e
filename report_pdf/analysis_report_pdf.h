#pragma once
// The analysis report as one PDF (Qt's QPdfWriter): what a researcher attaches to a paper draft
// or a pull request. Qt Gui only (no widget): `posescope-cli export --what report` in every build
// and the GUI's Export -> Analysis Report write it through here.

#include <QString>
#include <QStringList>
#include <vector>

#include "report/analysis_report_content.h"

namespace posescope {

/// The first page's Run table, a {what, value} row each: folder, model, state, dataset, the
/// skeleton and sigmas a run beyond valid.py's datasets is scored with ("Scored with"),
/// annotation file, images, detections, device. Never fails.
std::vector<QStringList> analysisReportRunRows(const AnalysisReportContent& content);
/// The heading over the report's metric table: valid.py's settings, the run's own skeleton's, or
/// changed ones. Never fails.
QString analysisReportMetricsHeading(const AnalysisReportContent& content);

/// The number of pages writeAnalysisReportPdf writes for `content`: the tables, the charts, the
/// curves, and the worst images four per page. Never fails.
int analysisReportPageCount(const AnalysisReportContent& content);

/// Writes the report of `content` to `path` (A4): page 1 the run identity, the metric table (with
/// the evaluation settings when they are not valid.py's), the AP-if-fixed table and the joint
/// labels; page 2 the AP-if-fixed chart (area all, mean over the OKS thresholds) and the per-joint
/// error chart; page 3 the precision-recall curves with each error fixed at OKS .50, .75 and the
/// mean (reportPrPanels) and PCK per joint (content.accuracy); then the worst images with their
/// overlays, four per page, and the notes. Every chart is drawn with QPainter (report_charts.h).
/// Needs a QGuiApplication (fonts); runs on any thread.
/// Returns the number of pages, or 0 with `error` set to a message naming the path when it cannot
/// be written.
int writeAnalysisReportPdf(const AnalysisReportContent& content, const QString& path,
                           QString* error = nullptr);

}  // namespace posescope
