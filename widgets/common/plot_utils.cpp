#include "widgets/common/plot_utils.h"

#include <QFileInfo>
#include <QLabel>
#include <QToolTip>
#include <array>

#include "render/palette.h"
#include "widgets/common/qcp.h"

namespace posescope {

QColor paletteColor(std::size_t i) {
  // The first five of Tableau 10: blue, orange, red, teal, green.
  static const std::array<QColor, 5> colors = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b),
                                               QColor(0xe1, 0x57, 0x59), QColor(0x76, 0xb7, 0xb2),
                                               QColor(0x59, 0xa1, 0x4f)};
  return colors[i % colors.size()];
}

QColor stageColor(std::size_t stage) {
  return paletteColor(stage);
}

QColor runColor(RunSideColor side) {
  return paletteColor(side == RunSideColor::B ? 1 : 0);
}

QColor jointLabelQColor(JointLabel label) {
  const cv::Scalar c = jointLabelColor(label);  // RGB order
  return QColor(static_cast<int>(c[0]), static_cast<int>(c[1]), static_cast<int>(c[2]));
}

void showPlotToolTips(QCustomPlot* plot, PlotToolTipText text) {
  QObject::connect(plot, &QCustomPlot::mouseMove, plot,
                   [plot, text = std::move(text)](QMouseEvent* event) {
                     int index = -1;
                     QCPAbstractPlottable* p = plot->plottableAt(event->pos(), false, &index);
                     const QString tip = p && index >= 0 ? text(p, index) : QString();
                     if (tip.isEmpty())
                       QToolTip::hideText();
                     else
                       QToolTip::showText(event->globalPosition().toPoint(), tip, plot);
                   });
}

QLabel* makeChartMessage() {
  auto* label = new QLabel;
  label->setWordWrap(true);
  label->setAlignment(Qt::AlignCenter);
  label->hide();
  return label;
}

void showChartMessage(QLabel* label, QCustomPlot* plot, const QString& message) {
  label->setText(message);
  label->setVisible(!message.isEmpty());
  plot->setVisible(message.isEmpty());
}

void setUpPlot(QCustomPlot* plot) {
  plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot->axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
  plot->axisRect()->setRangeZoom(Qt::Horizontal | Qt::Vertical);
  plot->setNotAntialiasedElements(QCP::aePlottables);
  plot->setBackground(Qt::white);
  plot->legend->setVisible(true);
  plot->legend->setFont(plot->font());
}

bool savePlot(QCustomPlot* plot, const QString& path, QString* error) {
  const bool pdf = QFileInfo(path).suffix().compare(QLatin1String("pdf"), Qt::CaseInsensitive) == 0;
  const int width = plot->width() > 100 ? plot->width() : 1200;
  const int height = plot->height() > 100 ? plot->height() : 700;
  const bool ok = pdf ? plot->savePdf(path, width, height)
                      : plot->savePng(path, width, height, plot->width() > 100 ? 2.0 : 1.0);
  if (!ok && error) *error = QObject::tr("cannot write the plot to '%1'").arg(path);
  return ok;
}

}  // namespace posescope
