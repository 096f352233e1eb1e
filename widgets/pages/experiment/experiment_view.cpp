#include "widgets/pages/experiment/experiment_view.h"

#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

#include <QTimer>

#include "common/errors.h"
#include "widgets/common/table_views.h"
#include "widgets/models/arch_table_model.h"
#include "widgets/models/config_tree_model.h"
#include "widgets/models/override_table_model.h"
#include "widgets/session/background_job.h"
#include "widgets/session/network_engine.h"

namespace posescope {

namespace {

// What the background summary of a network gives the arch view: its costs or what went wrong.
struct NetworkCostOutcome {
  std::optional<NetworkCosts> costs;
  QString error;
};

// Builds the network and sums its layers (valid.py's get_model_summary at INPUT_SIZE) through
// the network engine; runs on a worker thread: building HigherHRNet or a supernet (or waiting for
// LibTorch to load) takes long enough to stall the window.
NetworkCostOutcome computeNetworkCost(const Experiment& experiment) {
  NetworkCostOutcome outcome;
  try {
    outcome.costs = networkEngine().networkCosts(experiment);
  } catch (const std::exception& e) {
    outcome.error = QString::fromStdString(e.what());
  }
  return outcome;
}

}  // namespace

ExperimentView::ExperimentView(QWidget* parent) : QWidget(parent) {
  configModel_ = new ConfigTreeModel(this);
  archModel_ = new ArchTableModel(this);
  warnings_ = new QListWidget;
  warnings_->setMaximumHeight(90);
  warnings_->setWordWrap(true);  // long did-you-mean lines readable without a sideways scroll
  warnings_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  warnings_->setStyleSheet(QStringLiteral("QListWidget { background: #fff8e1; }"));
  warnings_->hide();
  splitter_ = new QSplitter;
  splitter_->addWidget(buildConfigPane());
  splitter_->addWidget(buildArchPane());
  splitter_->setStretchFactor(0, 1);
  splitter_->setStretchFactor(1, 1);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(buildInputs());
  layout->addWidget(warnings_);
  layout->addWidget(splitter_, 1);
}

// The YAML and arch file fields with Browse buttons, the overrides, the error banner.
QWidget* ExperimentView::buildInputs() {
  auto* form = new QFormLayout;
  auto fileRow = [this](QLineEdit*& edit, const QString& placeholder, const QString& filter,
                        bool isConfig) {
    auto* row = new QHBoxLayout;
    edit = new QLineEdit;
    edit->setPlaceholderText(placeholder);
    edit->setClearButtonEnabled(true);
    auto* browse = new QPushButton(tr("Browse\u2026"));
    row->addWidget(edit, 1);
    row->addWidget(browse);
    connect(edit, &QLineEdit::editingFinished, this, [this, edit, isConfig] {
      if (isConfig) {
        if (edit->text() != configFile_) setConfigFile(edit->text());
      } else if (edit->text() != archFile_) {
        setArchFile(edit->text());
      }
    });
    connect(browse, &QPushButton::clicked, this, [this, filter, isConfig] {
      const QString f = QFileDialog::getOpenFileName(this, tr("Open"), QString(), filter);
      if (f.isEmpty()) return;
      isConfig ? setConfigFile(f) : setArchFile(f);
    });
    return row;
  };
  form->addRow(tr("Experiment &YAML:"), fileRow(configEdit_, tr("experiment config (--cfg)"),
                                                tr("Experiment YAML (*.yaml *.yml)"), true));
  form->addRow(tr("&Architecture JSON:"),
               fileRow(archEdit_, tr("optional, as valid.py's --superconfig"),
                       tr("Architecture JSON (*.json)"), false));
  overridesEdit_ = new QLineEdit;
  overridesEdit_->setPlaceholderText(tr("KEY VALUE overrides, e.g. TEST.FLIP_TEST False"));
  connect(overridesEdit_, &QLineEdit::editingFinished, this, [this] {
    if (overridesEdit_->text() != overrides_) setOverrides(overridesEdit_->text());
  });
  form->addRow(tr("&Overrides:"), overridesEdit_);

  errorLabel_ = new QLabel;
  errorLabel_->setWordWrap(true);
  errorLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  errorLabel_->setStyleSheet(QStringLiteral(
      "QLabel { background: #fdecea; color: #8a1c13; border: 1px solid #f5c2bd; padding: 6px; }"));
  errorLabel_->hide();
  inputs_ = new QWidget;
  auto* layout = new QVBoxLayout(inputs_);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(form);
  layout->addWidget(errorLabel_);
  return inputs_;
}

// Left: the merged config as a filterable tree.
QWidget* ExperimentView::buildConfigPane() {
  filterEdit_ = new QLineEdit;
  filterEdit_->setPlaceholderText(tr("Filter keys (e.g. TEST. or FLIP)"));
  filterEdit_->setClearButtonEnabled(true);
  configProxy_ = new QSortFilterProxyModel(this);
  configProxy_->setSourceModel(configModel_);
  configProxy_->setRecursiveFilteringEnabled(true);
  configProxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
  configProxy_->setFilterRole(Qt::ToolTipRole);  // match on the dotted path
  connect(filterEdit_, &QLineEdit::textChanged, this, [this](const QString& text) {
    configProxy_->setFilterFixedString(text);
    if (!text.isEmpty()) configTree_->expandAll();
  });
  configTree_ = new QTreeView;
  configTree_->setModel(configProxy_);
  configTree_->setAlternatingRowColors(true);
  configTree_->setUniformRowHeights(true);
  configTree_->header()->setSectionResizeMode(QHeaderView::Interactive);

  auto* pane = new QWidget;
  auto* layout = new QVBoxLayout(pane);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(new QLabel(tr("<b>Merged config</b> (defaults \u2190 YAML \u2190 overrides)")));
  layout->addWidget(filterEdit_);
  layout->addWidget(configTree_, 1);
  return pane;
}

// Right: the architecture, stage by stage, with its costs.
QWidget* ExperimentView::buildArchPane() {
  archTable_ = makeRowTable(archModel_);
  archTable_->setAlternatingRowColors(true);
  archCaption_ = new QLabel(tr("<b>Architecture</b>"));
  archCaption_->setWordWrap(true);
  auto* pane = new QWidget;
  auto* layout = new QVBoxLayout(pane);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(archCaption_);
  layout->addWidget(archTable_, 1);
  return pane;
}

void ExperimentView::setInputsVisible(bool visible) {
  inputs_->setVisible(visible);
}

void ExperimentView::setPreviewOrientation(Qt::Orientation orientation) {
  splitter_->setOrientation(orientation);
}

void ExperimentView::showExperiment(const std::optional<Experiment>& experiment) {
  experiment_ = experiment;
  errorLabel_->clear();
  errorLabel_->hide();
  display();
}

void ExperimentView::setConfigFile(const QString& path) {
  configFile_ = path;
  configEdit_->setText(path);
  reload();
}

void ExperimentView::setArchFile(const QString& path) {
  archFile_ = path;
  archEdit_->setText(path);
  reload();
}

void ExperimentView::setOverrides(const QString& overrides) {
  overrides_ = overrides;
  overridesEdit_->setText(overrides);
  reload();
}

QString ExperimentView::errorText() const {
  return errorLabel_->text();
}

void ExperimentView::reload() {
  experiment_.reset();
  warnings_->clear();
  errorLabel_->clear();
  errorLabel_->hide();
  if (configFile_.isEmpty()) {
    configModel_->setConfig(ConfigNode());
    archModel_->setArch(std::nullopt);
    archCaption_->setText(tr("<b>Architecture</b>"));
    Q_EMIT experimentChanged();
    return;
  }
  ExperimentSpec spec;
  spec.cfgFile = configFile_.toStdString();
  spec.archFile = archFile_.toStdString();
  for (const QString& token : splitCommandWords(overrides_))
    spec.overrides.push_back(token.toStdString());
  try {
    experiment_ = loadExperiment(spec);
  } catch (const Error& e) {
    errorLabel_->setText(QString::fromStdString(e.what()));
    errorLabel_->show();
  }
  display();
}

void ExperimentView::display() {
  warnings_->clear();
  if (experiment_) {
    configFile_ = QString::fromStdString(experiment_->spec.cfgFile);
    archFile_ = QString::fromStdString(experiment_->spec.archFile);
  }
  if (experiment_) {
    configModel_->setConfig(experiment_->cfg);
    configTree_->expandToDepth(0);
    configTree_->resizeColumnToContents(ConfigTreeModel::KeyColumn);
    std::optional<ArchConfig> arch;
    try {
      arch = experiment_->effectiveArch();
    } catch (const Error& e) {
      warnings_->addItem(QString::fromStdString(e.what()));
    }
    archModel_->setArch(arch);
    archTable_->resizeColumnsToContents();
    QString caption = tr("<b>Architecture</b>");
    if (arch) {
      caption += experiment_->arch ? tr(" from %1, input %2 px")
                                         .arg(QString::fromStdString(experiment_->spec.archFile))
                                         .arg(arch->imgSize)
                                   : tr(" (ArchManager.fixed_sample(): no arch JSON given)");
    } else {
      caption += tr(" \u2014 %1 is configured by MODEL.EXTRA (see the config tree)")
                     .arg(QString::fromStdString(experiment_->cfg.getString("MODEL.NAME")));
    }
    archCaption_->setText(caption);
    scheduleCostComputation(caption);
    // The form that drives the view notes unknown keys under its own YAML field: once is enough.
    if (!inputs_->isHidden())
      for (const auto& w : experiment_->warnings)
        warnings_->addItem(QString::fromStdString(formatConfigWarning(w)));
    warnings_->setVisible(warnings_->count() > 0);
  } else {
    configModel_->setConfig(ConfigNode());
    archModel_->setArch(std::nullopt);
    archCaption_->setText(tr("<b>Architecture</b>"));
    warnings_->hide();
  }
  Q_EMIT experimentChanged();
}

void ExperimentView::scheduleCostComputation(const QString& caption) {
  costJob_.cancel();  // results of computations already running are now stale
  pendingCaption_ = caption;
  costPending_ = true;
  if (!costDebounce_) {
    // Editing a field reloads the experiment at every step: build the network only once the
    // inputs have settled, and never beside a run's own network construction.
    costDebounce_ = new QTimer(this);
    costDebounce_->setSingleShot(true);
    costDebounce_->setInterval(400);
    connect(costDebounce_, &QTimer::timeout, this, [this] {
      if (costPending_ && !costsPaused_ && experiment_) {
        costPending_ = false;
        startCostComputation(pendingCaption_);
      }
    });
  }
  costDebounce_->start();
}

void ExperimentView::setCostsPaused(bool paused) {
  costsPaused_ = paused;
  if (!paused && costPending_ && costDebounce_) costDebounce_->start();
}

void ExperimentView::startCostComputation(const QString& caption) {
  costJob_.start(
      this, [experiment = *experiment_] { return computeNetworkCost(experiment); },
      [this, caption](const NetworkCostOutcome& outcome) {
        if (!outcome.costs) {
          archCaption_->setText(caption + tr("<br><span style='color:#8a1c13'>network: %1</span>")
                                              .arg(outcome.error.toHtmlEscaped()));
          return;
        }
        const NetworkCosts& cost = *outcome.costs;
        archModel_->setCosts(cost.stages);
        archTable_->resizeColumnsToContents();
        QString totals = tr("<br>%1 parameters, %2 MACs (ptflops) at %3×%3")
                             .arg(formatCount(cost.parameters), formatCount(cost.multiplyAdds))
                             .arg(cost.inputSize);
        if (cost.activeParameters != cost.parameters)
          totals += tr(" (the active sub-network uses %1 parameters)")
                        .arg(formatCount(cost.activeParameters));
        archCaption_->setText(caption + totals);
        Q_EMIT costsComputed();
      });
}

}  // namespace posescope
