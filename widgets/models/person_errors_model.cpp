#include "widgets/models/person_errors_model.h"

#include <QColor>
#include <algorithm>

#include "render/joint_error_marks.h"
#include "render/palette.h"

namespace posescope {

namespace {

const QString kUnknown = QStringLiteral("\u2013");

QColor labelColor(JointLabel label) {
  const cv::Scalar c = jointLabelColor(label);
  return QColor(static_cast<int>(c[0]), static_cast<int>(c[1]), static_cast<int>(c[2]));
}

}  // namespace

PersonErrorsModel::PersonErrorsModel(QObject* parent) : TableModelBase(parent) {}

PersonErrorsModel::Person PersonErrorsModel::personOf(const RunAnalysis& analysis,
                                                      const ImageRecord& record, int person) {
  Person out;
  out.person = person;
  if (person < 0 || static_cast<std::size_t>(person) >= record.people.size()) return out;
  out.score = record.people[static_cast<std::size_t>(person)].score;
  const auto detections = detectionsOfPeople(record, analysis.detectionsOf(record.imageId));
  out.detection = detections[static_cast<std::size_t>(person)];
  if (!out.detection || *out.detection >= analysis.analysis.detections.size()) {
    out.detection.reset();
    return out;
  }
  const DetectionAnalysis& d = analysis.analysis.detections[*out.detection];
  out.groundTruthId = d.gtId;
  out.onCrowd = d.onCrowd;
  out.oks = d.oks;
  out.backgroundFalsePositive = analysis.isBackgroundFalsePositive(*out.detection);
  out.labels = d.joints;
  out.ks = d.ownKs;
  out.ks.resize(out.labels.size(), -1);
  return out;
}

void PersonErrorsModel::setPerson(const Person& person, std::vector<std::string> jointNames) {
  beginResetModel();
  person_ = person;
  jointNames_ = std::move(jointNames);
  endResetModel();
}

void PersonErrorsModel::clear() {
  beginResetModel();
  person_.reset();
  endResetModel();
}

QString PersonErrorsModel::verdict() const {
  if (!person_) return {};
  const Person& p = *person_;
  if (!p.detection) return tr("not analysed (no joints)");
  if (p.backgroundFalsePositive) return tr("background false positive");
  if (!p.groundTruthId) return tr("not analysed (beyond the image's best detections)");
  if (p.onCrowd && p.labels.empty()) return tr("on a crowd region (not judged)");
  const bool judged = std::any_of(p.labels.begin(), p.labels.end(),
                                  [](JointLabel l) { return l != JointLabel::Unlabelled; });
  if (!judged) return tr("localised to a person without labelled joints (not judged)");
  const bool allGood = std::all_of(p.labels.begin(), p.labels.end(), [](JointLabel l) {
    return l == JointLabel::Good || l == JointLabel::Unlabelled;
  });
  return allGood ? tr("localised, every joint good") : tr("localised, with joint errors");
}

QString PersonErrorsModel::summary() const {
  if (!person_)
    return tr(
        "Select a person (click it on the image, or a row of the people table) to see "
        "its error labels.");
  const Person& p = *person_;
  QStringList lines;
  lines << tr("<b>Person P%1</b>: %2").arg(p.person + 1).arg(verdict().toHtmlEscaped());
  QString figures = tr("score %1").arg(p.score, 0, 'f', 3);
  if (p.groundTruthId)
    figures += (p.onCrowd ? tr(" \u00b7 OKS %1 \u00b7 crowd region %2")
                          : tr(" \u00b7 OKS %1 \u00b7 ground truth %2"))
                   .arg(p.oks, 0, 'f', 3)
                   .arg(*p.groundTruthId);
  lines << figures;
  QStringList counts;
  for (JointLabel label : kJointLabels) {
    const auto n = std::count(p.labels.begin(), p.labels.end(), label);
    if (n > 0 && label != JointLabel::Unlabelled)
      counts << QStringLiteral("%1 %2").arg(n).arg(QString::fromStdString(jointLabelName(label)));
  }
  if (!counts.isEmpty()) lines << counts.join(QStringLiteral(", "));
  return lines.join(QStringLiteral("<br>"));
}

int PersonErrorsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !person_ ? 0 : static_cast<int>(person_->labels.size());
}

int PersonErrorsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant PersonErrorsModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index) || !person_) return {};
  const std::size_t j = static_cast<std::size_t>(index.row());
  const JointLabel label = person_->labels[j];
  switch (index.column()) {
    case JointColumn:
      if (role == Qt::DisplayRole || role == Qt::UserRole)
        return j < jointNames_.size() ? QString::fromStdString(jointNames_[j])
                                      : tr("joint %1").arg(j);
      return {};
    case LabelColumn:
      if (role == Qt::DisplayRole || role == Qt::UserRole)
        return QString::fromStdString(jointLabelName(label));
      if (role == Qt::DecorationRole) return labelColor(label);
      return {};
    case KsColumn: {
      const double ks = person_->ks[j];
      return numberCell(role, ks, ks < 0 ? kUnknown : QString::number(ks, 'f', 3),
                        ks < 0 ? QVariant() : QVariant(QString::number(ks, 'g', 17)));
    }
    default:
      return {};
  }
}

QVariant PersonErrorsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
  if (role == Qt::ToolTipRole && section == KsColumn)
    return tr("Keypoint similarity to the matched person's own joint");
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case JointColumn:
      return tr("Joint");
    case LabelColumn:
      return tr("Label");
    default:
      return tr("ks");
  }
}

}  // namespace posescope
