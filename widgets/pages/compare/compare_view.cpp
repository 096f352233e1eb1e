#include "widgets/pages/compare/compare_view.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "render/joint_error_marks.h"
#include "report/error_label_changes.h"
#include "widgets/common/elided_label.h"
#include "widgets/common/image_canvas.h"
#include "widgets/common/image_decoder.h"
#include "widgets/models/comparison_models.h"
#include "widgets/pages/compare/canvas_pair.h"
#include "widgets/pages/compare/compare_ap_charts.h"
#include "widgets/pages/compare/compare_curves.h"
#include "widgets/pages/compare/compare_header_bar.h"
#include "widgets/pages/compare/compare_image_list.h"
#include "widgets/pages/compare/compare_tables.h"
#include "widgets/pages/compare/compare_timing_plot.h"
#include "widgets/session/run_document.h"

namespace posescope {

namespace {
// The longest run label in captions, legends and table headers (a sweep's folders are longer).
constexpr int kRunLabelChars = 48;
}  // namespace

CompareView::CompareView(QWidget* parent) : QWidget(parent) {
  metricModel_ = new MetricComparisonModel(this);
  summaryModel_ = new SideBySideModel(this);
  imageModel_ = new ImageDeltaModel(this);
  analysis_ = new CompareAnalysis(this);
  connect(analysis_, &CompareAnalysis::finished, this, &CompareView::showPairAnalysis);
  connect(analysis_, &CompareAnalysis::failed, this, &CompareView::showPairAnalysisFailed);
  decoder_ = new ImageDecoder(this);
  connect(decoder_, &ImageDecoder::decoded, this, [this](const QString& path) {
    for (Side s : {A, B})
      if (current_ && awaitedImage_[s] == path) showSideImage(s, *current_);
  });

  header_ = new CompareHeaderBar;
  header_->setOrder(order_);
  connect(header_, &CompareHeaderBar::openRequested, this,
          [this](CompareHeaderBar::Side side) { chooseRun(side == CompareHeaderBar::A ? A : B); });
  connect(header_, &CompareHeaderBar::swapRequested, this, &CompareView::swapRuns);
  connect(header_, &CompareHeaderBar::runPairRequested, this, &CompareView::runPairRequested);
  connect(header_, &CompareHeaderBar::orderChosen, this, &CompareView::setOrder);
  notes_ =
      new QLabel(tr("Open two run folders (File \u2192 Compare Runs\u2026) to compare them, "
                    "or run two setups (Run A and B\u2026)."));
  notes_->setWordWrap(true);

  QWidget* tables = buildTables();
  QWidget* images = buildImagePane();
  auto* body = new QSplitter(Qt::Horizontal);
  body->addWidget(tables);
  body->addWidget(images);
  body->setStretchFactor(0, 2);
  body->setStretchFactor(1, 3);
  body->setSizes({620, 980});
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(header_);
  layout->addWidget(notes_);
  layout->addWidget(body, 1);
  followDocument(new RunDocument(this));  // the window's once the shell hands it over
}

// Left: the metrics over the tabs of details.
QWidget* CompareView::buildTables() {
  metricTable_ = makeMetricTable(metricModel_);
  summaryTable_ = makeSummaryTable(summaryModel_);
  timingPlot_ = new CompareTimingPlot;
  // Below the metrics, one of: the summaries, the time per stage, where the AP goes, curves.
  auto* below = details_ = new QTabWidget;
  below->setObjectName(QStringLiteral("compareDetails"));
  below->addTab(summaryTable_, tr("Summary"));
  below->addTab(timingPlot_, tr("Time per stage"));
  apCharts_ = new CompareApCharts;
  connect(apCharts_, &CompareApCharts::imagesRequested, this,
          [this](CompareApCharts::Side side, const ImageQueue& queue) {
            showImageSelection(side == CompareApCharts::A ? A : B, queue);
          });
  below->addTab(apCharts_, tr("Where the AP goes"));
  curves_ = new CompareCurves;
  below->addTab(curves_, tr("Curves"));
  auto* left = new QSplitter(Qt::Vertical);
  left->addWidget(metricTable_);
  left->addWidget(below);
  left->setStretchFactor(0, 2);
  left->setStretchFactor(1, 5);
  left->setSizes({260, 680});
  return left;
}

// Right: per-image deltas and the two canvases.
QWidget* CompareView::buildImagePane() {
  imageList_ = new CompareImageList(imageModel_);
  connect(imageList_, &CompareImageList::imageChosen, this, &CompareView::showImage);
  // A chart bar's images listed anew: the first of them is shown.
  connect(imageList_, &CompareImageList::selectionListed, this, [this] {
    current_.reset();
    if (const ImageDelta* first = imageModel_->deltaAt(0)) showImage(first->imageId);
  });
  canvases_ = new CanvasPair;
  // The scenes hold the matches at one threshold: both sides are shown again at the new one.
  connect(canvases_, &CanvasPair::matchThresholdChanged, this, [this] {
    if (current_) showImage(*current_);
  });
  auto* right = new QSplitter(Qt::Vertical);
  right->addWidget(imageList_);
  right->addWidget(canvases_);
  right->setStretchFactor(0, 1);
  right->setStretchFactor(1, 3);
  right->setSizes({200, 700});
  return right;
}

ImageCanvas* CompareView::canvas(Side s) const {
  return canvases_->canvas(s == A ? CanvasPair::A : CanvasPair::B);
}

void CompareView::chooseRun(Side side) {
  const QString dir = QFileDialog::getExistingDirectory(
      this, side == A ? tr("Open run folder A") : tr("Open run folder B"));
  if (!dir.isEmpty()) Q_EMIT runFolderChosen(side, dir);
}

void CompareView::followDocument(RunDocument* document) {
  if (document_ && document_->parent() == this) delete document_;  // the page's own until now
  document_ = document;
  connect(document_, &RunDocument::comparisonChanged, this, &CompareView::showDocumentComparison);
  connect(document_, &RunDocument::comparisonFailed, this, &CompareView::showError);
  connect(document_, &RunDocument::busyChanged, this,
          [this](bool busy) { setRunPairEnabled(!busy); });
  if (side(A) || side(B)) showDocumentComparison();
}

const std::optional<CompareSide>& CompareView::side(Side s) const {
  return s == A ? document_->comparedRuns().a : document_->comparedRuns().b;
}

void CompareView::showDocumentComparison() {
  comparison_ = document_->comparedRuns().comparison;
  recompare();
}

bool CompareView::setSide(Side side, CompareSide loaded, QString* error) {
  QString why;
  if (document_->setComparisonSide(side, std::move(loaded), &why)) return true;
  showError(why);
  if (error) *error = why;
  return false;
}

void CompareView::showError(const QString& message) {
  notes_->setText(tr("<span style='color:#c01c28'>%1</span>").arg(message.toHtmlEscaped()));
}

void CompareView::setRunPairEnabled(bool enabled) {
  header_->setRunPairEnabled(enabled);
}

void CompareView::setExportMenu(QMenu* menu) {
  header_->setExportMenu(menu);
}

void CompareView::showDetail(Detail detail) {
  details_->setCurrentIndex(static_cast<int>(detail));  // in the order they were added
}

void CompareView::swapRuns() {
  document_->swapComparison();
}

void CompareView::clearComparison() {
  comparison_.reset();
  analysis_->cancel();
  pairAnalysis_.reset();
  for (auto& detections : detectionsByImage_) detections.clear();
  metricModel_->setSignificance(std::nullopt);
  imageModel_->setErrorChanges({}, false);
  apCharts_->clear();
  curves_->clear();
  metricModel_->setComparison(std::nullopt, {}, {});
  summaryModel_->setRows({}, {}, {});
  imageList_->setImages({});
  current_.reset();
  canvas(A)->setImage({}, {});
  canvas(B)->setImage({}, {});
}

void CompareView::recompare() {
  header_->setRunFolder(CompareHeaderBar::A,
                        side(A) ? QString::fromStdString(side(A)->run->dir) : QString());
  header_->setRunFolder(CompareHeaderBar::B,
                        side(B) ? QString::fromStdString(side(B)->run->dir) : QString());
  if (!side(A) || !side(B) || !comparison_) {
    clearComparison();
    notes_->setText(side(A) || side(B) ? tr("Open the other run folder to compare.")
                                       : tr("Open two run folders to compare them."));
    timingPlot_->clear();
    return;
  }
  // Another pair resets the display filters (unless kept), before anything is drawn with them.
  canvases_->followRuns(QString::fromStdString(side(A)->run->dir),
                        QString::fromStdString(side(B)->run->dir));
  sortImageDeltas(comparison_->images, order_);
  QString labelA = QString::fromStdString(comparison_->a.label);
  QString labelB = QString::fromStdString(comparison_->b.label);
  if (labelA == labelB) {  // the same arch twice (e.g. with and without flip): name the folders
    labelA += QStringLiteral(" (%1)").arg(
        QFileInfo(QString::fromStdString(side(A)->run->dir)).fileName());
    labelB += QStringLiteral(" (%1)").arg(
        QFileInfo(QString::fromStdString(side(B)->run->dir)).fileName());
  }
  // Cut in the middle: the captions and tables keep both the model's name and the folder's end.
  labelA = middleElided(labelA, kRunLabelChars);
  labelB = middleElided(labelB, kRunLabelChars);
  labelA_ = labelA;
  labelB_ = labelB;
  metricModel_->setComparison(comparison_->metrics, labelA, labelB);
  fitMetricTableHeight(metricTable_);
  summaryModel_->setRows(summaryRows(*comparison_, *side(A), *side(B)), labelA, labelB);
  // Another pair (or A and B exchanged): a chart bar's selection named the previous one.
  imageList_->setImages(comparison_->images);
  canvases_->setCaption(CanvasPair::A, tr("<b>A</b>: %1").arg(labelA.toHtmlEscaped()));
  canvases_->setCaption(CanvasPair::B, tr("<b>B</b>: %1").arg(labelB.toHtmlEscaped()));

  noteLines_.clear();
  for (const auto& n : comparison_->notes) noteLines_ << QString::fromStdString(n);
  for (const QString& w : side(A)->warnings) noteLines_ << tr("A: %1").arg(w);
  for (const QString& w : side(B)->warnings) noteLines_ << tr("B: %1").arg(w);
  if (!comparison_->configDifferences.empty()) {
    QStringList keys;
    for (const auto& d : comparison_->configDifferences) keys << QString::fromStdString(d.key);
    noteLines_ << tr("settings that differ: %1 (see the summary table)").arg(keys.join(", "));
  }
  startPairAnalysis();
  metricTable_->resizeColumnsToContents();
  timingPlot_->showRuns(*comparison_, *side(A), *side(B), labelA_, labelB_);
  Q_EMIT comparisonChanged();

  const std::optional<std::int64_t> keep = current_;
  current_.reset();
  if (keep && showImage(*keep)) return;
  if (!comparison_->images.empty()) showImage(comparison_->images.front().imageId);
}

void CompareView::showNotes() {
  QStringList notes = noteLines_;
  if (notes.isEmpty())
    notes << tr("%1 image(s); per-image table ordered so the images where B loses come first.")
                 .arg(comparison_ ? comparison_->images.size() : 0);
  if (analysis_->isRunning()) notes << tr("computing the 95 % intervals and error analyses\u2026");
  if (pairAnalysis_) {
    const std::string few = fewImagesNote(pairAnalysis_->significance.images);
    if (!few.empty()) notes << tr("intervals: %1").arg(QString::fromStdString(few));
  }
  notes_->setText(notes.join(QStringLiteral(" \u00b7 ")).toHtmlEscaped());
}

void CompareView::startPairAnalysis() {
  pairAnalysis_.reset();
  for (auto& detections : detectionsByImage_) detections.clear();
  metricModel_->setSignificance(std::nullopt, true);
  imageModel_->setErrorChanges({}, false);
  apCharts_->showRuns(labelA_, labelB_);
  // One copy of each run for both jobs (the document's may change while they go).
  const LoadedRunPtr& runA = side(A)->run;
  const LoadedRunPtr& runB = side(B)->run;
  const RunEvaluationInputPtr readA = readInputOf(runA), readB = readInputOf(runB);
  curves_->showRuns(runA, runB, tr("A: %1").arg(labelA_), tr("B: %1").arg(labelB_), readA, readB);
  analysis_->start(runA, runB, readA, readB);
  showNotes();
}

RunEvaluationInputPtr CompareView::readInputOf(const LoadedRunPtr& run) const {
  if (!document_ || !document_->openedRun() || run.get() != &document_->openedRun()->run)
    return nullptr;
  // The document drops the analysis when the run is read again, so it is of this reading.
  const RunAnalysisPtr& analysis = document_->analysis();
  return analysis ? analysis->input : nullptr;
}

void CompareView::showPairAnalysis(const RunPairAnalysisPtr& analysis) {
  if (!comparison_) return;
  pairAnalysis_ = analysis;
  detectionsByImage_ = {detectionsByImage(analysis->a), detectionsByImage(analysis->b)};
  applyRunPairAnalysis(*comparison_, *analysis);
  metricModel_->setSignificance(analysis->significance);
  metricTable_->resizeColumnsToContents();
  imageModel_->setErrorChanges(errorLabelChangesByImage(analysis->triageA, analysis->triageB),
                               true);
  // Each chart names its run's metric table AP (valid.py's, the first stat) beside its baseline.
  const std::optional<MetricComparison>& metrics = comparison_->metrics;
  const bool haveAp = metrics && !metrics->a.empty() && !metrics->b.empty();
  apCharts_->showPairAnalysis(analysis, haveAp ? metrics->a.front() : -1,
                              haveAp ? metrics->b.front() : -1);
  curves_->showPairAnalysis(analysis);
  showNotes();
  if (current_) showImage(*current_);  // the errors layer has its labels now
  Q_EMIT pairAnalysisFinished();
}

void CompareView::showPairAnalysisFailed(const QString& message) {
  if (!comparison_) return;
  metricModel_->setSignificance(std::nullopt);
  const QString text = tr("no confidence intervals or error analyses: %1").arg(message);
  noteLines_ << text;
  apCharts_->showFailure(text);
  curves_->showPairAnalysisFailed(text);
  showNotes();
  Q_EMIT pairAnalysisFinished();
}

bool CompareView::pairAnalysisRunning() const {
  return analysis_->isRunning();
}

void CompareView::setOrder(DeltaOrder order) {
  order_ = order;
  header_->setOrder(order);
  if (!comparison_) return;
  sortImageDeltas(comparison_->images, order_);
  imageList_->reorder(comparison_->images);
  if (current_) imageList_->selectImage(*current_);
}

void CompareView::showImageSelection(Side side, const ImageQueue& queue) {
  if (comparison_)
    imageList_->showSelection(side == A ? QStringLiteral("A") : QStringLiteral("B"), queue);
}

void CompareView::keepSelectionTop(int count) {
  imageList_->keepSelectionTop(count);
}

void CompareView::showAllImages() {
  if (imageList_->showAll() && current_) imageList_->selectImage(*current_);
}

QString CompareView::imageSelectionText() const {
  return imageList_->selectionText();
}

ApIfFixedChart* CompareView::apChart(Side s) const {
  return apCharts_->chart(s == A ? CompareApCharts::A : CompareApCharts::B);
}

QCustomPlot* CompareView::timingPlot() const {
  return timingPlot_;
}

bool CompareView::showImage(std::int64_t imageId) {
  if (!comparison_ || imageModel_->rowOfImage(imageId) < 0) return false;
  current_ = imageId;
  showSideImage(A, imageId);
  showSideImage(B, imageId);
  imageList_->selectImage(imageId);
  canvases_->sync(canvas(A));
  Q_EMIT imageShown(imageId);
  return true;
}

void CompareView::showSideImage(Side s, std::int64_t imageId) {
  const std::optional<CompareSide>& side = this->side(s);
  ImageCanvas* canvas = this->canvas(s);
  const auto caption = [this, s](const QString& html) {
    canvases_->setCaption(s == A ? CanvasPair::A : CanvasPair::B, html);
  };
  const QString label = (s == A ? labelA_ : labelB_).toHtmlEscaped();
  const ImageRecord* record = side ? side->recordOfImage(imageId) : nullptr;
  const ImageDelta* delta = imageModel_->deltaAt(imageModel_->rowOfImage(imageId));
  QString extra;
  if (delta) {
    const auto& ap = s == A ? delta->apA : delta->apB;
    const auto& oks = s == A ? delta->oksA : delta->oksB;
    extra = tr(" \u00b7 AP %1 \u00b7 OKS %2")
                .arg(ap ? QString::number(*ap, 'f', 3) : QStringLiteral("\u2013"),
                     oks ? QString::number(*oks, 'f', 3) : QStringLiteral("\u2013"));
  }
  awaitedImage_[s].clear();
  if (!record || !side->images) {
    canvas->setImage({}, {});
    caption(tr("<b>%1</b>: %2 \u00b7 %3")
                .arg(s == A ? QStringLiteral("A") : QStringLiteral("B"), label,
                     !record ? tr("image not in this run") : tr("no images")));
    return;
  }
  const RunOverlayData& data = *side->images;
  // Decoded off the GUI thread: until the image is, the caption says so and the canvas is empty.
  const QString path = QString::fromStdString(data.imagePath(*record));
  decoder_->request(path);
  const std::optional<ImageDecoder::Decoded> decoded = decoder_->cached(path);
  if (!decoded) awaitedImage_[s] = path;
  canvas->setImage(decoded ? decoded->image : QImage(), *sceneOf(s, imageId));
  caption(tr("<b>%1</b>: %2 \u00b7 %3 people%4%5")
              .arg(s == A ? QStringLiteral("A") : QStringLiteral("B"), label)
              .arg(record->people.size())
              .arg(extra)
              .arg(!decoded ? tr(" \u00b7 reading the image\u2026")
                   : decoded->image.isNull()
                       ? tr(" \u00b7 cannot read %1").arg(QString::fromStdString(record->file))
                       : QString()));
}

std::optional<OverlayScene> CompareView::sceneOf(Side s, std::int64_t imageId) const {
  const std::optional<CompareSide>& side = this->side(s);
  const ImageRecord* record = side && side->images ? side->recordOfImage(imageId) : nullptr;
  if (!record) return std::nullopt;
  OverlayScene scene = side->images->sceneFor(*record, options().matchThreshold);
  if (pairAnalysis_) {
    const auto found = detectionsByImage_[s].find(imageId);
    if (found != detectionsByImage_[s].end())
      scene.jointErrors = jointErrorMarks(*record, s == A ? pairAnalysis_->a : pairAnalysis_->b,
                                          found->second, scene.groundTruth);
  }
  return scene;
}

void CompareView::setOptions(const RenderOptions& options) {
  canvases_->setOptions(options);
}

const RenderOptions& CompareView::options() const {
  return canvases_->options();
}

QString CompareView::notesText() const {
  return notes_->text();
}

}  // namespace posescope
