#include "widgets/pages/inspect/canvas_pane.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "widgets/common/color_bar.h"
#include "widgets/common/display_filter_banner.h"
#include "widgets/common/display_filter_bar.h"
#include "widgets/common/elided_label.h"
#include "widgets/common/image_canvas.h"
#include "widgets/common/overlay_legend.h"

namespace posescope {

CanvasPane::CanvasPane(QWidget* toolbars, const RenderOptions& options, QWidget* parent)
    : QWidget(parent) {
  canvas_ = new ImageCanvas;
  colorBar_ = new ColorBar;
  colorBar_->setOptions(options);
  // Elided: a long message (an error naming a file) must not widen the canvas pane and squeeze
  // the image table and the joint grid (the tooltip has it whole).
  status_ = new ElidedLabel;
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  legend_ = new OverlayLegend;
  filters_ = new DisplayFilterBar;
  filters_->setValues(options);
  // A filter that is not its default is never hidden state: the banner says what it hides.
  filterBanner_ = new DisplayFilterBanner;
  // Maps are recomputed from the run's inputs as they are now: a changed checkpoint is said
  // plainly here. Wrapped, and asking for no width, so it never pushes the panes aside.
  inputsBanner_ = new QLabel;
  inputsBanner_->setWordWrap(true);
  inputsBanner_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  inputsBanner_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  inputsBanner_->setStyleSheet(QStringLiteral(
      "QLabel { background: #fff3cd; color: #5f4200; border: 1px solid #f2c94c; padding: 4px; }"));
  inputsBanner_->hide();
  auto* canvasRow = new QHBoxLayout;
  canvasRow->setContentsMargins(0, 0, 0, 0);
  canvasRow->addWidget(canvas_, 1);
  canvasRow->addWidget(colorBar_);
  setMinimumWidth(320);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(toolbars);
  layout->addWidget(filters_, 0, Qt::AlignLeft);
  layout->addWidget(filterBanner_);
  layout->addWidget(legend_);
  layout->addWidget(inputsBanner_);
  layout->addLayout(canvasRow, 1);
  layout->addWidget(status_);
}

void CanvasPane::showChangedInputs(const QString& changed) {
  inputsBanner_->setText(
      changed.isEmpty()
          ? QString()
          : tr("This run's inputs changed since it ran: %1. Heatmaps and tags are recomputed "
               "from the files as they are now and may not be the run's.")
                .arg(changed));
  inputsBanner_->setVisible(!changed.isEmpty());
}

QString CanvasPane::inputsWarning() const {
  return inputsBanner_->isHidden() ? QString() : inputsBanner_->text();
}

}  // namespace posescope
