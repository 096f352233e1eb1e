#pragma once
// The Inspect page's tags panel: the run folder's tags (tags.json), one row each.

#include <vector>

#include "report/run_views.h"
#include "widgets/models/table_model_base.h"

namespace posescope {

/// One row per RunTag, in its order: image id, whom it tags (the image, a ground-truth person by
/// annotation id, a prediction by its position in results.json), tag, note. Qt::UserRole of the
/// image id column is the id. Never throws.
class RunTagsModel : public TableModelBase {
  Q_OBJECT
 public:
  enum Column { ImageIdColumn, PersonColumn, TagColumn, NoteColumn, ColumnCount };

  explicit RunTagsModel(QObject* parent = nullptr);

  /// Replaces all rows (resetModel).
  void setTags(std::vector<RunTag> tags);
  const std::vector<RunTag>& tags() const { return tags_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::vector<RunTag> tags_;
};

/// Whom `tag` tags, as the tags panel and the image table say it: "" for the image itself,
/// "person 12" (annotation id), "prediction 4" (position in results.json).
QString taggedPersonText(const RunTag& tag);

}  // namespace posescope
