#include "widgets/pages/compare/compare_header_bar.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolButton>

#include "widgets/common/elided_label.h"

namespace posescope {

CompareHeaderBar::CompareHeaderBar(QWidget* parent) : QWidget(parent) {
  pathA_ = new ElidedLabel;
  pathB_ = new ElidedLabel;
  for (ElidedLabel* l : {pathA_, pathB_}) {
    l->setElideMode(Qt::ElideMiddle);
    l->setMinimumWidth(120);
  }
  setRunFolder(A, {});
  setRunFolder(B, {});
  auto* openA = new QPushButton(tr("Open &A\u2026"));
  auto* openB = new QPushButton(tr("Open &B\u2026"));
  auto* swap = new QPushButton(tr("S&wap"));
  connect(openA, &QPushButton::clicked, this, [this] { Q_EMIT openRequested(A); });
  connect(openB, &QPushButton::clicked, this, [this] { Q_EMIT openRequested(B); });
  connect(swap, &QPushButton::clicked, this, &CompareHeaderBar::swapRequested);
  runPairButton_ = new QPushButton(tr("&Run A and B\u2026"));
  runPairButton_->setObjectName(QStringLiteral("runPairButton"));
  runPairButton_->setToolTip(
      tr("Set up two evaluations on the same dataset and run them one after the "
         "other (Run \u2192 Run A and B to Compare)"));
  connect(runPairButton_, &QPushButton::clicked, this, &CompareHeaderBar::runPairRequested);
  orderBox_ = new QComboBox;
  orderBox_->addItem(tr("\u0394 AP (B loses most first)"));
  orderBox_->addItem(tr("\u0394 OKS (B loses most first)"));
  connect(orderBox_, &QComboBox::currentIndexChanged, this,
          [this](int i) { Q_EMIT orderChosen(i == 1 ? DeltaOrder::Oks : DeltaOrder::Ap); });
  exportButton_ = new QToolButton;
  exportButton_->setText(tr("E&xport"));
  exportButton_->setPopupMode(QToolButton::InstantPopup);

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(pathA_, 1);
  layout->addWidget(openA);
  layout->addSpacing(12);
  layout->addWidget(pathB_, 1);
  layout->addWidget(openB);
  layout->addWidget(swap);
  layout->addWidget(runPairButton_);
  layout->addSpacing(12);
  layout->addWidget(new QLabel(tr("Order:")));
  layout->addWidget(orderBox_);
  layout->addWidget(exportButton_);
}

void CompareHeaderBar::setRunFolder(Side side, const QString& dir) {
  // The folder's name only (the full paths of pairs run from the GUI overflow the header); the
  // whole path is the tooltip.
  ElidedLabel* label = side == A ? pathA_ : pathB_;
  const QString native = QDir::toNativeSeparators(dir);
  label->setText(
      tr("%1: %2").arg(side == A ? QStringLiteral("A") : QStringLiteral("B"),
                       dir.isEmpty() ? QStringLiteral("\u2013") : QFileInfo(native).fileName()));
  label->setToolTip(native);
}

void CompareHeaderBar::setOrder(DeltaOrder order) {
  const QSignalBlocker block(orderBox_);
  orderBox_->setCurrentIndex(order == DeltaOrder::Oks ? 1 : 0);
}

void CompareHeaderBar::setRunPairEnabled(bool enabled) {
  runPairButton_->setEnabled(enabled);
}

void CompareHeaderBar::setExportMenu(QMenu* menu) {
  exportButton_->setMenu(menu);
}

}  // namespace posescope
