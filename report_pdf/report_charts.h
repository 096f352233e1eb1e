#pragma once
// The report's charts, drawn with QPainter straight onto the page (vectors, on any thread, no
// widget): the AP if each error were fixed and the joint labels per joint (the Results page's two
// analysis charts: same bars, labels and colours), coco-analyze's precision–recall figure (the
// detections as they are and each error type fixed alone, area 'all', the area under each curve
// in the legend) at OKS .50, .75 and the mean over the thresholds, and PCK per joint.

#include <QRectF>
#include <QString>
#include <vector>

#include "analysis/joint_accuracy.h"
#include "analysis/keypoint_analysis.h"

class QPainter;

namespace posescope {

/// Draws the AP-if-fixed chart of `analysis` in area 'all' at OKS `oks` (-1: the mean over its
/// thresholds) into `bounds`, as the Results page's ApIfFixedChart draws it: one bar per
/// error type (apIfFixedBars, named by errorTypeTitle), grey up to the AP it improves on, then
/// the gain in errorTypeColor; AP from 0 on the left axis. Each bar carries the AP with its error
/// fixed ("n/a" where undefined). `title` above, a key under it. Never fails.
void drawReportApIfFixedChart(QPainter& painter, const QRectF& bounds,
                              const KeypointAnalysis& analysis, double oks, const QString& title);

/// Draws the per-joint error chart of `analysis` (its jointCounts) into `bounds`, as the Results
/// page's JointErrorChart draws it: one horizontal bar per joint (the first at the top), the
/// shares of its judged predictions that are good, jitter, inversion (when computed), swap and
/// miss stacked left to right in the joint labels' colours (jointLabelChartColor), the key above
/// the plot. `title` above. Never fails.
void drawReportJointErrorChart(QPainter& painter, const QRectF& bounds,
                               const KeypointAnalysis& analysis, const QString& title);

/// One curve of a panel.
struct ReportPrCurve {
  ErrorType error = ErrorType::Baseline;
  std::vector<double> precision;  // at each recall point of the analysis; -1 where undefined
  /// The mean of the entries above -1 (coco-analyze's legend value, the AP of a threshold's
  /// curve); -1 when every entry is -1.
  double area = -1;
};

/// One panel of the figure: the curves at one OKS threshold, or their mean over the thresholds.
struct ReportPrPanel {
  double oks = -1;  // -1: the mean over the analysis' thresholds
  /// The baseline first, then each error type fixed alone (the analysis' order).
  std::vector<ReportPrCurve> curves;
};

/// The panels of `analysis` in area 'all': OKS .50 and .75 where they are among its thresholds,
/// then the mean over all of them. coco-analyze draws one figure per threshold and none for the
/// mean: here the mean curve is, at each recall point, the precision averaged over the thresholds
/// with their -1 entries left out, so its area is the AP over the thresholds. Empty when the
/// analysis has no area 'all' or no curves. Never fails.
std::vector<ReportPrPanel> reportPrPanels(const KeypointAnalysis& analysis);

/// The legend entry of `curve`: its area as coco-analyze writes it, then the curve, as the Curves
/// tab names it ("[.523] baseline", "[.601] miss fixed", "[n/a] ..." when undefined).
QString reportPrLegend(const ReportPrCurve& curve);

/// Draws `panel` into `bounds`: `title` above the plot (recall on x, precision on y, both 0–1,
/// the baseline over the fixed curves in the error types' colours) and the legend below it in two
/// columns. `recallPoints` are the analysis' (x of every entry). Never fails.
void drawReportPrPanel(QPainter& painter, const QRectF& bounds, const ReportPrPanel& panel,
                       const std::vector<double>& recallPoints, const QString& title);

/// Draws `table`'s PCK at ks >= 0.5 and >= 0.75 into `bounds` as horizontal bars, one pair per
/// joint in the skeleton's order and one for all joints pooled, each with its value; a joint
/// nothing labelled shows "n/a". `title` above. Never fails.
void drawReportPckChart(QPainter& painter, const QRectF& bounds, const JointAccuracyTable& table,
                        const QString& title);

}  // namespace posescope
