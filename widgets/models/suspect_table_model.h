#pragma once
// The run's suspected annotation errors (core's findAnnotationSuspects) as a table, with what the
// person decided about each (suspect_decisions.json).

#include <memory>

#include "analysis/annotation_suspects.h"
#include "widgets/models/table_model_base.h"

namespace posescope {

/// One row per suspect, in core's order (by kind, strongest first): Kind, Image, Annotation,
/// Evidence, Fix, Decision, Key. Qt::UserRole of the Image column is the image id, of the
/// Decision column 1 (accepted), 0 (rejected) or -1 (undecided). Never throws.
class SuspectTableModel : public TableModelBase {
  Q_OBJECT
 public:
  enum Column {
    KindColumn,
    ImageColumn,
    AnnotationColumn,
    EvidenceColumn,
    FixColumn,
    DecisionColumn,
    KeyColumn,
    ColumnCount
  };

  explicit SuspectTableModel(QObject* parent = nullptr);

  /// Shows `suspects` (nullptr: none) with `decisions`.
  void setSuspects(std::shared_ptr<const AnnotationSuspects> suspects,
                   const SuspectDecisions& decisions);
  /// Shows other decisions for the same suspects (the Decision column changes).
  void setDecisions(const SuspectDecisions& decisions);
  const SuspectDecisions& decisions() const { return decisions_; }
  const std::shared_ptr<const AnnotationSuspects>& suspects() const { return suspects_; }
  /// The suspect of row `row`, or nullptr.
  const AnnotationSuspect* suspectAt(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::shared_ptr<const AnnotationSuspects> suspects_;
  SuspectDecisions decisions_;
};

}  // namespace posescope
