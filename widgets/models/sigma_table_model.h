#pragma once
// Per-joint OKS sigmas, edited joint by joint beside valid.py's own.

#include <QString>
#include <string>
#include <vector>

#include "widgets/models/table_model_base.h"

namespace posescope {

/// Columns Joint, Sigma (editable), valid.py's. Sigmas are as the evaluator uses them (the
/// reference's constants divided by 10: COCO's nose 0.026). A changed sigma is shown bold; a value
/// that is not a positive number is refused: setData returns false and rejected() says why,
/// naming the joint. Never throws.
class SigmaTableModel : public TableModelBase {
  Q_OBJECT
 public:
  enum Column { JointColumn, SigmaColumn, ReferenceColumn, ColumnCount };

  explicit SigmaTableModel(QObject* parent = nullptr);

  /// Shows `reference` (valid.py's sigmas) for joints `jointNames` (names may be fewer: the others
  /// are called "joint K") and edits a copy of them; resets the model.
  void setReference(const std::vector<double>& reference,
                    const std::vector<std::string>& jointNames);
  /// Whose the reference sigmas are, in the header and tooltips: "valid.py's" (the default) or,
  /// for a skeleton of its own, "the run's".
  void setReferenceName(const QString& name);
  /// Replaces the edited sigmas (as many as the joints); false when the count differs.
  bool setSigmas(const std::vector<double>& sigmas);
  const std::vector<double>& sigmas() const { return sigmas_; }
  const std::vector<double>& reference() const { return reference_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 Q_SIGNALS:
  void sigmasChanged();
  void rejected(const QString& reason);

 private:
  QString jointName(int joint) const;

  std::vector<double> reference_;
  std::vector<double> sigmas_;
  std::vector<std::string> names_;
  QString referenceName_ = tr("valid.py's");
};

}  // namespace posescope
