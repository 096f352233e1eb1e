#include "widgets/session/run_view_state.h"

#include <exception>
#include <utility>

#include "report/view_rows.h"
#include "report/view_tags.h"
#include "widgets/session/background_job.h"
#include "widgets/session/run_document.h"

namespace posescope {

namespace {

// Whether `query` needs what only the error analysis' reading has: people, or the crowd regions.
bool needsAnalysis(const ViewQuery& query) {
  return query.hasPersonConditions() || query.usesProperty("has_crowd");
}

}  // namespace

RunViewState::RunViewState(RunDocument* document) : QObject(document), document_(document) {
  writes_.setMaxThreadCount(1);
  connect(document, &RunDocument::runChanged, this, &RunViewState::followRun);
  connect(document, &RunDocument::inspectionChanged, this, &RunViewState::rebuildImages);
  connect(document, &RunDocument::analysisChanged, this, &RunViewState::rebuildImages);
  connect(document, &RunDocument::reevaluationChanged, this, &RunViewState::rebuildImages);
  // Tags are a query property: the images carry them (read with the run folder, or one added).
  connect(this, &RunViewState::tagsChanged, this, &RunViewState::rebuildImages);
}

// Pending writes finish before the pool goes (the files are never left half written anyway).
RunViewState::~RunViewState() {
  writes_.waitForDone();
}

const QSet<qint64>& RunViewState::imagesInView() const {
  static const QSet<qint64> none;
  return inView_ ? *inView_ : none;
}

int RunViewState::imageCount() const {
  return images_ ? static_cast<int>(images_->size()) : 0;
}

void RunViewState::followRun() {
  const QString dir = document_->runDir();
  if (!runDir_.isEmpty() && sameRunFolder(dir, runDir_)) return;  // read again: all kept
  runDir_ = dir;
  if (!queryText_.trimmed().isEmpty())
    clearedNote_ =
        tr("The view \u201c%1\u201d was cleared: another run is shown.").arg(queryText_.trimmed());
  queryText_.clear();
  query_.reset();
  queryError_.clear();
  filesError_.clear();
  savedViews_.clear();
  tags_.clear();
  Q_EMIT savedViewsChanged();
  Q_EMIT tagsChanged();  // the images are joined again (without the last run's tags)
  apply();
  readRunFiles();
}

void RunViewState::setQuery(const QString& text) {
  queryText_ = text;
  clearedNote_.clear();
  query_.reset();
  queryError_.clear();
  try {
    query_ = ViewQuery::parse(text.toStdString());
  } catch (const QueryError& e) {
    queryError_ = QString::fromStdString(e.what());
  }
  apply();
}

void RunViewState::rebuildImages() {
  imagesJob_.cancel();  // answers to earlier requests no longer apply
  const RunOverlayDataPtr inspection = document_->inspection();
  const RunAnalysisPtr analysis = document_->analysis();
  const RunReevaluationPtr reevaluation = document_->reevaluation();
  if (!inspection) {
    images_.reset();
    imagesHaveAnalysis_ = false;
    apply();
    return;
  }
  struct Joined {
    std::shared_ptr<const std::vector<ViewImage>> images;
    bool withAnalysis = false;
  };
  imagesJob_.start(
      this,
      [inspection, analysis, reevaluation, tags = tags_] {
        // The per-image AP the Results page shows: under changed settings, the re-evaluation's.
        const std::vector<PerImageRow>& rows = reevaluation ? reevaluation->rows : inspection->rows;
        Joined joined;
        std::vector<ViewImage> images;
        if (analysis && analysis->input) {
          images = viewImagesOf(rows, analysis->input->groundTruth, analysis->input->results,
                                analysis->analysis);
          joined.withAnalysis = true;
        } else {
          images = viewImagesOf(rows, KeypointGroundTruth{}, {}, KeypointAnalysis{});
        }
        attachTags(images, tags);
        joined.images = std::make_shared<const std::vector<ViewImage>>(std::move(images));
        return joined;
      },
      [this](Joined joined) {
        images_ = std::move(joined.images);
        imagesHaveAnalysis_ = joined.withAnalysis;
        apply();
      });
}

void RunViewState::apply() {
  inView_.reset();
  statusIsError_ = false;
  const int total = imageCount();
  if (!queryError_.isEmpty()) {
    status_ = tr("%1 \u2014 every image is shown until the query is corrected.").arg(queryError_);
    statusIsError_ = true;
  } else if (!query_ || query_->empty()) {
    status_ = clearedNote_;
  } else if (!images_) {
    status_ = tr("No images to view yet.");
  } else if (needsAnalysis(*query_) && !imagesHaveAnalysis_) {
    status_ = tr("Waiting for the error analysis (the query names people): all %1 images shown "
                 "until it is ready.")
                  .arg(total);
  } else {
    QSet<qint64> ids;
    for (const ViewImage* image : posescope::imagesInView(*images_, *query_)) ids.insert(image->id);
    status_ = tr("%1 of %2 images in view: %3")
                  .arg(ids.size())
                  .arg(total)
                  .arg(QString::fromStdString(query_->text()));
    inView_ = std::move(ids);
  }
  if (!filesError_.isEmpty()) {
    status_ = status_.isEmpty() ? filesError_ : status_ + QLatin1Char('\n') + filesError_;
    statusIsError_ = true;
  }
  Q_EMIT viewChanged();
}

void RunViewState::readRunFiles() {
  filesJob_.cancel();  // answers to earlier requests no longer apply
  if (runDir_.isEmpty()) return;
  struct Read {
    std::vector<SavedView> views;
    std::vector<RunTag> tags;
    QString error;
  };
  filesJob_.start(
      this,
      [dir = runDir_.toStdString()] {
        Read read;
        try {
          read.views = readSavedViews(dir);
          read.tags = readRunTags(dir);
        } catch (const std::exception& e) {
          read.error = QString::fromStdString(e.what());
        }
        return read;
      },
      [this](Read read) {
        savedViews_ = std::move(read.views);
        tags_ = std::move(read.tags);
        Q_EMIT savedViewsChanged();
        Q_EMIT tagsChanged();
        if (!read.error.isEmpty()) setFilesError(read.error);
      });
}

bool RunViewState::saveView(const QString& name) {
  const std::string key = name.trimmed().toStdString();
  if (runDir_.isEmpty() || key.empty() || queryText_.trimmed().isEmpty()) return false;
  bool replaced = false;
  for (SavedView& view : savedViews_)
    if (view.name == key) {
      view.query = queryText_.trimmed().toStdString();
      replaced = true;
    }
  if (!replaced) savedViews_.push_back({key, queryText_.trimmed().toStdString()});
  // Listed as views.json keeps them: by name.
  savedViews_ = parseSavedViews(savedViewsJson(savedViews_), kSavedViewsFile);
  Q_EMIT savedViewsChanged();
  writeViews();
  return true;
}

bool RunViewState::addTag(const RunTag& tag) {
  if (runDir_.isEmpty() || tag.tag.empty()) return false;
  tags_.push_back(tag);
  Q_EMIT tagsChanged();
  writeTags();
  return true;
}

bool RunViewState::removeTag(std::size_t index) {
  if (index >= tags_.size()) return false;
  tags_.erase(tags_.begin() + static_cast<std::ptrdiff_t>(index));
  Q_EMIT tagsChanged();
  writeTags();
  return true;
}

void RunViewState::writeViews() {
  inBackground(
      this,
      [dir = runDir_.toStdString(), views = savedViews_] {
        try {
          writeSavedViews(dir, views);
        } catch (const std::exception& e) {
          return QString::fromStdString(e.what());
        }
        return QString();
      },
      [this](const QString& error) { setFilesError(error); }, &writes_);
}

void RunViewState::writeTags() {
  inBackground(
      this,
      [dir = runDir_.toStdString(), tags = tags_] {
        try {
          writeRunTags(dir, tags);
        } catch (const std::exception& e) {
          return QString::fromStdString(e.what());
        }
        return QString();
      },
      [this](const QString& error) { setFilesError(error); }, &writes_);
}

void RunViewState::setFilesError(const QString& error) {
  if (error == filesError_) return;
  filesError_ = error;
  apply();
}

}  // namespace posescope
