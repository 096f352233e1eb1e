#include "widgets/pages/compare/canvas_pair.h"

#include <QCheckBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QTimer>
#include <cmath>

#include "render/overlay_drawn_with.h"
#include "widgets/common/display_filter_banner.h"
#include "widgets/common/display_filter_bar.h"
#include "widgets/common/image_canvas.h"
#include "widgets/common/overlay_legend.h"
#include "widgets/session/run_document.h"

namespace posescope {

CanvasPair::CanvasPair(QWidget* parent) : QWidget(parent) {
  options_.showCrowd = true;
  canvasA_ = new ImageCanvas;
  canvasB_ = new ImageCanvas;
  captionA_ = new QLabel(tr("A"));
  captionB_ = new QLabel(tr("B"));
  // One set of filters for both sides, as on the Inspect page.
  filters_ = new DisplayFilterBar;
  filters_->setValues(options_);
  const auto applyFilters = [this] { setOptions(filters_->appliedTo(options_)); };
  connect(filters_, &DisplayFilterBar::filterChanged, this, applyFilters);
  connect(filters_, &DisplayFilterBar::matchThresholdChanged, this, applyFilters);
  // A filter off its default is said, with what it hides on each side, and a reset.
  banner_ = new DisplayFilterBanner;
  connect(banner_, &DisplayFilterBanner::resetRequested, this, [this] {
    RenderOptions defaults = options_;
    resetDisplayFilters(defaults);
    setOptions(defaults);
  });
  const auto updateBanner = [this] {
    banner_->showFilters(options_, canvasA_->overlayScene(), canvasB_->overlayScene());
  };
  connect(canvasA_, &ImageCanvas::redrawn, this, updateBanner);
  connect(canvasB_, &ImageCanvas::redrawn, this, updateBanner);
  legend_ = new OverlayLegend;
  auto* grid = new QGridLayout(this);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->addWidget(buildLayerBar(), 0, 0, 1, 2);
  grid->addWidget(filters_, 1, 0, 1, 2, Qt::AlignLeft);
  grid->addWidget(banner_, 2, 0, 1, 2);
  grid->addWidget(legend_, 3, 0, 1, 2);
  grid->addWidget(captionA_, 4, 0);
  grid->addWidget(captionB_, 4, 1);
  grid->addWidget(canvasA_, 5, 0);
  grid->addWidget(canvasB_, 5, 1);
  grid->setRowStretch(5, 1);
  // Equal columns whatever the captions say, so the two canvases always have the same size.
  grid->setColumnStretch(0, 1);
  grid->setColumnStretch(1, 1);
  for (QLabel* caption : {captionA_, captionB_})
    caption->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

  // Synchronised canvases: scrolling, zooming (the wheel, also below the scroll range).
  for (ImageCanvas* c : {canvasA_, canvasB_}) {
    for (QScrollBar* bar : {c->horizontalScrollBar(), c->verticalScrollBar()}) {
      connect(bar, &QScrollBar::valueChanged, this, [this, c] { sync(c); });
      connect(bar, &QScrollBar::rangeChanged, this, [this, c] { sync(c); });
    }
    c->viewport()->installEventFilter(this);
    c->setOptions(options_);
  }
}

QWidget* CanvasPair::buildLayerBar() {
  const QString names[LayerCount] = {tr("&Predictions"), tr("&Ground truth"), tr("&Crowd"),
                                     tr("&Matches"), tr("&Errors")};
  auto* bar = new QWidget;
  auto* layout = new QHBoxLayout(bar);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(new QLabel(tr("Layers:")));
  for (int i = 0; i < LayerCount; ++i) {
    layerBoxes_[i] = new QCheckBox(names[i]);
    layerBoxes_[i]->setChecked(layerFlag(options_, i));
    connect(layerBoxes_[i], &QCheckBox::toggled, this, &CanvasPair::updateOptionsFromBoxes);
    layout->addWidget(layerBoxes_[i]);
  }
  layerBoxes_[Errors]->setObjectName(QStringLiteral("errorsLayerBox"));
  layerBoxes_[Errors]->setToolTip(
      tr("Each predicted joint in the colour of its error label, once both runs are analysed"));
  auto* fit = new QPushButton(tr("&Fit"));
  connect(fit, &QPushButton::clicked, this, [this] {
    canvasA_->fit();
    canvasB_->fit();
  });
  layout->addStretch();
  layout->addWidget(fit);
  return bar;
}

bool& CanvasPair::layerFlag(RenderOptions& options, int layer) {
  switch (layer) {
    case Predictions:
      return options.showPredictions;
    case GroundTruth:
      return options.showGroundTruth;
    case Crowd:
      return options.showCrowd;
    case Matches:
      return options.showMatches;
    default:
      return options.showErrors;
  }
}

void CanvasPair::setCaption(Side side, const QString& html) {
  (side == A ? captionA_ : captionB_)->setText(html);
}

bool CanvasPair::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::Wheel) {
    ImageCanvas* from = watched == canvasA_->viewport()   ? canvasA_
                        : watched == canvasB_->viewport() ? canvasB_
                                                          : nullptr;
    if (from) QTimer::singleShot(0, this, [this, from] { sync(from); });
  }
  return QWidget::eventFilter(watched, event);
}

void CanvasPair::sync(ImageCanvas* from) {
  if (syncing_) return;
  syncing_ = true;
  ImageCanvas* to = from == canvasA_ ? canvasB_ : canvasA_;
  if (from->isFitting()) {
    // Both canvases have the same size and show the same image: each fits on its own, so a
    // canvas laid out later (or resized) does not inherit a zoom meant for the other's size.
    to->fit();
    syncing_ = false;
    return;
  }
  if (to->zoom() > 0 && std::abs(from->zoom() / to->zoom() - 1) > 1e-9)
    to->zoomBy(from->zoom() / to->zoom());
  to->horizontalScrollBar()->setValue(from->horizontalScrollBar()->value());
  to->verticalScrollBar()->setValue(from->verticalScrollBar()->value());
  syncing_ = false;
}

void CanvasPair::setOptions(const RenderOptions& options) {
  const bool newThreshold = options.matchThreshold != options_.matchThreshold;
  options_ = options;
  options_.showHeatmap = options_.showTags = false;
  options_.projectMaps = true;
  for (int i = 0; i < LayerCount; ++i) {
    const QSignalBlocker block(layerBoxes_[i]);
    layerBoxes_[i]->setChecked(layerFlag(options_, i));
  }
  filters_->setValues(options_);
  legend_->setErrorLabelsShown(options_.showErrors);
  canvasA_->setOptions(options_);
  canvasB_->setOptions(options_);
  banner_->showFilters(options_, canvasA_->overlayScene(), canvasB_->overlayScene());
  sync(canvasA_);
  if (newThreshold) Q_EMIT matchThresholdChanged(options_.matchThreshold);
}

void CanvasPair::followRuns(const QString& runA, const QString& runB) {
  const bool samePair = (sameRunFolder(runA, runA_) && sameRunFolder(runB, runB_)) ||
                        (sameRunFolder(runA, runB_) && sameRunFolder(runB, runA_));
  if (runA.isEmpty() || runB.isEmpty() || samePair) return;
  const bool firstPair = runA_.isEmpty();
  runA_ = runA;
  runB_ = runB;
  if (firstPair || !hasDisplayFilters(options_)) return;
  const QString filters = displayFiltersLabel(options_);
  if (banner_->keepsFilters()) {
    Q_EMIT displayFiltersFollowedRuns(
        tr("Compare: display filter %1 kept from the previous pair of runs (Keep for other runs "
           "is on)")
            .arg(filters));
    return;
  }
  RenderOptions defaults = options_;
  resetDisplayFilters(defaults);
  setOptions(defaults);
  Q_EMIT displayFiltersFollowedRuns(
      tr("Compare: display filters reset for the new pair of runs (%1 was set for the previous "
         "pair; tick Keep for other runs to keep them)")
          .arg(filters));
}

void CanvasPair::updateOptionsFromBoxes() {
  RenderOptions o = options_;
  for (int i = 0; i < LayerCount; ++i) layerFlag(o, i) = layerBoxes_[i]->isChecked();
  setOptions(o);
}

}  // namespace posescope
