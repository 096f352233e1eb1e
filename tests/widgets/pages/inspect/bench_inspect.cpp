// bench_inspect: time from selecting an image on the Inspect page to its heatmap drawn, uncached
// (maps recomputed through the Evaluator) and cached. A speed check, not a test.
// Usage: bench_inspect RUN_DIR [ROUNDS]  (RUN_DIR written by posescope-cli eval), with
// POSESCOPE_NETWORK_ENGINE naming the build's build/app/gui/posescope-network-engine.so

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <vector>

#include "pipeline/run_folder.h"
#include "widgets/common/image_canvas.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/pages/inspect/joint_grid.h"
#include "widgets/session/inspect_controller.h"
#include "widgets/session/maps_provider.h"

using namespace posescope;

namespace {

// Shows `index` and returns the milliseconds until its pixels (read on a pool thread) and its
// maps are drawn and painted (-1: timeout).
double timeToHeatmap(InspectView& view, std::size_t index) {
  QEventLoop loop;
  bool mapsDrawn = false, pixelsDrawn = false;
  const auto quitWhenBoth = [&] {
    if (mapsDrawn && pixelsDrawn) loop.quit();
  };
  const auto maps = QObject::connect(&view, &InspectView::mapsShown, &loop, [&](qulonglong shown) {
    mapsDrawn = mapsDrawn || shown == index;
    quitWhenBoth();
  });
  const auto pixels =
      QObject::connect(&view, &InspectView::imageDecoded, &loop, [&](qulonglong shown) {
        pixelsDrawn = pixelsDrawn || shown == index;
        quitWhenBoth();
      });
  QElapsedTimer timer;
  timer.start();
  view.showImage(index);
  if (!mapsDrawn || !pixelsDrawn) {
    QTimer::singleShot(120000, &loop, &QEventLoop::quit);
    loop.exec();
  }
  view.canvas()->viewport()->repaint();  // the pixels on screen, not just the composed picture
  const double ms = timer.nsecsElapsed() / 1e6;
  QObject::disconnect(maps);
  QObject::disconnect(pixels);
  return mapsDrawn && pixelsDrawn ? ms : -1;
}

void report(const char* what, std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  std::printf("%-22s n=%zu  median %.1f ms  min %.1f ms  max %.1f ms\n", what, ms.size(),
              ms[ms.size() / 2], ms.front(), ms.back());
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_inspect RUN_DIR [ROUNDS]\n");
    return 2;
  }
  const int rounds = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
  InspectView view;
  view.resize(1400, 900);
  view.show();
  try {
    const LoadedRun run = loadRunFolder(argv[1]);
    RunOverlayData data = loadRunOverlayData(run);
    const std::string device = data.device;
    view.setData(std::move(data), std::make_unique<EvaluatorMapsProvider>(run.dir, device));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_inspect: %s\n", e.what());
    return 3;
  }
  view.setLayers({QStringLiteral("predictions"), QStringLiteral("gt"), QStringLiteral("heatmap")});
  const std::size_t images = view.data().records.size();
  if (images < 2) {
    std::fprintf(stderr, "bench_inspect: the run needs at least 2 images\n");
    return 3;
  }
  const double first = timeToHeatmap(view, 0);
  std::printf("run %s, %zu images, device %s\n", argv[1], images, view.data().device.c_str());
  std::printf("first image (builds the Evaluator, loads the checkpoint): %.1f ms\n", first);

  std::vector<double> uncached, cached;
  for (int r = 0; r < rounds; ++r)
    for (std::size_t i = 1; i <= images; ++i) {
      view.controller()->clearCache();
      const double ms = timeToHeatmap(view, i % images);
      if (ms < 0) {
        std::fprintf(stderr, "bench_inspect: image %zu timed out: %s\n", i % images,
                     qPrintable(view.statusText()));
        return 1;
      }
      uncached.push_back(ms);
    }
  for (std::size_t i = 0; i < images; ++i) timeToHeatmap(view, i);  // fill the cache
  for (int r = 0; r < rounds * 3; ++r)
    for (std::size_t i = 1; i <= images; ++i) cached.push_back(timeToHeatmap(view, i % images));
  std::vector<double> compute;  // the Evaluator's own per-image time, as the run records it
  for (std::size_t i = 0; i < images; ++i)
    if (ImageMapsPtr maps = view.controller()->cached(i))
      compute.push_back(maps->record.times.totalMs());
  // Where a cached switch spends its time (image 0, its maps cached).
  {
    const ImageRecord& record = *view.data().recordOf(0);
    const ImageMapsPtr maps = view.controller()->cached(0);
    const QImage image = view.canvas()->overlayImage();
    const OverlayScene scene = view.data().sceneFor(record);
    QStringList names;
    for (const auto& n : skeletonFor(view.data().kind).jointNames)
      names << QString::fromStdString(n);
    auto time = [](auto&& f) {
      QElapsedTimer t;
      t.start();
      for (int i = 0; i < 10; ++i) f();
      return t.nsecsElapsed() / 1e7;
    };
    std::printf("cached switch parts: overlay %.1f ms, joint grid %.1f ms, repaint %.1f ms\n",
                time([&] { view.canvas()->setImage(image, scene, maps); }),
                time([&] { view.jointGrid()->setMaps(names, maps, Colormap::Jet); }),
                time([&] { view.canvas()->viewport()->repaint(); }));
  }
  report("uncached", uncached);
  if (!compute.empty()) report("(of which computeMaps)", compute);
  report("cached", cached);
  std::printf("targets: uncached < 300 ms, cached < 30 ms\n");
  return 0;
}
