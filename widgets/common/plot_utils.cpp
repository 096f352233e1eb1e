#include "widgets/common/plot_utils.h"

#include <QFileInfo>
#include <QHelpEvent>
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

namespace {

// Shows the data point's text under the pointer on every move and on the tooltip event the plot
// gets when the pointer rests: without it the plot's own tooltip replaced the point's, and the
// point's vanished after QToolTip's ten seconds while the pointer was still on it.
class PlotToolTips : public QObject {
 public:
  PlotToolTips(QCustomPlot* plot, PlotToolTipText text)
      : QObject(plot), plot_(plot), text_(std::move(text)) {
    plot->installEventFilter(this);
    connect(plot, &QCustomPlot::mouseMove, this,
            [this](QMouseEvent* event) { show(event->pos(), event->globalPosition().toPoint()); });
  }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (watched != plot_ || event->type() != QEvent::ToolTip) return false;
    const auto* help = static_cast<QHelpEvent*>(event);
    return show(help->pos(), help->globalPos());
  }

 private:
  // Whether a point was under `pos` (its text shown, until the pointer leaves it).
  bool show(const QPoint& pos, const QPoint& globalPos) {
    int index = -1;
    QCPAbstractPlottable* p = plot_->plottableAt(pos, false, &index);
    const QString tip = p && index >= 0 ? text_(p, index) : QString();
    if (tip.isEmpty()) {
      QToolTip::hideText();
      return false;
    }
    constexpr int kWhileOnThePoint = 3600 * 1000;  // hidden by leaving the point, not by a timer
    QToolTip::showText(globalPos, tip, plot_, {}, kWhileOnThePoint);
    return true;
  }

  QCustomPlot* plot_;
  PlotToolTipText text_;
};

}  // namespace

void showPlotToolTips(QCustomPlot* plot, PlotToolTipText text) {
  new PlotToolTips(plot, std::move(text));
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

void putLegendRightOfAxes(QCustomPlot* plot) {
  plot->axisRect()->insetLayout()->take(plot->legend);
  auto* side = new QCPLayoutGrid;
  plot->plotLayout()->addElement(0, 1, side);
  plot->plotLayout()->setColumnStretchFactor(1, 0.001);
  side->addElement(0, 0, plot->legend);
  side->addElement(1, 0, new QCPLayoutElement(plot));  // takes the rest of the height
  side->setRowStretchFactor(0, 0.001);
  side->setMargins(QMargins(0, 0, 6, 0));  // the legend's border off the plot's edge
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
