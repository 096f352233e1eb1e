#pragma once
// What the charts of the matching at one OKS threshold share (per-joint PCK, the OKS histogram,
// score calibration): a title line with the export button, a message in place of the plot, and
// the MatchAccuracy they draw, or the two of run A and B (Compare).

#include <QString>
#include <QWidget>
#include <memory>

#include "analysis/match_accuracy.h"

class QCustomPlot;
class QLabel;
class QToolButton;

namespace posescope {

/// A chart of one MatchAccuracy (its first keypoint category: a run has one), or of run A's and
/// B's (comparing). Subclasses draw the plot in rebuild() and give its data as CSV. Never throws.
class AccuracyChart : public QWidget {
  Q_OBJECT
 public:
  /// Shows `accuracy`; nullptr clears the chart.
  void setAccuracy(std::shared_ptr<const MatchAccuracy> accuracy);
  /// Shows `a` and `b`, named `nameA` and `nameB`, in run A's and B's colours (Compare); either
  /// nullptr shows the other alone, as the first run. The chart stays a comparison from then on.
  void setComparedAccuracies(std::shared_ptr<const MatchAccuracy> a,
                             std::shared_ptr<const MatchAccuracy> b, const QString& nameA,
                             const QString& nameB);
  /// Shows `message` in place of the plot (computing, an error); "" shows the plot again.
  void setMessage(const QString& message);

  /// The chart's data as CSV (a header line, then one line per row).
  virtual QString csv() const = 0;
  /// The title line above the plot.
  QString title() const;
  QCustomPlot* plot() const { return plot_; }
  QToolButton* exportButton() const { return exportButton_; }

 protected:
  /// `exportName`: the file name the export dialog suggests, without suffix.
  AccuracyChart(const QString& exportName, QWidget* parent);

  /// Redraws the plot and the title from accuracy_ (and whatever the subclass holds).
  virtual void rebuild() = 0;
  /// The category drawn: accuracy_'s first (run A's when comparing), or with `runB` run B's
  /// (nullptr unless comparing); nullptr when there is none.
  const CategoryAccuracy* category(bool runB = false) const;
  /// The name of run A or B as the legend writes it (comparing).
  const QString& runName(bool runB) const { return runB ? nameB_ : nameA_; }
  void setTitle(const QString& title);
  /// Moves `plot`'s legend from inside the axis rectangle to a row above it, `columns` entries a
  /// row (0: all in one row), so that it hides no bar.
  static void putLegendAbove(QCustomPlot* plot, int columns);

  std::shared_ptr<const MatchAccuracy> accuracy_;
  std::shared_ptr<const MatchAccuracy> other_;  // run B when comparing
  bool comparing_ = false;

 private:
  QLabel* title_ = nullptr;
  QLabel* message_ = nullptr;
  QCustomPlot* plot_ = nullptr;
  QToolButton* exportButton_ = nullptr;
  QString nameA_, nameB_;
};

/// The threshold as the settings write it: 0.5 -> ".50", 0.525 -> ".525". Never fails.
QString oksThresholdText(double oks);

}  // namespace posescope
