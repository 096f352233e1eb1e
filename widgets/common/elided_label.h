#pragma once
// A one-line message that never widens its layout: it is elided to the width it is given and
// shows the whole text in its tooltip.

#include <QLabel>

namespace posescope {

/// A QLabel for status and error lines. Its size hint asks for no width, so a long message (a
/// path, an error naming a file) cannot push the panes beside it; the text shown is elided at
/// the right end (or where setElideMode says) to the label's width, and the tooltip holds the
/// whole message. text() returns the whole message. Never throws.
class ElidedLabel : public QLabel {
  Q_OBJECT
 public:
  explicit ElidedLabel(QWidget* parent = nullptr);

  void setText(const QString& text);
  /// Where the text is cut when it does not fit (Qt::ElideRight by default); Qt::ElideLeft keeps
  /// the end of a path, the part that tells folders apart.
  void setElideMode(Qt::TextElideMode mode);
  /// The whole message (QLabel::text() holds the elided one).
  QString text() const { return full_; }
  /// Whether the text shown is cut short.
  bool isElided() const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void elide();

  QString full_;
  Qt::TextElideMode mode_ = Qt::ElideRight;
};

/// `text` cut to at most `maxChars` characters by an ellipsis in its middle ("litepose_xs_b…
/// checkpoint_140"), for labels inside rich text, which QLabel cannot elide: the end that tells a
/// sweep's runs apart stays. `text` itself when it is short enough. Never throws.
QString middleElided(const QString& text, int maxChars);

}  // namespace posescope
