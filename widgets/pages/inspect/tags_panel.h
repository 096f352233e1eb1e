#pragma once
// The Inspect page's tags panel: the run folder's tags (tags.json) and the buttons that edit them.

#include <QWidget>
#include <optional>

#include "report/run_views.h"
#include "widgets/session/run_analysis.h"

class QTableView;

namespace posescope {

class RunTagsModel;
class RunViewState;

/// A "Tags" header with Tag… and Remove beside it, above a table of the view's tags. Tag… asks
/// InspectView (tagRequested) to tag what is shown, which knows what that is; Remove removes the
/// tag selected; a double-click on a row asks for its image (imageRequested). Never throws.
class TagsPanel : public QWidget {
  Q_OBJECT
 public:
  /// What the tag dialog returns.
  struct EnteredTag {
    QString tag;
    QString note;
  };

  explicit TagsPanel(QWidget* parent = nullptr);

  /// Lists the tags of `view` as they change; Remove removes from it.
  void followView(RunViewState* view);
  RunTagsModel* model() const { return model_; }
  /// Asks for a tag (the view's tags offered) and a note; nullopt when cancelled. The dialog
  /// says whether the person selected (`person`) or the image is tagged.
  std::optional<EnteredTag> askTag(bool person);

 Q_SIGNALS:
  /// The Tag… button.
  void tagRequested();
  /// A tag's row was activated: show image `imageId`.
  void imageRequested(qint64 imageId);

 private:
  RunTagsModel* model_ = nullptr;
  QTableView* table_ = nullptr;
  RunViewState* view_ = nullptr;
};

/// `tag` and `note` (trimmed) on `record`, or on its predicted person `person` when `analysis`
/// is there (a prediction is tagged by its place in results.json, which only the analysis knows).
RunTag runTagOf(const ImageRecord& record, int person, const RunAnalysis* analysis,
                const QString& tag, const QString& note);

}  // namespace posescope
