#include "widgets/pages/experiment/run_setup_view.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "widgets/models/override_table_model.h"
#include "widgets/session/device_choices.h"

namespace posescope {

namespace {

constexpr int kTypingPauseMs = 250;

const char* const kErrorStyle =
    "QLabel { color: #a3160b; background: #fdecea; border-left: 3px solid #d93025; "
    "padding: 2px 6px; }";

}  // namespace

RunSetupView::RunSetupView(QWidget* parent) : QWidget(parent) {
  devices_ = availableDevices();
  validateTimer_ = new QTimer(this);
  validateTimer_->setSingleShot(true);
  validateTimer_->setInterval(kTypingPauseMs);
  connect(validateTimer_, &QTimer::timeout, this, &RunSetupView::validateNow);

  auto* form = new QFormLayout;
  form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
  configEdit_ = addPathRow(form, tr("Experiment &YAML:"), tr("experiment config (--cfg)"),
                           SetupField::Config, tr("Experiment YAML (*.yaml *.yml)"), false);
  archEdit_ = addPathRow(form, tr("&Architecture JSON:"), tr("optional (--superconfig)"),
                         SetupField::Arch, tr("Architecture JSON (*.json)"), false);
  checkpointEdit_ = addPathRow(form, tr("&Checkpoint:"), tr("TEST.MODEL_FILE (empty: the YAML's)"),
                               SetupField::Checkpoint,
                               tr("Checkpoints (*.pth *.pth.tar *.pt);;All files (*)"), false);
  datasetEdit_ = addPathRow(form, tr("&Dataset root:"), tr("DATASET.ROOT (empty: the YAML's)"),
                            SetupField::DatasetRoot, QString(), true);
  addOverridesRow(form);
  addDeviceRow(form);
  outputEdit_ = addPathRow(form, tr("O&utput folder:"), tr("each run gets a folder in here"),
                           SetupField::Output, QString(), true);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addLayout(buildRunRow());
  layout->addStretch();
  setOutputDir(QDir::current().filePath(QStringLiteral("runs")));
}

// The KEY VALUE table with + and − buttons; any edit revalidates after a typing pause.
void RunSetupView::addOverridesRow(QFormLayout* form) {
  overrideModel_ = new OverrideTableModel(this);
  overrideTable_ = new QTableView;
  overrideTable_->setModel(overrideModel_);
  overrideTable_->verticalHeader()->hide();
  overrideTable_->horizontalHeader()->setStretchLastSection(true);
  overrideTable_->horizontalHeader()->resizeSection(OverrideTableModel::KeyColumn, 200);
  overrideTable_->setFixedHeight(110);
  auto* addRow = new QPushButton(tr("+"));
  addRow->setToolTip(tr("Add a KEY VALUE override"));
  auto* removeRow = new QPushButton(tr("\u2212"));
  removeRow->setToolTip(tr("Remove the selected override"));
  for (auto* b : {addRow, removeRow}) b->setFixedWidth(32);
  connect(addRow, &QPushButton::clicked, this, [this] {
    const int row = overrideModel_->rowCount();
    overrideModel_->insertRows(row, 1);
    overrideTable_->edit(overrideModel_->index(row, OverrideTableModel::KeyColumn));
  });
  connect(removeRow, &QPushButton::clicked, this, [this] {
    const QModelIndex current = overrideTable_->currentIndex();
    if (current.isValid()) overrideModel_->removeRows(current.row(), 1);
  });
  connect(overrideModel_, &QAbstractItemModel::modelReset, this, &RunSetupView::scheduleValidation);
  connect(overrideModel_, &QAbstractItemModel::dataChanged, this,
          &RunSetupView::scheduleValidation);
  connect(overrideModel_, &QAbstractItemModel::rowsInserted, this,
          &RunSetupView::scheduleValidation);
  connect(overrideModel_, &QAbstractItemModel::rowsRemoved, this,
          &RunSetupView::scheduleValidation);
  auto* buttons = new QVBoxLayout;
  buttons->addWidget(addRow);
  buttons->addWidget(removeRow);
  auto* tableRow = new QHBoxLayout;
  tableRow->addWidget(overrideTable_, 1, Qt::AlignTop);
  tableRow->addLayout(buttons);
  tableRow->setAlignment(buttons, Qt::AlignTop);
  auto* overrides = new QVBoxLayout;
  overrides->addLayout(tableRow);
  overrides->addWidget(addErrorLabel(SetupField::Overrides));
  auto* overridesLabel = new QLabel(tr("&Overrides:"));
  overridesLabel->setBuddy(overrideTable_);
  form->addRow(overridesLabel, overrides);
}

void RunSetupView::addDeviceRow(QFormLayout* form) {
  deviceCombo_ = new QComboBox;
  deviceCombo_->addItems(devices_);
  deviceCombo_->setToolTip(
      tr("auto: the CUDA device from GPUS when CUDA is available, else the CPU"));
  connect(deviceCombo_, &QComboBox::currentTextChanged, this, &RunSetupView::validateNow);
  auto* device = new QVBoxLayout;
  device->addWidget(deviceCombo_);
  device->addWidget(addErrorLabel(SetupField::Device));
  auto* deviceLabel = new QLabel(tr("De&vice:"));
  deviceLabel->setBuddy(deviceCombo_);
  form->addRow(deviceLabel, device);
}

// What the setup will run (or why not) beside the Run button.
QLayout* RunSetupView::buildRunRow() {
  summaryLabel_ = new QLabel;
  summaryLabel_->setWordWrap(true);
  runButton_ = new QPushButton(tr("\u25b6  Run evaluation"));
  runButton_->setDefault(true);
  runButton_->setMinimumHeight(34);
  runButton_->setEnabled(false);
  connect(runButton_, &QPushButton::clicked, this, [this] {
    validateNow();
    if (check_.ok() && !running_) Q_EMIT runRequested();
  });
  auto* runRow = new QHBoxLayout;
  runRow->addWidget(summaryLabel_, 1);
  runRow->addWidget(runButton_);
  return runRow;
}

QLabel* RunSetupView::addErrorLabel(SetupField field) {
  auto* label = new QLabel;
  label->setWordWrap(true);
  label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  label->setStyleSheet(QLatin1String(kErrorStyle));
  label->hide();
  errorLabels_[field] = label;
  return label;
}

QLineEdit* RunSetupView::addPathRow(QFormLayout* form, const QString& label,
                                    const QString& placeholder, SetupField field,
                                    const QString& filter, bool directory) {
  auto* edit = new QLineEdit;
  edit->setPlaceholderText(placeholder);
  edit->setClearButtonEnabled(true);
  auto* browse = new QPushButton(tr("Browse\u2026"));
  connect(edit, &QLineEdit::textChanged, this, &RunSetupView::scheduleValidation);
  connect(edit, &QLineEdit::editingFinished, this, &RunSetupView::validateNow);
  connect(browse, &QPushButton::clicked, this, [this, edit, filter, directory, label] {
    QString chosen =
        directory
            ? QFileDialog::getExistingDirectory(this, QString(label).remove('&'), edit->text())
            : QFileDialog::getOpenFileName(this, QString(label).remove('&'), edit->text(), filter);
    if (chosen.isEmpty()) return;
    edit->setText(chosen);
    validateNow();
  });
  auto* row = new QHBoxLayout;
  row->addWidget(edit, 1);
  row->addWidget(browse);
  auto* column = new QVBoxLayout;
  column->addLayout(row);
  column->addWidget(addErrorLabel(field));
  auto* caption = new QLabel(label);
  caption->setBuddy(edit);
  form->addRow(caption, column);
  return edit;
}

RunSetup RunSetupView::setup() const {
  RunSetup s;
  s.configFile = configEdit_->text().trimmed();
  s.archFile = archEdit_->text().trimmed();
  s.checkpoint = checkpointEdit_->text().trimmed();
  s.datasetRoot = datasetEdit_->text().trimmed();
  s.overrides = overrideModel_->flatList();
  s.device = deviceCombo_->currentText();
  s.outputDir = outputEdit_->text().trimmed();
  return s;
}

void RunSetupView::setSetup(const RunSetup& s) {
  batch_ = true;  // one validation at the end
  configEdit_->setText(s.configFile);
  archEdit_->setText(s.archFile);
  checkpointEdit_->setText(s.checkpoint);
  datasetEdit_->setText(s.datasetRoot);
  setOverrides(s.overrides);
  setDevice(s.device);
  outputEdit_->setText(s.outputDir);
  batch_ = false;
  validateNow();
}

void RunSetupView::setConfigFile(const QString& path) {
  configEdit_->setText(path);
  validateNow();
}
void RunSetupView::setArchFile(const QString& path) {
  archEdit_->setText(path);
  validateNow();
}
void RunSetupView::setCheckpoint(const QString& path) {
  checkpointEdit_->setText(path);
  validateNow();
}
void RunSetupView::setDatasetRoot(const QString& path) {
  datasetEdit_->setText(path);
  validateNow();
}

bool RunSetupView::setPath(PathKind kind, const QString& path) {
  switch (kind) {
    case PathKind::Config:
      setConfigFile(path);
      return true;
    case PathKind::Arch:
      setArchFile(path);
      return true;
    case PathKind::Checkpoint:
      setCheckpoint(path);
      return true;
    case PathKind::DatasetRoot:
      setDatasetRoot(path);
      return true;
    case PathKind::RunFolder:
    case PathKind::Unknown:
      break;
  }
  return false;
}

void RunSetupView::setOutputDir(const QString& dir) {
  outputEdit_->setText(dir);
  validateNow();
}

void RunSetupView::setOverrides(const QStringList& flat) {
  QVector<OverrideTableModel::Entry> entries;
  for (int i = 0; i < flat.size(); i += 2)
    entries.append({flat[i], i + 1 < flat.size() ? flat[i + 1] : QString()});
  overrideModel_->setEntries(entries);
  validateNow();
}

void RunSetupView::setDevice(const QString& device) {
  // A remembered device this machine lacks stays visible, so the error can name it.
  if (deviceCombo_->findText(device) < 0) deviceCombo_->addItem(device);
  deviceCombo_->setCurrentText(device);
  validateNow();
}

void RunSetupView::setRunning(bool running) {
  running_ = running;
  for (QWidget* w :
       std::initializer_list<QWidget*>{configEdit_, archEdit_, checkpointEdit_, datasetEdit_,
                                       outputEdit_, deviceCombo_, overrideTable_})
    w->setEnabled(!running);
  runButton_->setEnabled(!running && check_.ok());
}

void RunSetupView::setRunButtonVisible(bool visible) {
  runButton_->setVisible(visible);
}

void RunSetupView::scheduleValidation() {
  validateTimer_->start();
}

void RunSetupView::validateNow() {
  validateTimer_->stop();
  if (batch_) return;
  check_ = checkRunSetup(setup(), devices_);
  for (auto it = errorLabels_.begin(); it != errorLabels_.end(); ++it) {
    const QString message = check_.error(it.key());
    it.value()->setText(message);
    it.value()->setVisible(!message.isEmpty());
  }
  if (check_.ok()) {
    const ConfigNode& cfg = check_.experiment->cfg;
    summaryLabel_->setText(tr("Ready: %1 on %2, %3 split of %4.")
                               .arg(QString::fromStdString(cfg.getString("MODEL.NAME")),
                                    deviceCombo_->currentText(),
                                    QString::fromStdString(cfg.getString("DATASET.TEST")),
                                    QString::fromStdString(cfg.getString("DATASET.DATASET_TEST"))));
  } else {
    summaryLabel_->setText(
        tr("%n field(s) to fix before running.", nullptr, static_cast<int>(check_.errors.size())));
  }
  runButton_->setEnabled(!running_ && check_.ok());
  Q_EMIT validated();
}

QString RunSetupView::fieldError(SetupField field) const {
  const QLabel* label = errorLabels_.value(field);
  return label && !label->isHidden() ? label->text() : QString();
}

}  // namespace posescope
