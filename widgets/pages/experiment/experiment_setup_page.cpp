#include "widgets/pages/experiment/experiment_setup_page.h"

#include <QScrollArea>
#include <QSettings>

#include "widgets/pages/experiment/experiment_view.h"
#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/session/checkpoint_check.h"

namespace posescope {

ExperimentSetupPage::ExperimentSetupPage(QWidget* parent) : QSplitter(Qt::Horizontal, parent) {
  setupView_ = new RunSetupView;
  experimentView_ = new ExperimentView;
  experimentView_->setInputsVisible(false);  // the form is the input
  experimentView_->setPreviewOrientation(Qt::Vertical);
  auto* setupScroll = new QScrollArea;
  setupScroll->setWidget(setupView_);
  setupScroll->setWidgetResizable(true);
  setupScroll->setFrameShape(QFrame::NoFrame);
  addWidget(setupScroll);
  addWidget(experimentView_);
  setStretchFactor(0, 3);
  setStretchFactor(1, 2);
  connect(setupView_, &RunSetupView::validated, this,
          [this] { experimentView_->showExperiment(setupView_->check().experiment); });
  // The arch costs and the checkpoint check each build a network: one at a time.
  connect(setupView_->checkpointCheck(), &CheckpointCheck::checking, this,
          [this] { experimentView_->setCostsPaused(true); });
  connect(setupView_->checkpointCheck(), &CheckpointCheck::checked, this,
          [this] { experimentView_->setCostsPaused(running_); });
}

void ExperimentSetupPage::setRunning(bool running) {
  running_ = running;
  setupView_->setRunning(running);
  experimentView_->setCostsPaused(running);
}

void ExperimentSetupPage::saveSetup(QSettings& settings) const {
  saveRunSetup(settings, QStringLiteral("setup"), setupView_->setup());
}

void ExperimentSetupPage::restoreSetup(const QSettings& settings) {
  if (const auto s = loadRunSetup(settings, QStringLiteral("setup"), setupView_->setup()))
    setupView_->setSetup(*s);
}

}  // namespace posescope
