#pragma once
// The Inspect page's triage queue buttons and the indicator of the queue shown.

#include <QWidget>

#include "widgets/session/triage_queues.h"

class QAction;
class QLabel;
class QSpinBox;

namespace posescope {

/// The worst images' queue as a button, the other triage queues in a menu beside it, and under
/// them, while a queue is shown, its banner ("Queue: TITLE (n images) — clear") and the "Keep
/// top" box. The buttons are disabled until the error analysis is there. Never throws.
class TriageBar : public QWidget {
  Q_OBJECT
 public:
  explicit TriageBar(QWidget* parent = nullptr);

  /// The button or menu entry of `preset`.
  QAction* action(TriagePreset preset) const;
  /// Enables the queues (an error analysis is there) or disables them.
  void setAnalysisReady(bool ready);
  /// Shows the banner of the queue `title` holding `images` ("12 images").
  void showQueue(const QString& title, const QString& images);
  /// Hides the banner: every image is listed.
  void hideQueue();
  /// The banner's text ("" when hidden).
  QString queueText() const;
  /// The "Keep top" box back to "all", without topChosen.
  void resetTop();

 Q_SIGNALS:
  void presetChosen(TriagePreset preset);
  /// The banner's "clear" link.
  void clearRequested();
  /// The "Keep top" box: keep the queue's first `count` images (0: all).
  void topChosen(int count);

 private:
  QAction* actions_[kTriagePresets.size()] = {};  // by TriagePreset
  QWidget* queueRow_ = nullptr;                   // the banner and the "Keep top" box
  QLabel* queueBanner_ = nullptr;
  QSpinBox* queueTop_ = nullptr;
};

}  // namespace posescope
