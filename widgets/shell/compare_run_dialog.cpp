#include "widgets/shell/compare_run_dialog.h"

#include <QDialogButtonBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

#include "widgets/pages/experiment/run_setup_view.h"

namespace posescope {

namespace {

QWidget* sideBox(const QString& title, RunSetupView* view) {
  auto* scroll = new QScrollArea;
  scroll->setWidget(view);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  auto* box = new QGroupBox(title);
  auto* layout = new QVBoxLayout(box);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(scroll);
  return box;
}

}  // namespace

CompareRunDialog::CompareRunDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Run A and B to Compare"));
  viewA_ = new RunSetupView;
  viewB_ = new RunSetupView;
  for (RunSetupView* view : {viewA_, viewB_}) {
    view->setRunButtonVisible(false);
    connect(view, &RunSetupView::validated, this, &CompareRunDialog::updateCheck);
  }
  auto* intro = new QLabel(
      tr("Two evaluations on the same dataset, run one after the other in the background; the "
         "Compare page opens on both run folders when B is done. Typically B changes the "
         "architecture JSON and the checkpoint."));
  intro->setWordWrap(true);
  auto* sides = new QSplitter(Qt::Horizontal);
  sides->addWidget(sideBox(tr("A"), viewA_));
  sides->addWidget(sideBox(tr("B"), viewB_));
  sides->setChildrenCollapsible(false);

  pairError_ = new QLabel;
  pairError_->setWordWrap(true);
  pairError_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  pairError_->setStyleSheet(QStringLiteral(
      "QLabel { color: #a3160b; background: #fdecea; border-left: 3px solid #d93025; "
      "padding: 2px 6px; }"));
  pairError_->hide();

  auto* copy = new QPushButton(tr("Copy A \u2192 B"));
  copy->setToolTip(tr("Fill B with A's fields; then change B's architecture and checkpoint"));
  connect(copy, &QPushButton::clicked, this, &CompareRunDialog::copyAToB);
  auto* buttons = new QDialogButtonBox;
  runButton_ = buttons->addButton(tr("\u25b6  Run A, then B"), QDialogButtonBox::AcceptRole);
  runButton_->setDefault(true);
  runButton_->setEnabled(false);
  buttons->addButton(QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, [this] {
    viewA_->validateNow();
    viewB_->validateNow();
    if (check_.ok()) Q_EMIT runRequested();
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* bottom = new QHBoxLayout;
  bottom->addWidget(copy);
  bottom->addStretch();
  bottom->addWidget(buttons);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addWidget(sides, 1);
  layout->addWidget(pairError_);
  layout->addLayout(bottom);
  resize(1240, 680);  // both forms whole, with their message slots, on a 1280 x 800 screen
  updateCheck();
}

void CompareRunDialog::setSetups(const RunSetup& a, const RunSetup& b) {
  viewA_->setSetup(a);
  viewB_->setSetup(b);
}

RunSetup CompareRunDialog::setup(Side side) const {
  return setupView(side)->setup();
}

void CompareRunDialog::copyAToB() {
  viewB_->setSetup(viewA_->setup());
}

void CompareRunDialog::showRunError(const QString& message) {
  pairError_->setText(message);
  pairError_->setVisible(!message.isEmpty());
}

QString CompareRunDialog::pairErrorText() const {
  return pairError_->isHidden() ? QString() : pairError_->text();
}

void CompareRunDialog::updateCheck() {
  check_.a = viewA_->check();
  check_.b = viewB_->check();
  check_.pairError.clear();
  if (check_.a.ok() && check_.b.ok()) {  // else each side's own errors say what to fix
    const auto key = [](const Experiment& e) {
      const ConfigNode& cfg = e.cfg;
      return QString::fromStdString(cfg.getString("DATASET.DATASET_TEST") + '\n' +
                                    cfg.getString("DATASET.ROOT") + '\n' +
                                    cfg.getString("DATASET.TEST"));
    };
    const QString k = key(*check_.a.experiment) + '\n' + key(*check_.b.experiment);
    if (k != differenceKey_) {
      differenceKey_ = k;
      difference_ = datasetDifference(*check_.a.experiment, *check_.b.experiment);
    }
    check_.pairError = difference_;
  }
  pairError_->setText(check_.pairError);
  pairError_->setVisible(!check_.pairError.isEmpty());
  runButton_->setEnabled(check_.ok());
  Q_EMIT validated();
}

}  // namespace posescope
