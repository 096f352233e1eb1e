#include "widgets/pages/results/evaluation_settings_panel.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>
#include <exception>
#include <limits>

#include "widgets/common/table_views.h"
#include "widgets/models/sigma_table_model.h"

namespace posescope {

namespace {

constexpr int kAreaRows = 3;  // all, medium, large: every variant's ranges
// Long enough that typing "0.05" is one re-evaluation, short enough to feel live.
constexpr int kSettleMs = 250;

QString numberText(double value) {
  return QString::number(value, 'g', 8);
}

// valid.py's thresholds (np.linspace(.5, .95, 10)) read back as the range they were made from.
QString thresholdsText(const std::vector<double>& thresholds,
                       const std::vector<double>& reference) {
  if (thresholds == reference) return QStringLiteral("0.50:0.05:0.95");
  QStringList parts;
  for (double t : thresholds) parts << numberText(t);
  return parts.join(QStringLiteral(", "));
}

bool sameSettings(const EvalParams& a, const EvalParams& b) {
  return differencesFrom(a, b).empty() && a.variant == b.variant;
}

}  // namespace

EvaluationSettingsPanel::EvaluationSettingsPanel(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("evaluationSettingsPanel"));
  state_ = new QLabel;
  state_->setObjectName(QStringLiteral("evaluationSettingsState"));
  state_->setWordWrap(true);
  reset_ = new QPushButton(tr("Back to valid.py's Settings"));
  reset_->setObjectName(QStringLiteral("evaluationSettingsReset"));
  reset_->setToolTip(
      tr("Evaluate with pycocotools' / crowdposetools' settings again, as "
         "valid.py does"));
  connect(reset_, &QPushButton::clicked, this, &EvaluationSettingsPanel::resetToReference);

  thresholds_ = new QLineEdit;
  thresholds_->setToolTip(
      tr("START:STEP:STOP (inclusive) or a comma list, as posescope-cli metrics "
         "--oks-thresholds; valid.py's are 0.50:0.05:0.95"));
  connect(thresholds_, &QLineEdit::textEdited, this, &EvaluationSettingsPanel::entriesEdited);

  auto* areas = new QGridLayout;
  areas->addWidget(new QLabel(tr("from (px\u00b2)")), 0, 1);
  areas->addWidget(new QLabel(tr("to (px\u00b2)")), 0, 2);
  for (int a = 0; a < kAreaRows; ++a) {
    areaLabels_.push_back(new QLabel);
    areaLo_.push_back(new QLineEdit);
    areaHi_.push_back(new QLineEdit);
    areas->addWidget(areaLabels_.back(), a + 1, 0);
    areas->addWidget(areaLo_.back(), a + 1, 1);
    areas->addWidget(areaHi_.back(), a + 1, 2);
    for (QLineEdit* edit : {areaLo_.back(), areaHi_.back()})
      connect(edit, &QLineEdit::textEdited, this, &EvaluationSettingsPanel::entriesEdited);
  }

  maxDets_ = new QSpinBox;
  maxDets_->setRange(1, 100000);
  maxDets_->setToolTip(tr("Detections kept per image, best score first (valid.py: 20)"));
  connect(maxDets_, &QSpinBox::valueChanged, this, &EvaluationSettingsPanel::entriesEdited);

  useMinScore_ = new QCheckBox(tr("Leave out detections scored below"));
  minScore_ = new QDoubleSpinBox;
  minScore_->setRange(-1e6, 1e6);
  minScore_->setDecimals(3);
  minScore_->setSingleStep(0.05);
  minScore_->setEnabled(false);
  connect(useMinScore_, &QCheckBox::toggled, minScore_, &QWidget::setEnabled);
  connect(useMinScore_, &QCheckBox::toggled, this, &EvaluationSettingsPanel::entriesEdited);
  connect(minScore_, &QDoubleSpinBox::valueChanged, this, &EvaluationSettingsPanel::entriesEdited);
  auto* minScoreRow = new QHBoxLayout;
  minScoreRow->addWidget(useMinScore_);
  minScoreRow->addWidget(minScore_, 1);

  sigmaModel_ = new SigmaTableModel(this);
  sigmaTable_ = makeRowTable(sigmaModel_);
  sigmaTable_->setObjectName(QStringLiteral("sigmaTable"));
  sigmaTable_->horizontalHeader()->setSectionResizeMode(SigmaTableModel::JointColumn,
                                                        QHeaderView::Stretch);
  sigmaTable_->setEditTriggers(QAbstractItemView::DoubleClicked |
                               QAbstractItemView::EditKeyPressed |
                               QAbstractItemView::AnyKeyPressed);
  sigmaTable_->setToolTip(
      tr("Per-joint sigmas as the evaluator uses them (the datasets' "
         "constants / 10); double-click a sigma to change it"));
  connect(sigmaModel_, &SigmaTableModel::sigmasChanged, this,
          &EvaluationSettingsPanel::entriesEdited);
  connect(sigmaModel_, &SigmaTableModel::rejected, this, [this](const QString& why) {
    error_->setText(why);
    error_->show();
  });

  error_ = new QLabel;
  error_->setObjectName(QStringLiteral("evaluationSettingsError"));
  error_->setWordWrap(true);
  error_->setStyleSheet(QStringLiteral("color: #c01c28"));
  error_->hide();
  status_ = new QLabel;
  status_->setObjectName(QStringLiteral("evaluationSettingsStatus"));
  status_->setWordWrap(true);

  auto* form = new QFormLayout;
  form->addRow(tr("OKS thresholds"), thresholds_);
  form->addRow(tr("maxDets"), maxDets_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(state_);
  layout->addWidget(reset_, 0, Qt::AlignLeft);
  layout->addLayout(form);
  layout->addWidget(new QLabel(tr("<b>Area ranges</b>")));
  layout->addLayout(areas);
  layout->addLayout(minScoreRow);
  layout->addWidget(new QLabel(tr("<b>Sigmas</b>")));
  layout->addWidget(sigmaTable_, 1);
  layout->addWidget(error_);
  layout->addWidget(status_);

  settle_ = new QTimer(this);
  settle_->setSingleShot(true);
  settle_->setInterval(kSettleMs);
  connect(settle_, &QTimer::timeout, this, &EvaluationSettingsPanel::sendIfChanged);
  clear();
}

void EvaluationSettingsPanel::setReference(const EvalParams& reference,
                                           const std::vector<std::string>& jointNames,
                                           const QString& ownSettings) {
  reference_ = reference;
  ownSettings_ = ownSettings;
  const bool validPys = ownSettings.isEmpty();
  sigmaModel_->setReferenceName(validPys ? tr("valid.py's") : tr("the run's"));
  reset_->setText(validPys ? tr("Back to valid.py's Settings") : tr("Back to the Run's Settings"));
  reset_->setToolTip(
      validPys
          ? tr("Evaluate with pycocotools' / crowdposetools' settings again, "
               "as valid.py does")
          : tr("Evaluate with the settings the run was scored with again: %1").arg(ownSettings));
  sent_ = reference;  // the run's metrics are valid.py's: nothing to send until changed
  settle_->stop();
  sigmaModel_->setReference(reference.sigmas, jointNames);
  fillFields(reference);
  setEnabled(true);
  error_->hide();
  status_->clear();
  showState();
}

void EvaluationSettingsPanel::clear() {
  reference_.reset();
  sent_.reset();
  settle_->stop();
  sigmaModel_->setReference({}, {});
  setEnabled(false);
  error_->hide();
  status_->clear();
  state_->setText(
      tr("The evaluation settings can be changed once a finished run is shown; its "
         "metrics are then computed again without running inference."));
}

void EvaluationSettingsPanel::fillFields(const EvalParams& params) {
  filling_ = true;  // the widgets' change signals are not edits
  thresholds_->setText(thresholdsText(params.iouThrs, reference_->iouThrs));
  for (int a = 0; a < kAreaRows; ++a) {
    const bool shown = a < static_cast<int>(params.areas.size());
    areaLabels_[a]->setVisible(shown);
    areaLo_[a]->setVisible(shown);
    areaHi_[a]->setVisible(shown);
    if (!shown) continue;
    const AreaRange& area = params.areas[static_cast<std::size_t>(a)];
    areaLabels_[a]->setText(QString::fromStdString(area.label));
    areaLo_[a]->setText(numberText(area.lo));
    areaHi_[a]->setText(numberText(area.hi));
  }
  maxDets_->setValue(static_cast<int>(params.maxDets));
  const bool scoreLimit = std::isfinite(params.minScore);
  useMinScore_->setChecked(scoreLimit);
  minScore_->setValue(scoreLimit ? params.minScore : 0.0);
  sigmaModel_->setSigmas(params.sigmas);
  filling_ = false;
}

QLineEdit* EvaluationSettingsPanel::areaEdit(int index, bool upper) const {
  if (index < 0 || index >= kAreaRows) return nullptr;
  return upper ? areaHi_[index] : areaLo_[index];
}

std::optional<EvalParams> EvaluationSettingsPanel::parse(QString* why) const {
  if (!reference_) {
    *why = tr("No run is shown.");
    return std::nullopt;
  }
  EvalParams p = *reference_;
  try {
    p.iouThrs = parseThresholdList(thresholds_->text().trimmed().toStdString(),
                                   tr("OKS thresholds").toStdString());
    for (std::size_t a = 0; a < p.areas.size() && a < areaLo_.size(); ++a) {
      const std::string name =
          tr("area %1").arg(QString::fromStdString(p.areas[a].label)).toStdString();
      applyAreaRange(p,
                     p.areas[a].label + "=" + areaLo_[a]->text().trimmed().toStdString() + "," +
                         areaHi_[a]->text().trimmed().toStdString(),
                     name);
    }
    p.maxDets = static_cast<std::size_t>(maxDets_->value());
    p.minScore =
        useMinScore_->isChecked() ? minScore_->value() : -std::numeric_limits<double>::infinity();
    p.sigmas = sigmaModel_->sigmas();
    p.validate();
  } catch (const std::exception& e) {
    *why = QString::fromStdString(e.what());
    return std::nullopt;
  }
  return p;
}

std::optional<EvalParams> EvaluationSettingsPanel::settings() const {
  QString why;
  return parse(&why);
}

QString EvaluationSettingsPanel::error() const {
  QString why;
  return parse(&why) ? QString() : why;
}

bool EvaluationSettingsPanel::usesReference() const {
  const auto p = settings();
  return p && reference_ && sameSettings(*p, *reference_);
}

void EvaluationSettingsPanel::resetToReference() {
  if (!reference_) return;
  fillFields(*reference_);
  sendIfChanged();
}

bool EvaluationSettingsPanel::setSettings(const EvalParams& settings) {
  if (!reference_ || settings.sigmas.size() != reference_->sigmas.size()) return false;
  fillFields(settings);
  sendIfChanged();
  return true;
}

void EvaluationSettingsPanel::applyNow() {
  sendIfChanged();
}

void EvaluationSettingsPanel::setStatus(const QString& text) {
  status_->setText(text);
}

void EvaluationSettingsPanel::entriesEdited() {
  if (filling_ || !reference_) return;
  showState();
  settle_->start();
}

void EvaluationSettingsPanel::sendIfChanged() {
  settle_->stop();
  showState();
  const auto p = settings();
  if (!p || (sent_ && sameSettings(*p, *sent_))) return;
  sent_ = p;
  Q_EMIT settingsChanged(*p);
}

// Says plainly whether the entries are valid.py's, and why not.
void EvaluationSettingsPanel::showState() {
  QString why;
  const auto p = parse(&why);
  error_->setVisible(!p);
  error_->setText(why);
  if (!p) return;
  // A skeleton of the run's own: compared with what it was scored with, never with valid.py's.
  const bool validPys = ownSettings_.isEmpty();
  const auto changes =
      validPys || !reference_ ? differencesFromReference(*p) : differencesFrom(*p, *reference_);
  reset_->setEnabled(!changes.empty());
  if (!validPys) {
    QStringList list;
    for (const auto& c : changes) list << QString::fromStdString(c).toHtmlEscaped();
    state_->setText(
        changes.empty()
            ? tr("<b>The run's settings</b>: %1, %2 rules otherwise. Not valid.py's: it has no "
                 "settings for these joints.")
                  .arg(ownSettings_.toHtmlEscaped(), variantName(p->variant) == "coco"
                                                         ? QStringLiteral("pycocotools'")
                                                         : QStringLiteral("crowdposetools'"))
            : tr("<span style='color:#c01c28'><b>Not the run's settings:</b> %1. The metrics and "
                 "the analysis are not the run's numbers.</span>")
                  .arg(list.join(QStringLiteral("; "))));
    return;
  }
  if (changes.empty()) {
    state_->setText(tr("<b>valid.py's settings</b> (%1's evaluation): the metrics are the "
                       "reference's.")
                        .arg(variantName(p->variant) == "coco" ? QStringLiteral("pycocotools")
                                                               : QStringLiteral("crowdposetools")));
    return;
  }
  QStringList list;
  for (const auto& c : changes) list << QString::fromStdString(c).toHtmlEscaped();
  state_->setText(tr("<span style='color:#c01c28'><b>Not valid.py's settings:</b> %1. The metrics "
                     "and the analysis are not the reference's numbers.</span>")
                      .arg(list.join(QStringLiteral("; "))));
}

}  // namespace posescope
