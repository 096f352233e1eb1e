#include "widgets/common/chart_export.h"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QToolButton>

#include "widgets/common/plot_svg.h"
#include "widgets/common/plot_utils.h"
#include "widgets/common/qcp.h"

namespace posescope {

bool exportChart(QCustomPlot* plot, const ChartCsv& csv, const QString& path, QString* error) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == QLatin1String("svg")) return savePlotSvg(plot, path, error);
  if (suffix != QLatin1String("csv")) return savePlot(plot, path, error);
  QFile file(path);
  const QByteArray bytes = csv().toUtf8();
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size()) {
    if (error) *error = QObject::tr("cannot write the chart's data to '%1'").arg(path);
    return false;
  }
  return true;
}

QToolButton* makeChartExportButton(QWidget* parent, QCustomPlot* plot, ChartCsv csv,
                                   const QString& suggestedName) {
  auto* button = new QToolButton(parent);
  button->setText(QObject::tr("Export\u2026"));
  button->setToolTip(QObject::tr("Save the chart as PNG, SVG or PDF, or its data as CSV"));
  QObject::connect(
      button, &QToolButton::clicked, parent, [parent, plot, csv = std::move(csv), suggestedName] {
        const QString path = QFileDialog::getSaveFileName(
            parent, QObject::tr("Export the chart"), suggestedName + ".png",
            QObject::tr("PNG image (*.png);;SVG image (*.svg);;PDF (*.pdf);;CSV data (*.csv)"));
        if (path.isEmpty()) return;
        QString error;
        if (!exportChart(plot, csv, path, &error))
          QMessageBox::warning(parent, QObject::tr("Export failed"), error);
      });
  return button;
}

}  // namespace posescope
