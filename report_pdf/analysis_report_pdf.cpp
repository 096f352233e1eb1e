#include "report_pdf/analysis_report_pdf.h"

#include <QDateTime>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <cmath>

#include "eval/metric_table.h"
#include "pipeline/run_folder.h"
#include "pipeline/run_labels.h"
#include "report/analysis_tables.h"
#include "report_pdf/chart_style.h"
#include "report_pdf/report_charts.h"

namespace posescope {

namespace {

constexpr int kImagesPerPage = 4;
const QColor kRuleColor(0xc8, 0xc8, 0xc8);
const QColor kMutedColor(0x60, 0x60, 0x60);
// The AP-if-fixed chart's height as a share of the page's; the joints' chart takes the rest.
constexpr double kApChartShare = 0.40;

QString apText(double ap) {
  return ap > -1 ? QString::number(ap, 'f', 3) : QStringLiteral("\u2013");
}

QString runLabel(const LoadedRun& run) {
  if (!run.summary.archName.empty()) return QString::fromStdString(run.summary.archName);
  if (!run.summary.modelName.empty()) return QString::fromStdString(run.summary.modelName);
  return QString::fromStdString(run.dir);
}

// Draws text pages top to bottom with one font per role.
class PageWriter {
 public:
  PageWriter(QPainter& painter, QPdfWriter& writer)
      : painter_(painter), writer_(writer), width_(writer.width()), height_(writer.height()) {}

  double width() const { return width_; }
  double height() const { return height_; }
  double y() const { return y_; }
  void skip(double dy) { y_ += dy; }
  void newPage() {
    writer_.newPage();
    y_ = 0;
  }

  void heading(const QString& text, double pointSize) {
    QFont font = painter_.font();
    font.setPointSizeF(pointSize);
    font.setBold(true);
    painter_.setFont(font);
    painter_.setPen(Qt::black);
    const QFontMetricsF m(font, &writer_);
    y_ += m.height() * 0.4;
    painter_.drawText(QRectF(0, y_, width_, m.height()), Qt::AlignLeft | Qt::AlignVCenter, text);
    y_ += m.height() * 1.25;
  }

  void paragraph(const QString& text, double pointSize, QColor color = Qt::black) {
    QFont font = painter_.font();
    font.setPointSizeF(pointSize);
    font.setBold(false);
    painter_.setFont(font);
    painter_.setPen(color);
    const QRectF bounds = painter_.boundingRect(QRectF(0, y_, width_, height_ - y_),
                                                Qt::TextWordWrap | Qt::AlignLeft, text);
    painter_.drawText(bounds, Qt::TextWordWrap | Qt::AlignLeft, text);
    y_ += bounds.height() + 6;
  }

  // Rows of cells in columns of relative `widths`; the first row is the header (bold). Cells of
  // columns after the first are right-aligned when `numbers`.
  void table(const std::vector<QStringList>& rows, const std::vector<double>& widths,
             double pointSize, bool numbers) {
    QFont font = painter_.font();
    font.setPointSizeF(pointSize);
    const QFontMetricsF m(font, &writer_);
    const double rowHeight = m.height() * 1.45;
    double total = 0;
    for (double w : widths) total += w;
    for (std::size_t r = 0; r < rows.size(); ++r) {
      font.setBold(r == 0);
      painter_.setFont(font);
      painter_.setPen(Qt::black);
      double x = 0;
      for (int c = 0; c < rows[r].size() && c < static_cast<int>(widths.size()); ++c) {
        const double w = width_ * widths[static_cast<std::size_t>(c)] / total;
        const Qt::Alignment align =
            (numbers && c > 0 ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter;
        const QString text = m.elidedText(rows[r][c], Qt::ElideMiddle, w - 12);
        painter_.drawText(QRectF(x + 6, y_, w - 12, rowHeight), align, text);
        x += w;
      }
      y_ += rowHeight;
      painter_.setPen(QPen(kRuleColor, r == 0 ? 2 : 1));
      painter_.drawLine(QPointF(0, y_), QPointF(width_, y_));
    }
    y_ += rowHeight * 0.5;
  }

 private:
  QPainter& painter_;
  QPdfWriter& writer_;
  double width_, height_;
  double y_ = 0;
};

}  // namespace

std::vector<QStringList> analysisReportRunRows(const AnalysisReportContent& content) {
  const LoadedRun& run = content.run;
  std::size_t failed = 0;
  for (const auto& r : run.records) failed += r.failed() ? 1 : 0;
  const auto q = [](const std::string& s) { return QString::fromStdString(s); };
  std::vector<QStringList> rows{
      {QObject::tr("Run folder"), q(run.dir)},
      {QObject::tr("Model / arch"), q(runModelLabel(run.summary))},
      {QObject::tr("State"), q(runStateName(run.summary.state))},
      // A skeleton of the run's own follows a dataset's rules (crowd regions, areas), not its
      // joints: said as the Results page's summary says it.
      {QObject::tr("Dataset"), content.ownSettings.empty()
                                   ? q(run.summary.datasetKind)
                                   : QObject::tr("%1 rules").arg(q(run.summary.datasetKind))}};
  if (!content.ownSettings.empty())
    rows.push_back({QObject::tr("Scored with"), q(content.ownSettings)});
  rows.push_back({QObject::tr("Annotation file"), q(run.summary.annotationFile)});
  rows.push_back(
      {QObject::tr("Images"), QObject::tr("%1 (%2 failed)").arg(run.records.size()).arg(failed)});
  rows.push_back(
      {QObject::tr("Detections"),
       QObject::tr("%1 analysed").arg(content.analysis ? content.analysis->detections.size() : 0)});
  rows.push_back({QObject::tr("Device"), run.summary.imported
                                             ? QObject::tr("none (imported predictions)")
                                             : q(run.summary.device)});
  return rows;
}

QString analysisReportMetricsHeading(const AnalysisReportContent& content) {
  if (!content.settingChanges.empty())
    return QObject::tr("Metrics with changed evaluation settings (not valid.py's)");
  if (!content.ownSettings.empty())
    return QObject::tr("Metrics (%1)").arg(QString::fromStdString(content.ownSettings));
  return QObject::tr("Metrics (as valid.py prints them)");
}

namespace {

void writeTablesPage(PageWriter& page, const AnalysisReportContent& content) {
  const LoadedRun& run = content.run;
  const KeypointAnalysis& analysis = *content.analysis;
  page.heading(QObject::tr("Analysis report: %1").arg(runLabel(run)), 17);
  page.paragraph(QObject::tr("PoseScope, %1. Keypoint error analysis of Ronchi & Perona (ICCV "
                             "2017) with coco-analyze's definitions, as posescope-cli analyze "
                             "computes it.")
                     .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODate)),
                 8.5, kMutedColor);
  page.heading(QObject::tr("Run"), 12);
  std::vector<QStringList> runRows = analysisReportRunRows(content);
  runRows.insert(runRows.begin(), {QObject::tr("What"), QObject::tr("Value")});
  page.table(runRows, {1, 4}, 9, false);
  const auto q = [](const std::string& s) { return QString::fromStdString(s); };

  page.heading(analysisReportMetricsHeading(content), 12);
  if (!content.settingChanges.empty()) {
    page.paragraph(QObject::tr("Evaluated with %1; the analysis below follows them.")
                       .arg(q(joinSettingChanges(content.settingChanges))),
                   9);
  }
  if (run.metrics) {
    QStringList names{QObject::tr("Arch")}, values{q(runTableName(run.summary))};
    for (std::size_t i = 0; i < run.metrics->names.size(); ++i) {
      names << q(run.metrics->names[i]);
      values << QString::number(run.metrics->values[i], 'f', 3);
    }
    std::vector<double> widths(static_cast<std::size_t>(names.size()), 1);
    widths.front() = 2;  // the arch name
    page.table({names, values}, widths, 8.5, true);
  } else {
    page.paragraph(QObject::tr("No metric table: the run did not complete."), 9);
  }

  page.heading(QObject::tr("AP if fixed"), 12);
  std::vector<QStringList> rows;
  QStringList header{QObject::tr("Fixed")};
  for (const ApColumn& c : reportApColumns()) header << q(c.title);
  rows.push_back(header);
  for (ErrorType e :
       {ErrorType::Baseline, ErrorType::Miss, ErrorType::Swap, ErrorType::Inversion,
        ErrorType::Jitter, ErrorType::Score, ErrorType::BackgroundFP, ErrorType::FalseNeg}) {
    if (!analysis.find(e, "all", 0)) continue;
    QStringList row{errorTypeTitle(e)};
    for (const ApColumn& c : reportApColumns())
      row << apText(apIfFixedAt(analysis, e, c.area, c.oks));
    rows.push_back(row);
  }
  page.table(rows, {1.6, 1, 1, 1, 1.3, 1.2}, 9, true);
  page.paragraph(QObject::tr("Each keypoint error type and the scores fixed alone; background "
                             "false positives removed from the baseline, then false negatives "
                             "too."),
                 8, kMutedColor);

  page.heading(QObject::tr("Joint labels of the localised detections"), 12);
  rows.clear();
  header = {QObject::tr("Joint")};
  for (JointLabel l : kJointLabels) header << q(jointLabelName(l));
  rows.push_back(header);
  for (std::size_t k = 0; k < analysis.jointCounts.size(); ++k) {
    QStringList row{k < analysis.jointNames.size() ? q(analysis.jointNames[k])
                                                   : QObject::tr("joint %1").arg(k)};
    for (std::size_t n : analysis.jointCounts[k]) row << QString::number(n);
    rows.push_back(row);
  }
  page.table(rows, {2, 1, 1, 1, 1, 1, 1}, 8, true);
}

// Page 2: the Results page's two analysis charts, drawn on the page.
void writeChartsPage(PageWriter& page, QPainter& painter, const AnalysisReportContent& content) {
  const KeypointAnalysis& analysis = *content.analysis;
  const LoadedRun& run = content.run;
  const QString thresholds =
      QString::fromStdString(oksThresholdsText(analysis.params.eval.iouThrs));
  page.heading(QObject::tr("Where the AP goes"), 14);
  page.paragraph(
      QObject::tr("AP if each error type were fixed (area all, mean over OKS %1): grey the AP it "
                  "improves on, coloured the gain. %2")
          .arg(thresholds,
               QString::fromStdString(apBaselineNote(
                   analysis,
                   run.metrics && !run.metrics->values.empty() ? run.metrics->values[0] : -1,
                   content.settingChanges.empty()))),
      8.5, kMutedColor);
  const double apHeight = page.height() * kApChartShare;
  drawReportApIfFixedChart(painter, QRectF(0, page.y(), page.width(), apHeight), analysis, -1,
                           QObject::tr("AP if fixed, area all, mean over OKS %1").arg(thresholds));
  page.skip(apHeight + 20);
  page.paragraph(QObject::tr("Per joint: the share of its judged predictions that are good, "
                             "jitter, inversion, swap or miss."),
                 8.5, kMutedColor);
  drawReportJointErrorChart(painter,
                            QRectF(0, page.y(), page.width(), page.height() - page.y() - 10),
                            analysis, QObject::tr("Joint labels per joint"));
}

// A threshold as the evaluation settings write it: 0.5 -> ".50".
QString oksText(double oks) {
  QString text = QString::number(oks, 'f', 2);
  if (std::abs(text.toDouble() - oks) > 1e-9) text = QString::number(oks, 'g', 6);
  return text.startsWith(QLatin1String("0.")) ? text.mid(1) : text;
}

// Page 3: coco-analyze's precision-recall figure at OKS .50, .75 and the mean, and PCK per
// joint, in a two-by-two grid.
void writeCurvesPage(PageWriter& page, QPainter& painter, const AnalysisReportContent& content) {
  const KeypointAnalysis& analysis = *content.analysis;
  const std::vector<double>& thresholds = analysis.params.eval.iouThrs;
  const QString range = thresholds.empty()
                            ? QString()
                            : QStringLiteral("%1\u2013%2")
                                  .arg(oksText(thresholds.front()), oksText(thresholds.back()));
  page.heading(QObject::tr("Precision\u2013recall with each error fixed, and PCK per joint"), 14);
  page.paragraph(
      QObject::tr("coco-analyze's figure, area all: the precision\u2013recall curve of the "
                  "detections as they are (black) and with each error type fixed alone; in "
                  "brackets the area under each curve, its AP. The mean panel is not one of "
                  "coco-analyze's (it draws one figure per threshold): at each recall point, the "
                  "precision averaged over the %n OKS thresholds %1, entries of -1 (nothing to "
                  "recall) left out; its areas are the AP over the thresholds.",
                  nullptr, static_cast<int>(thresholds.size()))
          .arg(range),
      8.5, kMutedColor);
  page.paragraph(QObject::tr("PCK per joint: of the labelled joints of the people matched at OKS "
                             ".50 (under the metric table's evaluation settings, as posescope-cli "
                             "metrics --accuracy), the share predicted with keypoint similarity "
                             "ks \u2265 0.5 and \u2265 0.75."),
                 8.5, kMutedColor);

  const double top = page.y() + 10;
  const double cellWidth = page.width() / 2, cellHeight = (page.height() - top) / 2;
  const double gap = 24;
  const auto cell = [&](std::size_t slot) {
    const std::size_t row = slot / 2, column = slot % 2;
    return QRectF(cellWidth * static_cast<double>(column) + (column ? gap / 2 : 0),
                  top + cellHeight * static_cast<double>(row), cellWidth - gap / 2,
                  cellHeight - gap);
  };

  const std::vector<ReportPrPanel> panels = reportPrPanels(analysis);
  std::size_t slot = 0;
  for (const ReportPrPanel& panel : panels) {
    const QString title = panel.oks < 0 ? QObject::tr("Mean over OKS %1, area all").arg(range)
                                        : QObject::tr("OKS %1, area all").arg(oksText(panel.oks));
    drawReportPrPanel(painter, cell(slot++), panel, analysis.params.eval.recThrs, title);
  }
  if (panels.empty())
    page.paragraph(QObject::tr("No precision\u2013recall curves: the analysis has no area 'all'."),
                   9);
  const QRectF pckCell = cell(slot);
  if (content.accuracy && !content.accuracy->categories.empty()) {
    const JointAccuracyTable& joints = content.accuracy->categories.front().joints;
    drawReportPckChart(
        painter, pckCell, joints,
        QObject::tr("PCK per joint at OKS .50, %1 people matched").arg(joints.truePositives));
  } else {
    painter.setPen(kMutedColor);
    painter.drawText(pckCell, Qt::AlignCenter | Qt::TextWordWrap,
                     QObject::tr("No per-joint accuracy (see the notes on the last page)."));
  }
}

void writeImagePages(PageWriter& page, QPainter& painter, const AnalysisReportContent& content) {
  const std::size_t count = content.worst.size();
  for (std::size_t first = 0; first < count; first += kImagesPerPage) {
    page.newPage();
    page.heading(QObject::tr("%1, %2\u2013%3")
                     .arg(QString::fromStdString(worstImagesHeading(count)))
                     .arg(first + 1)
                     .arg(std::min(count, first + kImagesPerPage)),
                 13);
    // The Inspect page's layers and display filters are not these: said, as each header says.
    page.paragraph(QString::fromStdString(worstImagesKey()) + " " +
                       QObject::tr("Overlays drawn with the default layers (predictions, gt, "
                                   "crowd, matches), no score floor and no other display filter, "
                                   "whatever the Inspect page shows; the legend is under each "
                                   "overlay."),
                   8, kMutedColor);
    const double top = page.y();
    const double cellWidth = page.width() / 2, cellHeight = (page.height() - top) / 2;
    for (std::size_t i = first; i < count && i < first + kImagesPerPage; ++i) {
      const std::size_t slot = i - first, column = slot % 2, row = slot / 2;
      const QRectF cell(cellWidth * static_cast<double>(column),
                        top + cellHeight * static_cast<double>(row), cellWidth, cellHeight);
      const WorstImage& w = content.worst[i];
      QFont font = painter.font();
      font.setPointSizeF(8.5);
      font.setBold(true);
      painter.setFont(font);
      painter.setPen(Qt::black);
      const QFontMetricsF m(font, painter.device());
      const QRectF caption(cell.left() + 8, cell.top(), cell.width() - 16, m.height() * 1.4);
      painter.drawText(caption, Qt::AlignLeft | Qt::AlignVCenter,
                       m.elidedText(QObject::tr("%1. image %2 \u00b7 AP lost %3 \u00b7 image AP %4")
                                        .arg(i + 1)
                                        .arg(w.imageId)
                                        .arg(QString::asprintf("%+.5f", w.apLost))
                                        .arg(w.imageAp > -1 ? QString::number(w.imageAp, 'f', 3)
                                                            : QStringLiteral("\u2013")),
                                    Qt::ElideRight, caption.width()));
      const QRectF area(cell.left() + 8, caption.bottom() + 4, cell.width() - 16,
                        cell.bottom() - caption.bottom() - 20);
      const cv::Mat& overlay = content.overlays[i];
      if (overlay.empty() || overlay.type() != CV_8UC3) {
        painter.setPen(QPen(kRuleColor, 2));
        painter.setBrush(QColor(0xf2, 0xf2, 0xf2));
        painter.drawRect(area);
        painter.setPen(kMutedColor);
        painter.drawText(area, Qt::AlignCenter | Qt::TextWordWrap,
                         QObject::tr("no overlay: the image could not be read"));
        painter.setBrush(Qt::NoBrush);
        continue;
      }
      // Core's RGB picture, drawn from its own bytes (no copy).
      const QImage image(overlay.data, overlay.cols, overlay.rows,
                         static_cast<qsizetype>(overlay.step), QImage::Format_RGB888);
      const QSizeF size = QSizeF(image.size()).scaled(area.size(), Qt::KeepAspectRatio);
      const QRectF target(area.left() + (area.width() - size.width()) / 2, area.top(), size.width(),
                          size.height());
      painter.drawImage(target, image);
    }
  }
  if (!content.notes.empty()) {
    QStringList notes;
    for (const std::string& note : content.notes) notes << QString::fromStdString(note);
    page.paragraph(notes.join(QStringLiteral("; ")), 7.5);
  }
}

}  // namespace

int analysisReportPageCount(const AnalysisReportContent& content) {
  const int images = static_cast<int>(content.worst.size());
  return 3 + (images + kImagesPerPage - 1) / kImagesPerPage;
}

namespace {

// The page the report is laid out on: A4, 14 mm margins, 150 dpi.
void setUpPage(QPdfWriter& writer) {
  writer.setPageSize(QPageSize(QPageSize::A4));
  writer.setPageMargins(QMarginsF(14, 14, 14, 14), QPageLayout::Millimeter);
  writer.setResolution(150);
}

}  // namespace

int writeAnalysisReportPdf(const AnalysisReportContent& content, const QString& path,
                           QString* error) {
  if (!content.analysis || !content.triage) {
    if (error) *error = QObject::tr("no analysis to write to '%1'").arg(path);
    return 0;
  }
  QPdfWriter writer(path);
  setUpPage(writer);
  writer.setTitle(QObject::tr("PoseScope analysis report: %1").arg(runLabel(content.run)));
  writer.setCreator(QStringLiteral("PoseScope"));
  QPainter painter;
  if (!painter.begin(&writer)) {
    if (error) *error = QObject::tr("cannot write the report to '%1'").arg(path);
    return 0;
  }
  PageWriter page(painter, writer);
  writeTablesPage(page, content);
  page.newPage();
  writeChartsPage(page, painter, content);
  page.newPage();
  writeCurvesPage(page, painter, content);
  writeImagePages(page, painter, content);
  if (!painter.end()) {
    if (error) *error = QObject::tr("cannot finish the report '%1'").arg(path);
    return 0;
  }
  return analysisReportPageCount(content);
}

}  // namespace posescope
