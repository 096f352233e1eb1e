#include "widgets/shell/window_launch.h"

#include "eval/keypoint_layout.h"
#include "render/render_options.h"
#include "widgets/pages/compare/compare_view.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"
#include "widgets/session/run_view_state.h"

namespace posescope {

namespace {

template <std::size_t N>
std::optional<int> indexOf(const std::string& name, const char* const (&names)[N]) {
  for (std::size_t i = 0; i < N; ++i)
    if (name == names[i]) return static_cast<int>(i);
  return std::nullopt;
}

}  // namespace

std::optional<MainWindow::Page> pageNamed(const std::string& name) {
  const auto index = indexOf(name, kPageNames);
  return index ? std::optional(static_cast<MainWindow::Page>(*index)) : std::nullopt;
}

std::optional<MainWindow::DetailTab> detailTabNamed(const std::string& name) {
  const auto index = indexOf(name, kDetailTabNames);
  return index ? std::optional(static_cast<MainWindow::DetailTab>(*index)) : std::nullopt;
}

std::string namesText(const char* const* names, std::size_t count) {
  std::string text;
  for (std::size_t i = 0; i < count; ++i)
    text += std::string(i == 0 ? "" : i + 1 == count ? " or " : ", ") + names[i];
  return text;
}

void applyLaunchDisplay(MainWindow& window, const WindowLaunch& launch) {
  if (!launch.layers.isEmpty()) {
    window.inspectView()->setLayers(launch.layers);
    RenderOptions compare = window.compareView()->options();
    showOnlyLayers(compare, launch.layers.join(',').toStdString());
    window.compareView()->setOptions(compare);
  }
  if (launch.joint) window.inspectView()->setJoint(*launch.joint);
  if (launch.minScore) window.inspectView()->setDisplayFilter(*launch.minScore, 0);
}

void openRunAtLaunch(MainWindow& window, const QString& dir, const WindowLaunch& launch) {
  // Held by the connections below, which outlive the caller's copy.
  const auto held = std::make_shared<const WindowLaunch>(launch);
  RunSession* session = window.session();
  // The folder is read in the background: the page and image are chosen once it is shown.
  QObject::connect(session, &RunSession::runFolderOpened, &window, [held, &window] {
    const WindowLaunch& launch = *held;
    applyLaunchDisplay(window, launch);
    if (!launch.viewQuery.isEmpty()) window.document()->view()->setQuery(launch.viewQuery);
    if (launch.timingPage) window.showPage(MainWindow::TimingPage);
    if (launch.page && !launch.inspectImage) window.showPage(*launch.page);
    if (!launch.inspectImage) return;
    const long index = *launch.inspectImage;
    if ((index < 0 || !window.inspectImage(static_cast<std::size_t>(index))) && launch.report)
      launch.report(QObject::tr("--inspect: no image %1 in the run opened").arg(index));
    if (launch.person) window.inspectView()->selectPerson(*launch.person);
  });
  // Once: the analysis of the folder opened (a later reanalysis keeps the user's choices).
  auto* once = new QObject(&window);
  QObject::connect(session->analysis(), &RunAnalysisSession::analysisReady, once,
                   [held, &window, once](const RunAnalysisPtr& analysis) {
                     const WindowLaunch& launch = *held;
                     once->deleteLater();
                     if (launch.triageQueue) {
                       window.showPage(MainWindow::InspectPage);
                       window.inspectView()->showTriageQueue(*launch.triageQueue);
                     }
                     if (!launch.evalSettings) return;
                     const std::optional<EvalParams> settings =
                         launch.evalSettings(evalParamsFor(analysis->input->layout));
                     if (settings) window.reevaluate(*settings);
                   });
  QObject::connect(session, &RunSession::runFolderFailed, &window,
                   [held](const QString&, const QString& error) {
                     if (held->report) held->report(error);
                   });
  window.openRunFolder(dir);
}

}  // namespace posescope
