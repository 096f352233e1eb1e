#pragma once
// What the posescope command line asks of the window beyond its setup: the page and tab it shows,
// the Inspect and Compare display, and what to show once a run folder opened at launch is read.
// app/gui/main.cpp reads the words; the shell, which owns the pages, acts on them.

#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "eval/eval_params.h"
#include "widgets/session/triage_queues.h"
#include "widgets/shell/main_window.h"

namespace posescope {

/// The pages' names on the command line, in MainWindow::Page order.
inline constexpr const char* kPageNames[] = {"experiment", "run",     "results", "inspect",
                                             "timing",     "compare", "search",  "runs"};
/// The tabs' names on the command line, in MainWindow::DetailTab order.
inline constexpr const char* kDetailTabNames[] = {"images",   "summary",       "timing",
                                                  "analysis", "annotation-qa", "curves"};

/// The page named `name` (kPageNames), or nullopt.
std::optional<MainWindow::Page> pageNamed(const std::string& name);
/// The tab named `name` (kDetailTabNames), or nullopt.
std::optional<MainWindow::DetailTab> detailTabNamed(const std::string& name);
/// `names` joined as a sentence's list: "a, b or c".
std::string namesText(const char* const* names, std::size_t count);

struct WindowLaunch {
  // The Inspect display (the layers also on Compare's canvases, those they have).
  QStringList layers;  // empty: as they are
  std::optional<int> joint;
  std::optional<double> minScore;
  // Once the run folder opened at launch is read:
  QString viewQuery;                        // the view shown on Inspect and Results
  bool timingPage = false;                  // the Timing page shown
  std::optional<long> inspectImage;         // the Inspect page on this dataset image
  std::optional<int> person;                // with inspectImage: predicted person (0 is P1)
  std::optional<TriagePreset> triageQueue;  // once analysed: this Inspect triage queue
  /// Once analysed: the settings to evaluate the run with again, from the run's own (valid.py's
  /// for its dataset); nullopt leaves valid.py's. May report a problem and give nullopt.
  std::function<std::optional<EvalParams>(const EvalParams& runDefaults)> evalSettings;
  // The page and tab shown (after the run or comparison opened at launch).
  std::optional<MainWindow::Page> page;
  std::optional<MainWindow::DetailTab> tab;
  /// Says what could not be done (an image the run has not, a folder that cannot be read).
  std::function<void(const QString& message)> report;
};

/// Applies the Inspect and Compare display of `launch` (layers, joint, score floor).
void applyLaunchDisplay(MainWindow& window, const WindowLaunch& launch);
/// Opens run folder `dir`; once it is read, applies the display again and shows the view, page,
/// image and person of `launch`; once analysed (the first analysis only), its triage queue and
/// evaluation settings.
void openRunAtLaunch(MainWindow& window, const QString& dir, const WindowLaunch& launch);

}  // namespace posescope
