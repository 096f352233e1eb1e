#include "widgets/common/ap_if_fixed_chart.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <cmath>

#include "report/analysis_tables.h"
#include "widgets/common/plot_utils.h"
#include "widgets/common/qcp.h"

namespace posescope {

namespace {

// What the image queue behind the bar of `error` counts.
QString queueErrorName(ErrorType error) {
  switch (error) {
    case ErrorType::Miss:
      return QObject::tr("missed joints");
    case ErrorType::Swap:
      return QObject::tr("swapped joints");
    case ErrorType::Inversion:
      return QObject::tr("inverted joints");
    case ErrorType::Jitter:
      return QObject::tr("jittered joints");
    case ErrorType::Score:
      return QObject::tr("localised detections");
    case ErrorType::BackgroundFP:
      return QObject::tr("background false positives");
    case ErrorType::FalseNeg:
      return QObject::tr("missed people");
    case ErrorType::Baseline:
      break;
  }
  return {};
}

QString apText(double ap) {
  return ap > -1 ? QString::number(ap, 'f', 3) : QObject::tr("undefined");
}

}  // namespace

ApIfFixedChart::ApIfFixedChart(QWidget* parent) : QWidget(parent) {
  caption_ = new QLabel;
  caption_->hide();
  areaBox_ = new QComboBox;
  areaBox_->setObjectName(QStringLiteral("areaChoice"));
  for (const char* area : {"all", "medium", "large"})
    areaBox_->addItem(tr("area %1").arg(QLatin1String(area)), QString::fromLatin1(area));
  oksBox_ = new QComboBox;
  oksBox_->setObjectName(QStringLiteral("oksChoice"));
  // Never narrower than its text, which names the thresholds once an analysis arrives.
  oksBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  oksBox_->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
  oksBox_->addItem(tr("OKS .50"), static_cast<int>(Oks::At50));
  oksBox_->addItem(tr("OKS .75"), static_cast<int>(Oks::At75));
  oksBox_->addItem(tr("mean OKS"), static_cast<int>(Oks::Mean));  // named by setAnalysis
  oksBox_->setCurrentIndex(2);
  for (QComboBox* box : {areaBox_, oksBox_}) {
    connect(box, &QComboBox::currentIndexChanged, this, [this] {
      rebuild();
      Q_EMIT choiceChanged();
    });
  }
  message_ = makeChartMessage();
  plot_ = new QCustomPlot;
  setUpPlot(plot_);
  plot_->setInteractions({});  // AP lies in [0, 1]: a fixed scale compares two charts
  plot_->legend->setVisible(false);
  plot_->setMinimumHeight(180);
  plot_->yAxis->setLabel(tr("AP"));
  plot_->yAxis->setRange(0, 1.02);
  showPlotToolTips(plot_, [this](QCPAbstractPlottable* p, int index) {
    auto* bars = qobject_cast<QCPBars*>(p);
    if (!bars || index < 0 || index >= bars->dataCount()) return QString();
    return barToolTip(static_cast<int>(std::lround(bars->data()->at(index)->key)) - 1);
  });
  connect(plot_, &QCustomPlot::plottableClick, this,
          [this](QCPAbstractPlottable* p, int index, QMouseEvent*) {
            auto* bars = qobject_cast<QCPBars*>(p);
            if (bars && index >= 0 && index < bars->dataCount())
              requestImages(static_cast<int>(std::lround(bars->data()->at(index)->key)) - 1);
          });

  auto* choices = new QHBoxLayout;
  choices->setContentsMargins(0, 0, 0, 0);
  choices->addStretch();
  choices->addWidget(areaBox_);
  choices->addWidget(oksBox_);
  baselineNote_ = new QLabel;
  baselineNote_->setObjectName(QStringLiteral("baselineNote"));
  baselineNote_->setWordWrap(true);
  baselineNote_->setStyleSheet(QStringLiteral("color: #555;"));
  baselineNote_->hide();
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(caption_);  // its own line: beside them it squeezed the choices on Compare
  layout->addLayout(choices);
  layout->addWidget(baselineNote_);
  layout->addWidget(message_, 1);
  layout->addWidget(plot_, 1);
  rebuild();
}

void ApIfFixedChart::setAnalysis(std::shared_ptr<const KeypointAnalysis> analysis,
                                 std::shared_ptr<const Triage> triage, double tableAp,
                                 bool tableIsValidPys) {
  analysis_ = std::move(analysis);
  triage_ = std::move(triage);
  if (!analysis_ || !triage_) {
    analysis_.reset();
    triage_.reset();
  }
  // The choices and the line name the analysis' own thresholds, never valid.py's by habit.
  const QString thresholds =
      analysis_ ? QString::fromStdString(oksThresholdsText(analysis_->params.eval.iouThrs))
                : QString();
  oksBox_->setItemText(oksBox_->findData(static_cast<int>(Oks::Mean)),
                       thresholds.isEmpty() ? tr("mean OKS") : tr("mean OKS %1").arg(thresholds));
  baselineNote_->setText(
      analysis_ ? QString::fromStdString(apBaselineNote(*analysis_, tableAp, tableIsValidPys))
                : QString());
  baselineNote_->setVisible(analysis_ != nullptr);
  setMessage(QString());
  rebuild();
}

void ApIfFixedChart::setCaption(const QString& caption) {
  caption_->setText(caption);
  caption_->setVisible(!caption.isEmpty());
}

void ApIfFixedChart::setMessage(const QString& message) {
  showChartMessage(message_, plot_, message);
}

void ApIfFixedChart::setArea(const QString& area) {
  const int i = areaBox_->findData(area);
  if (i >= 0) areaBox_->setCurrentIndex(i);
}

QString ApIfFixedChart::area() const {
  return areaBox_->currentData().toString();
}

void ApIfFixedChart::setOks(Oks oks) {
  const int i = oksBox_->findData(static_cast<int>(oks));
  if (i >= 0) oksBox_->setCurrentIndex(i);
}

ApIfFixedChart::Oks ApIfFixedChart::oks() const {
  return static_cast<Oks>(oksBox_->currentData().toInt());
}

void ApIfFixedChart::rebuild() {
  bars_.clear();
  plot_->clearPlottables();
  auto ticker = QSharedPointer<QCPAxisTickerText>::create();
  plot_->xAxis->setTicker(ticker);
  if (!analysis_) {
    plot_->xAxis->setRange(0, 1);
    plot_->replot();
    return;
  }
  const double oks = this->oks() == Oks::At50 ? 0.5 : this->oks() == Oks::At75 ? 0.75 : -1;
  bars_ = apIfFixedBars(*analysis_, area().toStdString(), oks);
  // One QCPBars for the part below (grey) and one per error type on top, so each gain has its
  // colour; a gain below 0 (possible for the score) draws the lower AP only.
  auto* base = new QCPBars(plot_->xAxis, plot_->yAxis);
  base->setName(tr("AP before the fix"));
  base->setBrush(errorTypeColor(ErrorType::Baseline));
  base->setPen(QPen(Qt::white));
  base->setWidth(0.7);
  for (std::size_t i = 0; i < bars_.size(); ++i) {
    const Bar& bar = bars_[i];
    const double key = static_cast<double>(i + 1);
    ticker->addTick(key, errorTypeTitle(bar.error));
    if (bar.fixed <= -1 || bar.from <= -1) {
      base->addData(key, 0);
      continue;
    }
    base->addData(key, std::min(bar.from, bar.fixed));
    if (bar.error == ErrorType::Baseline) continue;
    auto* gain = new QCPBars(plot_->xAxis, plot_->yAxis);
    gain->setName(errorTypeTitle(bar.error));
    gain->setBrush(errorTypeColor(bar.error));
    gain->setPen(QPen(Qt::white));
    gain->setWidth(0.7);
    gain->moveAbove(base);
    gain->addData(key, std::max(0.0, bar.fixed - bar.from));
  }
  plot_->xAxis->setRange(0.4, static_cast<double>(bars_.size()) + 0.6);
  plot_->xAxis->setTickLabelRotation(bars_.size() > 6 ? -30 : 0);  // labels end at their bar
  plot_->replot();
}

QString ApIfFixedChart::baselineNote() const {
  return baselineNote_->text();
}

QStringList ApIfFixedChart::oksChoices() const {
  QStringList choices;
  for (int i = 0; i < oksBox_->count(); ++i) choices << oksBox_->itemText(i);
  return choices;
}

QString ApIfFixedChart::barToolTip(int index) const {
  if (index < 0 || index >= static_cast<int>(bars_.size())) return {};
  const Bar& bar = bars_[static_cast<std::size_t>(index)];
  const QString where = tr("area %1, %2").arg(area(), oksBox_->currentText());
  if (bar.error == ErrorType::Baseline)
    return tr("Baseline AP %1 (%2)").arg(apText(bar.fixed), where);
  const QString from =
      bar.error == ErrorType::FalseNeg ? tr("with background FPs removed") : tr("baseline");
  QString text =
      tr("%1 fixed: AP %2 (%3)\n%4 %5")
          .arg(errorTypeTitle(bar.error), apText(bar.fixed), where, from, apText(bar.from));
  if (bar.fixed > -1 && bar.from > -1) {
    text += tr(", gain %1").arg(QString::asprintf("%+.3f", bar.fixed - bar.from));
    text += tr("\nClick to list the images with this error, most %1 first")
                .arg(queueErrorName(bar.error));
  }
  return text;
}

bool ApIfFixedChart::requestImages(int index) {
  if (!analysis_ || index < 0 || index >= static_cast<int>(bars_.size())) return false;
  const ErrorType error = bars_[static_cast<std::size_t>(index)].error;
  const ImageQueue queue = errorQueue(*analysis_, *triage_, error, queueErrorName(error));
  if (queue.imageIds.isEmpty()) return false;
  Q_EMIT imagesRequested(queue);
  return true;
}

}  // namespace posescope
