// The heatmap colour bar: each row of the bar is the colormap's colour of its value, from the
// scale's top (first row) to 0 (last row), for every colormap.

#include <QImage>
#include <QtTest>

#include "render/map_layers.h"
#include "widgets/common/color_bar.h"

using namespace posescope;

class TestColorBar : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void rowsAreTheColormapsColours() {
    for (Colormap colormap :
         {Colormap::Jet, Colormap::Inferno, Colormap::Viridis, Colormap::Turbo}) {
      ColorBar bar;
      RenderOptions options;
      options.colormap = colormap;
      options.heatmapOpacity = 1.0;  // opaque: the check pattern does not show through
      options.heatmapValueAsAlpha = false;
      bar.setOptions(options);
      bar.resize(bar.sizeHint().width(), 300);
      const QImage image = bar.grab().toImage();
      // The bar as ColorBar lays it out: 6 px in, half a text line down, 14 px wide, framed.
      const int textHeight = bar.fontMetrics().height();
      const int top = textHeight / 2 + 6, rows = bar.height() - textHeight - 12;
      const int x = 6 + 7;
      // Every 7th row inside the frame (its first and last rows are under it).
      for (int y = top + 1; y < top + rows - 1; y += 7) {
        const double value = 1.0 - double(y - top) / (rows - 1);
        const cv::Vec3b expected = colormapColor(colormap, value);
        QCOMPARE(image.pixelColor(x, y), QColor(expected[0], expected[1], expected[2]));
      }
    }
  }
};

QTEST_MAIN(TestColorBar)
#include "tst_color_bar.moc"
