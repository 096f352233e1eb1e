#pragma once
// The Compare page's "Where the AP goes" tab: run A's and B's AP-if-fixed charts side by side.

#include <QString>
#include <QWidget>

#include "widgets/session/compare_analysis.h"
#include "widgets/session/triage_queues.h"

namespace posescope {

class ApIfFixedChart;

/// Both charts show one area and OKS threshold: a choice in one is made in the other. They wait
/// for the pair's analyses (CompareAnalysis), each captioned with its run. Never throws.
class CompareApCharts : public QWidget {
  Q_OBJECT
 public:
  enum Side { A, B };

  explicit CompareApCharts(QWidget* parent = nullptr);

  ApIfFixedChart* chart(Side side) const { return side == A ? chartA_ : chartB_; }
  /// A new pair, its runs named `labelA` and `labelB`: the charts wait for its analyses.
  void showRuns(const QString& labelA, const QString& labelB);
  /// Draws the pair's analyses; `apA` and `apB` are the runs' metric table AP (-1: unknown),
  /// named beside each baseline.
  void showPairAnalysis(const RunPairAnalysisPtr& analysis, double apA, double apB);
  /// Says why there are no analyses, in place of both charts.
  void showFailure(const QString& message);
  /// No pair: empty charts without captions.
  void clear();

 Q_SIGNALS:
  /// A click on a bar of side `side`'s chart: the images with that error, most of it first.
  void imagesRequested(posescope::CompareApCharts::Side side, const posescope::ImageQueue& queue);

 private:
  ApIfFixedChart* chartA_ = nullptr;
  ApIfFixedChart* chartB_ = nullptr;
};

}  // namespace posescope
