#pragma once
// The view of the run shown (docs/views.md): the query the Inspect and Results pages filter their
// image lists by, the images it keeps, and the run folder's saved views and tags. One per
// RunDocument, so both pages show the same view.

#include <QObject>
#include <QSet>
#include <QString>
#include <QThreadPool>
#include <memory>
#include <optional>
#include <vector>

#include "report/run_views.h"
#include "report/view_query.h"
#include "widgets/session/latest_job.h"

namespace posescope {

class RunDocument;

/// Lives on the GUI thread, a child of its RunDocument, whose run, inspection rows, analysis and
/// re-evaluation it follows: the images (ViewImage: the per-image rows, the ground truth and the
/// error analysis already computed, and the tags) are joined on a pool thread whenever those
/// change. A query
/// that does not parse, or that names people (or has_crowd) before the analysis is there, hides
/// nothing and says why. Another run folder clears the query (saying so) and reads its
/// views.json and tags.json on a pool thread; the same folder read again keeps both. Saved views
/// and tags are written at once, atomically, one write after the other. Never throws.
class RunViewState : public QObject {
  Q_OBJECT
 public:
  explicit RunViewState(RunDocument* document);
  ~RunViewState() override;

  /// Parses and applies `text` (blank: every image); viewChanged follows.
  void setQuery(const QString& text);
  /// The query as typed ("" when none).
  QString queryText() const { return queryText_; }
  /// Whether images are hidden now: a valid, non-empty query whose properties are known.
  bool filtering() const { return inView_.has_value(); }
  /// The ids of the images in the view (meaningful while filtering()).
  const QSet<qint64>& imagesInView() const;
  /// What the query bar says under it: "N of M images in view: QUERY", the query's error (with
  /// its column and did-you-mean), that the analysis is awaited, or that another run cleared the
  /// view; "" when there is nothing to say.
  QString statusText() const { return status_; }
  /// Whether statusText() is an error (the query does not parse, or the files cannot be read or
  /// written).
  bool statusIsError() const { return statusIsError_; }
  /// The images of the run shown (those a view is taken from).
  int imageCount() const;

  /// The run folder's saved views (views.json), by name.
  const std::vector<SavedView>& savedViews() const { return savedViews_; }
  /// Saves the query shown under `name` (replacing a view of that name) in views.json. False when
  /// no run folder is shown, the name is blank or the query is empty.
  bool saveView(const QString& name);
  /// The run folder's tags (tags.json), in the order they were added.
  const std::vector<RunTag>& tags() const { return tags_; }
  /// Adds `tag` and writes tags.json; false when no run folder is shown or the tag is blank.
  bool addTag(const RunTag& tag);
  /// Removes tags()[index] and writes tags.json; false when out of range.
  bool removeTag(std::size_t index);

 Q_SIGNALS:
  /// The query, the images in view or the status changed.
  void viewChanged();
  void savedViewsChanged();
  void tagsChanged();

 private:
  void followRun();
  /// Joins the run's images again on a pool thread (the rows, analysis or re-evaluation changed).
  void rebuildImages();
  /// Evaluates the query over the images shown and sets the status.
  void apply();
  void readRunFiles();
  void writeViews();
  void writeTags();
  void setFilesError(const QString& error);

  RunDocument* document_;
  QString runDir_;  // the folder whose query, views and tags these are
  QString queryText_;
  QString clearedNote_;  // another run cleared the view: said until the next query
  std::optional<ViewQuery> query_;
  QString queryError_;
  std::shared_ptr<const std::vector<ViewImage>> images_;
  bool imagesHaveAnalysis_ = false;
  std::optional<QSet<qint64>> inView_;
  QString status_;
  bool statusIsError_ = false;
  QString filesError_;
  LatestJob imagesJob_;
  LatestJob filesJob_;
  std::vector<SavedView> savedViews_;
  std::vector<RunTag> tags_;
  QThreadPool writes_;  // one thread: the files are written in the order they changed
};

}  // namespace posescope
