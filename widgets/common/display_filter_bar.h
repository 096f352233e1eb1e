#pragma once
// The display filters of an image canvas, shared by the Inspect and Compare pages.

#include <QWidget>

#include "render/render_options.h"

class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace posescope {

/// A row of three controls for what an overlay draws, not what the metrics count
/// (RenderOptions' minPersonScore, maxPeople and matchThreshold): people scoring at least a
/// score, the top N people, matches at OKS .50 or .75. One bar serves every canvas it is
/// connected to. Never throws.
class DisplayFilterBar : public QWidget {
  Q_OBJECT
 public:
  explicit DisplayFilterBar(QWidget* parent = nullptr);

  /// Shows `options`' three values without emitting a signal.
  void setValues(const RenderOptions& options);
  /// `options` with the bar's three values.
  RenderOptions appliedTo(RenderOptions options) const;

  QDoubleSpinBox* minScoreBox() const { return minScore_; }
  QSpinBox* topBox() const { return top_; }
  QComboBox* matchBox() const { return match_; }

 Q_SIGNALS:
  /// The user changed the minimum score or the top N.
  void filterChanged(double minPersonScore, int maxPeople);
  /// The user chose the OKS threshold whose matches are drawn.
  void matchThresholdChanged(double oks);

 private:
  QDoubleSpinBox* minScore_ = nullptr;
  QSpinBox* top_ = nullptr;
  QComboBox* match_ = nullptr;
};

}  // namespace posescope
