#pragma once
// The Inspect page's layer bar: which overlay layers are drawn, and how.

#include <QWidget>

#include "render/render_options.h"

class QAction;
class QComboBox;

namespace posescope {

/// Two toolbar rows, so that nothing is pushed out of sight at 1280 x 800: the layer toggles
/// (P G C M E H T R), then the joint of the heatmap and tag layers, the colormap, the maps'
/// opacity and how a joint's score is drawn. Edits nothing itself: each control says what was
/// chosen, InspectView applies it. Never throws.
class LayerBar : public QWidget {
  Q_OBJECT
 public:
  /// Controls set as `options` draws.
  explicit LayerBar(const RenderOptions& options, QWidget* parent = nullptr);

  /// The layer toggles, each with its key (added to the page, which their shortcuts need).
  QList<QAction*> layerActions() const;
  /// "]" / "[" the next / previous joint, "0" the maximum over joints (jointChosen; the page
  /// adds them, which their shortcuts need).
  QList<QAction*> jointActions() const { return jointActions_; }
  /// Checks or unchecks the toggle of `layer` (layerToggled follows when it changes).
  void setLayerChecked(OverlayLayer layer, bool on);
  /// Turns the layers that need the network (heatmap, tags, network resolution) on or off;
  /// `note` says why they are off.
  void setNetworkLayersEnabled(bool enabled, const QString& note);

  /// The joint box offers the maximum over joints, then `names`; `joint` is chosen (-1: max).
  void setJoints(const QStringList& names, int joint);
  void setCurrentJoint(int joint);
  /// The joints offered (not counting the maximum).
  int jointCount() const;
  /// The joint chosen, as the box says it.
  QString jointText() const;

 Q_SIGNALS:
  void layerToggled(OverlayLayer layer, bool on);
  /// Joint `joint` of the heatmap and tag layers (-1: the maximum over joints).
  void jointChosen(int joint);
  void colormapChosen(Colormap colormap);
  /// Heatmap and tag map opacity, 0 to 1.
  void opacityChosen(double opacity);
  /// A joint's score drawn as its size, its opacity, both or neither.
  void scoreStyleChosen(bool asSize, bool asOpacity);

 private:
  QWidget* buildLayerToolbar(const RenderOptions& options);
  QWidget* buildStyleToolbar(const RenderOptions& options);
  QAction* addToggle(const QString& text, const QString& key, OverlayLayer layer, bool on);

  QAction* layerActions_[kOverlayLayers.size()] = {};  // by OverlayLayer
  QList<QAction*> jointActions_;
  QComboBox* jointBox_ = nullptr;
};

}  // namespace posescope
