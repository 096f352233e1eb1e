#include "widgets/pages/experiment/run_setup_view.h"

#include <QComboBox>
#include <QDateTime>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "widgets/common/table_views.h"
#include "widgets/models/override_table_model.h"
#include "widgets/pages/experiment/field_message.h"
#include "widgets/session/background_job.h"
#include "widgets/session/checkpoint_check.h"
#include "widgets/session/device_choices.h"
#include "widgets/session/unknown_key_notes.h"

namespace posescope {

namespace {

constexpr int kTypingPauseMs = 250;
constexpr int kMessageSpacing = 2;  // a message sits close to its field, apart from the next

// What the background checkpoint check depends on: the setup's fields and the checkpoint file's
// size and time (a rewritten checkpoint is checked again).
QString fitKeyOf(const RunSetup& s, const Experiment& experiment) {
  const QFileInfo checkpoint(QString::fromStdString(experiment.cfg.getString("TEST.MODEL_FILE")));
  return QStringList{s.configFile,
                     s.archFile,
                     s.checkpoint,
                     s.overrides.join('\x1f'),
                     checkpoint.absoluteFilePath(),
                     QString::number(checkpoint.size()),
                     checkpoint.lastModified().toString(Qt::ISODateWithMs)}
      .join('\x1e');
}

}  // namespace

RunSetupView::RunSetupView(QWidget* parent) : QWidget(parent) {
  devices_ = new DeviceProbe(this);
  connect(devices_, &DeviceProbe::answered, this, [this](const QStringList& devices) {
    for (const QString& device : devices)
      if (deviceCombo_->findText(device) < 0) deviceCombo_->addItem(device);
    validateNow();  // a remembered CUDA device is now known to be there or not
  });
  fitCheck_ = new CheckpointCheck(this);
  connect(fitCheck_, &CheckpointCheck::checked, this, [this](const QString& error) {
    fitKnown_ = true;
    fitError_ = error;
    showCheck();
    Q_EMIT checkpointChecked();
  });
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
  overrideTable_ = makeRowTable(overrideModel_);
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
  overrides->setSpacing(kMessageSpacing);
  overrides->addLayout(tableRow);
  overrides->addWidget(addMessageSlot(SetupField::Overrides));
  auto* overridesLabel = new QLabel(tr("&Overrides:"));
  overridesLabel->setBuddy(overrideTable_);
  form->addRow(overridesLabel, overrides);
}

void RunSetupView::addDeviceRow(QFormLayout* form) {
  deviceCombo_ = new QComboBox;
  deviceCombo_->addItems(devices_->devices());
  deviceCombo_->setToolTip(
      tr("auto: the CUDA device from GPUS when CUDA is available, else the CPU"));
  connect(deviceCombo_, &QComboBox::currentTextChanged, this, &RunSetupView::validateNow);
  auto* device = new QVBoxLayout;
  device->setSpacing(kMessageSpacing);
  device->addWidget(deviceCombo_, 0, Qt::AlignLeft);  // its own width, not the message slot's
  device->addWidget(addMessageSlot(SetupField::Device));
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
    if (canRun() && !running_) Q_EMIT runRequested();
  });
  auto* runRow = new QHBoxLayout;
  runRow->addWidget(summaryLabel_, 1);
  runRow->addWidget(runButton_);
  return runRow;
}

FieldMessage* RunSetupView::addMessageSlot(SetupField field) {
  auto* message = new FieldMessage;
  messages_[field] = message;
  return message;
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
  column->setSpacing(kMessageSpacing);
  column->addLayout(row);
  column->addWidget(addMessageSlot(field));
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
  fitCheck_->setPaused(running);  // never beside the run's own network construction
  runButton_->setEnabled(!running && canRun());
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
  check_ = checkRunSetup(setup(), devices_->knownDevices());
  // The checkpoint is checked against the network in the background once the inputs settle.
  const QString key = check_.ok() ? fitKeyOf(setup(), *check_.experiment) : QString();
  if (key != fitKey_) {
    fitKey_ = key;
    fitKnown_ = false;
    fitError_.clear();
    fitCheck_->request(check_.ok() ? check_.experiment : std::nullopt);
  }
  requestKeyNotes();
  showCheck();
  Q_EMIT validated();
}

// The notes on keys valid.py would add silently, off the GUI thread; the ones shown stay until
// the answer arrives, so the slot does not flicker while typing.
void RunSetupView::requestKeyNotes() {
  keyNotesJob_.cancel();  // answers to earlier requests no longer apply
  if (!check_.experiment || check_.experiment->warnings.empty()) {
    keyNotes_.clear();
    return;
  }
  keyNotesJob_.start(
      this, [experiment = *check_.experiment] { return unknownKeyNotes(experiment); },
      [this](const QStringList& notes) {
        keyNotes_ = notes;
        showCheck();
      });
}

bool RunSetupView::canRun() const {
  return check_.ok() && !(fitKnown_ && !fitError_.isEmpty());
}

bool RunSetupView::isCheckingCheckpoint() const {
  return fitCheck_->isBusy();
}

QString RunSetupView::warningText() const {
  const FieldMessage* yaml = messages_.value(SetupField::Config);
  return yaml->kind() == FieldMessage::Kind::Warning ? yaml->text() : QString();
}

// Shows check_ and the background check's answer under the fields and beside Run.
void RunSetupView::showCheck() {
  QMap<SetupField, QString> errors = check_.errors;
  // The engine's answer is the whole message: what is wrong with the file (not a checkpoint,
  // truncated) or which tensors do not fit the network.
  if (check_.ok() && fitKnown_ && !fitError_.isEmpty()) errors[SetupField::Checkpoint] = fitError_;
  for (auto it = messages_.begin(); it != messages_.end(); ++it) {
    const QString error = errors.value(it.key());
    if (error.isEmpty() && it.key() == SetupField::Config)
      it.value()->showMessage(keyNotes_.join('\n'), FieldMessage::Kind::Warning);
    else
      it.value()->showMessage(error, FieldMessage::Kind::Error);
  }
  const int warnings = check_.experiment ? static_cast<int>(check_.experiment->warnings.size()) : 0;
  if (errors.isEmpty() && check_.experiment) {
    const ConfigNode& cfg = check_.experiment->cfg;
    QString text =
        tr("%1 on %2, %3 split of %4.")
            .arg(QString::fromStdString(cfg.getString("MODEL.NAME")), deviceCombo_->currentText(),
                 QString::fromStdString(cfg.getString("DATASET.TEST")),
                 QString::fromStdString(cfg.getString("DATASET.DATASET_TEST")));
    text = fitKnown_ ? tr("Ready: %1").arg(text)
                     : tr("%1 Checking that the checkpoint loads into the network\u2026").arg(text);
    if (warnings > 0) text += tr(" %n note(s) under the YAML.", nullptr, warnings);
    summaryLabel_->setText(text);
  } else {
    summaryLabel_->setText(
        tr("%n field(s) to fix before running.", nullptr, static_cast<int>(errors.size())));
  }
  runButton_->setEnabled(!running_ && canRun());
}

void RunSetupView::showStartError(SetupField field, const QString& message) {
  FieldMessage* slot = messages_.value(field);
  if (!slot) return;
  slot->showMessage(message, FieldMessage::Kind::Error);
  summaryLabel_->setText(tr("The last run did not start: see the message above."));
}

QString RunSetupView::fieldError(SetupField field) const {
  const FieldMessage* slot = messages_.value(field);
  return slot && slot->kind() == FieldMessage::Kind::Error ? slot->text() : QString();
}

}  // namespace posescope
