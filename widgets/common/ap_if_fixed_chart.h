#pragma once
// coco-analyze's summary figure, live: the AP if each error type were fixed, one stacked bar per
// error type (the AP it starts from, then the gain), for a chosen area range and OKS threshold.

#include <QColor>
#include <QList>
#include <QWidget>
#include <memory>
#include <vector>

#include "analysis/keypoint_analysis.h"
#include "analysis/triage.h"
#include "report/ap_if_fixed_bars.h"
#include "report_pdf/chart_style.h"
#include "widgets/session/triage_queues.h"

class QComboBox;
class QCustomPlot;
class QLabel;

namespace posescope {

/// The AP-if-fixed chart of one KeypointAnalysis: area (all, medium, large) and OKS (.50, .75,
/// mean over the analysis' thresholds, named as its settings have them) chosen above the plot, a
/// line under them saying the baseline is coco-analyze's AP and the metric table's valid.py's; a
/// bar for the baseline and one per error type (miss, swap, inversion, jitter, score, background
/// FP, false negatives) stacked from the AP it improves on (the baseline; background FPs removed
/// for false negatives, as coco-analyze draws it) to the AP with that error fixed. Hovering a bar
/// gives the exact values; clicking one asks for the images with that error. Never throws.
class ApIfFixedChart : public QWidget {
  Q_OBJECT
 public:
  enum class Oks { At50, At75, Mean };

  /// One bar as drawn (apIfFixedBars): `from` (the AP it improves on) and `fixed`.
  using Bar = ApIfFixedBar;

  explicit ApIfFixedChart(QWidget* parent = nullptr);

  /// Shows `analysis`; `triage` (of the same analysis) gives the images behind the bars. Either
  /// nullptr clears the chart. `tableAp`: the metric table's AP beside it (valid.py's unless
  /// `tableIsValidPys` is false), which the baseline line names with the bars' (-1: unknown).
  void setAnalysis(std::shared_ptr<const KeypointAnalysis> analysis,
                   std::shared_ptr<const Triage> triage, double tableAp = -1,
                   bool tableIsValidPys = true);
  /// The baseline line's text (apBaselineNote), "" without an analysis.
  QString baselineNote() const;
  /// A line above the plot (e.g. "A: LitePose-XS"); none by default.
  void setCaption(const QString& caption);
  /// Shows `message` in place of the plot (loading, an error); "" shows the plot again.
  void setMessage(const QString& message);

  void setArea(const QString& area);
  QString area() const;
  void setOks(Oks oks);
  Oks oks() const;

  /// The bars drawn, left to right.
  const std::vector<Bar>& bars() const { return bars_; }
  /// The OKS choices as listed ("OKS .50", "OKS .75", "mean OKS .50:.95").
  QStringList oksChoices() const;
  /// The hover text of bar `index`.
  QString barToolTip(int index) const;
  /// Emits imagesRequested for bar `index` (what a click on it does); false when it has none.
  bool requestImages(int index);
  QCustomPlot* plot() const { return plot_; }

 Q_SIGNALS:
  /// The user clicked the bar of an error type: the images having that error, ranked by how
  /// much of it each holds, the count as the queue's key (errorQueue).
  void imagesRequested(const posescope::ImageQueue& queue);
  /// The area or OKS choice changed (to keep two charts side by side in step).
  void choiceChanged();

 private:
  void rebuild();

  std::shared_ptr<const KeypointAnalysis> analysis_;
  std::shared_ptr<const Triage> triage_;
  std::vector<Bar> bars_;
  QLabel* caption_ = nullptr;
  QLabel* baselineNote_ = nullptr;
  QLabel* message_ = nullptr;
  QComboBox* areaBox_ = nullptr;
  QComboBox* oksBox_ = nullptr;
  QCustomPlot* plot_ = nullptr;
};

}  // namespace posescope
