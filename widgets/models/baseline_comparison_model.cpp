#include "widgets/models/baseline_comparison_model.h"

#include <QColor>
#include <QFont>

#include "widgets/models/comparison_models.h"

namespace posescope {

BaselineComparisonModel::BaselineComparisonModel(QObject* parent) : TableModelBase(parent) {}

void BaselineComparisonModel::setComparison(std::optional<BaselineComparison> comparison) {
  resetTo(comparison_, std::move(comparison));
}

const StatDifference* BaselineComparisonModel::differenceAt(int row, int stat) const {
  if (!comparison_ || row < 1 || row >= rowCount() || stat < 0) return nullptr;
  const auto& stats = comparison_->runs[static_cast<std::size_t>(row - 1)].comparison.stats;
  return stat < static_cast<int>(stats.size()) ? &stats[static_cast<std::size_t>(stat)] : nullptr;
}

int BaselineComparisonModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !comparison_ ? 0 : 1 + static_cast<int>(comparison_->runs.size());
}

int BaselineComparisonModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() || !comparison_ ? 0 : 1 + static_cast<int>(comparison_->statNames.size());
}

QVariant BaselineComparisonModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index)) return {};
  const int row = index.row(), stat = index.column() - 1;
  const NamedRun& run =
      row == 0 ? comparison_->baseline : comparison_->runs[static_cast<std::size_t>(row - 1)].run;
  if (index.column() == 0) {
    if (role == Qt::DisplayRole || role == Qt::UserRole)
      return QString::fromStdString(run.name) + (row == 0 ? tr(" (baseline)") : QString());
    if (role == Qt::ToolTipRole) return QString::fromStdString(run.dir);
    return {};
  }
  if (row == 0) {
    // The baseline's own values: every run's row holds them as `a`.
    const StatDifference* first = differenceAt(1, stat);
    return first ? numberCell(role, first->a, QString::number(first->a, 'f', 3)) : QVariant();
  }
  const StatDifference* d = differenceAt(row, stat);
  if (!d) return {};
  if (role == Qt::FontRole && d->significant) {
    QFont bold;
    bold.setBold(true);
    return bold;
  }
  if (role == Qt::ForegroundRole) {
    const QColor color = d->significant ? deltaColor(d->delta) : QColor();
    return color.isValid() ? QVariant(color) : QVariant();
  }
  const auto& comparison = comparison_->runs[static_cast<std::size_t>(row - 1)].comparison;
  const QString text = QString::asprintf("%+.3f [%+.3f, %+.3f]", d->delta, d->low, d->high) +
                       (d->significant ? QStringLiteral(" *") : QString());
  const QString tip =
      tr("%1: %2 against the baseline's %3; %4 % paired-bootstrap interval of the difference "
         "over %5 images (%6 resamples, seed %7): [%8, %9]; %10")
          .arg(QString::fromStdString(d->name))
          .arg(d->b, 0, 'f', 4)
          .arg(d->a, 0, 'f', 4)
          .arg(comparison.options.level * 100, 0, 'g', 3)
          .arg(comparison.images)
          .arg(comparison.options.resamples)
          .arg(comparison.options.seed)
          .arg(d->low, 0, 'f', 4)
          .arg(d->high, 0, 'f', 4)
          .arg(d->significant ? tr("it excludes 0: the difference is unlikely to be chance")
                              : tr("it includes 0: the difference may be chance")) +
      fewImagesWords(comparison.images);
  return numberCell(role, d->delta, text, tip);
}

QVariant BaselineComparisonModel::headerData(int section, Qt::Orientation orientation,
                                             int role) const {
  if (role != Qt::DisplayRole || orientation != Qt::Horizontal || !comparison_) return {};
  if (section == 0) return tr("Run");
  if (section < 1 || section > static_cast<int>(comparison_->statNames.size())) return {};
  return tr("\u0394 %1 [95 % CI]")
      .arg(QString::fromStdString(comparison_->statNames[static_cast<std::size_t>(section - 1)]));
}

}  // namespace posescope
