#include "widgets/session/run_document.h"

#include <QFileInfo>
#include <exception>
#include <utility>

#include "widgets/session/run_view_state.h"

namespace posescope {

bool sameRunFolder(const QString& a, const QString& b) {
  if (a == b) return true;
  const QString canonicalA = QFileInfo(a).canonicalFilePath();
  return !canonicalA.isEmpty() && canonicalA == QFileInfo(b).canonicalFilePath();
}

RunDocument::RunDocument(QObject* parent) : QObject(parent), view_(new RunViewState(this)) {}

RunReevaluationPtr RunDocument::changedSettings() const {
  return reevaluation_ && !reevaluation_->usesValidPySettings() ? reevaluation_ : nullptr;
}

bool RunDocument::hasImage(std::size_t datasetIndex) const {
  if (inspection_) return inspection_->recordOf(datasetIndex) != nullptr;
  if (!opened_) return false;
  for (const ImageRecord& record : opened_->run.records)
    if (record.index == datasetIndex) return true;
  return false;
}

void RunDocument::forgetDerived() {
  analysisError_.clear();
  if (analysis_) {
    analysis_.reset();
    Q_EMIT analysisChanged();
  }
  if (reevaluation_) {
    reevaluation_.reset();
    Q_EMIT reevaluationChanged();
  }
}

void RunDocument::beginRun(const QString& runDir) {
  runDir_ = runDir;
  opened_.reset();
  const bool hadInspection = inspection_ != nullptr;
  inspection_.reset();
  forgetDerived();
  Q_EMIT runChanged();
  if (hadInspection) Q_EMIT inspectionChanged();
  clearCurrentImage();
}

void RunDocument::openRun(const OpenedRunPtr& opened) {
  if (!opened) return;
  const QString dir = QString::fromStdString(opened->run.dir);
  const bool sameRun = !runDir_.isEmpty() && sameRunFolder(dir, runDir_);
  runDir_ = dir;
  opened_ = opened;
  inspection_ = opened->inspect;
  // A folder read again (a run resumed) has new results: what was derived from them goes.
  forgetDerived();
  Q_EMIT runChanged();
  Q_EMIT inspectionChanged();
  if (!sameRun || !currentImage_ || !hasImage(*currentImage_)) clearCurrentImage();
}

void RunDocument::setInspection(const RunOverlayDataPtr& data) {
  if (!data ||
      (!runDir_.isEmpty() && !sameRunFolder(QString::fromStdString(data->runDir), runDir_)))
    return;
  if (runDir_.isEmpty()) runDir_ = QString::fromStdString(data->runDir);
  inspection_ = data;
  Q_EMIT inspectionChanged();
  if (currentImage_ && !hasImage(*currentImage_)) clearCurrentImage();
}

bool RunDocument::setAnalysis(const RunAnalysisPtr& analysis) {
  if (analysis && !runDir_.isEmpty() &&
      !sameRunFolder(QString::fromStdString(analysis->runDir), runDir_))
    return false;
  if (analysis) analysisError_.clear();
  if (analysis == analysis_) return true;
  analysis_ = analysis;
  Q_EMIT analysisChanged();
  return true;
}

void RunDocument::setReevaluation(const RunReevaluationPtr& reevaluation) {
  if (reevaluation == reevaluation_) return;
  reevaluation_ = reevaluation;
  Q_EMIT reevaluationChanged();
}

void RunDocument::setCurrentImage(std::size_t datasetIndex) {
  if (currentImage_ == datasetIndex) return;
  currentImage_ = datasetIndex;
  Q_EMIT currentImageChanged();
}

void RunDocument::clearCurrentImage() {
  if (!currentImage_) return;
  currentImage_.reset();
  Q_EMIT currentImageChanged();
}

void RunDocument::setComparison(const OpenedComparison& opened) {
  compared_ = ComparedRuns{opened.a, opened.b, opened.comparison};
  Q_EMIT comparisonChanged();
}

bool RunDocument::setComparisonSide(int side, CompareSide loaded, QString* error) {
  std::optional<CompareSide>& target = side == 0 ? compared_.a : compared_.b;
  std::optional<CompareSide> previous = std::move(target);
  target = std::move(loaded);
  if (compared_.a && compared_.b) {
    try {
      compared_.comparison = compareSides(*compared_.a, *compared_.b);
    } catch (const std::exception& e) {
      target = std::move(previous);
      if (error) *error = QString::fromStdString(e.what());
      return false;
    }
  }
  Q_EMIT comparisonChanged();
  return true;
}

void RunDocument::swapComparison() {
  if (!compared_.a && !compared_.b) return;
  std::swap(compared_.a, compared_.b);
  compared_.comparison.reset();
  try {
    if (compared_.a && compared_.b) compared_.comparison = compareSides(*compared_.a, *compared_.b);
  } catch (const std::exception&) {
    // Cannot happen: the same two runs compared the other way round.
  }
  Q_EMIT comparisonChanged();
}

void RunDocument::setAnalysisBusy(bool busy) {
  if (busy == analysisBusy_) return;
  analysisBusy_ = busy;
  Q_EMIT analysisBusyChanged(busy);
}

bool RunDocument::setAnalysisFailed(const QString& dir, const QString& message) {
  if (!runDir_.isEmpty() && !sameRunFolder(dir, runDir_)) return false;
  analysisError_ = message;
  Q_EMIT analysisFailed(dir, message);
  return true;
}

}  // namespace posescope
