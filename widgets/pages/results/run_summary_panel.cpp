#include "widgets/pages/results/run_summary_panel.h"

#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>

#include "widgets/common/elided_label.h"
#include "widgets/session/number_text.h"

namespace posescope {

QString deviceText(const QString& devices) {
  const QStringList names = devices.split(QLatin1Char(','));
  if (names.size() > 1 && names.count(names.front()) == names.size())
    return QObject::tr("%1, %2 network replicas").arg(names.front()).arg(names.size());
  return devices;
}

RunSummaryPanel::RunSummaryPanel(QWidget* parent) : QWidget(parent) {
  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  const std::pair<Row, QString> rows[] = {
      {Row::State, tr("State:")},           {Row::Model, tr("Model:")},
      {Row::Parameters, tr("Parameters:")}, {Row::MultiplyAdds, tr("MACs (ptflops):")},
      {Row::Device, tr("Device:")},         {Row::Dataset, tr("Dataset:")},
      {Row::Images, tr("Images:")},         {Row::Failed, tr("Failures:")},
      {Row::Wall, tr("Wall time:")},        {Row::Folder, tr("Run folder:")}};
  for (const auto& [row, label] : rows) {
    if (row == Row::State || row == Row::Folder) {
      // Long texts: a wrapped line got no room in the page's top pane and was cut unseen; an
      // ellipsis says so. Runs differ at the end of their paths: that end stays in view.
      auto* value = new ElidedLabel;
      value->setElideMode(row == Row::Folder ? Qt::ElideLeft : Qt::ElideRight);
      value->setTextInteractionFlags(Qt::TextSelectableByMouse);
      elided_[row] = value;
      form->addRow(label, value);
      continue;
    }
    auto* value = new QLabel;
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    values_[row] = value;
    form->addRow(label, value);
  }
  clear();
}

void RunSummaryPanel::clear() {
  for (QLabel* l : values_) l->setText(QStringLiteral("\u2014"));
  for (ElidedLabel* l : elided_) l->setText(QStringLiteral("\u2014"));
  datasetKind_.clear();
  annotationFile_.clear();
}

void RunSummaryPanel::setOwnSkeleton(const QString& skeleton) {
  if (skeleton.isEmpty() || annotationFile_.isEmpty()) return;
  values_[Row::Dataset]->setText(
      tr("%1 rules, %2: %3").arg(datasetKind_, skeleton, QFileInfo(annotationFile_).fileName()));
}

void RunSummaryPanel::setSummary(const RunSummary& s, const QString& runDir) {
  QString state = QString::fromStdString(runStateName(s.state));
  if (!s.message.empty()) state += QStringLiteral(" (%1)").arg(QString::fromStdString(s.message));
  elided_[Row::State]->setText(state);
  const QString model = QString::fromStdString(s.modelName);
  const QString arch = QString::fromStdString(s.archName);
  values_[Row::Model]->setText(
      s.imported ? tr("%1 (predictions imported from a results file)").arg(arch)
      : arch.isEmpty() || arch == model ? model
                                        : QStringLiteral("%1 (%2)").arg(model, arch));
  // Imported predictions come without their network: nothing to count, no device.
  const QString noNetwork = tr("— (no network)");
  values_[Row::Parameters]->setText(
      s.parameters > 0 ? QStringLiteral("%1 (%2)").arg(formatCount(s.parameters)).arg(s.parameters)
      : s.imported     ? noNetwork
                       : tr("unknown"));
  values_[Row::MultiplyAdds]->setText(s.multiplyAdds > 0 ? formatCount(s.multiplyAdds)
                                      : s.imported       ? noNetwork
                                                         : tr("unknown"));
  values_[Row::Device]->setText(s.imported ? noNetwork
                                           : deviceText(QString::fromStdString(s.device)));
  datasetKind_ = QString::fromStdString(s.datasetKind);
  annotationFile_ = QString::fromStdString(s.annotationFile);
  values_[Row::Dataset]->setText(
      QStringLiteral("%1: %2").arg(datasetKind_, QFileInfo(annotationFile_).fileName()));
  values_[Row::Dataset]->setToolTip(annotationFile_);
  values_[Row::Images]->setText(tr("%1 of %2").arg(s.imagesDone).arg(s.imagesTotal));
  values_[Row::Failed]->setText(QString::number(s.imagesFailed));
  values_[Row::Wall]->setText(s.wallSeconds > 0 ? tr("%1 s").arg(s.wallSeconds, 0, 'f', 1)
                                                : QStringLiteral("\u2014"));
  elided_[Row::Folder]->setText(runDir.isEmpty() ? QStringLiteral("\u2014") : runDir);
}

QString RunSummaryPanel::value(Row row) const {
  if (const ElidedLabel* l = elided_.value(row)) return l->text();
  const QLabel* l = values_.value(row);
  return l ? l->text() : QString();
}

}  // namespace posescope
