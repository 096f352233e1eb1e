#include "widgets/common/color_bar.h"

#include <QPainter>
#include <algorithm>
#include <cmath>

#include "render/map_layers.h"

namespace posescope {

namespace {
constexpr int kBarWidth = 14;
constexpr int kMargin = 6;
}  // namespace

ColorBar::ColorBar(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
  setToolTip(tr("Heatmap value: colour, and how much the overlay covers the image"));
}

void ColorBar::setOptions(const RenderOptions& options) {
  options_ = options;
  update();
}

QString ColorBar::topLabel() const {
  return options_.normalizeHeatmap ? tr("max") : QStringLiteral("1");
}

QSize ColorBar::sizeHint() const {
  return {kBarWidth + fontMetrics().horizontalAdvance(QStringLiteral("0.5 ")) + 2 * kMargin, 200};
}

QSize ColorBar::minimumSizeHint() const {
  return {sizeHint().width(), 80};
}

void ColorBar::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  const int textHeight = fontMetrics().height();
  const QRect bar(kMargin, textHeight / 2 + kMargin, kBarWidth,
                  std::max(10, height() - textHeight - 2 * kMargin));
  // The check pattern shows how much of the image stays visible at each value.
  for (int y = bar.top(); y <= bar.bottom(); y += 4)
    for (int x = bar.left(); x <= bar.right(); x += 4)
      painter.fillRect(QRect(x, y, 4, 4).intersected(bar),
                       ((x - bar.left()) / 4 + (y - bar.top()) / 4) % 2 ? QColor(150, 150, 150)
                                                                        : QColor(90, 90, 90));
  // Every row's value coloured in one pass: a colormap call per row costs a repaint of the
  // Inspect page tens of milliseconds (OpenCV builds its lookup table each call).
  cv::Mat values(bar.height(), 1, CV_32F);
  for (int y = bar.top(); y <= bar.bottom(); ++y)
    values.at<float>(y - bar.top()) =
        static_cast<float>(1.0 - double(y - bar.top()) / std::max(1, bar.height() - 1));
  const cv::Mat colors = colorizeHeatmap(values, options_.colormap);
  for (int y = bar.top(); y <= bar.bottom(); ++y) {
    const double value = 1.0 - double(y - bar.top()) / std::max(1, bar.height() - 1);
    const cv::Vec3b& c = colors.at<cv::Vec3b>(y - bar.top());
    double alpha = options_.heatmapOpacity;
    if (options_.heatmapValueAsAlpha) alpha *= std::min(1.0, value / kHeatmapOpaqueFrom);
    painter.fillRect(QRect(bar.left(), y, bar.width(), 1),
                     QColor(c[0], c[1], c[2], static_cast<int>(std::lround(alpha * 255))));
  }
  painter.setPen(palette().color(QPalette::WindowText));
  painter.drawRect(bar.adjusted(0, 0, -1, -1));
  const int x = bar.right() + 4;
  auto label = [&](double value, const QString& text) {
    const int y = bar.bottom() - static_cast<int>(std::lround(value * (bar.height() - 1)));
    painter.drawText(QRect(x, y - textHeight / 2, width() - x, textHeight),
                     Qt::AlignLeft | Qt::AlignVCenter, text);
  };
  label(1.0, topLabel());
  label(0.5, options_.normalizeHeatmap ? tr("\u00bd") : QStringLiteral("0.5"));
  label(0.0, QStringLiteral("0"));
}

}  // namespace posescope
