#include "widgets/pages/compare/compare_view.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <unordered_map>

#include "render/joint_error_marks.h"
#include "report/error_label_changes.h"
#include "widgets/common/ap_if_fixed_chart.h"
#include "widgets/common/elided_label.h"
#include "widgets/common/image_canvas.h"
#include "widgets/common/image_decoder.h"
#include "widgets/common/plot_utils.h"
#include "widgets/common/qcp.h"
#include "widgets/common/table_views.h"
#include "widgets/models/comparison_models.h"
#include "widgets/pages/compare/canvas_pair.h"
#include "widgets/pages/compare/compare_curves.h"
#include "widgets/pages/compare/compare_header_bar.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"

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
  rebuildTimingPlot();
  followDocument(new RunDocument(this));  // the session's once followSession is called
}

// Left: metrics, summary, timing plot.
QWidget* CompareView::buildTables() {
  metricTable_ = makeRowTable(metricModel_);
  metricTable_->setObjectName(QStringLiteral("metricTable"));
  metricTable_->setSelectionMode(QAbstractItemView::SingleSelection);
  // Long run labels share the width and elide; the names, B - A and its interval always fit.
  metricTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  metricTable_->horizontalHeader()->setSectionResizeMode(MetricComparisonModel::NameColumn,
                                                         QHeaderView::ResizeToContents);
  metricTable_->horizontalHeader()->setSectionResizeMode(MetricComparisonModel::DeltaColumn,
                                                         QHeaderView::ResizeToContents);
  metricTable_->horizontalHeader()->setSectionResizeMode(MetricComparisonModel::IntervalColumn,
                                                         QHeaderView::ResizeToContents);
  metricTable_->horizontalHeader()->setTextElideMode(Qt::ElideMiddle);
  metricTable_->setTextElideMode(Qt::ElideMiddle);
  summaryTable_ = makeRowTable(summaryModel_);
  summaryTable_->setSelectionMode(QAbstractItemView::SingleSelection);
  // A and B share the width left by the row names, so neither side pushes the other out.
  summaryTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  summaryTable_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  summaryTable_->setWordWrap(false);
  // Narrow panes elide in the middle: run folders differ at their ends (_A-arch, _B-arch).
  summaryTable_->setTextElideMode(Qt::ElideMiddle);
  timingPlot_ = new QCustomPlot;
  setUpPlot(timingPlot_);
  timingPlot_->setMinimumHeight(160);
  // One entry per row: two long run labels side by side would widen the whole window.
  timingPlot_->legend->setFillOrder(QCPLegend::foColumnsFirst);
  timingPlot_->legend->setWrap(1);
  timingPlot_->axisRect()->insetLayout()->take(timingPlot_->legend);
  timingPlot_->plotLayout()->addElement(1, 0, timingPlot_->legend);
  timingPlot_->plotLayout()->setRowStretchFactor(1, 0.001);
  // A title naming both runs: an exported plot is seen away from the page that names them.
  timingPlot_->plotLayout()->insertRow(0);
  QFont titleFont = timingPlot_->font();
  titleFont.setBold(true);
  timingTitle_ = new QCPTextElement(timingPlot_, QString(), titleFont);
  timingTitle_->setObjectName(QStringLiteral("timingTitle"));
  timingPlot_->plotLayout()->addElement(0, 0, timingTitle_);
  timingPlot_->plotLayout()->setRowStretchFactor(0, 0.001);
  // Below the metrics, one of: the summaries, the time per stage, where the AP goes.
  auto* below = details_ = new QTabWidget;
  below->setObjectName(QStringLiteral("compareDetails"));
  below->addTab(summaryTable_, tr("Summary"));
  below->addTab(timingPlot_, tr("Time per stage"));
  below->addTab(buildApCharts(), tr("Where the AP goes"));
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

// The AP-if-fixed charts of A and B side by side, on one area and OKS choice.
QWidget* CompareView::buildApCharts() {
  apChartA_ = new ApIfFixedChart;
  apChartB_ = new ApIfFixedChart;
  apChartA_->setObjectName(QStringLiteral("apChartA"));
  apChartB_->setObjectName(QStringLiteral("apChartB"));
  const auto follow = [](ApIfFixedChart* from, ApIfFixedChart* to) {
    connect(from, &ApIfFixedChart::choiceChanged, to, [from, to] {
      const QSignalBlocker block(to);
      to->setArea(from->area());
      to->setOks(from->oks());
    });
  };
  follow(apChartA_, apChartB_);
  follow(apChartB_, apChartA_);
  connect(apChartA_, &ApIfFixedChart::imagesRequested, this,
          [this](const ImageQueue& queue) { showImageSelection(A, queue); });
  connect(apChartB_, &ApIfFixedChart::imagesRequested, this,
          [this](const ImageQueue& queue) { showImageSelection(B, queue); });
  auto* charts = new QWidget;
  auto* layout = new QHBoxLayout(charts);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(apChartA_);
  layout->addWidget(apChartB_);
  return charts;
}

// Right: per-image deltas and the two canvases.
QWidget* CompareView::buildImagePane() {
  imageTable_ = makeRowTable(imageModel_);
  imageTable_->setObjectName(QStringLiteral("imageDeltaTable"));
  imageTable_->setSelectionMode(QAbstractItemView::SingleSelection);
  imageTable_->horizontalHeader()->resizeSection(ImageDeltaModel::FileColumn, 140);
  // "B: 2 new swaps, 1 miss fewer" in sight beside the deltas (the tooltip has all of it).
  imageTable_->horizontalHeader()->resizeSection(ImageDeltaModel::ErrorChangesColumn, 260);
  imageTable_->setTextElideMode(Qt::ElideMiddle);
  keepHeadersWhole(imageTable_);
  // A chart bar's count of its error beside the file, shown only while its images are listed.
  QHeaderView* header = imageTable_->horizontalHeader();
  header->moveSection(header->visualIndex(ImageDeltaModel::QueueKeyColumn),
                      header->visualIndex(ImageDeltaModel::FileColumn) + 1);
  imageTable_->setColumnHidden(ImageDeltaModel::QueueKeyColumn, true);
  connect(imageTable_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (const ImageDelta* d = imageModel_->deltaAt(current.row())) showImage(d->imageId);
          });
  canvases_ = new CanvasPair;
  // The scenes hold the matches at one threshold: both sides are shown again at the new one.
  connect(canvases_, &CanvasPair::matchThresholdChanged, this, [this] {
    if (current_) showImage(*current_);
  });
  // A chart bar's images: named above the table, with the way back to all of them.
  selectionLabel_ = new QLabel;
  selectionLabel_->setObjectName(QStringLiteral("imageSelectionLabel"));
  auto* showAll = new QPushButton(tr("Show all images"));
  showAll->setObjectName(QStringLiteral("showAllImagesButton"));
  connect(showAll, &QPushButton::clicked, this, &CompareView::showAllImages);
  selectionTop_ = new QSpinBox;
  selectionTop_->setObjectName(QStringLiteral("selectionTop"));
  selectionTop_->setRange(0, 1000000);
  selectionTop_->setSpecialValueText(tr("top: all"));
  selectionTop_->setPrefix(tr("top "));
  selectionTop_->setToolTip(tr("Keep only the first images (the most of that error)"));
  connect(selectionTop_, &QSpinBox::valueChanged, this, &CompareView::keepSelectionTop);
  selectionBar_ = new QWidget;
  auto* barLayout = new QHBoxLayout(selectionBar_);
  barLayout->setContentsMargins(0, 0, 0, 0);
  barLayout->addWidget(selectionLabel_, 1);
  barLayout->addWidget(selectionTop_);
  barLayout->addWidget(showAll);
  selectionBar_->hide();
  auto* list = new QWidget;
  auto* listLayout = new QVBoxLayout(list);
  listLayout->setContentsMargins(0, 0, 0, 0);
  listLayout->addWidget(selectionBar_);
  listLayout->addWidget(imageTable_);

  auto* right = new QSplitter(Qt::Vertical);
  right->addWidget(list);
  right->addWidget(canvases_);
  right->setStretchFactor(0, 1);
  right->setStretchFactor(1, 3);
  right->setSizes({200, 700});
  return right;
}

void CompareView::followSession(RunSession* session) {
  followDocument(session->document());
  connect(session, &RunSession::comparisonFailed, this, &CompareView::showError);
  connect(this, &CompareView::runFolderChosen, session, &RunSession::openCompareSide);
  connect(session, &RunSession::busyChanged, this, [this](bool busy) { setRunPairEnabled(!busy); });
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
  for (ApIfFixedChart* chart : {apChartA_, apChartB_}) {
    chart->setAnalysis(nullptr, nullptr);
    chart->setCaption(QString());
  }
  curves_->clear();
  metricModel_->setComparison(std::nullopt, {}, {});
  summaryModel_->setRows({}, {}, {});
  imageModel_->setImages({});
  current_.reset();
  selection_.reset();
  selectionBar_->hide();
  imageModel_->setQueue(std::nullopt);
  imageTable_->setColumnHidden(ImageDeltaModel::QueueKeyColumn, true);
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
    rebuildTimingPlot();
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
  // Every metric in sight: the table is as tall as its rows.
  metricTable_->setMinimumHeight(metricTable_->horizontalHeader()->sizeHint().height() +
                                 metricModel_->rowCount() * kTableRowHeight +
                                 2 * metricTable_->frameWidth() + 2);
  summaryModel_->setRows(summaryRows(*comparison_, *side(A), *side(B)), labelA, labelB);
  // Another pair (or A and B exchanged): a chart bar's selection named the previous one.
  selection_.reset();
  selectionBar_->hide();
  imageModel_->setQueue(std::nullopt);
  imageTable_->setColumnHidden(ImageDeltaModel::QueueKeyColumn, true);
  imageModel_->setImages(comparison_->images);
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
  rebuildTimingPlot();
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
  apChartA_->setCaption(tr("<b>A</b>: %1").arg(labelA_.toHtmlEscaped()));
  apChartB_->setCaption(tr("<b>B</b>: %1").arg(labelB_.toHtmlEscaped()));
  for (ApIfFixedChart* chart : {apChartA_, apChartB_}) {
    chart->setAnalysis(nullptr, nullptr);
    chart->setMessage(tr("Analysing the errors of both runs\u2026"));
  }
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
  apChartA_->setAnalysis(std::shared_ptr<const KeypointAnalysis>(analysis, &analysis->a),
                         std::shared_ptr<const Triage>(analysis, &analysis->triageA),
                         haveAp ? metrics->a.front() : -1);
  apChartB_->setAnalysis(std::shared_ptr<const KeypointAnalysis>(analysis, &analysis->b),
                         std::shared_ptr<const Triage>(analysis, &analysis->triageB),
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
  for (ApIfFixedChart* chart : {apChartA_, apChartB_}) chart->setMessage(text);
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
  imageModel_->setImages(imagesListed());
  if (current_) {
    const int row = imageModel_->rowOfImage(*current_);
    if (row >= 0) {
      const QSignalBlocker block(imageTable_->selectionModel());
      imageTable_->selectRow(row);
    }
  }
}

void CompareView::rebuildTimingPlot() {
  timingPlot_->clearPlottables();
  timingPlot_->xAxis->setLabel(QString());
  timingPlot_->yAxis->setLabel(tr("mean milliseconds per image"));
  auto ticker = QSharedPointer<QCPAxisTickerText>::create();
  QVector<double> keys;
  for (std::size_t s = 0; s < stageNames().size(); ++s) {
    keys.push_back(static_cast<double>(s + 1));
    ticker->addTick(static_cast<double>(s + 1), QString::fromStdString(stageNames()[s]));
  }
  timingPlot_->xAxis->setTicker(ticker);
  timingPlot_->xAxis->setRange(0.4, static_cast<double>(keys.size()) + 0.6);
  // The runs by their folders' names (the legend gives their labels, often the arch alone).
  // Cut shorter than labels elsewhere: both names share the title's one line, which must not
  // widen the window.
  const auto runName = [this](Side s) {
    return middleElided(
        QFileInfo(QDir::cleanPath(QString::fromStdString(side(s)->run->dir))).fileName(),
        kRunLabelChars / 2);
  };
  timingTitle_->setText(
      comparison_ && side(A) && side(B)
          ? tr("Mean time per stage \u2014 A: %1 vs B: %2").arg(runName(A), runName(B))
          : tr("Mean time per stage"));
  if (!comparison_) {
    timingPlot_->yAxis->setRange(0, 1);
    timingPlot_->replot();
    return;
  }
  auto* group = new QCPBarsGroup(timingPlot_);
  double top = 0;
  const std::pair<const RunSide*, QColor> sides[] = {{&comparison_->a, runColor(RunSideColor::A)},
                                                     {&comparison_->b, runColor(RunSideColor::B)}};
  int n = 0;
  for (const auto& [side, color] : sides) {
    auto* bars = new QCPBars(timingPlot_->xAxis, timingPlot_->yAxis);
    const std::optional<CompareSide>& loaded = this->side(n == 0 ? A : B);
    const bool imported = loaded && loaded->run->summary.imported;
    bars->setName(
        (n == 0 ? tr("A: %1%2") : tr("B: %1%2"))
            .arg(n == 0 ? labelA_ : labelB_, imported ? tr(" (imported: no timings)") : QString()));
    ++n;
    bars->setBrush(color);
    bars->setPen(Qt::NoPen);
    bars->setWidth(0.38);
    bars->setBarsGroup(group);
    QVector<double> values;
    for (std::size_t s = 0; s < stageNames().size(); ++s) {
      const double v = s < side->timing.perStage.size() ? side->timing.perStage[s].mean : 0;
      values.push_back(v);
      top = std::max(top, v);
    }
    bars->setData(keys, values, true);
  }
  timingPlot_->yAxis->setRange(0, top > 0 ? top * 1.15 : 1);
  timingPlot_->replot();
}

std::vector<ImageDelta> CompareView::imagesListed() const {
  if (!comparison_) return {};
  if (!selection_) return comparison_->images;
  std::unordered_map<std::int64_t, const ImageDelta*> byImage;
  for (const ImageDelta& d : comparison_->images) byImage[d.imageId] = &d;
  std::vector<ImageDelta> listed;
  for (qint64 id : firstImagesOf(*selection_, selectionTop_->value()).imageIds) {
    const auto it = byImage.find(id);
    if (it != byImage.end()) listed.push_back(*it->second);
  }
  return listed;
}

void CompareView::showImageSelection(Side side, const ImageQueue& queue) {
  if (!comparison_) return;
  selection_ = queue;
  selectionSide_ = side;
  keepSelectionTop(0);  // a new selection starts whole
}

void CompareView::keepSelectionTop(int count) {
  if (!selection_) return;
  {  // the box says what is kept however it was asked (imagesListed reads it)
    const QSignalBlocker block(selectionTop_);
    selectionTop_->setValue(count);
  }
  const ImageQueue shown = firstImagesOf(*selection_, count);
  imageModel_->setImages(imagesListed());
  imageModel_->setQueue(shown);
  imageTable_->setColumnHidden(ImageDeltaModel::QueueKeyColumn, shown.keyName.isEmpty());
  selectionLabel_->setText(
      tr("%1 in run %2: %n listed", nullptr, imageModel_->rowCount())
          .arg(shown.title, selectionSide_ == A ? QStringLiteral("A") : QStringLiteral("B")));
  selectionBar_->show();
  current_.reset();
  if (const ImageDelta* first = imageModel_->deltaAt(0)) showImage(first->imageId);
}

void CompareView::showAllImages() {
  if (!selection_) return;
  selection_.reset();
  selectionBar_->hide();
  imageModel_->setQueue(std::nullopt);
  imageTable_->setColumnHidden(ImageDeltaModel::QueueKeyColumn, true);
  imageModel_->setImages(imagesListed());
  if (current_) {
    const QSignalBlocker block(imageTable_->selectionModel());
    imageTable_->selectRow(imageModel_->rowOfImage(*current_));
  }
}

QString CompareView::imageSelectionText() const {
  return selection_ ? selectionLabel_->text() : QString();
}

bool CompareView::showImage(std::int64_t imageId) {
  if (!comparison_ || imageModel_->rowOfImage(imageId) < 0) return false;
  current_ = imageId;
  showSideImage(A, imageId);
  showSideImage(B, imageId);
  const int row = imageModel_->rowOfImage(imageId);
  if (imageTable_->currentIndex().row() != row) {
    const QSignalBlocker block(imageTable_->selectionModel());
    imageTable_->selectRow(row);
  }
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
