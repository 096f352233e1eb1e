#include "compare_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QImageReader>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>

#include "comparison_models.h"
#include "export_files.h"
#include "image_canvas.h"
#include "overlay_export.h"
#include "plot_utils.h"
#include "qcp.h"

namespace posescope {

namespace {

QTableView* makeTable(QAbstractItemModel* model) {
  auto* table = new QTableView;
  table->setModel(model);
  table->verticalHeader()->hide();
  table->verticalHeader()->setDefaultSectionSize(22);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->setSelectionMode(QAbstractItemView::SingleSelection);
  table->horizontalHeader()->setStretchLastSection(true);
  return table;
}

enum ExportChoice {
  ExportMarkdown,
  ExportCsv,
  ExportJson,
  ExportDeltas,
  ExportPlotPng,
  ExportPlotPdf,
  ExportCanvases
};

}  // namespace

CompareView::CompareView(QWidget* parent) : QWidget(parent) {
  options_.showCrowd = true;
  metricModel_ = new MetricComparisonModel(this);
  summaryModel_ = new SideBySideModel(this);
  imageModel_ = new ImageDeltaModel(this);

  // Header: the two runs, order and export.
  pathA_ = new QLabel(tr("A: \u2013"));
  pathB_ = new QLabel(tr("B: \u2013"));
  for (QLabel* l : {pathA_, pathB_}) {
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setMinimumWidth(120);
  }
  auto* openA = new QPushButton(tr("Open &A\u2026"));
  auto* openB = new QPushButton(tr("Open &B\u2026"));
  auto* swap = new QPushButton(tr("S&wap"));
  connect(openA, &QPushButton::clicked, this, [this] { chooseRun(A); });
  connect(openB, &QPushButton::clicked, this, [this] { chooseRun(B); });
  connect(swap, &QPushButton::clicked, this, &CompareView::swapRuns);
  auto* runPair = runPairButton_ = new QPushButton(tr("&Run A and B\u2026"));
  runPair->setObjectName(QStringLiteral("runPairButton"));
  runPair->setToolTip(
      tr("Set up two evaluations on the same dataset and run them one after the "
         "other (Run \u2192 Run A and B to Compare)"));
  connect(runPair, &QPushButton::clicked, this, &CompareView::runPairRequested);
  orderBox_ = new QComboBox;
  orderBox_->addItem(tr("\u0394 AP (B loses most first)"));
  orderBox_->addItem(tr("\u0394 OKS (B loses most first)"));
  connect(orderBox_, &QComboBox::currentIndexChanged, this,
          [this](int i) { setOrder(i == 1 ? DeltaOrder::Oks : DeltaOrder::Ap); });
  auto* exportButton = new QToolButton;
  exportButton->setText(tr("E&xport"));
  exportButton->setPopupMode(QToolButton::InstantPopup);
  auto* exportMenu = new QMenu(exportButton);
  const std::pair<int, QString> choices[] = {{ExportMarkdown, tr("Comparison as Markdown\u2026")},
                                             {ExportCsv, tr("Comparison as CSV\u2026")},
                                             {ExportJson, tr("Comparison as JSON\u2026")},
                                             {ExportDeltas, tr("Per-Image Deltas as CSV\u2026")},
                                             {ExportPlotPng, tr("Timing Plot as PNG\u2026")},
                                             {ExportPlotPdf, tr("Timing Plot as PDF\u2026")},
                                             {ExportCanvases, tr("Both Canvases as PNG\u2026")}};
  for (const auto& [what, text] : choices)
    exportMenu->addAction(text, this, [this, what = what] { exportFromMenu(what); });
  exportButton->setMenu(exportMenu);

  auto* header = new QHBoxLayout;
  header->addWidget(pathA_, 1);
  header->addWidget(openA);
  header->addSpacing(12);
  header->addWidget(pathB_, 1);
  header->addWidget(openB);
  header->addWidget(swap);
  header->addWidget(runPair);
  header->addSpacing(12);
  header->addWidget(new QLabel(tr("Order:")));
  header->addWidget(orderBox_);
  header->addWidget(exportButton);

  notes_ =
      new QLabel(tr("Open two run folders (File \u2192 Compare Runs\u2026) to compare them, "
                    "or run two setups (Run A and B\u2026)."));
  notes_->setWordWrap(true);

  // Left: metrics, summary, timing plot.
  metricTable_ = makeTable(metricModel_);
  metricTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  summaryTable_ = makeTable(summaryModel_);
  // A and B share the width left by the row names, so neither side pushes the other out.
  summaryTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  summaryTable_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  summaryTable_->setWordWrap(false);
  // Narrow panes elide in the middle: run folders differ at their ends (_A-arch, _B-arch).
  summaryTable_->setTextElideMode(Qt::ElideMiddle);
  timingPlot_ = new QCustomPlot;
  setUpPlot(timingPlot_);
  timingPlot_->setMinimumHeight(160);
  timingPlot_->legend->setFillOrder(QCPLegend::foColumnsFirst);
  timingPlot_->axisRect()->insetLayout()->take(timingPlot_->legend);
  timingPlot_->plotLayout()->addElement(1, 0, timingPlot_->legend);
  timingPlot_->plotLayout()->setRowStretchFactor(1, 0.001);
  auto* left = new QSplitter(Qt::Vertical);
  left->addWidget(metricTable_);
  left->addWidget(summaryTable_);
  left->addWidget(timingPlot_);
  left->setStretchFactor(0, 2);
  left->setStretchFactor(1, 3);
  left->setStretchFactor(2, 2);

  // Right: per-image deltas and the two canvases.
  imageTable_ = makeTable(imageModel_);
  imageTable_->horizontalHeader()->resizeSection(ImageDeltaModel::FileColumn, 160);
  connect(imageTable_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (const ImageDelta* d = imageModel_->deltaAt(current.row())) showImage(d->imageId);
          });
  canvasA_ = new ImageCanvas;
  canvasB_ = new ImageCanvas;
  captionA_ = new QLabel(tr("A"));
  captionB_ = new QLabel(tr("B"));
  const QString layerNames[] = {tr("&Predictions"), tr("&Ground truth"), tr("&Crowd"),
                                tr("&Matches")};
  auto* layerBar = new QHBoxLayout;
  layerBar->addWidget(new QLabel(tr("Layers:")));
  for (int i = 0; i < 4; ++i) {
    layerBoxes_[i] = new QCheckBox(layerNames[i]);
    layerBoxes_[i]->setChecked(true);
    connect(layerBoxes_[i], &QCheckBox::toggled, this, &CompareView::updateOptionsFromBoxes);
    layerBar->addWidget(layerBoxes_[i]);
  }
  auto* fit = new QPushButton(tr("&Fit"));
  connect(fit, &QPushButton::clicked, this, [this] {
    canvasA_->fit();
    canvasB_->fit();
  });
  layerBar->addStretch();
  layerBar->addWidget(fit);
  auto* canvases = new QWidget;
  auto* grid = new QGridLayout(canvases);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->addLayout(layerBar, 0, 0, 1, 2);
  grid->addWidget(captionA_, 1, 0);
  grid->addWidget(captionB_, 1, 1);
  grid->addWidget(canvasA_, 2, 0);
  grid->addWidget(canvasB_, 2, 1);
  grid->setRowStretch(2, 1);
  // Equal columns whatever the captions say, so the two canvases always have the same size.
  grid->setColumnStretch(0, 1);
  grid->setColumnStretch(1, 1);
  for (QLabel* caption : {captionA_, captionB_})
    caption->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  auto* right = new QSplitter(Qt::Vertical);
  right->addWidget(imageTable_);
  right->addWidget(canvases);
  right->setStretchFactor(0, 1);
  right->setStretchFactor(1, 3);
  right->setSizes({200, 700});

  auto* body = new QSplitter(Qt::Horizontal);
  body->addWidget(left);
  body->addWidget(right);
  body->setStretchFactor(0, 2);
  body->setStretchFactor(1, 3);
  body->setSizes({620, 980});
  left->setSizes({260, 420, 260});
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(header);
  layout->addWidget(notes_);
  layout->addWidget(body, 1);

  // Synchronised canvases: scrolling, zooming (the wheel, also below the scroll range).
  for (ImageCanvas* c : {canvasA_, canvasB_}) {
    for (QScrollBar* bar : {c->horizontalScrollBar(), c->verticalScrollBar()}) {
      connect(bar, &QScrollBar::valueChanged, this, [this, c] { syncCanvases(c); });
      connect(bar, &QScrollBar::rangeChanged, this, [this, c] { syncCanvases(c); });
    }
    c->viewport()->installEventFilter(this);
    c->setOptions(options_);
  }
  rebuildTimingPlot();
}

bool CompareView::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::Wheel) {
    ImageCanvas* from = watched == canvasA_->viewport()   ? canvasA_
                        : watched == canvasB_->viewport() ? canvasB_
                                                          : nullptr;
    if (from) QTimer::singleShot(0, this, [this, from] { syncCanvases(from); });
  }
  return QWidget::eventFilter(watched, event);
}

void CompareView::syncCanvases(ImageCanvas* from) {
  if (syncing_) return;
  syncing_ = true;
  ImageCanvas* to = from == canvasA_ ? canvasB_ : canvasA_;
  if (from->isFitting()) {
    // Both canvases have the same size and show the same image: each fits on its own, so a
    // canvas laid out later (or resized) does not inherit a zoom meant for the other's size.
    to->fit();
    syncing_ = false;
    return;
  }
  if (to->zoom() > 0 && std::abs(from->zoom() / to->zoom() - 1) > 1e-9)
    to->zoomBy(from->zoom() / to->zoom());
  to->horizontalScrollBar()->setValue(from->horizontalScrollBar()->value());
  to->verticalScrollBar()->setValue(from->verticalScrollBar()->value());
  syncing_ = false;
}

void CompareView::chooseRun(Side side) {
  const QString dir = QFileDialog::getExistingDirectory(
      this, side == A ? tr("Open run folder A") : tr("Open run folder B"));
  if (dir.isEmpty()) return;
  QString error;
  if (!openRun(side, dir, &error)) QMessageBox::warning(this, tr("Cannot compare"), error);
}

bool CompareView::openRun(Side side, const QString& dir, QString* error) {
  try {
    CompareSide loaded = loadCompareSide(dir.toStdString());
    std::optional<CompareSide> previous = std::move(side == A ? a_ : b_);
    (side == A ? a_ : b_) = std::move(loaded);
    if (a_ && b_) {
      try {
        comparison_ = compareRuns(a_->run, b_->run);
      } catch (const std::exception&) {
        (side == A ? a_ : b_) = std::move(previous);
        throw;
      }
    }
    error_.clear();
    recompare();
    return true;
  } catch (const std::exception& e) {
    error_ = QString::fromStdString(e.what());
    if (error) *error = error_;
    notes_->setText(tr("<span style='color:#c01c28'>%1</span>").arg(error_.toHtmlEscaped()));
    return false;
  }
}

bool CompareView::openRuns(const QString& dirA, const QString& dirB, QString* error) {
  try {
    CompareSide a = loadCompareSide(dirA.toStdString());
    CompareSide b = loadCompareSide(dirB.toStdString());
    RunComparison comparison = compareRuns(a.run, b.run);
    a_ = std::move(a);
    b_ = std::move(b);
    comparison_ = std::move(comparison);
    error_.clear();
    recompare();
    return true;
  } catch (const std::exception& e) {
    error_ = QString::fromStdString(e.what());
    if (error) *error = error_;
    notes_->setText(tr("<span style='color:#c01c28'>%1</span>").arg(error_.toHtmlEscaped()));
    return false;
  }
}

void CompareView::setRunPairEnabled(bool enabled) {
  runPairButton_->setEnabled(enabled);
}

void CompareView::swapRuns() {
  if (!a_ && !b_) return;
  std::swap(a_, b_);
  try {
    if (a_ && b_) comparison_ = compareRuns(a_->run, b_->run);
  } catch (const std::exception&) {
    comparison_.reset();  // cannot happen: the same two runs compared the other way round
  }
  recompare();
}

void CompareView::clearComparison() {
  comparison_.reset();
  metricModel_->setComparison(std::nullopt, {}, {});
  summaryModel_->setRows({}, {}, {});
  imageModel_->setImages({});
  current_.reset();
  canvasA_->setImage({}, {});
  canvasB_->setImage({}, {});
}

void CompareView::updatePathLabels() {
  // The folder's name only (the full paths of pairs run from the GUI overflow the header); the
  // whole path is the tooltip.
  const std::pair<QLabel*, const std::optional<CompareSide>*> labels[] = {{pathA_, &a_},
                                                                          {pathB_, &b_}};
  for (const auto& [label, side] : labels) {
    const QString letter = label == pathA_ ? QStringLiteral("A") : QStringLiteral("B");
    const QString dir =
        *side ? QDir::toNativeSeparators(QString::fromStdString((*side)->run.dir)) : QString();
    label->setText(tr("%1: %2").arg(
        letter, dir.isEmpty() ? QStringLiteral("\u2013") : QFileInfo(dir).fileName()));
    label->setToolTip(dir);
  }
}

void CompareView::recompare() {
  updatePathLabels();
  if (!a_ || !b_ || !comparison_) {
    clearComparison();
    notes_->setText(a_ || b_ ? tr("Open the other run folder to compare.")
                             : tr("Open two run folders to compare them."));
    rebuildTimingPlot();
    return;
  }
  sortImageDeltas(comparison_->images, order_);
  QString labelA = QString::fromStdString(comparison_->a.label);
  QString labelB = QString::fromStdString(comparison_->b.label);
  if (labelA == labelB) {  // the same arch twice (e.g. with and without flip): name the folders
    labelA +=
        QStringLiteral(" (%1)").arg(QFileInfo(QString::fromStdString(a_->run.dir)).fileName());
    labelB +=
        QStringLiteral(" (%1)").arg(QFileInfo(QString::fromStdString(b_->run.dir)).fileName());
  }
  labelA_ = labelA;
  labelB_ = labelB;
  metricModel_->setComparison(comparison_->metrics, labelA, labelB);
  summaryModel_->setRows(summaryRows(*comparison_, *a_, *b_), labelA, labelB);
  imageModel_->setImages(comparison_->images);
  captionA_->setText(tr("<b>A</b>: %1").arg(labelA.toHtmlEscaped()));
  captionB_->setText(tr("<b>B</b>: %1").arg(labelB.toHtmlEscaped()));

  QStringList notes;
  for (const auto& n : comparison_->notes) notes << QString::fromStdString(n);
  for (const QString& w : a_->warnings) notes << tr("A: %1").arg(w);
  for (const QString& w : b_->warnings) notes << tr("B: %1").arg(w);
  if (notes.isEmpty())
    notes << tr("%1 image(s); per-image table ordered so the images where B loses come first.")
                 .arg(comparison_->images.size());
  notes_->setText(notes.join(QStringLiteral(" \u00b7 ")).toHtmlEscaped());
  metricTable_->resizeColumnsToContents();
  rebuildTimingPlot();
  Q_EMIT comparisonChanged();

  const std::optional<std::int64_t> keep = current_;
  current_.reset();
  if (keep && showImage(*keep)) return;
  if (!comparison_->images.empty()) showImage(comparison_->images.front().imageId);
}

void CompareView::setOrder(DeltaOrder order) {
  order_ = order;
  if (orderBox_->currentIndex() != (order == DeltaOrder::Oks ? 1 : 0))
    orderBox_->setCurrentIndex(order == DeltaOrder::Oks ? 1 : 0);  // re-enters with same order
  if (!comparison_) return;
  sortImageDeltas(comparison_->images, order_);
  imageModel_->setImages(comparison_->images);
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
  if (!comparison_) {
    timingPlot_->yAxis->setRange(0, 1);
    timingPlot_->replot();
    return;
  }
  auto* group = new QCPBarsGroup(timingPlot_);
  double top = 0;
  const std::pair<const RunSide*, QColor> sides[] = {{&comparison_->a, QColor(0x4e, 0x79, 0xa7)},
                                                     {&comparison_->b, QColor(0xf2, 0x8e, 0x2b)}};
  int n = 0;
  for (const auto& [side, color] : sides) {
    auto* bars = new QCPBars(timingPlot_->xAxis, timingPlot_->yAxis);
    bars->setName((n == 0 ? tr("A: %1") : tr("B: %1")).arg(n == 0 ? labelA_ : labelB_));
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
  syncCanvases(canvasA_);
  Q_EMIT imageShown(imageId);
  return true;
}

void CompareView::showSideImage(Side s, std::int64_t imageId) {
  const std::optional<CompareSide>& side = this->side(s);
  ImageCanvas* canvas = this->canvas(s);
  QLabel* caption = s == A ? captionA_ : captionB_;
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
  if (!record || !side->images) {
    canvas->setImage({}, {});
    caption->setText(tr("<b>%1</b>: %2 \u00b7 %3")
                         .arg(s == A ? QStringLiteral("A") : QStringLiteral("B"), label,
                              !record ? tr("image not in this run") : tr("no images")));
    return;
  }
  const InspectData& data = *side->images;
  QImageReader reader(QString::fromStdString(data.imagePath(*record)));
  reader.setAutoTransform(false);  // the evaluation reads pixels as stored, as OpenCV does
  const QImage image = reader.read();
  canvas->setImage(image, data.sceneFor(*record, options_.matchThreshold));
  caption->setText(
      tr("<b>%1</b>: %2 \u00b7 %3 people%4%5")
          .arg(s == A ? QStringLiteral("A") : QStringLiteral("B"), label)
          .arg(record->people.size())
          .arg(extra)
          .arg(image.isNull()
                   ? tr(" \u00b7 cannot read %1").arg(QString::fromStdString(record->file))
                   : QString()));
}

void CompareView::setOptions(const RenderOptions& options) {
  options_ = options;
  options_.showHeatmap = options_.showTags = false;
  options_.projectMaps = true;
  const bool on[4] = {options_.showPredictions, options_.showGroundTruth, options_.showCrowd,
                      options_.showMatches};
  for (int i = 0; i < 4; ++i) {
    const QSignalBlocker block(layerBoxes_[i]);
    layerBoxes_[i]->setChecked(on[i]);
  }
  canvasA_->setOptions(options_);
  canvasB_->setOptions(options_);
  syncCanvases(canvasA_);
}

void CompareView::updateOptionsFromBoxes() {
  RenderOptions o = options_;
  o.showPredictions = layerBoxes_[0]->isChecked();
  o.showGroundTruth = layerBoxes_[1]->isChecked();
  o.showCrowd = layerBoxes_[2]->isChecked();
  o.showMatches = layerBoxes_[3]->isChecked();
  setOptions(o);
}

std::string CompareView::formatComparison(TableFormat format) const {
  if (!comparison_) return {};
  switch (format) {
    case TableFormat::Markdown:
      return formatComparisonMarkdown(*comparison_);
    case TableFormat::Csv:
      return formatComparisonCsv(*comparison_);
    case TableFormat::Json:
      return formatComparisonJson(*comparison_);
  }
  return {};
}

bool CompareView::exportComparison(TableFormat format, const QString& path, QString* error) const {
  if (!comparison_) {
    if (error) *error = tr("no comparison to export: open two run folders first");
    return false;
  }
  return writeTextFile(path, formatComparison(format), error);
}

bool CompareView::exportImageDeltas(const QString& path, QString* error) const {
  if (!comparison_) {
    if (error) *error = tr("no comparison to export: open two run folders first");
    return false;
  }
  return writeTextFile(path, formatImageDeltasCsv(comparison_->images), error);
}

bool CompareView::exportCanvases(const QString& pathA, const QString& pathB, QString* error) const {
  if (!current_) {
    if (error) *error = tr("no image shown");
    return false;
  }
  const std::pair<Side, QString> targets[] = {{A, pathA}, {B, pathB}};
  for (const auto& [s, path] : targets) {
    const auto& sd = side(s);
    const ImageRecord* record = sd ? sd->recordOfImage(*current_) : nullptr;
    if (!record || !sd->images) continue;
    try {
      const QImage image = renderRecordOverlay(*sd->images, *record, options_);
      if (!image.save(path, "PNG")) {
        if (error) *error = tr("cannot write '%1'").arg(path);
        return false;
      }
    } catch (const std::exception& e) {
      if (error) *error = QString::fromStdString(e.what());
      return false;
    }
  }
  return true;
}

void CompareView::exportFromMenu(int what) {
  if (!comparison_) {
    QMessageBox::information(this, tr("Export"), tr("Open two run folders first."));
    return;
  }
  QString error;
  bool ok = true;
  auto ask = [this](const QString& name, const QString& filter) {
    return QFileDialog::getSaveFileName(this, tr("Export"), name, filter);
  };
  QString path;
  switch (what) {
    case ExportMarkdown:
    case ExportCsv:
    case ExportJson: {
      const TableFormat f = what == ExportMarkdown ? TableFormat::Markdown
                            : what == ExportCsv    ? TableFormat::Csv
                                                   : TableFormat::Json;
      const QString ext = QString::fromStdString(tableFormatExtension(f));
      path = ask(QStringLiteral("comparison.") + ext, QStringLiteral("*.") + ext);
      if (!path.isEmpty()) ok = exportComparison(f, path, &error);
      break;
    }
    case ExportDeltas:
      path = ask(QStringLiteral("per_image_deltas.csv"), QStringLiteral("CSV (*.csv)"));
      if (!path.isEmpty()) ok = exportImageDeltas(path, &error);
      break;
    case ExportPlotPng:
    case ExportPlotPdf: {
      const bool pdf = what == ExportPlotPdf;
      path = ask(
          pdf ? QStringLiteral("timing_comparison.pdf") : QStringLiteral("timing_comparison.png"),
          pdf ? QStringLiteral("PDF (*.pdf)") : QStringLiteral("PNG (*.png)"));
      if (!path.isEmpty()) ok = savePlot(timingPlot_, path, &error);
      break;
    }
    case ExportCanvases: {
      path = ask(QStringLiteral("compare_%1.png").arg(current_.value_or(0)),
                 QStringLiteral("PNG (*.png)"));
      if (path.isEmpty()) break;
      const QFileInfo info(path);
      const QString base = info.dir().filePath(info.completeBaseName());
      ok = exportCanvases(base + QStringLiteral("_A.png"), base + QStringLiteral("_B.png"), &error);
      break;
    }
    default:
      break;
  }
  if (!ok) QMessageBox::warning(this, tr("Export failed"), error);
}

QString CompareView::notesText() const {
  return notes_->text();
}

}  // namespace posescope
