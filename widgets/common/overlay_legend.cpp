#include "widgets/common/overlay_legend.h"

#include "render/palette.h"

namespace posescope {

namespace {

// `symbols` in `color` on the dark canvas background, as the overlay draws them.
QString swatch(const cv::Scalar& color, const QString& symbols) {
  const QString hex = QStringLiteral("#%1%2%3")
                          .arg(static_cast<int>(color[0]), 2, 16, QLatin1Char('0'))
                          .arg(static_cast<int>(color[1]), 2, 16, QLatin1Char('0'))
                          .arg(static_cast<int>(color[2]), 2, 16, QLatin1Char('0'));
  return QStringLiteral("<span style='background:#303030;color:%1'>%2</span>").arg(hex, symbols);
}

// Each mark with its name; a line breaks between entries, never between a mark and its name.
QString entry(const QString& marks, const QString& name) {
  return marks + QStringLiteral("&nbsp;") + name.toHtmlEscaped();
}

}  // namespace

OverlayLegend::OverlayLegend(QWidget* parent) : QLabel(parent) {
  updateText();
  setTextFormat(Qt::RichText);
  setWordWrap(true);
  setToolTip(
      tr("What the overlay draws; matches, crosses and circles at the chosen OKS "
         "threshold"));
}

void OverlayLegend::setErrorLabelsShown(bool shown) {
  if (errorLabelsShown_ == shown) return;
  errorLabelsShown_ = shown;
  updateText();
}

void OverlayLegend::updateText() {
  QStringList entries = {
      entry(swatch(kGroundTruthColor, QStringLiteral("&nbsp;\u2504\u25cb&nbsp;")),
            tr("ground truth")),
      entry(swatch(personColor(0), QStringLiteral("&nbsp;\u25cf\u2501")) +
                swatch(personColor(1), QStringLiteral("\u25cf&nbsp;")),
            tr("predictions (a colour per person, size and opacity by score)")),
      entry(swatch(kMatchColor, QStringLiteral("&nbsp;\u2501&nbsp;0.72&nbsp;")),
            tr("match and its OKS")),
      entry(swatch(kUnmatchedColor, QStringLiteral("&nbsp;\u2715&nbsp;")),
            tr("unmatched prediction")),
      entry(swatch(kUnmatchedColor, QStringLiteral("&nbsp;\u25cc&nbsp;")), tr("missed person")),
      entry(swatch(kCrowdColor, QStringLiteral("&nbsp;\u2572\u2572&nbsp;")), tr("crowd region"))};
  if (errorLabelsShown_) {
    QStringList labels;
    for (JointLabel label : kJointLabels) {
      const bool hollow = label == JointLabel::Unlabelled;
      labels << swatch(jointLabelColor(label), hollow ? QStringLiteral("&nbsp;\u25cb&nbsp;")
                                                      : QStringLiteral("&nbsp;\u25cf&nbsp;")) +
                    QStringLiteral("&nbsp;") + QString::fromStdString(jointLabelName(label));
    }
    entries << tr("<b>joint errors:</b> %1 (a line from a swap / an inversion to where it landed)")
                   .arg(labels.join(QStringLiteral(" ")));
  }
  setText(entries.join(QStringLiteral(" &nbsp; ")));
}

}  // namespace posescope
