#pragma once
// The message slot under a form field: always there, so a message appearing or going away never
// moves the fields below it.

#include <QPlainTextEdit>

namespace posescope {

/// A read-only, selectable message of fixed height (two lines) that keeps its place in the
/// layout when empty; a longer message scrolls inside it instead of growing the form. An error is
/// drawn red, a warning amber, no message as blank space. Never throws.
class FieldMessage : public QPlainTextEdit {
  Q_OBJECT
 public:
  enum class Kind { Error, Warning };

  explicit FieldMessage(QWidget* parent = nullptr);

  /// Shows `text` ("" leaves the slot blank) drawn as `kind`.
  void showMessage(const QString& text, Kind kind);
  /// The message shown ("" when blank).
  QString text() const { return toPlainText(); }
  Kind kind() const { return kind_; }

 private:
  Kind kind_ = Kind::Error;
};

}  // namespace posescope
