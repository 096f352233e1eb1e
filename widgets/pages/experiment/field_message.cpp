#include "widgets/pages/experiment/field_message.h"

#include <cmath>

namespace posescope {

namespace {

constexpr int kLines = 2;    // most messages fit; a longer one scrolls
constexpr int kPadding = 2;  // above and below the text (the style sheets' padding)

const char* const kBlankStyle =
    "QPlainTextEdit { background: transparent; border: none; padding: 2px 4px; }";
const char* const kErrorStyle =
    "QPlainTextEdit { color: #a3160b; background: #fdecea; border: none; "
    "border-left: 3px solid #d93025; padding: 2px 4px; }";
const char* const kWarningStyle =
    "QPlainTextEdit { color: #5f4200; background: #fff8e1; border: none; "
    "border-left: 3px solid #f2a600; padding: 2px 4px; }";

}  // namespace

FieldMessage::FieldMessage(QWidget* parent) : QPlainTextEdit(parent) {
  setReadOnly(true);
  setTextInteractionFlags(Qt::TextSelectableByMouse);
  setFocusPolicy(Qt::NoFocus);  // Tab goes from field to field, not through the messages
  setFrameShape(QFrame::NoFrame);
  setLineWrapMode(QPlainTextEdit::WidgetWidth);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  document()->setDocumentMargin(0);  // whole lines: the padding spaces the text
  setStyleSheet(QLatin1String(kBlankStyle));
  // Fixed, whatever the text: the slot is the same size with or without a message.
  // A laid-out line is the font's height rounded up (QFontMetrics::lineSpacing() rounds it
  // down); QPlainTextEdit wants one pixel more than its lines before it drops the scroll bar.
  const int lineHeight = static_cast<int>(std::ceil(QFontMetricsF(font()).height()));
  setFixedHeight(kLines * lineHeight + 1 + 2 * kPadding);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void FieldMessage::showMessage(const QString& text, Kind kind) {
  const bool unchanged = text == toPlainText() && kind == kind_;
  kind_ = kind;
  if (unchanged) return;  // keeps the reader's scroll position
  setPlainText(text);
  setStyleSheet(QLatin1String(text.isEmpty()          ? kBlankStyle
                              : kind == Kind::Warning ? kWarningStyle
                                                      : kErrorStyle));
}

}  // namespace posescope
