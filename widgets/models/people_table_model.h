#pragma once
// The people of the image shown on the Inspect page: each prediction with its score and the OKS
// of its match, then the ground-truth people no prediction matched.

#include <vector>

#include "render/overlay_scene.h"
#include "render/render_options.h"
#include "widgets/models/table_model_base.h"

namespace posescope {

/// One row per predicted person (highest score first), then one per regular ground-truth person
/// no prediction matched ("missed"). Columns: Person ("P3", or "GT 1234" for a missed person),
/// Score, OKS (of the match at the scene's threshold; empty when unmatched), Matched (the
/// annotation id, "crowd" for a match to an ignored region, "unmatched", "missed"), Shown
/// (whether the display's score threshold and top-N draw it). The person cell's decoration is
/// its overlay colour. Qt::UserRole gives numbers for sorting. Never throws.
class PeopleTableModel : public TableModelBase {
  Q_OBJECT
 public:
  enum Column { PersonColumn, ScoreColumn, OksColumn, MatchColumn, ShownColumn, ColumnCount };

  /// One row: a predicted person (`person` >= 0) or a missed ground-truth person.
  struct Row {
    int person = -1;                  // index into the scene's predictions; -1: missed person
    std::int64_t groundTruthId = -1;  // matched or missed annotation; -1: none
    double score = 0;
    double oks = -1;  // -1: no match
    bool ignoredMatch = false;
    bool shown = true;
  };

  explicit PeopleTableModel(QObject* parent = nullptr);

  /// Rows of `scene` as `options` draw it (threshold, top-N); empty scene: no rows.
  void setScene(const OverlayScene& scene, const RenderOptions& options);
  const std::vector<Row>& rows() const { return rows_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::vector<Row> rows_;
};

}  // namespace posescope
