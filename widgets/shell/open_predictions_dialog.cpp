#include "widgets/shell/open_predictions_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

#include "pipeline/run_import.h"
#include "widgets/common/elided_label.h"
#include "widgets/session/background_job.h"

namespace posescope {

namespace {

// Typing pauses this long before the fields are read again (a ground truth can take seconds).
constexpr int kSettleMs = 400;

ElidedLabel* makeFieldError() {
  auto* label = new ElidedLabel;
  label->setStyleSheet(QStringLiteral("QLabel { color: #a3160b; }"));
  // The line is always there, empty when the field is fine: a message appearing moves nothing.
  label->setMinimumHeight(label->fontMetrics().lineSpacing());
  return label;
}

QString trimmed(const QLineEdit* edit) {
  return edit->text().trimmed();
}

struct ImportOutcome {
  QString runDir;
  QString error;  // "" when the run folder was written
};

}  // namespace

OpenPredictionsDialog::OpenPredictionsDialog(const QString& dataLocation, QWidget* parent)
    : QDialog(parent), dataLocation_(dataLocation) {
  setWindowTitle(tr("Open Predictions"));
  auto* intro = new QLabel(
      tr("Predictions made elsewhere (MMPose, Ultralytics, Detectron2, your own code) as a "
         "COCO keypoint results file, scored against their ground truth and kept as a run "
         "folder: every page shows it, except what needs the network (heatmaps, tags, "
         "timings)."));
  intro->setWordWrap(true);

  auto* grid = new QGridLayout;
  grid->setColumnStretch(1, 1);
  grid->setVerticalSpacing(0);
  setLayout(new QVBoxLayout);
  layout()->addWidget(intro);
  static_cast<QVBoxLayout*>(layout())->addLayout(grid);
  groundTruth_ = addField(tr("&Ground truth:"), tr("COCO-style keypoint annotations (JSON)"),
                          Browse::ForFile, tr("JSON (*.json);;All files (*)"), &groundTruthError_);
  results_ = addField(tr("&Results file:"), tr("keypoint results (JSON list)"), Browse::ForFile,
                      tr("JSON (*.json);;All files (*)"), &resultsError_);
  images_ = addField(tr("&Images folder:"), tr("optional: Inspect draws on the images"),
                     Browse::ForFolder, {}, &imagesError_);
  skeleton_ = addField(tr("&Skeleton file:"),
                       tr("optional: joints, sigmas, limbs (needed beyond COCO and CrowdPose)"),
                       Browse::ForFile, tr("JSON (*.json);;All files (*)"), &skeletonError_);
  sigmas_ = addField(tr("Si&gmas:"),
                     tr("optional, instead of a skeleton file: one OKS sigma per joint, comma "
                        "separated"),
                     Browse::No, {}, &sigmasError_);

  categoryLabel_ = new QLabel(tr("&Category:"));
  category_ = new QComboBox;
  categoryLabel_->setBuddy(category_);
  categoryError_ = makeFieldError();
  const int row = grid->rowCount();
  grid->addWidget(categoryLabel_, row, 0);
  grid->addWidget(category_, row, 1, 1, 2);
  grid->addWidget(categoryError_, row + 1, 1, 1, 2);
  for (QWidget* w : {static_cast<QWidget*>(categoryLabel_), static_cast<QWidget*>(category_),
                     static_cast<QWidget*>(categoryError_)})
    w->hide();
  connect(category_, &QComboBox::activated, this, [this] { checkNow(); });

  output_ = addField(tr("Run &folder:"), tr("where the run folder is written"), Browse::ForFolder,
                     {}, nullptr);
  connect(output_, &QLineEdit::textEdited, this, [this] { outputEdited_ = true; });

  status_ = new QLabel;
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  status_->setMinimumHeight(2 * status_->fontMetrics().lineSpacing());
  layout()->addWidget(status_);

  auto* buttons = new QDialogButtonBox;
  importButton_ = buttons->addButton(tr("&Import and Open"), QDialogButtonBox::AcceptRole);
  importButton_->setDefault(true);
  importButton_->setEnabled(false);
  buttons->addButton(QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, [this] { startImport(); });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout()->addWidget(buttons);

  settle_ = new QTimer(this);
  settle_->setSingleShot(true);
  settle_->setInterval(kSettleMs);
  connect(settle_, &QTimer::timeout, this, &OpenPredictionsDialog::checkNow);
  resize(760, sizeHint().height());
  checkNow();
}

QLineEdit* OpenPredictionsDialog::addField(const QString& label, const QString& placeholder,
                                           Browse browse, const QString& filter,
                                           ElidedLabel** error) {
  auto* grid = static_cast<QGridLayout*>(layout()->itemAt(1)->layout());
  auto* edit = new QLineEdit;
  edit->setPlaceholderText(placeholder);
  edit->setClearButtonEnabled(true);
  auto* text = new QLabel(label);
  text->setBuddy(edit);
  const int row = grid->rowCount();
  grid->addWidget(text, row, 0);
  grid->addWidget(edit, row, 1, 1, browse == Browse::No ? 2 : 1);
  if (browse != Browse::No) {
    auto* button = new QPushButton(tr("Browse\u2026"));
    const QString title = QString(label).remove('&').remove(':');
    const bool folder = browse == Browse::ForFolder;
    connect(button, &QPushButton::clicked, this, [this, edit, folder, filter, title] {
      const QString start = trimmed(edit);
      const QString chosen = folder ? QFileDialog::getExistingDirectory(this, title, start)
                                    : QFileDialog::getOpenFileName(this, title, start, filter);
      if (chosen.isEmpty()) return;
      edit->setText(chosen);
      Q_EMIT edit->textEdited(chosen);
      checkNow();
    });
    grid->addWidget(button, row, 2);
  }
  if (error) {
    *error = makeFieldError();
    grid->addWidget(*error, row + 1, 1, 1, 2);
    connect(edit, &QLineEdit::textEdited, this, &OpenPredictionsDialog::fieldEdited);
    connect(edit, &QLineEdit::editingFinished, this, [this] {
      if (settle_->isActive()) checkNow();
    });
  }
  return edit;
}

void OpenPredictionsDialog::setResultsFile(const QString& path) {
  results_->setText(path);
  fieldEdited();
}

void OpenPredictionsDialog::setForm(const PredictionsForm& form) {
  groundTruth_->setText(form.groundTruth);
  results_->setText(form.results);
  images_->setText(form.imagesDir);
  skeleton_->setText(form.skeleton);
  sigmas_->setText(form.sigmas);
  if (form.categoryId) {
    category_->clear();
    category_->addItem(QString::number(*form.categoryId), QVariant::fromValue(*form.categoryId));
  }
  fieldEdited();
  checkNow();
}

PredictionsForm OpenPredictionsDialog::form() const {
  PredictionsForm form;
  form.groundTruth = trimmed(groundTruth_);
  form.results = trimmed(results_);
  form.imagesDir = trimmed(images_);
  form.skeleton = trimmed(skeleton_);
  form.sigmas = trimmed(sigmas_);
  if (category_->count() > 0 && category_->currentIndex() >= 0)
    form.categoryId = category_->currentData().toLongLong();
  return form;
}

QString OpenPredictionsDialog::outputFolder() const {
  return trimmed(output_);
}

void OpenPredictionsDialog::setOutputFolder(const QString& dir) {
  output_->setText(dir);
  outputEdited_ = true;
}

void OpenPredictionsDialog::fieldEdited() {
  if (!outputEdited_)
    output_->setText(trimmed(results_).isEmpty()
                         ? QString()
                         : defaultImportFolder(trimmed(results_), dataLocation_));
  importButton_->setEnabled(false);  // until the fields as they are now are checked
  settle_->start();
}

void OpenPredictionsDialog::checkNow() {
  settle_->stop();
  checking_ = true;
  importButton_->setEnabled(false);
  const PredictionsForm current = form();
  if (!current.groundTruth.isEmpty() || !current.results.isEmpty())
    status_->setText(tr("Checking\u2026"));
  checkJob_.start(
      this, [current, inputs = inputs_] { return checkPredictions(current, *inputs); },
      [this](const PredictionsCheck& check) {
        checking_ = false;
        showCheck(check);
      });
}

void OpenPredictionsDialog::showCheck(const PredictionsCheck& check) {
  check_ = check;
  // An error is red; a warning (the file is read as the reference reads it) is amber.
  const bool warning = check.groundTruthError.isEmpty() && !check.groundTruthWarning.isEmpty();
  groundTruthError_->setStyleSheet(warning ? QStringLiteral("QLabel { color: #8a5a00; }")
                                           : QStringLiteral("QLabel { color: #a3160b; }"));
  groundTruthError_->setText(warning ? tr("warning: %1").arg(check.groundTruthWarning)
                                     : check.groundTruthError);
  groundTruthError_->setToolTip(groundTruthError_->text());
  resultsError_->setText(check.resultsError);
  imagesError_->setText(check.imagesError);
  skeletonError_->setText(check.skeletonError);
  sigmasError_->setText(check.sigmasError);
  categoryError_->setText(check.categoryError);
  updateCategories(check.categories);
  if (!importing_) {
    status_->setStyleSheet({});
    status_->setText(check.complete ? check.summary
                                    : tr("Give the ground truth and the results file."));
  }
  importButton_->setEnabled(check.ok() && !importing_);
  Q_EMIT checked();
}

void OpenPredictionsDialog::updateCategories(const std::vector<CategoryChoice>& categories) {
  const bool shown = !categories.empty();
  for (QWidget* w : {static_cast<QWidget*>(categoryLabel_), static_cast<QWidget*>(category_),
                     static_cast<QWidget*>(categoryError_)})
    w->setVisible(shown);
  const QVariant chosen = category_->currentData();
  bool same = category_->count() == static_cast<int>(categories.size());
  for (std::size_t i = 0; same && i < categories.size(); ++i)
    same = category_->itemData(static_cast<int>(i)).toLongLong() == categories[i].id;
  if (same) return;
  category_->clear();
  for (const CategoryChoice& c : categories) category_->addItem(c.label, QVariant::fromValue(c.id));
  // Nothing chosen until the user picks: the results are for one category only.
  category_->setCurrentIndex(shown ? category_->findData(chosen) : -1);
}

QStringList OpenPredictionsDialog::fieldErrors() const {
  return {groundTruthError_->text(), resultsError_->text(), imagesError_->text(),
          skeletonError_->text(),    sigmasError_->text(),  categoryError_->text()};
}

QString OpenPredictionsDialog::statusText() const {
  return status_->text();
}

bool OpenPredictionsDialog::startImport() {
  if (importing_ || checking_ || !check_.ok() || outputFolder().isEmpty()) return false;
  const PredictionsForm current = form();
  const QString runDir = outputFolder();
  setBusy(true);
  status_->setText(tr("Importing into %1\u2026").arg(runDir));
  inBackground(
      this,
      [current, runDir] {
        ImportOutcome outcome;
        outcome.runDir = runDir;
        try {
          importPredictions(runDir.toStdString(), importOptionsOf(current), {});
        } catch (const std::exception& e) {
          outcome.error = QString::fromStdString(e.what());
        }
        return outcome;
      },
      [this](const ImportOutcome& outcome) {
        setBusy(false);
        if (!outcome.error.isEmpty()) {
          status_->setStyleSheet(QStringLiteral("QLabel { color: #a3160b; }"));
          status_->setText(tr("Import failed: %1").arg(outcome.error));
          Q_EMIT importFailed(outcome.error);
          return;
        }
        Q_EMIT imported(outcome.runDir);
        accept();
      });
  return true;
}

void OpenPredictionsDialog::setBusy(bool busy) {
  importing_ = busy;
  for (QLineEdit* edit : {groundTruth_, results_, images_, skeleton_, sigmas_, output_})
    edit->setReadOnly(busy);
  category_->setEnabled(!busy);
  importButton_->setEnabled(!busy && check_.ok());
}

}  // namespace posescope
