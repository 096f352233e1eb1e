#include "report_pdf/report_charts.h"

#include <QFontMetricsF>
#include <QObject>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <iterator>
#include <tuple>
#include <utility>

#include "report/ap_if_fixed_bars.h"
#include "report_pdf/chart_style.h"

namespace posescope {

namespace {

const QColor kGridColor(0xdc, 0xdc, 0xdc);
const QColor kAxisColor(0x50, 0x50, 0x50);
const QColor kBaselineColor(0x20, 0x20, 0x20);
const QColor kPck50Color(0x4e, 0x79, 0xa7);
const QColor kPck75Color(0xa0, 0xcb, 0xe8);

// The mean of the entries above -1, or -1 when there is none (coco-analyze's area).
double meanOfDefined(const std::vector<double>& values) {
  double sum = 0;
  std::size_t count = 0;
  for (double v : values) {
    if (v <= -1) continue;
    sum += v;
    ++count;
  }
  return count ? sum / static_cast<double>(count) : -1;
}

// At each recall point, the mean over the thresholds of the entries above -1; -1 where none is.
std::vector<double> meanOverThresholds(const std::vector<std::vector<double>>& byThreshold) {
  std::vector<double> mean;
  for (const std::vector<double>& row : byThreshold) {
    if (row.size() > mean.size()) mean.resize(row.size(), -1);
  }
  for (std::size_t r = 0; r < mean.size(); ++r) {
    std::vector<double> column;
    column.reserve(byThreshold.size());
    for (const std::vector<double>& row : byThreshold)
      if (r < row.size()) column.push_back(row[r]);
    mean[r] = meanOfDefined(column);
  }
  return mean;
}

// A value on [0, 1] as coco-analyze writes it: ".523"; "n/a" for -1.
QString shareText(double value) {
  if (value <= -1) return QObject::tr("n/a");
  const QString text = QString::number(value, 'f', 3);
  return text.startsWith(QLatin1String("0.")) ? text.mid(1) : text;
}

void setFont(QPainter& painter, double pointSize, bool bold) {
  QFont font = painter.font();
  font.setPointSizeF(pointSize);
  font.setBold(bold);
  painter.setFont(font);
}

// The chart's title on one line at the top of `bounds`; returns the height it took.
double drawTitle(QPainter& painter, const QRectF& bounds, const QString& title) {
  setFont(painter, 9, true);
  const QFontMetricsF m(painter.font(), painter.device());
  painter.setPen(Qt::black);
  painter.drawText(QRectF(bounds.left(), bounds.top(), bounds.width(), m.height()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   m.elidedText(title, Qt::ElideRight, bounds.width()));
  return m.height() * 1.4;
}

// One entry of a chart's key: its swatch (several colours side by side: one for each of the
// things it stands for) and its text.
struct KeyEntry {
  std::vector<QColor> colors;
  QString label;
};

// The key's entries in one line from (x, top); returns the height it took.
double drawKey(QPainter& painter, double x, double top, double right,
               const std::vector<KeyEntry>& entries) {
  setFont(painter, 7.5, false);
  const QFontMetricsF small(painter.font(), painter.device());
  const double unit = small.height();
  for (const KeyEntry& entry : entries) {
    const double swatch = unit * static_cast<double>(std::max<std::size_t>(1, entry.colors.size()));
    const double width = swatch + 6 + small.horizontalAdvance(entry.label);
    if (x + width > right) break;
    for (std::size_t c = 0; c < entry.colors.size(); ++c)
      painter.fillRect(QRectF(x + unit * static_cast<double>(c), top, unit, unit), entry.colors[c]);
    painter.setPen(Qt::black);
    painter.drawText(QRectF(x + swatch + 6, top, width, unit), Qt::AlignLeft | Qt::AlignVCenter,
                     entry.label);
    x += width + unit * 2;
  }
  return unit * 1.8;
}

// The bar of one segment: white edges between segments, as the Results page's bars.
void drawSegment(QPainter& painter, const QRectF& rect, const QColor& color) {
  if (rect.width() <= 0 || rect.height() <= 0) return;
  painter.setPen(QPen(Qt::white, 1.5));
  painter.setBrush(color);
  painter.drawRect(rect);
  painter.setBrush(Qt::NoBrush);
}

// jointCounts' column of `label` (kJointLabels' order).
// The 0-1 value axis of a horizontal bar chart: `steps` grid lines across `plot` and their
// values below it with `decimals` digits, in a text `textHeight` high.
void drawValueAxis(QPainter& painter, const QRectF& plot, int steps, int decimals,
                   double textHeight) {
  painter.setPen(QPen(kGridColor, 1));
  for (int i = 0; i <= steps; ++i) {
    const double gx = plot.left() + plot.width() * i / steps;
    painter.drawLine(QPointF(gx, plot.top()), QPointF(gx, plot.bottom()));
  }
  painter.setPen(kAxisColor);
  for (int i = 0; i <= steps; ++i) {
    const double gx = plot.left() + plot.width() * i / steps;
    painter.drawText(QRectF(gx - 40, plot.bottom() + 2, 80, textHeight),
                     Qt::AlignHCenter | Qt::AlignTop,
                     QString::number(static_cast<double>(i) / steps, 'f', decimals));
  }
}

std::size_t labelColumn(JointLabel label) {
  for (std::size_t l = 0; l < std::size(kJointLabels); ++l)
    if (kJointLabels[l] == label) return l;
  return 0;
}

}  // namespace

void drawReportApIfFixedChart(QPainter& painter, const QRectF& bounds,
                              const KeypointAnalysis& analysis, double oks, const QString& title) {
  painter.save();
  double top = bounds.top() + drawTitle(painter, bounds, title);
  const std::vector<ApIfFixedBar> bars = apIfFixedBars(analysis, "all", oks);
  std::vector<QColor> gains;
  for (const ApIfFixedBar& bar : bars)
    if (bar.error != ErrorType::Baseline) gains.push_back(errorTypeColor(bar.error));
  top += drawKey(painter, bounds.left(), top, bounds.right(),
                 {{{errorTypeColor(ErrorType::Baseline)}, QObject::tr("AP before the fix")},
                  {gains, QObject::tr("the gain with that error fixed, in its colour")}});
  setFont(painter, 7.5, false);
  const QFontMetricsF small(painter.font(), painter.device());
  // The bars' names under them, level, on up to two lines: the page is wider than the Results
  // page's chart, whose names slant.
  const double labelHeight = small.height() * 2 + 6;
  const double tickWidth = small.horizontalAdvance(QStringLiteral("0.0")) + 8;
  const QRectF plot(bounds.left() + tickWidth + small.height() * 1.4, top + small.height(),
                    bounds.width() - tickWidth - small.height() * 1.4 - 6,
                    bounds.bottom() - top - small.height() - labelHeight);
  if (plot.width() <= 0 || plot.height() <= 0) {
    painter.restore();
    return;
  }
  const double yMax = 1.02;  // AP lies in [0, 1]: the page's fixed scale
  const auto yOf = [&](double ap) { return plot.bottom() - ap / yMax * plot.height(); };
  painter.setPen(QPen(kGridColor, 1));
  for (int i = 0; i <= 5; ++i)
    painter.drawLine(QPointF(plot.left(), yOf(i / 5.0)), QPointF(plot.right(), yOf(i / 5.0)));
  painter.setPen(kAxisColor);
  for (int i = 0; i <= 5; ++i) {
    painter.drawText(QRectF(plot.left() - tickWidth - 2, yOf(i / 5.0) - small.height() / 2,
                            tickWidth - 2, small.height()),
                     Qt::AlignRight | Qt::AlignVCenter, QString::number(i / 5.0, 'f', 1));
  }
  painter.save();
  painter.translate(bounds.left(), plot.center().y());
  painter.rotate(-90);
  painter.drawText(QRectF(-plot.height() / 2, 0, plot.height(), small.height()),
                   Qt::AlignHCenter | Qt::AlignTop, QObject::tr("AP"));
  painter.restore();

  // Keys 1..n over 0.4..n + 0.6, bars 0.7 wide, as the page lays them out.
  const double n = static_cast<double>(bars.size());
  const double unit = plot.width() / (n + 0.2);
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const ApIfFixedBar& bar = bars[i];
    const double centre = plot.left() + (static_cast<double>(i) + 0.6) * unit;
    const double left = centre - 0.35 * unit, width = 0.7 * unit;
    const bool defined = bar.fixed > -1 && bar.from > -1;
    if (defined) {
      const double below = std::min(bar.from, bar.fixed);
      drawSegment(painter, QRectF(left, yOf(below), width, yOf(0) - yOf(below)),
                  errorTypeColor(ErrorType::Baseline));
      if (bar.error != ErrorType::Baseline && bar.fixed > bar.from)
        drawSegment(painter, QRectF(left, yOf(bar.fixed), width, yOf(bar.from) - yOf(bar.fixed)),
                    errorTypeColor(bar.error));
    }
    setFont(painter, 7, false);
    painter.setPen(Qt::black);
    const double valueTop = yOf(defined ? bar.fixed : 0) - small.height() - 2;  // the bar's top
    painter.drawText(QRectF(centre - unit / 2, valueTop, unit, small.height()),
                     Qt::AlignHCenter | Qt::AlignBottom,
                     defined ? QString::number(bar.fixed, 'f', 3) : QObject::tr("n/a"));
    setFont(painter, 7.5, false);
    painter.setPen(kAxisColor);
    // A name that would touch its neighbour's wraps: a gap of a tenth of a key between names.
    painter.drawText(QRectF(centre - 0.45 * unit, plot.bottom() + 4, 0.9 * unit, labelHeight),
                     Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, errorTypeTitle(bar.error));
  }
  painter.setPen(QPen(kAxisColor, 1.5));
  painter.drawLine(plot.bottomLeft(), plot.bottomRight());
  painter.drawLine(plot.bottomLeft(), plot.topLeft());
  painter.restore();
}

void drawReportJointErrorChart(QPainter& painter, const QRectF& bounds,
                               const KeypointAnalysis& analysis, const QString& title) {
  painter.save();
  double top = bounds.top() + drawTitle(painter, bounds, title);
  // The labels drawn, left to right (kJointLabels without unlabelled); inversions only when the
  // analysis computed them (flip pairs).
  std::vector<JointLabel> labels;
  for (JointLabel label : {JointLabel::Good, JointLabel::Jitter, JointLabel::Inversion,
                           JointLabel::Swap, JointLabel::Miss})
    if (label != JointLabel::Inversion || analysis.params.inversionsComputed())
      labels.push_back(label);
  std::vector<KeyEntry> key;
  key.reserve(labels.size());
  for (JointLabel label : labels)
    key.push_back({{jointLabelChartColor(label)}, QString::fromStdString(jointLabelName(label))});

  setFont(painter, 7.5, false);
  const QFontMetricsF small(painter.font(), painter.device());
  const std::size_t joints = analysis.jointCounts.size();
  const auto nameOf = [&](std::size_t k) {
    return k < analysis.jointNames.size() ? QString::fromStdString(analysis.jointNames[k])
                                          : QObject::tr("joint %1").arg(k);
  };
  double nameWidth = 0;
  for (std::size_t k = 0; k < joints; ++k)
    nameWidth = std::max(nameWidth, small.horizontalAdvance(nameOf(k)));
  nameWidth += 10;
  top += drawKey(painter, bounds.left() + nameWidth, top, bounds.right(), key);
  const QRectF plot(bounds.left() + nameWidth, top, bounds.width() - nameWidth - 12,
                    bounds.bottom() - top - small.height() * 2.8);
  if (plot.width() <= 0 || plot.height() <= 0 || joints == 0) {
    painter.restore();
    return;
  }
  drawValueAxis(painter, plot, 5, 1, small.height());
  painter.drawText(
      QRectF(plot.left(), plot.bottom() + small.height() * 1.3, plot.width(), small.height()),
      Qt::AlignHCenter | Qt::AlignTop, QObject::tr("share of the joint's judged predictions"));

  const double rowHeight = plot.height() / static_cast<double>(joints);
  for (std::size_t k = 0; k < joints; ++k) {
    const std::vector<std::size_t>& counts = analysis.jointCounts[k];
    const auto countOf = [&](JointLabel label) {
      const std::size_t column = labelColumn(label);
      return column < counts.size() ? counts[column] : std::size_t{0};
    };
    std::size_t judged = 0;
    for (JointLabel label : {JointLabel::Good, JointLabel::Jitter, JointLabel::Inversion,
                             JointLabel::Swap, JointLabel::Miss})
      judged += countOf(label);
    const double rowTop = plot.top() + rowHeight * static_cast<double>(k);
    setFont(painter, 7.5, false);
    painter.setPen(Qt::black);
    painter.drawText(QRectF(bounds.left(), rowTop, nameWidth - 8, rowHeight),
                     Qt::AlignRight | Qt::AlignVCenter, nameOf(k));
    if (judged == 0) {  // an empty row says so, rather than reading as a share of zero
      painter.setPen(kAxisColor);
      painter.drawText(QRectF(plot.left() + 4, rowTop, plot.width() - 4, rowHeight),
                       Qt::AlignLeft | Qt::AlignVCenter,
                       QObject::tr("no prediction of this joint was matched to a person"));
      continue;
    }
    double x = plot.left();
    for (JointLabel label : labels) {
      const double share =
          judged ? static_cast<double>(countOf(label)) / static_cast<double>(judged) : 0.0;
      const double width = share * plot.width();
      drawSegment(painter, QRectF(x, rowTop + rowHeight * 0.125, width, rowHeight * 0.75),
                  jointLabelChartColor(label));
      x += width;
    }
  }
  painter.setPen(QPen(kAxisColor, 1.5));
  painter.drawLine(plot.topLeft(), plot.bottomLeft());
  painter.drawLine(plot.bottomLeft(), plot.bottomRight());
  painter.restore();
}

std::vector<ReportPrPanel> reportPrPanels(const KeypointAnalysis& analysis) {
  const auto& areas = analysis.params.eval.areas;
  const auto all = std::find_if(areas.begin(), areas.end(),
                                [](const AreaRange& area) { return area.label == "all"; });
  if (all == areas.end() || analysis.curves.empty()) return {};
  const auto a = static_cast<std::size_t>(all - areas.begin());
  const std::vector<double>& thresholds = analysis.params.eval.iouThrs;

  std::vector<ReportPrPanel> panels;
  for (double wanted : {0.5, 0.75}) {
    for (std::size_t t = 0; t < thresholds.size(); ++t) {
      if (std::abs(thresholds[t] - wanted) > 1e-9) continue;
      ReportPrPanel panel;
      panel.oks = thresholds[t];
      for (const ErrorCurves& curves : analysis.curves) {
        if (a >= curves.precision.size() || t >= curves.precision[a].size()) continue;
        ReportPrCurve curve;
        curve.error = curves.error;
        curve.precision = curves.precision[a][t];
        curve.area = meanOfDefined(curve.precision);
        panel.curves.push_back(std::move(curve));
      }
      panels.push_back(std::move(panel));
    }
  }
  ReportPrPanel mean;
  for (const ErrorCurves& curves : analysis.curves) {
    if (a >= curves.precision.size()) continue;
    ReportPrCurve curve;
    curve.error = curves.error;
    curve.precision = meanOverThresholds(curves.precision[a]);
    curve.area = meanOfDefined(curve.precision);
    mean.curves.push_back(std::move(curve));
  }
  panels.push_back(std::move(mean));
  return panels;
}

QString reportPrLegend(const ReportPrCurve& curve) {
  const QString name = curve.error == ErrorType::Baseline
                           ? errorTypeTitle(curve.error)
                           : QObject::tr("%1 fixed").arg(errorTypeTitle(curve.error));
  return QStringLiteral("[%1] %2").arg(shareText(curve.area), name);
}

void drawReportPrPanel(QPainter& painter, const QRectF& bounds, const ReportPrPanel& panel,
                       const std::vector<double>& recallPoints, const QString& title) {
  painter.save();
  const double titleHeight = drawTitle(painter, bounds, title);

  // The legend below the plot, two columns, in the panel's curve order.
  setFont(painter, 7.5, false);
  const QFontMetricsF small(painter.font(), painter.device());
  const double lineHeight = small.height() * 1.35;
  const std::size_t rows = (panel.curves.size() + 1) / 2;
  const double legendHeight = lineHeight * static_cast<double>(rows);
  const double tickWidth = small.horizontalAdvance(QStringLiteral("0.0")) + 8;
  const QRectF plot(bounds.left() + tickWidth + small.height() * 1.4,
                    bounds.top() + titleHeight + small.height() * 0.5,
                    bounds.width() - tickWidth - small.height() * 1.4 - 6,
                    bounds.height() - titleHeight - small.height() * 3.4 - legendHeight);
  if (plot.width() <= 0 || plot.height() <= 0) {
    painter.restore();
    return;
  }
  // Precision up to 1.05, as the Curves tab: a curve at 1 stays clear of the frame.
  const auto at = [&plot](double recall, double precision) {
    return QPointF(plot.left() + recall * plot.width(),
                   plot.bottom() - precision / 1.05 * plot.height());
  };

  // Grid, ticks and axis names.
  painter.setPen(QPen(kGridColor, 1));
  for (int i = 0; i <= 5; ++i) {
    const double v = i / 5.0;
    painter.drawLine(at(v, 0), at(v, 1.05));
    painter.drawLine(at(0, v), at(1, v));
  }
  painter.setPen(kAxisColor);
  for (int i = 0; i <= 5; ++i) {
    const double v = i / 5.0;
    const QString label = QString::number(v, 'f', 1);
    const QPointF x = at(v, 0), y = at(0, v);
    painter.drawText(QRectF(x.x() - tickWidth, x.y() + 2, tickWidth * 2, small.height()),
                     Qt::AlignHCenter | Qt::AlignTop, label);
    painter.drawText(QRectF(plot.left() - tickWidth - 2, y.y() - small.height() / 2, tickWidth - 2,
                            small.height()),
                     Qt::AlignRight | Qt::AlignVCenter, label);
  }
  painter.drawText(
      QRectF(plot.left(), plot.bottom() + small.height() * 1.1, plot.width(), small.height()),
      Qt::AlignHCenter | Qt::AlignTop, QObject::tr("recall"));
  painter.save();
  painter.translate(bounds.left(), plot.center().y());
  painter.rotate(-90);
  painter.drawText(QRectF(-plot.height() / 2, 0, plot.height(), small.height()),
                   Qt::AlignHCenter | Qt::AlignTop, QObject::tr("precision"));
  painter.restore();
  painter.setPen(QPen(kAxisColor, 1.5));
  painter.setBrush(Qt::NoBrush);
  painter.drawRect(plot);

  // The fixed curves, then the baseline over them; a -1 entry breaks the line.
  const auto colorOf = [](ErrorType e) {
    return e == ErrorType::Baseline ? kBaselineColor : errorTypeColor(e);
  };
  painter.setRenderHint(QPainter::Antialiasing, true);
  painter.setClipRect(plot.adjusted(-3, -3, 3, 3));
  for (int pass = 0; pass < 2; ++pass) {
    for (const ReportPrCurve& curve : panel.curves) {
      const bool baseline = curve.error == ErrorType::Baseline;
      if (baseline != (pass == 1)) continue;
      QPainterPath path;
      bool open = false;
      for (std::size_t r = 0; r < curve.precision.size() && r < recallPoints.size(); ++r) {
        if (curve.precision[r] <= -1) {
          open = false;
          continue;
        }
        const QPointF p = at(recallPoints[r], curve.precision[r]);
        open ? path.lineTo(p) : path.moveTo(p);
        open = true;
      }
      painter.setPen(QPen(colorOf(curve.error), baseline ? 4.5 : 3, Qt::SolidLine, Qt::RoundCap,
                          Qt::RoundJoin));
      painter.drawPath(path);
    }
  }
  painter.setClipping(false);

  const double legendTop = bounds.bottom() - legendHeight;
  const double columnWidth = bounds.width() / 2;
  for (std::size_t i = 0; i < panel.curves.size(); ++i) {
    const ReportPrCurve& curve = panel.curves[i];
    const std::size_t column = i / rows, row = i % rows;
    const double x = bounds.left() + columnWidth * static_cast<double>(column);
    const double y = legendTop + lineHeight * static_cast<double>(row);
    const double swatch = small.height() * 1.2;
    painter.setPen(QPen(colorOf(curve.error), curve.error == ErrorType::Baseline ? 4.5 : 3));
    painter.drawLine(QPointF(x, y + lineHeight / 2), QPointF(x + swatch, y + lineHeight / 2));
    painter.setPen(Qt::black);
    const QRectF text(x + swatch + 6, y, columnWidth - swatch - 10, lineHeight);
    painter.drawText(text, Qt::AlignLeft | Qt::AlignVCenter,
                     small.elidedText(reportPrLegend(curve), Qt::ElideRight, text.width()));
  }
  painter.restore();
}

void drawReportPckChart(QPainter& painter, const QRectF& bounds, const JointAccuracyTable& table,
                        const QString& title) {
  painter.save();
  const double titleHeight = drawTitle(painter, bounds, title);
  std::vector<const JointAccuracy*> rows;
  rows.reserve(table.joints.size() + 1);
  for (const JointAccuracy& joint : table.joints) rows.push_back(&joint);
  rows.push_back(&table.allJoints);

  setFont(painter, 7.5, false);
  const QFontMetricsF small(painter.font(), painter.device());
  double nameWidth = 0;
  for (const JointAccuracy* row : rows)
    nameWidth = std::max(nameWidth, small.horizontalAdvance(QString::fromStdString(row->name)));
  nameWidth += 10;
  const double valueWidth = small.horizontalAdvance(QStringLiteral("1.000")) + 10;

  // The key, then the bars over a 0–1 axis, then the axis' ticks.
  const double keyTop = bounds.top() + titleHeight;
  double x = bounds.left() + nameWidth;
  for (const auto& [color, label] :
       {std::pair{kPck50Color, QObject::tr("PCK@0.5 (ks \u2265 0.5)")},
        std::pair{kPck75Color, QObject::tr("PCK@0.75 (ks \u2265 0.75)")}}) {
    const double swatch = small.height();
    painter.fillRect(QRectF(x, keyTop, swatch, swatch), color);
    painter.setPen(Qt::black);
    painter.drawText(QRectF(x + swatch + 6, keyTop, bounds.width(), swatch),
                     Qt::AlignLeft | Qt::AlignVCenter, label);
    x += swatch + 6 + small.horizontalAdvance(label) + 30;
  }
  const QRectF plot(bounds.left() + nameWidth, keyTop + small.height() * 1.8,
                    bounds.width() - nameWidth - valueWidth,
                    bounds.bottom() - keyTop - small.height() * 3.2);
  if (plot.width() <= 0 || plot.height() <= 0 || rows.empty()) {
    painter.restore();
    return;
  }
  drawValueAxis(painter, plot, 4, 2, small.height());

  const double rowHeight = plot.height() / static_cast<double>(rows.size());
  const double barHeight = rowHeight * 0.36;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const JointAccuracy& row = *rows[i];
    const double top = plot.top() + rowHeight * static_cast<double>(i);
    const bool pooled = i + 1 == rows.size();
    if (pooled) {  // the pooled row is set apart by a rule
      painter.setPen(QPen(kAxisColor, 1));
      painter.drawLine(QPointF(bounds.left(), top), QPointF(plot.right(), top));
    }
    setFont(painter, 7.5, pooled);
    painter.setPen(Qt::black);
    painter.drawText(QRectF(bounds.left(), top, nameWidth - 8, rowHeight),
                     Qt::AlignRight | Qt::AlignVCenter,
                     pooled ? QObject::tr("all joints") : QString::fromStdString(row.name));
    setFont(painter, 6.5, false);
    const double barsTop = top + (rowHeight - 2 * barHeight) / 2;
    for (const auto& [value, color, offset] :
         {std::tuple{row.pck50, kPck50Color, 0.0}, std::tuple{row.pck75, kPck75Color, 1.0}}) {
      const QRectF bar(plot.left(), barsTop + barHeight * offset,
                       std::max(0.0, value) * plot.width(), barHeight);
      if (value > -1) painter.fillRect(bar, color);
      painter.setPen(kAxisColor);
      painter.drawText(QRectF(bar.right() + 4, bar.top() - barHeight, valueWidth, barHeight * 3),
                       Qt::AlignLeft | Qt::AlignVCenter, shareText(value));
    }
  }
  painter.setPen(QPen(kAxisColor, 1.5));
  painter.drawLine(plot.topLeft(), plot.bottomLeft());
  painter.restore();
}

}  // namespace posescope
