#include "widgets/common/display_filter_banner.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QTextDocument>

#include "render/overlay_drawn_with.h"

namespace posescope {

QString displayFiltersLabel(const RenderOptions& options) {
  // Core says ">=" for OpenCV's fonts; the GUI has the real sign.
  return QString::fromStdString(displayFiltersText(options))
      .replace(QStringLiteral(">="), QStringLiteral("\u2265"));
}

DisplayFilterBanner::DisplayFilterBanner(QWidget* parent) : QWidget(parent) {
  label_ = new QLabel;
  label_->setWordWrap(true);
  label_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  connect(label_, &QLabel::linkActivated, this, [this] { Q_EMIT resetRequested(); });
  keep_ = new QCheckBox(tr("Keep for other runs"));
  keep_->setToolTip(
      tr("When another run opens, keep these display filters (otherwise they are reset, and the "
         "status bar says so)"));
  setObjectName(QStringLiteral("displayFilterBanner"));
  setAttribute(Qt::WA_StyledBackground);
  setStyleSheet(QStringLiteral(
      "#displayFilterBanner { background: #fde68a; border: 1px solid #d97706; }"
      "#displayFilterBanner QLabel, #displayFilterBanner QCheckBox { color: #5f3b00; }"));
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 2, 4, 2);
  layout->addWidget(label_, 1);
  layout->addWidget(keep_);
  hide();
}

void DisplayFilterBanner::showFilters(const RenderOptions& options, const OverlayScene* scene) {
  QString what = tr("drawn on every image");
  if (scene) {
    const HiddenPredictions hidden = hiddenPredictions(*scene, options);
    what = tr("%1 of %2 predictions hidden").arg(hidden.hidden).arg(hidden.total);
  }
  showText(options, what);
}

void DisplayFilterBanner::showFilters(const RenderOptions& options, const OverlayScene* a,
                                      const OverlayScene* b) {
  QStringList sides;
  for (const auto& [name, scene] : {std::pair{tr("A"), a}, std::pair{tr("B"), b}}) {
    if (!scene) continue;
    const HiddenPredictions hidden = hiddenPredictions(*scene, options);
    sides << tr("%1: %2 of %3").arg(name).arg(hidden.hidden).arg(hidden.total);
  }
  showText(options, sides.isEmpty()
                        ? tr("drawn on every image")
                        : tr("%1 predictions hidden").arg(sides.join(QStringLiteral(", "))));
}

void DisplayFilterBanner::showText(const RenderOptions& options, const QString& what) {
  const QString filters = displayFiltersLabel(options);
  if (filters.isEmpty()) {
    label_->clear();
    hide();
    return;
  }
  label_->setText(tr("Display filter <b>%1</b>: %2 (the metrics count every person) \u2014 "
                     "<a href=\"reset\">reset</a>")
                      .arg(filters.toHtmlEscaped(), what));
  show();
}

QString DisplayFilterBanner::text() const {
  if (isHidden()) return {};
  QTextDocument document;
  document.setHtml(label_->text());
  return document.toPlainText();
}

bool DisplayFilterBanner::keepsFilters() const {
  return keep_->isChecked();
}

}  // namespace posescope
