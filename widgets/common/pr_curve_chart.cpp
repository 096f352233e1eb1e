#include "widgets/common/pr_curve_chart.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>

#include "widgets/common/accuracy_chart.h"
#include "widgets/common/ap_if_fixed_chart.h"
#include "widgets/common/chart_export.h"
#include "widgets/common/plot_utils.h"
#include "widgets/common/qcp.h"

namespace posescope {

namespace {

constexpr ErrorType kCurveOrder[] = {ErrorType::Baseline,     ErrorType::Miss,    ErrorType::Swap,
                                     ErrorType::Inversion,    ErrorType::Jitter,  ErrorType::Score,
                                     ErrorType::BackgroundFP, ErrorType::FalseNeg};

// An AP as coco-analyze's legend writes it: ".523".
QString apText(double ap) {
  if (ap <= -1) return QObject::tr("n/a");
  const QString text = QString::number(ap, 'f', 3);
  return text.startsWith(QLatin1String("0.")) ? text.mid(1) : text;
}

std::optional<std::size_t> areaIndex(const KeypointAnalysis& analysis, const QString& area) {
  const auto& areas = analysis.params.eval.areas;
  for (std::size_t a = 0; a < areas.size(); ++a)
    if (QString::fromStdString(areas[a].label) == area) return a;
  return std::nullopt;
}

std::optional<std::size_t> oksIndex(const KeypointAnalysis& analysis, double oks) {
  const auto& thresholds = analysis.params.eval.iouThrs;
  for (std::size_t t = 0; t < thresholds.size(); ++t)
    if (std::abs(thresholds[t] - oks) < 1e-9) return t;
  return std::nullopt;
}

// The curve of `error` in `analysis` at (area, threshold); nullopt when the analysis has none.
std::optional<PrCurveChart::Curve> curveOf(const KeypointAnalysis& analysis, ErrorType error,
                                           const QString& area, double oks) {
  const auto a = areaIndex(analysis, area);
  const auto t = oksIndex(analysis, oks);
  if (!a || !t) return std::nullopt;
  const ApIfFixed* stat = analysis.find(error, area.toStdString(), *t);
  for (const ErrorCurves& curves : analysis.curves) {
    if (curves.error != error || *a >= curves.precision.size() || *t >= curves.precision[*a].size())
      continue;
    PrCurveChart::Curve curve;
    curve.error = error;
    curve.name = errorTypeTitle(error);
    curve.ap = stat ? stat->ap : -1;
    curve.precision = curves.precision[*a][*t];
    curve.scores = curves.scores[*a][*t];
    return curve;
  }
  return std::nullopt;
}

// The metric table's curve in `curves` (its first keypoint category) at (area, threshold), its
// AP the mean of the defined precisions, as pycocotools' summarize takes it; nullopt when the
// arrays have no such row.
std::optional<PrCurveChart::Curve> tableCurveOf(const EvalCurves& curves, const QString& area,
                                                double oks) {
  if (curves.categories.empty()) return std::nullopt;
  const CategoryCurves& category = curves.categories.front();
  std::optional<std::size_t> a, t;
  for (std::size_t i = 0; i < curves.areas.size(); ++i)
    if (QString::fromStdString(curves.areas[i]) == area) a = i;
  for (std::size_t i = 0; i < curves.oksThresholds.size(); ++i)
    if (std::abs(curves.oksThresholds[i] - oks) < 1e-9) t = i;
  if (!a || !t || *a >= category.precision.size() || *t >= category.precision[*a].size())
    return std::nullopt;
  PrCurveChart::Curve curve;
  curve.error = ErrorType::Baseline;
  curve.name = QObject::tr("metric table");
  curve.precision = category.precision[*a][*t];
  curve.scores = category.scores[*a][*t];
  double sum = 0;
  std::size_t defined = 0;
  for (double value : curve.precision)
    if (value > -1) {
      sum += value;
      ++defined;
    }
  curve.ap = defined > 0 ? sum / static_cast<double>(defined) : -1;
  return curve;
}

}  // namespace

PrCurveChart::PrCurveChart(QWidget* parent) : QWidget(parent) {
  areaBox_ = new QComboBox;
  areaBox_->setObjectName(QStringLiteral("curveAreaChoice"));
  oksBox_ = new QComboBox;
  oksBox_->setObjectName(QStringLiteral("curveOksChoice"));
  for (QComboBox* box : {areaBox_, oksBox_}) {
    connect(box, &QComboBox::currentIndexChanged, this, [this] {
      rebuild();
      Q_EMIT choiceChanged();
    });
  }
  note_ = new QLabel;
  note_->setWordWrap(true);
  message_ = makeChartMessage();
  plot_ = new QCustomPlot;
  setUpPlot(plot_);
  plot_->setNotAntialiasedElements(QCP::aeNone);  // curves, not bars
  plot_->setMinimumHeight(220);
  plot_->xAxis->setLabel(tr("recall"));
  plot_->yAxis->setLabel(tr("precision"));
  plot_->xAxis->setRange(0, 1);
  plot_->yAxis->setRange(0, 1.05);
  // The baseline (or run A) is drawn over the curves it is compared with.
  plot_->addLayer(QStringLiteral("front"), plot_->layer(QStringLiteral("main")),
                  QCustomPlot::limAbove);
  putLegendRightOfAxes(plot_);
  showPlotToolTips(plot_, [this](QCPAbstractPlottable* p, int index) {
    for (int i = 0; i < plot_->graphCount(); ++i)
      if (plot_->graph(i) == p && index >= 0)
        return pointToolTip(static_cast<std::size_t>(i), static_cast<std::size_t>(index));
    return QString();
  });
  connect(plot_, &QCustomPlot::plottableClick, this,
          [this](QCPAbstractPlottable* p, int index, QMouseEvent*) {
            for (int i = 0; i < plot_->graphCount(); ++i)
              if (plot_->graph(i) == p && index >= 0)
                clickPoint(static_cast<std::size_t>(i), static_cast<std::size_t>(index));
          });
  exportButton_ = makeChartExportButton(
      this, plot_, [this] { return csv(); }, QStringLiteral("pr-curves"));
  exportButton_->setObjectName(QStringLiteral("prCurvesExport"));

  auto* choices = new QHBoxLayout;
  choices->setContentsMargins(0, 0, 0, 0);
  choices->addWidget(new QLabel(tr("<b>Precision\u2013recall</b>")));
  choices->addStretch();
  choices->addWidget(areaBox_);
  choices->addWidget(oksBox_);
  choices->addWidget(exportButton_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(choices);
  layout->addWidget(note_);
  layout->addWidget(message_, 1);
  layout->addWidget(plot_, 1);
  rebuild();
}

void PrCurveChart::setAnalysis(std::shared_ptr<const KeypointAnalysis> analysis) {
  analysis_ = std::move(analysis);
  tableCurves_.reset();
  other_.reset();
  comparing_ = false;
  setMessage(QString());
  fillChoices();
}

void PrCurveChart::setComparedAnalyses(std::shared_ptr<const KeypointAnalysis> a,
                                       std::shared_ptr<const KeypointAnalysis> b,
                                       const QString& nameA, const QString& nameB) {
  // One side alone is drawn as the first curve, under its own name.
  nameA_ = a ? nameA : nameB;
  nameB_ = nameB;
  if (a) {
    analysis_ = std::move(a);
    other_ = std::move(b);
  } else {
    analysis_ = std::move(b);
    other_.reset();
  }
  tableCurves_.reset();
  comparing_ = true;
  setMessage(QString());
  fillChoices();
}

void PrCurveChart::setTableCurves(std::shared_ptr<const EvalCurves> curves) {
  tableCurves_ = std::move(curves);
  analysis_.reset();
  other_.reset();
  comparing_ = false;
  setMessage(QString());
  fillChoices();
}

void PrCurveChart::setMessage(const QString& message) {
  showChartMessage(message_, plot_, message);
}

QStringList PrCurveChart::areas() const {
  QStringList out;
  for (int i = 0; i < areaBox_->count(); ++i) out << areaBox_->itemData(i).toString();
  return out;
}

std::vector<double> PrCurveChart::oksThresholds() const {
  std::vector<double> out;
  out.reserve(static_cast<std::size_t>(oksBox_->count()));
  for (int i = 0; i < oksBox_->count(); ++i) out.push_back(oksBox_->itemData(i).toDouble());
  return out;
}

void PrCurveChart::setArea(const QString& area) {
  const int i = areaBox_->findData(area);
  if (i >= 0) areaBox_->setCurrentIndex(i);
}

QString PrCurveChart::area() const {
  return areaBox_->currentData().toString();
}

void PrCurveChart::setOks(double oks) {
  int best = -1;
  for (int i = 0; i < oksBox_->count(); ++i)
    if (best < 0 || std::abs(oksBox_->itemData(i).toDouble() - oks) <
                        std::abs(oksBox_->itemData(best).toDouble() - oks))
      best = i;
  if (best >= 0) oksBox_->setCurrentIndex(best);
}

double PrCurveChart::oks() const {
  return oksBox_->currentData().toDouble();
}

void PrCurveChart::fillChoices() {
  const QString area = this->area();
  const double oks = oksBox_->count() > 0 ? this->oks() : 0.5;
  {
    const QSignalBlocker areaBlock(areaBox_), oksBlock(oksBox_);
    areaBox_->clear();
    oksBox_->clear();
    if (analysis_) {
      for (const AreaRange& range : analysis_->params.eval.areas) {
        const QString label = QString::fromStdString(range.label);
        areaBox_->addItem(tr("area %1").arg(label), label);
      }
      for (double threshold : analysis_->params.eval.iouThrs)
        oksBox_->addItem(tr("OKS %1").arg(oksThresholdText(threshold)), threshold);
    } else if (tableCurves_) {
      for (const std::string& area : tableCurves_->areas) {
        const QString label = QString::fromStdString(area);
        areaBox_->addItem(tr("area %1").arg(label), label);
      }
      for (double threshold : tableCurves_->oksThresholds)
        oksBox_->addItem(tr("OKS %1").arg(oksThresholdText(threshold)), threshold);
    }
    const int areaAt = areaBox_->findData(area);
    areaBox_->setCurrentIndex(areaAt >= 0 ? areaAt : 0);
  }
  {
    const QSignalBlocker oksBlock(oksBox_);
    setOks(oks);  // the nearest threshold of the new settings
  }
  rebuild();
}

void PrCurveChart::rebuild() {
  curves_.clear();
  recallPoints_.clear();
  plot_->clearGraphs();
  note_->clear();
  if (tableCurves_) {
    recallPoints_ = tableCurves_->recallPoints;
    if (auto curve = tableCurveOf(*tableCurves_, area(), oks())) curves_.push_back(*curve);
    note_->setText(
        tr("The metric table's curve under the new settings; the curves with each "
           "error fixed follow with the analysis."));
  } else if (analysis_) {
    recallPoints_ = analysis_->params.eval.recThrs;
    const QString area = this->area();
    const double oks = this->oks();
    if (!comparing_) {
      for (ErrorType error : kCurveOrder)
        if (auto curve = curveOf(*analysis_, error, area, oks)) curves_.push_back(*curve);
    } else {
      if (auto curve = curveOf(*analysis_, ErrorType::Baseline, area, oks)) {
        curve->name = nameA_;
        curves_.push_back(*curve);
      }
      if (other_) {
        auto curve = curveOf(*other_, ErrorType::Baseline, area, oks);
        if (curve && other_->params.eval.recThrs == recallPoints_) {
          curve->name = nameB_;
          curves_.push_back(*curve);
        } else {
          note_->setText(tr("%1 has no curve at area %2, OKS %3 (other evaluation settings).")
                             .arg(nameB_, area, oksThresholdText(oks)));
        }
      }
    }
  }
  bool anyDefined = false;
  for (std::size_t i = 0; i < curves_.size(); ++i) {
    const Curve& curve = curves_[i];
    QCPGraph* graph = plot_->addGraph();
    graph->setName(legendName(i));
    const bool emphasised = comparing_ || curve.error == ErrorType::Baseline;
    const QColor color = comparing_ ? runColor(i == 0 ? RunSideColor::A : RunSideColor::B)
                         : curve.error == ErrorType::Baseline ? QColor(0x20, 0x20, 0x20)
                                                              : errorTypeColor(curve.error);
    graph->setPen(QPen(color, emphasised ? 2.5 : 1.5));
    if (i == 0) graph->setLayer(QStringLiteral("front"));
    for (std::size_t r = 0; r < curve.precision.size() && r < recallPoints_.size(); ++r) {
      if (curve.precision[r] <= -1) continue;  // no person in this area: nothing to draw
      graph->addData(recallPoints_[r], curve.precision[r]);
      anyDefined = true;
    }
  }
  if (analysis_ && !anyDefined && note_->text().isEmpty())
    note_->setText(
        tr("No person of area %1 to recall: the curves are undefined (-1).").arg(area()));
  note_->setVisible(!note_->text().isEmpty());
  plot_->legend->setVisible(!curves_.empty());
  plot_->replot();
}

QString PrCurveChart::legendName(std::size_t index) const {
  if (index >= curves_.size()) return {};
  const Curve& curve = curves_[index];
  // coco-analyze's legend: the area under the curve in brackets, then the curve.
  const QString name = comparing_ || curve.error == ErrorType::Baseline
                           ? curve.name
                           : tr("%1 fixed").arg(curve.name);
  return QStringLiteral("[%1] %2").arg(apText(curve.ap), name);
}

std::optional<std::size_t> PrCurveChart::recallPointOf(std::size_t index, std::size_t point) const {
  if (index >= curves_.size()) return std::nullopt;
  const Curve& curve = curves_[index];
  // The graph skips undefined points, so its data index is the recall point's among the defined.
  std::size_t r = 0, seen = 0;
  for (; r < curve.precision.size(); ++r) {
    if (curve.precision[r] <= -1) continue;
    if (seen++ == point) break;
  }
  if (r >= curve.precision.size() || r >= recallPoints_.size()) return std::nullopt;
  return r;
}

void PrCurveChart::clickPoint(std::size_t index, std::size_t point) {
  const std::optional<std::size_t> r = recallPointOf(index, point);
  if (!r || comparing_ || curves_[index].error != ErrorType::Baseline) return;
  const Curve& curve = curves_[index];
  // Past the last recall reached the reference leaves precision and score 0: no detection there.
  if (curve.precision[*r] <= 0 || *r >= curve.scores.size()) return;
  Q_EMIT baselinePointClicked(recallPoints_[*r], curve.scores[*r]);
}

QString PrCurveChart::pointToolTip(std::size_t index, std::size_t point) const {
  const std::optional<std::size_t> at = recallPointOf(index, point);
  if (!at) return {};
  const std::size_t r = *at;
  const Curve& curve = curves_[index];
  QString text = tr("%1 (area %2, OKS %3)\nrecall %4: precision %5")
                     .arg(legendName(index), area(), oksThresholdText(oks()))
                     .arg(recallPoints_[r], 0, 'f', 2)
                     .arg(curve.precision[r], 0, 'f', 4);
  if (r < curve.scores.size() && curve.precision[r] > 0)
    text += tr(", score %1").arg(curve.scores[r], 0, 'g', 4);
  return text;
}

QString PrCurveChart::csv() const {
  QString out = QStringLiteral("area,oks,recall");
  for (const Curve& curve : curves_) {
    const QString name = QString(curve.name).replace(QLatin1Char(','), QLatin1Char(' '));
    out += QStringLiteral(",%1 precision,%1 score").arg(name);
  }
  out += QLatin1Char('\n');
  const QString prefix = area() + QLatin1Char(',') + QString::number(oks(), 'g', 17);
  for (std::size_t r = 0; r < recallPoints_.size(); ++r) {
    out += prefix + QLatin1Char(',') + QString::number(recallPoints_[r], 'g', 17);
    for (const Curve& curve : curves_) {
      out += QLatin1Char(',') +
             (r < curve.precision.size() ? QString::number(curve.precision[r], 'g', 17) : "");
      out += QLatin1Char(',') +
             (r < curve.scores.size() ? QString::number(curve.scores[r], 'g', 17) : "");
    }
    out += QLatin1Char('\n');
  }
  return out;
}

}  // namespace posescope
