#pragma once
// The Inspect page's side panel: what the error analysis says of the person selected, joint by
// joint.

#include <QString>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/joint_errors.h"
#include "pipeline/image_record.h"
#include "widgets/models/table_model_base.h"
#include "widgets/session/run_analysis.h"

namespace posescope {

/// One row per joint of the selected predicted person: Joint (its name), Label (good, jitter,
/// inversion, swap, miss, unlabelled; decoration: the error layer's colour), ks (keypoint
/// similarity to the matched person's own joint; "–" when that joint is not labelled; exact value
/// under Qt::UserRole, -1 when unknown). No rows when no person is selected, the analysis did
/// not localise it, or it landed on a crowd region (no person, so no joint labels). summary()
/// says the rest: the person's label, score, OKS and matched ground truth. Never throws.
class PersonErrorsModel : public TableModelBase {
  Q_OBJECT
 public:
  enum Column { JointColumn, LabelColumn, KsColumn, ColumnCount };

  /// What the analysis found for one predicted person.
  struct Person {
    int person = -1;  // index into the record's people
    double score = 0;
    std::optional<std::size_t> detection;  // its results entry; none when not analysed
    std::optional<std::int64_t> groundTruthId;
    bool onCrowd = false;  // groundTruthId is a crowd region (iscrowd), not a person
    double oks = 0;
    bool backgroundFalsePositive = false;
    std::vector<JointLabel> labels;  // per joint; empty when not localised
    std::vector<double> ks;          // per joint, -1 where unknown
  };

  explicit PersonErrorsModel(QObject* parent = nullptr);

  /// What `analysis` found for person `person` of `record` (joint names from `jointNames`).
  static Person personOf(const RunAnalysis& analysis, const ImageRecord& record, int person);

  /// Shows `person` (resetModel).
  void setPerson(const Person& person, std::vector<std::string> jointNames);
  /// No person selected (resetModel).
  void clear();
  const std::optional<Person>& person() const { return person_; }

  /// "localised", "background false positive", ... of the person shown; "" when none.
  QString verdict() const;
  /// Several lines: person, verdict, score, OKS, matched ground truth, label counts; a hint when
  /// no person is selected.
  QString summary() const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::optional<Person> person_;
  std::vector<std::string> jointNames_;
};

}  // namespace posescope
