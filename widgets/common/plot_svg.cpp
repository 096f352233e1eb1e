#include "widgets/common/plot_svg.h"

#include <QFile>
#include <algorithm>
#include <cmath>

#include "widgets/common/qcp.h"

namespace posescope {

namespace {

constexpr double kWidth = 960, kHeight = 560;  // taller when tick labels are rotated
constexpr double kLeft = 70, kTop = 20, kPlotWidth = 620, kBottom = 60;
constexpr double kPlotHeight = kHeight - kTop - kBottom;
constexpr double kLegendLeft = kLeft + kPlotWidth + 24;

QString number(double value) {
  return QString::number(value, 'f', 2);
}

QString colorAttributes(const QPen& pen) {
  return QStringLiteral("stroke=\"%1\" stroke-width=\"%2\"")
      .arg(pen.color().name())
      .arg(number(std::max(1.0, pen.widthF())));
}

// The SVG-escaped `text`.
QString escaped(const QString& text) {
  return text.toHtmlEscaped();
}

struct Mapping {
  QCPRange x, y;
  double px(double key) const { return kLeft + (key - x.lower) / x.size() * kPlotWidth; }
  double py(double value) const {
    return kTop + kPlotHeight - (value - y.lower) / y.size() * kPlotHeight;
  }
};

// The value of the bars below `bars` at `key` (QCustomPlot stacks a bar on those).
double stackedBase(const QCPBars* bars, double key) {
  double base = 0;
  for (const QCPBars* below = bars->barBelow(); below; below = below->barBelow()) {
    auto it = below->data()->findBegin(key, false);
    if (it != below->data()->constEnd() && std::abs(it->key - key) < 1e-9) base += it->value;
  }
  return base;
}

// Whether a graph point or bar of `plot` lies outside the axis ranges.
bool outsideRanges(QCustomPlot* plot, const Mapping& map) {
  auto outside = [&map](double key, double value) {
    return key < map.x.lower - 1e-9 || key > map.x.upper + 1e-9 || value < map.y.lower - 1e-9 ||
           value > map.y.upper + 1e-9;
  };
  for (int g = 0; g < plot->graphCount(); ++g)
    for (const QCPGraphData& point : *plot->graph(g)->data())
      if (!std::isnan(point.value) && outside(point.key, point.value)) return true;
  for (int i = 0; i < plot->plottableCount(); ++i) {
    auto* bars = qobject_cast<QCPBars*>(plot->plottable(i));
    if (!bars) continue;
    for (const QCPBarsData& bar : *bars->data()) {
      const double base = stackedBase(bars, bar.key);
      if (outside(bar.key - bars->width() / 2, base) ||
          outside(bar.key + bars->width() / 2, base + bar.value))
        return true;
    }
  }
  return false;
}

// How far below the axis rectangle the bottom axis' tick labels reach: rotated ones (joint names)
// by their length, at about 6.6 px per character of the 12 px font.
double tickLabelDepth(const QCPAxis* axis, const QVector<QString>& labels) {
  const double rotation = axis->tickLabelRotation();
  if (rotation == 0) return 20;
  qsizetype longest = 0;
  for (const QString& label : labels) longest = std::max(longest, label.size());
  return 14 + 6.6 * static_cast<double>(longest) * std::abs(std::sin(rotation * M_PI / 180));
}

}  // namespace

QString plotSvg(QCustomPlot* plot) {
  const Mapping map{plot->xAxis->range(), plot->yAxis->range()};
  const QVector<double> xTicks = plot->xAxis->tickVector(), yTicks = plot->yAxis->tickVector();
  const QVector<QString> xLabels = plot->xAxis->tickVectorLabels(),
                         yLabels = plot->yAxis->tickVectorLabels();
  const double rotation = plot->xAxis->tickLabelRotation();
  // The picture grows below the plot to hold rotated labels, the axis label under them.
  const double height =
      kTop + kPlotHeight + std::max(kBottom, tickLabelDepth(plot->xAxis, xLabels) + 40);
  QString svg = QStringLiteral(
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" "
                    "viewBox=\"0 0 %1 %2\" font-family=\"sans-serif\" font-size=\"12\">\n"
                    "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n")
                    .arg(kWidth)
                    .arg(height);
  svg += QStringLiteral(
             "<defs><clipPath id=\"area\"><rect x=\"%1\" y=\"%2\" width=\"%3\" "
             "height=\"%4\"/></clipPath></defs>\n")
             .arg(kLeft)
             .arg(kTop)
             .arg(kPlotWidth)
             .arg(kPlotHeight);
  // Ticks and grid lines where the plot last put them.
  for (int i = 0; i < xTicks.size(); ++i) {
    if (!map.x.contains(xTicks[i])) continue;
    const double x = map.px(xTicks[i]);
    svg += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"#ddd\"/>\n")
               .arg(number(x), number(kTop), number(kTop + kPlotHeight));
    if (i < xLabels.size() && rotation == 0) {
      svg += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"middle\">%3</text>\n")
                 .arg(number(x), number(kTop + kPlotHeight + 16), escaped(xLabels[i]));
    } else if (i < xLabels.size()) {  // turned as the plot turns them, hanging from the tick
      const double y = kTop + kPlotHeight + 10;
      svg += QStringLiteral(
                 "<text transform=\"translate(%1 %2) rotate(%3)\" text-anchor=\"%4\">%5</text>\n")
                 .arg(number(x), number(y), number(rotation),
                      rotation > 0 ? QStringLiteral("start") : QStringLiteral("end"),
                      escaped(xLabels[i]));
    }
  }
  for (int i = 0; i < yTicks.size(); ++i) {
    if (!map.y.contains(yTicks[i])) continue;
    const double y = map.py(yTicks[i]);
    svg += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"#ddd\"/>\n")
               .arg(number(kLeft), number(y), number(kLeft + kPlotWidth));
    if (i < yLabels.size())
      svg += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"end\">%3</text>\n")
                 .arg(number(kLeft - 6), number(y + 4), escaped(yLabels[i]));
  }
  svg += QStringLiteral(
             "<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"none\" "
             "stroke=\"black\"/>\n")
             .arg(kLeft)
             .arg(kTop)
             .arg(kPlotWidth)
             .arg(kPlotHeight);
  svg +=
      QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"middle\">%3</text>\n")
          .arg(number(kLeft + kPlotWidth / 2), number(height - 20), escaped(plot->xAxis->label()));
  svg += QStringLiteral(
             "<text transform=\"translate(18 %1) rotate(-90)\" text-anchor=\"middle\">%2</text>\n")
             .arg(number(kTop + kPlotHeight / 2), escaped(plot->yAxis->label()));

  // The plottables, clipped to the axis rectangle, bars first (graphs are drawn over them).
  // Clipped only when something lies outside the ranges (zoomed in): simple renderers
  // (ImageMagick's) draw nothing inside a clip path.
  svg += outsideRanges(plot, map) ? QStringLiteral("<g clip-path=\"url(#area)\">\n")
                                  : QStringLiteral("<g>\n");
  for (int i = 0; i < plot->plottableCount(); ++i) {
    auto* bars = qobject_cast<QCPBars*>(plot->plottable(i));
    if (!bars || !bars->visible()) continue;
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it) {
      const double base = stackedBase(bars, it->key);
      const double x0 = map.px(it->key - bars->width() / 2),
                   x1 = map.px(it->key + bars->width() / 2);
      const double y0 = map.py(base + it->value), y1 = map.py(base);
      svg += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"%5\"/>\n")
                 .arg(number(std::min(x0, x1)), number(std::min(y0, y1)), number(std::abs(x1 - x0)),
                      number(std::abs(y1 - y0)), bars->brush().color().name());
    }
  }
  for (int g = 0; g < plot->graphCount(); ++g) {
    QCPGraph* graph = plot->graph(g);
    if (!graph->visible()) continue;
    QStringList run;
    auto flush = [&] {
      if (!run.isEmpty())
        svg += QStringLiteral("<polyline fill=\"none\" %1 points=\"%2\"/>\n")
                   .arg(colorAttributes(graph->pen()), run.join(QLatin1Char(' ')));
      run.clear();
    };
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
      if (std::isnan(it->value)) {
        flush();
        continue;
      }
      run << number(map.px(it->key)) + QLatin1Char(',') + number(map.py(it->value));
    }
    flush();
  }
  svg += QStringLiteral("</g>\n");

  // The legend: one line per named plottable, in the plot's order.
  double y = kTop + 10;
  for (int i = 0; i < plot->plottableCount(); ++i) {
    QCPAbstractPlottable* p = plot->plottable(i);
    if (!p->visible() || p->name().isEmpty()) continue;
    const bool line = qobject_cast<QCPGraph*>(p) != nullptr;
    if (line)
      svg += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" %4/>\n")
                 .arg(number(kLegendLeft), number(y), number(kLegendLeft + 24),
                      colorAttributes(p->pen()));
    else
      svg += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"24\" height=\"10\" fill=\"%3\"/>\n")
                 .arg(number(kLegendLeft), number(y - 5), p->brush().color().name());
    svg += QStringLiteral("<text x=\"%1\" y=\"%2\">%3</text>\n")
               .arg(number(kLegendLeft + 30), number(y + 4), escaped(p->name()));
    y += 20;
  }
  svg += QStringLiteral("</svg>\n");
  return svg;
}

bool savePlotSvg(QCustomPlot* plot, const QString& path, QString* error) {
  QFile file(path);
  const QByteArray bytes = plotSvg(plot).toUtf8();
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size()) {
    if (error) *error = QObject::tr("cannot write the plot to '%1'").arg(path);
    return false;
  }
  return true;
}

}  // namespace posescope
