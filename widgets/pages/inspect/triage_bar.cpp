#include "widgets/pages/inspect/triage_bar.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace posescope {

TriageBar::TriageBar(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  // Six buttons did not fit the image list's width: one button, the others in a menu.
  auto* buttons = new QHBoxLayout;
  buttons->setContentsMargins(0, 0, 0, 0);
  buttons->setSpacing(2);
  auto* others = new QMenu(this);
  others->setToolTipsVisible(true);
  for (TriagePreset preset : kTriagePresets) {
    auto* action = new QAction(triagePresetButtonText(preset), this);
    action->setToolTip(triagePresetDescription(preset));
    action->setEnabled(false);  // until the error analysis is there
    connect(action, &QAction::triggered, this, [this, preset] { Q_EMIT presetChosen(preset); });
    actions_[static_cast<std::size_t>(preset)] = action;
    if (preset != TriagePreset::WorstImages) {
      others->addAction(action);
      continue;
    }
    auto* button = new QToolButton;
    button->setDefaultAction(action);
    button->setAutoRaise(false);
    buttons->addWidget(button);
  }
  auto* more = new QToolButton;
  more->setObjectName(QStringLiteral("otherQueues"));
  more->setText(tr("Other queues"));
  more->setToolTip(tr("The triage lists of the error analysis, each ordered by its own key"));
  more->setMenu(others);
  more->setPopupMode(QToolButton::InstantPopup);
  buttons->addWidget(more);
  buttons->addStretch(1);
  layout->addLayout(buttons);

  queueBanner_ = new QLabel;
  queueBanner_->setObjectName(QStringLiteral("queueBanner"));
  queueBanner_->setWordWrap(true);
  queueBanner_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  queueBanner_->setStyleSheet(QStringLiteral(
      "QLabel { background: #dbeafe; color: #1e3a5f; border: 1px solid #93c5fd; padding: 3px; }"));
  connect(queueBanner_, &QLabel::linkActivated, this, &TriageBar::clearRequested);
  queueTop_ = new QSpinBox;
  queueTop_->setObjectName(QStringLiteral("queueTop"));
  queueTop_->setRange(0, 1000000);
  queueTop_->setSpecialValueText(tr("top: all"));
  queueTop_->setPrefix(tr("top "));
  queueTop_->setToolTip(tr("Keep only the queue's first images (the most of its key)"));
  connect(queueTop_, &QSpinBox::valueChanged, this, &TriageBar::topChosen);
  queueRow_ = new QWidget;
  auto* row = new QHBoxLayout(queueRow_);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(queueBanner_, 1);
  row->addWidget(queueTop_, 0, Qt::AlignTop);
  queueRow_->hide();
  layout->addWidget(queueRow_);
}

QAction* TriageBar::action(TriagePreset preset) const {
  return actions_[static_cast<std::size_t>(preset)];
}

void TriageBar::setAnalysisReady(bool ready) {
  for (QAction* action : actions_) action->setEnabled(ready);
}

void TriageBar::showQueue(const QString& title, const QString& images) {
  queueBanner_->setText(tr("Queue: <b>%1</b> (%2) \u2014 <a href=\"clear\">clear</a>")
                            .arg(title.toHtmlEscaped(), images));
  queueRow_->show();
}

void TriageBar::hideQueue() {
  queueBanner_->clear();
  queueRow_->hide();
}

QString TriageBar::queueText() const {
  return queueRow_->isHidden() ? QString() : queueBanner_->text();
}

void TriageBar::resetTop() {
  const QSignalBlocker block(queueTop_);
  queueTop_->setValue(0);
}

}  // namespace posescope
