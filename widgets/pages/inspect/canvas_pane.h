#pragma once
// The Inspect page's centre: the image canvas with what is drawn over it and the lines around it.

#include <QWidget>
#include <optional>

#include "render/render_options.h"
#include "render/run_overlay_data.h"

class QAction;
class QLabel;

namespace posescope {

class ColorBar;
class DisplayFilterBanner;
class DisplayFilterBar;
class ElidedLabel;
class ImageCanvas;
class OverlayLegend;

/// From the top: `toolbars` (the layer bar), the display filters, the banner saying what they
/// hide, the legend, the warning that the run's inputs changed, the canvas with the heatmap's
/// colour bar, the status line. Its widgets are InspectView's to drive; the display filters
/// remember the run they were set for. Never throws.
class CanvasPane : public QWidget {
  Q_OBJECT
 public:
  /// The filters and colour bar set as `options` draws.
  CanvasPane(QWidget* toolbars, const RenderOptions& options, QWidget* parent = nullptr);

  ImageCanvas* canvas() const { return canvas_; }
  ColorBar* colorBar() const { return colorBar_; }
  OverlayLegend* legend() const { return legend_; }
  DisplayFilterBar* filterBar() const { return filters_; }
  DisplayFilterBanner* filterBanner() const { return filterBanner_; }
  ElidedLabel* statusLabel() const { return status_; }

  /// Warns that the run's inputs `changed` since it ran ("": hides the warning).
  void showChangedInputs(const QString& changed);
  /// The warning's text ("" when hidden).
  QString inputsWarning() const;
  /// F: the image fits the canvas (the page adds it, which its shortcut needs).
  QAction* fitAction() const { return fit_; }

  /// The status line says what is shown: image `current` of `data` (none: how to start), the
  /// joint of the maps (`jointText`), then `notes` (blank ones skipped) and the run's warnings.
  void showStatus(const RunOverlayData& data, std::optional<std::size_t> current,
                  const RenderOptions& options, const QString& jointText, const QStringList& notes);

  /// What followRun() did with the display filters.
  struct FiltersFollowed {
    bool reset = false;  // `options` changed
    QString note;        // for the status bar ("" when nothing was set for another run)
  };
  /// `runDir` opens (or starts): display filters of `options` set for another run are reset, or
  /// kept when the banner's box says so.
  FiltersFollowed followRun(const QString& runDir, RenderOptions& options);

 private:
  ImageCanvas* canvas_ = nullptr;
  ColorBar* colorBar_ = nullptr;
  OverlayLegend* legend_ = nullptr;
  DisplayFilterBar* filters_ = nullptr;
  DisplayFilterBanner* filterBanner_ = nullptr;
  QLabel* inputsBanner_ = nullptr;
  ElidedLabel* status_ = nullptr;
  QAction* fit_ = nullptr;
  QString filtersRunDir_;  // the run the display filters were last set or kept for
};

}  // namespace posescope
