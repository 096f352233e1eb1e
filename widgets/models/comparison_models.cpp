#include "widgets/models/comparison_models.h"

#include <QColor>
#include <QFont>
#include <cmath>
#include <limits>

namespace posescope {

namespace {

const QString kDash = QStringLiteral("\u2013");

// A number that may be missing ("–", NaN for sorting), optionally with its sign.
QVariant numberText(const std::optional<double>& v, int decimals, bool signedText) {
  if (!v) return kDash;
  const QString text = QString::number(*v, 'f', decimals);
  return signedText && *v > 0 ? QLatin1Char('+') + text : text;
}

// The cell of a number that may be missing: "–" shown and NaN for sorting when it is.
QVariant optionalNumber(const std::optional<double>& v, int role, int decimals,
                        bool signedText = false) {
  return TableModelBase::numberCell(role, v ? *v : std::numeric_limits<double>::quiet_NaN(),
                                    numberText(v, decimals, signedText),
                                    v ? QVariant(QString::asprintf("%.17g", *v)) : QVariant());
}

}  // namespace

QColor deltaColor(double delta) {
  if (delta > 0) return QColor(0x1a, 0x7f, 0x37);
  if (delta < 0) return QColor(0xc0, 0x1c, 0x28);
  return {};
}

QString fewImagesWords(std::size_t images) {
  const std::string note = fewImagesNote(images);
  return note.empty() ? QString() : QStringLiteral("; ") + QString::fromStdString(note);
}

// ---- MetricComparisonModel ----

MetricComparisonModel::MetricComparisonModel(QObject* parent) : TableModelBase(parent) {}

void MetricComparisonModel::setComparison(const std::optional<MetricComparison>& metrics,
                                          const QString& labelA, const QString& labelB) {
  beginResetModel();
  metrics_ = metrics;
  labelA_ = labelA;
  labelB_ = labelB;
  endResetModel();
}

void MetricComparisonModel::setSignificance(const std::optional<BootstrapComparison>& significance,
                                            bool pending) {
  beginResetModel();
  significance_ = significance;
  pending_ = pending;
  endResetModel();
}

const StatDifference* MetricComparisonModel::intervalOf(const std::string& name) const {
  if (!significance_) return nullptr;
  for (const StatDifference& d : significance_->stats)
    if (d.name == name) return &d;
  return nullptr;
}

int MetricComparisonModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !metrics_ ? 0 : static_cast<int>(metrics_->names.size());
}

int MetricComparisonModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant MetricComparisonModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index) || !metrics_) return {};
  const auto r = static_cast<size_t>(index.row());
  const StatDifference* interval = intervalOf(metrics_->names[r]);
  if (role == Qt::FontRole && interval && interval->significant) {
    QFont bold;
    bold.setBold(true);
    return bold;
  }
  switch (index.column()) {
    case NameColumn:
      return role == Qt::DisplayRole ? QString::fromStdString(metrics_->names[r]) : QVariant();
    case AColumn:
      return optionalNumber(metrics_->a[r], role, 3);
    case BColumn:
      return optionalNumber(metrics_->b[r], role, 3);
    case IntervalColumn: {
      if (!interval) {
        const QString why = pending_ ? tr("computing the paired bootstrap\u2026")
                                     : tr("no interval (the notes line says why)");
        return numberCell(role, std::numeric_limits<double>::quiet_NaN(),
                          pending_ ? QStringLiteral("\u2026") : kDash, why);
      }
      // The text `posescope-cli compare` prints in its Markdown table.
      const QString text = QString::asprintf("[%+.3f, %+.3f]", interval->low, interval->high) +
                           (interval->significant ? QStringLiteral(" *") : QString());
      const QString tip =
          tr("95 % paired-bootstrap interval of B \u2212 A over %1 images (%2 resamples, seed "
             "%3): [%4, %5]; %6")
              .arg(significance_->images)
              .arg(significance_->options.resamples)
              .arg(significance_->options.seed)
              .arg(QString::asprintf("%.17g", interval->low),
                   QString::asprintf("%.17g", interval->high),
                   interval->significant
                       ? tr("it excludes 0: the difference is unlikely to be chance")
                       : tr("it includes 0: the difference may be chance")) +
          fewImagesWords(significance_->images);
      if (role == Qt::ForegroundRole && interval->significant) {
        const QColor c = deltaColor(interval->delta);
        return c.isValid() ? QVariant(c) : QVariant();
      }
      return numberCell(role, interval->low, text, tip);
    }
    default:
      if (role == Qt::ForegroundRole) {
        const QColor c = deltaColor(metrics_->delta[r]);
        return c.isValid() ? QVariant(c) : QVariant();
      }
      return optionalNumber(metrics_->delta[r], role, 3, true);
  }
}

QVariant MetricComparisonModel::headerData(int section, Qt::Orientation orientation,
                                           int role) const {
  if (role != Qt::DisplayRole || orientation != Qt::Horizontal) return {};
  switch (section) {
    case NameColumn:
      return tr("Metric");
    case AColumn:
      return tr("A: %1").arg(labelA_);
    case BColumn:
      return tr("B: %1").arg(labelB_);
    case DeltaColumn:
      return tr("B \u2212 A");
    case IntervalColumn:
      return tr("95 % CI of B \u2212 A");
    default:
      return {};
  }
}

// ---- SideBySideModel ----

SideBySideModel::SideBySideModel(QObject* parent) : TableModelBase(parent) {}

void SideBySideModel::setRows(std::vector<SideBySideRow> rows, const QString& labelA,
                              const QString& labelB) {
  beginResetModel();
  rows_ = std::move(rows);
  labelA_ = labelA;
  labelB_ = labelB;
  endResetModel();
}

int SideBySideModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int SideBySideModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : 3;
}

QVariant SideBySideModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index)) return {};
  const SideBySideRow& row = rows_[static_cast<size_t>(index.row())];
  const QString& text = index.column() == 0 ? row.name : index.column() == 1 ? row.a : row.b;
  if (role == Qt::DisplayRole || role == Qt::ToolTipRole) return text;
  if (role == Qt::FontRole && index.column() > 0 && row.a != row.b) {
    QFont bold;
    bold.setBold(true);
    return bold;
  }
  return {};
}

QVariant SideBySideModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole || orientation != Qt::Horizontal) return {};
  if (section == 0) return tr("What");
  if (section == 1) return tr("A: %1").arg(labelA_);
  if (section == 2) return tr("B: %1").arg(labelB_);
  return {};
}

// ---- ImageDeltaModel ----

ImageDeltaModel::ImageDeltaModel(QObject* parent) : TableModelBase(parent) {}

void ImageDeltaModel::setImages(std::vector<ImageDelta> images) {
  resetTo(images_, std::move(images));
}

void ImageDeltaModel::setErrorChanges(std::map<std::int64_t, std::string> changes, bool known) {
  beginResetModel();
  errorChanges_ = std::move(changes);
  errorChangesKnown_ = known;
  endResetModel();
}

void ImageDeltaModel::setQueue(std::optional<ImageQueue> queue) {
  queue_ = std::move(queue);
  Q_EMIT headerDataChanged(Qt::Horizontal, QueueKeyColumn, QueueKeyColumn);
  if (!images_.empty())
    Q_EMIT dataChanged(index(0, QueueKeyColumn), index(rowCount() - 1, QueueKeyColumn));
}

const ImageDelta* ImageDeltaModel::deltaAt(int row) const {
  return row >= 0 && row < rowCount() ? &images_[static_cast<size_t>(row)] : nullptr;
}

int ImageDeltaModel::rowOfImage(std::int64_t imageId) const {
  for (size_t i = 0; i < images_.size(); ++i)
    if (images_[i].imageId == imageId) return static_cast<int>(i);
  return -1;
}

int ImageDeltaModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(images_.size());
}

int ImageDeltaModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant ImageDeltaModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index)) return {};
  const ImageDelta& d = images_[static_cast<size_t>(index.row())];
  auto count = [role](bool known, double n) {
    return numberCell(role, known ? n : std::numeric_limits<double>::quiet_NaN(),
                      known ? QString::number(n) : kDash);
  };
  switch (index.column()) {
    case ImageIdColumn:
      if (role == Qt::UserRole) return static_cast<qlonglong>(d.imageId);
      return role == Qt::DisplayRole ? QVariant(QString::number(d.imageId)) : QVariant();
    case FileColumn:
      return role == Qt::DisplayRole || role == Qt::ToolTipRole
                 ? QVariant(QString::fromStdString(d.file))
                 : QVariant();
    case GroundTruthColumn:
      return count(d.groundTruthPeople >= 0, d.groundTruthPeople);
    case PeopleAColumn:
      return count(d.inA, static_cast<double>(d.peopleA));
    case PeopleBColumn:
      return count(d.inB, static_cast<double>(d.peopleB));
    case ApAColumn:
      return optionalNumber(d.apA, role, 3);
    case ApBColumn:
      return optionalNumber(d.apB, role, 3);
    case DeltaApColumn:
      if (role == Qt::ForegroundRole && d.deltaAp) {
        const QColor c = deltaColor(*d.deltaAp);
        return c.isValid() ? QVariant(c) : QVariant();
      }
      return optionalNumber(d.deltaAp, role, 3, true);
    case OksAColumn:
      return optionalNumber(d.oksA, role, 3);
    case OksBColumn:
      return optionalNumber(d.oksB, role, 3);
    case DeltaOksColumn:
      if (role == Qt::ForegroundRole && d.deltaOks) {
        const QColor c = deltaColor(*d.deltaOks);
        return c.isValid() ? QVariant(c) : QVariant();
      }
      return optionalNumber(d.deltaOks, role, 3, true);
    case ErrorChangesColumn: {
      if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
      if (!errorChangesKnown_) return role == Qt::DisplayRole ? kDash : QVariant();
      const auto it = errorChanges_.find(d.imageId);
      return it == errorChanges_.end() ? QString() : QString::fromStdString(it->second);
    }
    case MsAColumn:
      return optionalNumber(d.msA, role, 1);
    case MsBColumn:
      return optionalNumber(d.msB, role, 1);
    case QueueKeyColumn: {
      if (!queue_ || !queue_->keys.contains(d.imageId))
        return numberCell(role, std::numeric_limits<double>::quiet_NaN(), kDash);
      const double key = queue_->keys.value(d.imageId);
      return numberCell(role, key, imageQueueKeyText(*queue_, key));
    }
    case NoteColumn: {
      if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
      QStringList notes;
      if (!d.inA) notes << tr("only in B");
      if (!d.inB) notes << tr("only in A");
      if (!d.errorA.empty()) notes << tr("A failed: %1").arg(QString::fromStdString(d.errorA));
      if (!d.errorB.empty()) notes << tr("B failed: %1").arg(QString::fromStdString(d.errorB));
      return notes.join(QStringLiteral("; "));
    }
    default:
      return {};
  }
}

QVariant ImageDeltaModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole || orientation != Qt::Horizontal) return {};
  switch (section) {
    case ImageIdColumn:
      return tr("Image id");
    case FileColumn:
      return tr("File");
    case DeltaApColumn:
      return tr("\u0394 AP");
    case DeltaOksColumn:
      return tr("\u0394 OKS");
    case ErrorChangesColumn:
      return tr("Errors changed");
    case ApAColumn:
      return tr("AP A");
    case ApBColumn:
      return tr("AP B");
    case OksAColumn:
      return tr("OKS A");
    case OksBColumn:
      return tr("OKS B");
    case GroundTruthColumn:
      return tr("GT people");
    case PeopleAColumn:
      return tr("People A");
    case PeopleBColumn:
      return tr("People B");
    case MsAColumn:
      return tr("ms A");
    case MsBColumn:
      return tr("ms B");
    case NoteColumn:
      return tr("Note");
    case QueueKeyColumn:
      return queue_ && !queue_->keyName.isEmpty() ? queue_->keyName : tr("Queue key");
    default:
      return {};
  }
}

}  // namespace posescope
