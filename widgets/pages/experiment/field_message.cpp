#include "widgets/pages/experiment/field_message.h"

namespace posescope {

namespace {

constexpr int kLines = 2;  // most messages fit; a longer one scrolls
constexpr int kDocumentMargin = 2;

const char* const kBlankStyle = "QPlainTextEdit { background: transparent; border: none; }";
const char* const kErrorStyle =
    "QPlainTextEdit { color: #a3160b; background: #fdecea; border: none; "
    "border-left: 3px solid #d93025; }";
const char* const kWarningStyle =
    "QPlainTextEdit { color: #5f4200; background: #fff8e1; border: none; "
    "border-left: 3px solid #f2a600; }";

}  // namespace

FieldMessage::FieldMessage(QWidget* parent) : QPlainTextEdit(parent) {
  setReadOnly(true);
  setTextInteractionFlags(Qt::TextSelectableByMouse);
  setFocusPolicy(Qt::NoFocus);  // Tab goes from field to field, not through the messages
  setFrameShape(QFrame::NoFrame);
  setLineWrapMode(QPlainTextEdit::WidgetWidth);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  document()->setDocumentMargin(kDocumentMargin);
  setStyleSheet(QLatin1String(kBlankStyle));
  // Fixed, whatever the text: the slot is the same size with or without a message.
  setFixedHeight(kLines * fontMetrics().lineSpacing() + 2 * kDocumentMargin);
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
