#pragma once
// coco-analyze's precision-recall figure, live: the curve of the detections as they are and one
// per error type fixed alone, at a chosen OKS threshold and area range, each named with its area
// under the curve (its AP). Compare draws two runs' curves on one chart.

#include <QString>
#include <QWidget>
#include <memory>
#include <optional>
#include <vector>

#include "analysis/keypoint_analysis.h"
#include "eval/curves.h"

class QComboBox;
class QCustomPlot;
class QLabel;
class QToolButton;

namespace posescope {

/// The PR curves of one KeypointAnalysis (its ErrorCurves), or the baselines of two analyses side
/// by side. The threshold and area selectors hold the analysis' own evaluation settings (after a
/// re-evaluation, its thresholds and areas); the choice is kept across analyses while it exists.
/// Hovering a curve gives recall, precision and score there. Never throws.
class PrCurveChart : public QWidget {
  Q_OBJECT
 public:
  /// One curve as drawn: precision and score at each recall point of the settings (-1 where the
  /// reference has -1), and its AP (ApIfFixed::ap, -1 when undefined).
  struct Curve {
    QString name;  // "baseline", "miss", ... or the run's caption when comparing
    ErrorType error = ErrorType::Baseline;
    double ap = -1;
    std::vector<double> precision, scores;
  };

  explicit PrCurveChart(QWidget* parent = nullptr);

  /// Shows the curves of `analysis`; nullptr clears the chart.
  void setAnalysis(std::shared_ptr<const KeypointAnalysis> analysis);
  /// Shows the baseline curves of two analyses, named `nameA` and `nameB` in the legend, in run
  /// A's and B's colours; the selectors hold A's settings (areas and thresholds both have). Either
  /// nullptr shows the other alone.
  void setComparedAnalyses(std::shared_ptr<const KeypointAnalysis> a,
                           std::shared_ptr<const KeypointAnalysis> b, const QString& nameA,
                           const QString& nameB);
  /// Shows the metric table's curve alone, from the arrays of an evaluation (its first keypoint
  /// category), while the analysis of the same settings is computed; the selectors hold its
  /// thresholds and areas. setAnalysis replaces it.
  void setTableCurves(std::shared_ptr<const EvalCurves> curves);
  /// Shows `message` in place of the plot (loading, an error); "" shows the plot again.
  void setMessage(const QString& message);

  /// The area labels and OKS thresholds offered (the settings of the analysis shown).
  QStringList areas() const;
  std::vector<double> oksThresholds() const;
  void setArea(const QString& area);
  QString area() const;
  /// Chooses the threshold nearest `oks`.
  void setOks(double oks);
  double oks() const;

  /// The recall points (x of every curve) and the curves drawn, in legend order.
  const std::vector<double>& recallPoints() const { return recallPoints_; }
  const std::vector<Curve>& curves() const { return curves_; }
  /// The legend's name of curve `index`: "[.523] baseline" (coco-analyze's form).
  QString legendName(std::size_t index) const;
  /// The hover text at recall point `point` of curve `index`.
  QString pointToolTip(std::size_t index, std::size_t point) const;
  /// A click on data point `point` of curve `index`: on the baseline of one run, at a recall
  /// the detections reach, baselinePointClicked follows.
  void clickPoint(std::size_t index, std::size_t point);
  /// The curves drawn as CSV: area, oks, recall, then precision and score of each curve.
  QString csv() const;
  QCustomPlot* plot() const { return plot_; }
  QToolButton* exportButton() const { return exportButton_; }

 Q_SIGNALS:
  /// The area or threshold choice changed.
  void choiceChanged();
  /// The baseline curve was clicked at recall point `recall`, which the detection scored `score`
  /// reaches (the reference's scores array there).
  void baselinePointClicked(double recall, double score);

 private:
  /// Fills the selectors from the first analysis shown, keeping the choice when it still exists.
  void fillChoices();
  void rebuild();
  /// The recall point of data point `point` of curve `index` (the graph leaves out -1 points).
  std::optional<std::size_t> recallPointOf(std::size_t index, std::size_t point) const;

  std::shared_ptr<const KeypointAnalysis> analysis_, other_;  // other_: run B when comparing
  std::shared_ptr<const EvalCurves> tableCurves_;             // instead of an analysis
  QString nameA_, nameB_;
  bool comparing_ = false;
  std::vector<double> recallPoints_;
  std::vector<Curve> curves_;
  QLabel* message_ = nullptr;
  QLabel* note_ = nullptr;
  QComboBox* areaBox_ = nullptr;
  QComboBox* oksBox_ = nullptr;
  QToolButton* exportButton_ = nullptr;
  QCustomPlot* plot_ = nullptr;
};

}  // namespace posescope
