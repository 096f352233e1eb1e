#include "widgets/pages/inspect/canvas_pane.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "render/overlay_drawn_with.h"
#include "widgets/common/color_bar.h"
#include "widgets/common/display_filter_banner.h"
#include "widgets/common/display_filter_bar.h"
#include "widgets/common/elided_label.h"
#include "widgets/common/image_canvas.h"
#include "widgets/common/overlay_legend.h"
#include "widgets/session/run_document.h"

namespace posescope {

CanvasPane::CanvasPane(QWidget* toolbars, const RenderOptions& options, QWidget* parent)
    : QWidget(parent) {
  canvas_ = new ImageCanvas;
  fit_ = new QAction(this);
  fit_->setShortcut(QKeySequence(Qt::Key_F));
  fit_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  connect(fit_, &QAction::triggered, canvas_, &ImageCanvas::fit);
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

void CanvasPane::showStatus(const RunOverlayData& data, std::optional<std::size_t> current,
                            const RenderOptions& options, const QString& jointText,
                            const QStringList& notes) {
  QStringList parts;
  if (data.records.empty()) {
    parts << tr(
        "Open a run folder (File \u2192 Open Run Folder) or run an evaluation to "
        "inspect its images.");
  } else if (!current) {
    parts << tr("%1 image(s); select one in the table.").arg(data.records.size());
  } else if (const ImageRecord* r = data.recordOf(*current)) {
    parts << tr("#%1  %2  (id %3)  %4 people")
                 .arg(*current)
                 .arg(QString::fromStdString(r->file))
                 .arg(r->imageId)
                 .arg(r->people.size());
    if (options.showHeatmap || options.showTags)
      parts << (options.heatmapJoint < 0 ? tr("max over joints") : jointText);
    if (canvas_->atNetworkResolution()) parts << tr("network resolution");
    if (r->failed()) parts << tr("failed: %1").arg(QString::fromStdString(r->error));
  }
  for (const QString& note : notes)
    if (!note.isEmpty()) parts << note;
  for (const auto& w : data.warnings) parts << QString::fromStdString(w);
  status_->setText(parts.join(QStringLiteral("  \u00b7  ")));
}

CanvasPane::FiltersFollowed CanvasPane::followRun(const QString& runDir, RenderOptions& options) {
  if (runDir.isEmpty() || sameRunFolder(runDir, filtersRunDir_)) return {};
  // Filters set before any run was shown (launch options) are for the run that opens now.
  const bool firstRun = filtersRunDir_.isEmpty();
  filtersRunDir_ = runDir;
  if (firstRun || !hasDisplayFilters(options)) return {};
  const QString filters = displayFiltersLabel(options);
  if (filterBanner_->keepsFilters())
    return {false, tr("Display filter %1 kept from the previous run (Keep for other runs is on)")
                       .arg(filters)};
  resetDisplayFilters(options);
  filters_->setValues(options);
  return {true,
          tr("Display filters reset for the new run (%1 was set for the previous one; tick Keep "
             "for other runs to keep them)")
              .arg(filters)};
}

}  // namespace posescope
