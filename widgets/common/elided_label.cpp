#include "widgets/common/elided_label.h"

#include <QResizeEvent>

namespace posescope {

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent) {
  setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  setTextFormat(Qt::PlainText);
  setWordWrap(false);
}

void ElidedLabel::setText(const QString& text) {
  full_ = text;
  setToolTip(text);
  elide();
}

void ElidedLabel::setElideMode(Qt::TextElideMode mode) {
  mode_ = mode;
  elide();
}

bool ElidedLabel::isElided() const {
  return QLabel::text() != full_;
}

QSize ElidedLabel::sizeHint() const {
  return {0, QLabel::sizeHint().height()};
}

QSize ElidedLabel::minimumSizeHint() const {
  return {0, QLabel::minimumSizeHint().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent* event) {
  QLabel::resizeEvent(event);
  elide();
}

void ElidedLabel::elide() {
  QString oneLine = full_;
  oneLine.replace(QLatin1Char('\n'), QLatin1Char(' '));
  const int width = contentsRect().width();
  QLabel::setText(width > 0 ? fontMetrics().elidedText(oneLine, mode_, width) : oneLine);
}

QString middleElided(const QString& text, int maxChars) {
  if (text.size() <= maxChars || maxChars < 3) return text;
  const qsizetype kept = maxChars - 1;  // the ellipsis takes one
  const qsizetype head = kept / 2;
  return text.left(head) + QChar(0x2026) + text.right(kept - head);
}

}  // namespace posescope
