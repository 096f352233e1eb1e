#pragma once
// Where each joint goes wrong: one row per joint, the share of its labelled predictions that are
// good, jitter, inversion, swap or miss, stacked in the error layer's label colours.

#include <QWidget>
#include <memory>

#include "analysis/keypoint_analysis.h"
#include "widgets/session/triage_queues.h"

class QCustomPlot;
class QLabel;

namespace posescope {

/// The per-joint error chart of one KeypointAnalysis (its jointCounts, area 'all'): rows are the
/// joints (first at the top), the five labels stacked as rates of the joint's judged
/// predictions (unlabelled left out). Hovering a segment gives its count and rate; clicking one
/// asks for the images with that joint and label, ranked by how many such joints each holds (the
/// count as the queue's key). Never throws.
class JointErrorChart : public QWidget {
  Q_OBJECT
 public:
  /// The labels drawn, left to right (kJointLabels without Unlabelled).
  static constexpr JointLabel kLabels[] = {JointLabel::Good, JointLabel::Jitter,
                                           JointLabel::Inversion, JointLabel::Swap,
                                           JointLabel::Miss};

  explicit JointErrorChart(QWidget* parent = nullptr);

  /// Shows `analysis`; nullptr clears the chart.
  void setAnalysis(std::shared_ptr<const KeypointAnalysis> analysis);
  /// Shows `message` in place of the plot (loading, an error); "" shows the plot again.
  void setMessage(const QString& message);

  /// Count of `label` at joint `joint`, and the joint's judged predictions (the rate's base).
  std::size_t count(int joint, JointLabel label) const;
  std::size_t judged(int joint) const;
  /// The hover text of the segment of `label` at joint `joint`.
  QString segmentToolTip(int joint, JointLabel label) const;
  /// Emits imagesRequested for that segment (what a click does); false when it has no image.
  bool requestImages(int joint, JointLabel label);
  /// The plot row (key) of joint `joint`: the first joint is drawn at the top.
  double keyOfJoint(int joint) const;
  QCustomPlot* plot() const { return plot_; }

 Q_SIGNALS:
  /// The user clicked a segment: the images with that label at that joint, most first
  /// (jointLabelQueue).
  void imagesRequested(const posescope::ImageQueue& queue);

 private:
  void rebuild();
  int jointOfKey(double key) const;

  std::shared_ptr<const KeypointAnalysis> analysis_;
  QLabel* message_ = nullptr;
  QCustomPlot* plot_ = nullptr;
};

}  // namespace posescope
