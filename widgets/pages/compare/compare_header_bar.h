#pragma once
// The Compare page's header: which runs are A and B, Open / Swap / Run A and B, order, export.

#include <QWidget>

#include "report/run_comparison.h"

class QComboBox;
class QMenu;
class QPushButton;
class QToolButton;

namespace posescope {

class ElidedLabel;

/// A row of controls; it holds no comparison, it only says what the user asked for. Never throws.
class CompareHeaderBar : public QWidget {
  Q_OBJECT
 public:
  enum Side { A, B };

  explicit CompareHeaderBar(QWidget* parent = nullptr);

  /// Shows run folder `dir` ("" for none) as side `side`: its name, cut in the middle when it is
  /// too long (the end tells a sweep's folders apart), the full path as tooltip.
  void setRunFolder(Side side, const QString& dir);
  /// Shows `order` in the order box without emitting orderChosen.
  void setOrder(DeltaOrder order);
  /// Enables "Run A and B…" (disabled while a run is going).
  void setRunPairEnabled(bool enabled);
  /// The menu behind the Export button (owned by the shell, which serves every export).
  void setExportMenu(QMenu* menu);

 Q_SIGNALS:
  void openRequested(posescope::CompareHeaderBar::Side side);
  void swapRequested();
  void runPairRequested();
  void orderChosen(posescope::DeltaOrder order);

 private:
  ElidedLabel* pathA_ = nullptr;
  ElidedLabel* pathB_ = nullptr;
  QComboBox* orderBox_ = nullptr;
  QPushButton* runPairButton_ = nullptr;
  QToolButton* exportButton_ = nullptr;
};

}  // namespace posescope
