#pragma once
// The Inspect page's heatmaps and tag maps of the image shown, recomputed off the GUI thread.

#include <QObject>
#include <QStringList>
#include <memory>
#include <optional>

#include "render/render_options.h"
#include "widgets/session/inspect_worker.h"

namespace posescope {

class ImageCanvas;
class InspectController;
class JointGrid;

/// What the network's layers say for predictions imported from a results file.
QString noNetworkNote();

/// Asks an InspectController (its own worker thread and Evaluator, an LRU of 8 images) for the
/// maps of the image shown when a layer or the joint grid wants them, and draws them on the canvas
/// and the joint grid; note() says what is missing ("computing…", why there are none). The image
/// shown is the caller's: each call names it. Never throws.
class ShownImageMaps : public QObject {
  Q_OBJECT
 public:
  ShownImageMaps(ImageCanvas* canvas, JointGrid* grid, QObject* parent = nullptr);

  InspectController* controller() const { return controller_; }
  /// What the status line says of the maps ("" when nothing is missing).
  QString note() const { return note_; }
  void setNote(const QString& note) { note_ = note; }

  /// Another run, whose maps come from `provider` (nullptr: none; `imported`: predictions without
  /// a network) for joints `jointNames`; nothing is drawn.
  void setRun(std::unique_ptr<MapsProvider> provider, const QStringList& jointNames, bool imported);
  /// Whether `options` (a maps layer) or the joint grid, when visible, want the maps.
  bool needed(const RenderOptions& options) const;
  /// Image `index` is shown, nothing drawn yet: its maps when cached and `options` want them (on
  /// the joint grid already; the canvas draws them with the image in one pass), else nullptr
  /// (the joint grid shows none until they come).
  ImageMapsPtr startImage(std::size_t index, const RenderOptions& options);
  /// The maps drawn for image `index`, to draw again with its pixels (nullptr: none yet).
  ImageMapsPtr drawn(std::size_t index, const RenderOptions& options) const;
  /// Asks for the maps of image `current` (none: nothing to ask) unless drawn or not wanted:
  /// those cached are returned, to show(); otherwise note() says they are computing
  /// (noteChanged) and the controller's mapsReady follows.
  ImageMapsPtr request(std::optional<std::size_t> current, const RenderOptions& options);
  /// Draws `maps` of the image shown on the canvas and the joint grid.
  void show(const ImageMapsPtr& maps, Colormap colormap);

 Q_SIGNALS:
  /// The maps are being computed.
  void noteChanged();

 private:
  /// The joint grid shows `maps`; the note says when they are empty.
  void noteMaps(const ImageMapsPtr& maps, Colormap colormap);

  ImageCanvas* canvas_;
  JointGrid* grid_;
  InspectController* controller_ = nullptr;
  QStringList jointNames_;
  bool imported_ = false;
  bool drawn_ = false;  // the image's maps (possibly empty) are drawn
  QString note_;
};

}  // namespace posescope
