#include "widgets/common/display_filter_bar.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSpinBox>

namespace posescope {

DisplayFilterBar::DisplayFilterBar(QWidget* parent) : QWidget(parent) {
  minScore_ = new QDoubleSpinBox;
  minScore_->setRange(0, 1);
  minScore_->setSingleStep(0.05);
  minScore_->setDecimals(2);
  minScore_->setPrefix(tr("score \u2265 "));
  minScore_->setToolTip(
      tr("Draw only people scoring at least this (display only: the metrics count every "
         "person)"));
  top_ = new QSpinBox;
  top_->setRange(0, 999);
  top_->setSpecialValueText(tr("all people"));
  top_->setPrefix(tr("top "));
  top_->setToolTip(tr("Draw only the highest-scoring people (display only)"));
  match_ = new QComboBox;
  match_->addItem(tr("matches at OKS .50"), 0.5);
  match_->addItem(tr("matches at OKS .75"), 0.75);
  match_->setToolTip(tr("The OKS threshold whose matches are drawn and listed"));

  connect(minScore_, &QDoubleSpinBox::valueChanged, this,
          [this](double v) { Q_EMIT filterChanged(v, top_->value()); });
  connect(top_, &QSpinBox::valueChanged, this,
          [this](int n) { Q_EMIT filterChanged(minScore_->value(), n); });
  connect(match_, &QComboBox::activated, this,
          [this](int i) { Q_EMIT matchThresholdChanged(match_->itemData(i).toDouble()); });

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(minScore_);
  layout->addWidget(top_);
  layout->addWidget(match_);
}

void DisplayFilterBar::setValues(const RenderOptions& options) {
  const QSignalBlocker blockScore(minScore_), blockTop(top_), blockMatch(match_);
  minScore_->setValue(options.minPersonScore);
  top_->setValue(options.maxPeople);
  match_->setCurrentIndex(options.matchThreshold >= 0.75 ? 1 : 0);
}

RenderOptions DisplayFilterBar::appliedTo(RenderOptions options) const {
  options.minPersonScore = minScore_->value();
  options.maxPeople = top_->value();
  options.matchThreshold = match_->currentData().toDouble();
  return options;
}

}  // namespace posescope
