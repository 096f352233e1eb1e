#include "widgets/pages/timing/timing_view.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "widgets/common/elided_label.h"
#include "widgets/common/plot_utils.h"
#include "widgets/common/qcp.h"
#include "widgets/common/table_views.h"
#include "widgets/models/timing_stats_model.h"
#include "widgets/session/run_document.h"

namespace posescope {

namespace {

constexpr double kBarWidth = 0.8;

QString withSuffixPart(const QString& path, const QString& part) {
  const QFileInfo info(path);
  const QString suffix = info.suffix().isEmpty() ? QStringLiteral("png") : info.suffix();
  return info.dir().filePath(info.completeBaseName() + part + QLatin1Char('.') + suffix);
}

}  // namespace

std::size_t histogramBinCount(std::size_t n) {
  const auto bins = static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(n))));
  return std::clamp<std::size_t>(bins, 1, 40);
}

TimingView::TimingView(QWidget* parent) : QWidget(parent) {
  model_ = new TimingStatsModel(this);
  stagePlot_ = new QCustomPlot;
  histogramPlot_ = new QCustomPlot;
  setUpPlot(stagePlot_);
  setUpPlot(histogramPlot_);
  stagePlot_->setMinimumHeight(220);
  histogramPlot_->setMinimumHeight(180);
  stagePlot_->setMouseTracking(true);

  QCPBars* below = nullptr;
  for (std::size_t s = 0; s < stageNames().size(); ++s) {
    auto* bars = new QCPBars(stagePlot_->xAxis, stagePlot_->yAxis);
    bars->setName(QString::fromStdString(stageNames()[s]));
    bars->setWidth(kBarWidth);
    bars->setStackingGap(0);
    bars->setPen(Qt::NoPen);
    bars->setBrush(stageColor(s));
    bars->setSelectable(QCP::stDataRange);
    bars->selectionDecorator()->setPen(QPen(Qt::black, 1.5));
    bars->selectionDecorator()->setBrush(stageColor(s).darker(160));
    if (below) bars->moveAbove(below);
    below = bars;
    stageBars_.push_back(bars);
  }
  stagePlot_->xAxis->setLabel(tr("image (dataset order; failed images left out)"));
  stagePlot_->yAxis->setLabel(tr("milliseconds"));
  stagePlot_->legend->setFillOrder(QCPLegend::foColumnsFirst);
  stagePlot_->axisRect()->insetLayout()->take(stagePlot_->legend);
  stagePlot_->plotLayout()->addElement(1, 0, stagePlot_->legend);
  stagePlot_->plotLayout()->setRowStretchFactor(1, 0.001);

  histogramBars_ = new QCPBars(histogramPlot_->xAxis, histogramPlot_->yAxis);
  histogramBars_->setName(tr("images per total time"));
  histogramBars_->setPen(QPen(QColor(0x3b, 0x3b, 0x3b)));
  QColor fill = paletteColor(0);
  fill.setAlpha(200);
  histogramBars_->setBrush(fill);
  histogramPlot_->legend->setVisible(false);
  auto counts = QSharedPointer<QCPAxisTickerFixed>::create();  // whole images only
  counts->setTickStep(1);
  counts->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
  histogramPlot_->yAxis->setTicker(counts);
  histogramPlot_->xAxis->setLabel(tr("total milliseconds per image"));
  histogramPlot_->yAxis->setLabel(tr("images"));

  table_ = makeRowTable(model_);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

  caption_ = new QLabel(tr("No run shown."));
  caption_->setWordWrap(true);
  auto* reset = new QPushButton(tr("Reset &Zoom"));
  reset->setToolTip(tr("Wheel zooms, dragging pans; this shows all data again."));
  connect(reset, &QPushButton::clicked, this, &TimingView::resetZoom);
  auto* top = new QHBoxLayout;
  top->addWidget(caption_, 1);
  top->addWidget(reset);
  // Which run these timings are of: the Timing page has no other place that says so.
  runName_ = new QLabel;
  runName_->setObjectName(QStringLiteral("timingRunName"));
  runName_->setTextFormat(Qt::RichText);
  runPath_ = new ElidedLabel;
  runPath_->setElideMode(Qt::ElideLeft);
  runPath_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* run = new QHBoxLayout;
  run->addWidget(runName_);
  run->addWidget(runPath_, 1);

  auto* bottom = new QSplitter(Qt::Horizontal);
  bottom->addWidget(histogramPlot_);
  bottom->addWidget(table_);
  bottom->setStretchFactor(0, 3);
  bottom->setStretchFactor(1, 2);
  plots_ = new QSplitter(Qt::Vertical);
  plots_->addWidget(stagePlot_);
  plots_->addWidget(bottom);
  plots_->setStretchFactor(0, 3);
  plots_->setStretchFactor(1, 2);
  noTimings_ = makeChartMessage();
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(run);
  layout->addLayout(top);
  layout->addWidget(plots_, 1);
  layout->addWidget(noTimings_, 1);

  connect(stagePlot_, &QCustomPlot::mousePress, this,
          [this](QMouseEvent* e) { stagePlot_->setProperty("pressPos", e->position()); });
  connect(stagePlot_, &QCustomPlot::mouseRelease, this, [this](QMouseEvent* e) {
    const QPointF press = stagePlot_->property("pressPos").toPointF();
    if ((press - e->position()).manhattanLength() < 4) onPlotClick(e, false);
  });
  connect(stagePlot_, &QCustomPlot::mouseDoubleClick, this,
          [this](QMouseEvent* e) { onPlotClick(e, true); });
  connect(stagePlot_, &QCustomPlot::mouseMove, this, &TimingView::onPlotHover);
  showRun({});
  rebuild();
}

void TimingView::followDocument(RunDocument* document) {
  document_ = document;
  connect(this, &TimingView::imageSelected, document,
          [document](qulonglong index) { document->setCurrentImage(index); });
  connect(document, &RunDocument::currentImageChanged, this, [this, document] {
    if (const auto index = document->currentImage()) selectImage(*index);
  });
  // Replotting costs tens of milliseconds of the GUI thread: at most twice a second while a run
  // goes, and a hidden page only notes that it is stale and catches up when shown.
  refresh_ = new QTimer(this);
  refresh_->setSingleShot(true);
  refresh_->setInterval(500);
  connect(refresh_, &QTimer::timeout, this, &TimingView::refreshRecords);
  connect(document, &RunDocument::runChanged, this, [this, document] {
    showRun(document->runDir());
    arrived_.clear();
    refresh_->stop();
    refreshRecords();
  });
  connect(document, &RunDocument::recordArrived, this, [this](const ImageRecord& record) {
    arrived_.push_back(recordWithoutPeople(record));
    if (!refresh_->isActive()) refresh_->start();
  });
  showRun(document->runDir());
  refreshRecords();
}

std::vector<ImageRecord> TimingView::documentRecords() const {
  const OpenedRunPtr& opened = document_ ? document_->openedRun() : nullptr;
  if (!opened) return arrived_;
  std::vector<ImageRecord> records;
  records.reserve(opened->run.records.size());
  for (const ImageRecord& record : opened->run.records)
    records.push_back(recordWithoutPeople(record));
  return records;
}

void TimingView::refreshRecords() {
  if (!isVisible()) {
    stale_ = true;
    return;
  }
  setRecords(documentRecords());
}

void TimingView::showRun(const QString& runDir) {
  runFolder_ = runDir;
  const QFileInfo folder(QDir::cleanPath(runDir));
  runName_->setText(
      runDir.isEmpty() ? QString() : tr("Run <b>%1</b> in").arg(folder.fileName().toHtmlEscaped()));
  runPath_->setText(QDir::toNativeSeparators(folder.path()));
  runPath_->setToolTip(runDir);
  runName_->setVisible(!runDir.isEmpty());
  runPath_->setVisible(!runDir.isEmpty());
}

const TimingStats& TimingView::stats() const {
  return model_->stats();
}

std::vector<std::size_t> TimingView::warmUpImages() const {
  std::vector<std::size_t> indices;
  for (std::size_t position : warmUps_) indices.push_back(records_[position].index);
  return indices;
}

QString TimingView::captionText() const {
  return caption_->text();
}

void TimingView::setRecords(std::vector<ImageRecord> records) {
  records_ = std::move(records);
  rebuild();
}

void TimingView::rebuild() {
  barRecords_.clear();
  for (std::size_t i = 0; i < records_.size(); ++i)
    if (!records_[i].failed()) barRecords_.push_back(i);
  const std::size_t stages = stageBars_.size();
  for (std::size_t s = 0; s < stages; ++s) {
    QVector<double> keys, values;
    keys.reserve(static_cast<qsizetype>(barRecords_.size()));
    values.reserve(static_cast<qsizetype>(barRecords_.size()));
    for (std::size_t b = 0; b < barRecords_.size(); ++b) {
      keys.push_back(static_cast<double>(b));
      values.push_back(stageValue(records_[barRecords_[b]].times, s));
    }
    stageBars_[s]->setData(keys, values, true);
  }

  // Few bars: each labelled with its image id; many: plain positions.
  if (barRecords_.size() <= 30) {
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (std::size_t b = 0; b < barRecords_.size(); ++b)
      ticker->addTick(static_cast<double>(b), QString::number(records_[barRecords_[b]].imageId));
    stagePlot_->xAxis->setTicker(ticker);
    stagePlot_->xAxis->setLabel(tr("image id (dataset order; failed images left out)"));
  } else {
    stagePlot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    stagePlot_->xAxis->setLabel(tr("image (dataset order; failed images left out)"));
  }
  // Each replica's first forward and each new input size's: set apart when other images give
  // the statistics.
  warmUps_ = warmUpPositions(records_);
  const std::vector<ImageRecord> measured = steadyRecords(records_);
  TimingStats stats = computeTimingStats(measured);
  const std::vector<double> totals = totalTimes(measured);
  histogram_ = histogram(totals, histogramBinCount(totals.size()));
  QVector<double> centres, counts;
  for (std::size_t i = 0; i < histogram_.counts.size(); ++i) {
    centres.push_back((histogram_.edges[i] + histogram_.edges[i + 1]) / 2);
    counts.push_back(static_cast<double>(histogram_.counts[i]));
  }
  if (histogram_.edges.size() >= 2)
    histogramBars_->setWidth(histogram_.edges[1] - histogram_.edges[0]);
  histogramBars_->setData(centres, counts, true);

  for (QCPItemText* label : warmUpLabels_) stagePlot_->removeItem(label);
  warmUpLabels_.clear();
  for (std::size_t position : warmUps_) {
    const auto bar = std::find(barRecords_.begin(), barRecords_.end(), position);
    auto* label = new QCPItemText(stagePlot_);
    // Written down the bar from its top, on a light ground: as narrow as a bar, so neither the
    // axis nor its neighbours clip it (a warm-up is the tallest bar as a rule).
    label->setText(tr("warm-up"));
    label->setRotation(-90);
    label->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);
    label->setBrush(QColor(255, 255, 255, 210));
    label->position->setCoords(static_cast<double>(bar - barRecords_.begin()),
                               records_[position].times.totalMs());
    label->setColor(QColor(0x55, 0x55, 0x55));
    warmUpLabels_.push_back(label);
  }
  // Imported predictions carry no timings (no network ran): a message, not empty plots.
  const auto evaluated = [](const ImageRecord& r) { return !r.failed(); };
  const bool timed = std::any_of(records_.begin(), records_.end(), [&](const ImageRecord& r) {
    return evaluated(r) && r.times.totalMs() > 0;
  });
  hasTimings_ = timed || std::none_of(records_.begin(), records_.end(), evaluated);
  plots_->setVisible(hasTimings_);
  noTimings_->setText(hasTimings_ ? QString() : tr("No timings to plot."));
  noTimings_->setVisible(!hasTimings_);
  if (!hasTimings_) {
    caption_->setText(
        tr("<b>This run has no timings</b>: its predictions were imported from a results file "
           "(%1 image(s)), no network ran.")
            .arg(records_.size()));
  } else if (stats.images == 0) {
    caption_->setText(records_.empty() ? tr("No run shown.")
                                       : tr("No evaluated image (%1 failed).").arg(stats.failed));
  } else {
    QString warmup;
    if (!warmUps_.empty()) {
      double slowest = 0;
      for (std::size_t position : warmUps_)
        slowest = std::max(slowest, records_[position].times.totalMs());
      warmup = tr(" \u00b7 %n warm-up image(s) (first of a replica or an input size, up to %1 "
                  "ms) left out",
                  nullptr, static_cast<int>(warmUps_.size()))
                   .arg(slowest, 0, 'f', 1);
    }
    caption_->setText(
        tr("<b>%1 image(s)</b>%2 \u00b7 median %3 ms per image (p90 %4, max %5, mean %6)%7 "
           "\u00b7 click a bar to select the image, double-click to inspect it")
            .arg(stats.images)
            .arg(stats.failed ? tr(", %1 failed left out").arg(stats.failed) : QString())
            .arg(stats.total.p50, 0, 'f', 1)
            .arg(stats.total.p90, 0, 'f', 1)
            .arg(stats.total.max, 0, 'f', 1)
            .arg(stats.total.mean, 0, 'f', 1)
            .arg(warmup));
  }
  model_->setStats(std::move(stats));
  if (selected_ && !selectImage(*selected_)) selected_.reset();
  applySelection();
  resetZoom();
}

void TimingView::resetZoom() {
  const double n = static_cast<double>(barRecords_.size());
  stagePlot_->xAxis->setRange(-0.75, std::max(1.0, n - 0.25));
  double top = 0;
  for (std::size_t b : barRecords_) top = std::max(top, records_[b].times.totalMs());
  stagePlot_->yAxis->setRange(0, top > 0 ? top * 1.05 : 1);
  if (histogram_.edges.size() >= 2) {
    const double w = histogram_.edges[1] - histogram_.edges[0];
    histogramPlot_->xAxis->setRange(histogram_.edges.front() - w / 2,
                                    histogram_.edges.back() + w / 2);
    std::size_t most = 0;
    for (std::size_t c : histogram_.counts) most = std::max(most, c);
    histogramPlot_->yAxis->setRange(0, static_cast<double>(most) * 1.1 + 0.5);
  } else {
    histogramPlot_->xAxis->setRange(0, 1);
    histogramPlot_->yAxis->setRange(0, 1);
  }
  stagePlot_->replot();
  histogramPlot_->replot();
}

std::optional<std::size_t> TimingView::imageAtKey(double key) const {
  const double position = std::round(key);
  if (position < 0 || position >= static_cast<double>(barRecords_.size()) ||
      std::abs(key - position) > kBarWidth / 2)
    return std::nullopt;
  return records_[barRecords_[static_cast<std::size_t>(position)]].index;
}

bool TimingView::selectImage(std::size_t datasetIndex) {
  selected_.reset();
  for (std::size_t record : barRecords_) {
    if (records_[record].index == datasetIndex) {
      selected_ = datasetIndex;
      break;
    }
  }
  applySelection();
  stagePlot_->replot();
  return selected_.has_value();
}

void TimingView::applySelection() {
  QCPDataSelection selection;
  if (selected_) {
    for (std::size_t b = 0; b < barRecords_.size(); ++b) {
      if (records_[barRecords_[b]].index == *selected_) {
        selection = QCPDataSelection(QCPDataRange(static_cast<int>(b), static_cast<int>(b) + 1));
        break;
      }
    }
  }
  for (QCPBars* bars : stageBars_) bars->setSelection(selection);
}

void TimingView::onPlotClick(QMouseEvent* event, bool activate) {
  if (!stagePlot_->axisRect()->rect().contains(event->position().toPoint())) return;
  const auto image = imageAtKey(stagePlot_->xAxis->pixelToCoord(event->position().x()));
  if (!image) return;
  selectImage(*image);
  if (activate)
    Q_EMIT imageActivated(*image);
  else
    Q_EMIT imageSelected(*image);
}

void TimingView::onPlotHover(QMouseEvent* event) {
  if (event->buttons() != Qt::NoButton) return;
  const auto image = imageAtKey(stagePlot_->xAxis->pixelToCoord(event->position().x()));
  if (!image || !stagePlot_->axisRect()->rect().contains(event->position().toPoint())) {
    QToolTip::hideText();
    return;
  }
  const ImageRecord* record = nullptr;
  for (const auto& r : records_)
    if (r.index == *image) record = &r;
  if (!record) return;
  QString text = tr("<b>%1</b> (id %2)<br>total %3 ms")
                     .arg(QString::fromStdString(record->file).toHtmlEscaped())
                     .arg(record->imageId)
                     .arg(record->times.totalMs(), 0, 'f', 2);
  for (std::size_t s = 0; s < stageNames().size(); ++s)
    text += tr("<br>%1: %2 ms")
                .arg(QString::fromStdString(stageNames()[s]))
                .arg(stageValue(record->times, s), 0, 'f', 2);
  QToolTip::showText(stagePlot_->mapToGlobal(event->position().toPoint()), text, stagePlot_);
}

bool TimingView::savePlots(const QString& path, QStringList* written, QString* error) {
  catchUp();  // a hidden page may still show the run before: export the one loaded now
  if (!hasTimings_) {
    if (error) *error = tr("The run has no timings (imported predictions): no plot to save.");
    return false;
  }
  const QString totals = withSuffixPart(path, QStringLiteral("_totals"));
  if (!savePlot(stagePlot_, path, error)) return false;
  if (written) *written << path;
  if (!savePlot(histogramPlot_, totals, error)) return false;
  if (written) *written << totals;
  return true;
}

void TimingView::catchUp() {
  if (stale_) {
    stale_ = false;
    setRecords(documentRecords());
    // An image put in view while the page was hidden had no bar to select then.
    if (document_ && document_->currentImage()) selectImage(*document_->currentImage());
  }
}

void TimingView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  catchUp();
}

}  // namespace posescope
