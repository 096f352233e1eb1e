// posescope: the desktop application. Its command line is read by the parser posescope-cli and
// posescope-train use (same errors, same exit code 2 for a bad command line). It links no
// LibTorch: the network engine module is loaded once the window shows.

#include <QApplication>
#include <QScreen>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <cstdio>
#include <iostream>

#include "cli_args.h"
#include "common/openmp_wait.h"
#include "eval_settings_args.h"
#include "widgets/common/app_icon.h"
#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/pages/results/evaluation_settings_panel.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/session/network_engine.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_session.h"
#include "widgets/session/triage_queues.h"
#include "widgets/shell/main_window.h"

namespace {

using posescope::cli::ParsedArgs;
using posescope::cli::UsageError;

const char* const kUsage = R"(usage: posescope [options] [KEY VALUE ...]

Evaluate and inspect bottom-up multi-person pose estimators.

setup (as valid.py takes it; KEY VALUE words are config overrides):
  --cfg FILE            experiment YAML
  --superconfig FILE    architecture JSON (as valid.py's --superconfig)
  --checkpoint FILE     checkpoint (sets TEST.MODEL_FILE)
  --dataset-root DIR    dataset root (sets DATASET.ROOT)
  --device DEVICE       auto, cpu or cuda:N
  --out DIR             folder that receives the run folders
  --fresh               do not restore the last session's setup
at launch:
  --run                 start the run (when the setup is valid)
  --open-run DIR        open a run folder
  --inspect INDEX       with --open-run: open the Inspect page on dataset image INDEX
  --timing              with --open-run: open the Timing page
  --person N            with --inspect: select predicted person N (1 is P1) for the person panel
  --queue NAME          with --open-run: once the error analysis is ready, show the Inspect
                        triage queue NAME: worst-oks, high-score-fp, missed, swaps, inversions
  --layers LIST         Inspect layers shown, comma-separated: predictions, gt, crowd, matches,
                        errors, heatmap, tags, network
  --joint N             Inspect joint N of the heatmap and tag layers (-1: maximum over joints)
  --compare RUN_A RUN_B compare two run folders (also --compare RUN_A --compare RUN_B)
  --open-search DIR     open a search folder (posescope-cli search --out) on the Search page
  --demo                run the embedded demo (Help > Open Demo)
  --demo-compare        run the demo model and its smaller sibling and compare them
  --demo-search         run a short search of the demo supernet (Help > Search Demo)
  --pair-dialog         open the Run A and B to Compare dialog
  --page NAME           show page NAME once the folders asked for are open: experiment, run,
                        results, inspect, timing, compare or search
  --tab NAME            with --page results or compare: show its tab NAME: images or analysis
                        (Results), summary, timing or analysis (Compare)
  --oks-thresholds T, --sigmas LIST, --area-all LO,HI, --area-medium LO,HI, --area-large LO,HI,
  --max-dets N, --min-score S
                        with --open-run: once the run is read, evaluate it again with these
                        settings, as posescope-cli metrics takes them (Results > Evaluation
                        Settings; the numbers are then not valid.py's)
  --maximized           show the window maximized
  --help, --version
)";

QString text(const std::string& s) {
  return QString::fromStdString(s);
}

QStringList split(const std::string& list) {
  return text(list).split(',');
}

std::set<std::string> withEvalSettingOptions(std::set<std::string> options) {
  for (const std::string& option : posescope::cli::evalSettingOptions()) options.insert(option);
  return options;
}

bool hasEvalSettings(const ParsedArgs& args) {
  for (const std::string& option : posescope::cli::evalSettingOptions())
    if (args.has(option)) return true;
  return false;
}

ParsedArgs parseCommandLine(const QStringList& arguments) {
  std::vector<std::string> args;
  for (int i = 1; i < arguments.size(); ++i) args.push_back(arguments[i].toStdString());
  return posescope::cli::parseArgs(
      args,
      withEvalSettingOptions({"--cfg", "--superconfig", "--checkpoint", "--dataset-root",
                              "--device", "--out", "--open-run", "--inspect", "--person", "--queue",
                              "--layers", "--joint", "--compare", "--page", "--tab",
                              "--open-search"}),
      {"--run", "--fresh", "--maximized", "--timing", "--demo", "--demo-compare", "--demo-search",
       "--pair-dialog", "--version"});
}

// The tab titles --tab names (Results' and Compare's tab widgets).
QString tabTitle(const std::string& name) {
  if (name == "analysis") return QObject::tr("Where the AP goes");
  if (name == "images") return QObject::tr("Images");
  if (name == "summary") return QObject::tr("Summary");
  if (name == "timing") return QObject::tr("Time per stage");
  return {};
}

// Shows the tab titled `title` in every tab widget of the Results and Compare pages that has one.
void showTab(QWidget* window, const QString& title) {
  for (auto* tabs : window->findChildren<QTabWidget*>()) {
    if (tabs->objectName() != QLatin1String("resultsTabs") &&
        tabs->objectName() != QLatin1String("compareDetails"))
      continue;
    for (int i = 0; i < tabs->count(); ++i)
      if (tabs->tabText(i) == title) tabs->setCurrentIndex(i);
  }
}

// Applies the setup options and overrides; throws UsageError for overrides not in pairs.
void applySetup(const ParsedArgs& args, std::vector<std::string> overrides,
                posescope::MainWindow& window) {
  if (!args.has("--fresh")) window.restoreLastSetup();
  auto* setup = window.runSetupView();
  if (args.has("--cfg")) setup->setConfigFile(text(args.get("--cfg")));
  if (args.has("--superconfig")) setup->setArchFile(text(args.get("--superconfig")));
  if (args.has("--checkpoint")) setup->setCheckpoint(text(args.get("--checkpoint")));
  if (args.has("--dataset-root")) setup->setDatasetRoot(text(args.get("--dataset-root")));
  if (args.has("--device")) setup->setDevice(text(args.get("--device")));
  if (args.has("--out")) setup->setOutputDir(text(args.get("--out")));
  if (overrides.size() % 2 != 0) {
    throw UsageError{"overrides come in KEY VALUE pairs (got " + std::to_string(overrides.size()) +
                     " words)"};
  }
  QStringList opts;
  for (const auto& word : overrides) opts << text(word);
  if (!opts.isEmpty()) setup->setOverrides(opts);
}

// The Inspect layers and joint asked for; throws UsageError for an unknown layer.
void applyInspectOptions(const ParsedArgs& args, posescope::InspectView* view) {
  if (args.has("--layers")) {
    const QStringList unknown = view->setLayers(split(args.get("--layers")));
    if (!unknown.isEmpty()) {
      throw UsageError{"--layers: unknown layer(s) " + unknown.join(", ").toStdString()};
    }
  }
  if (args.has("--joint")) view->setJoint(static_cast<int>(args.getInt("--joint", -1)));
}

// The page named `name` (MainWindow::Page), or -1.
int pageNumber(const std::string& name) {
  const char* const names[] = {"experiment", "run",     "results", "inspect",
                               "timing",     "compare", "search"};
  for (int i = 0; i < 7; ++i)
    if (name == names[i]) return i;
  return -1;
}

}  // namespace

int main(int argc, char** argv) {
  posescope::restartWithPassiveOpenMpWait(argv);  // evaluations run beside the GUI's own work
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("PoseScope"));
  QApplication::setApplicationName(QStringLiteral("PoseScope"));
  QApplication::setApplicationVersion(QStringLiteral(POSESCOPE_VERSION));
  QApplication::setWindowIcon(posescope::appIcon());
  QGuiApplication::setDesktopFileName(QStringLiteral("posescope"));  // packaging/posescope.desktop

  ParsedArgs args;
  std::vector<std::string> compareRuns, overrides;
  try {
    args = parseCommandLine(QApplication::arguments());
    overrides = args.positional;
    compareRuns = args.getAll("--compare");
    // --compare RUN_A RUN_B: the second folder arrives as the first free word.
    if (compareRuns.size() == 1 && overrides.size() % 2 == 1) {
      compareRuns.push_back(overrides.front());
      overrides.erase(overrides.begin());
    }
    if (args.has("--compare") && compareRuns.size() != 2) {
      throw UsageError{"--compare takes two run folders, RUN_A RUN_B"};
    }
    if (args.has("--inspect")) args.getInt("--inspect", 0);  // checked before the window shows
    if (args.has("--tab") && tabTitle(args.get("--tab")).isEmpty())
      throw UsageError{"--tab: unknown tab '" + args.get("--tab") +
                       "' (images, analysis, summary or timing)"};
    if (args.has("--person")) args.getInt("--person", 1);
    if (args.has("--queue") && !posescope::triagePresetFromName(text(args.get("--queue"))))
      throw UsageError{"--queue: unknown queue '" + args.get("--queue") +
                       "' (worst-oks, high-score-fp, missed, swaps or inversions)"};
    if (hasEvalSettings(args) && !args.has("--open-run"))
      throw UsageError{"the evaluation settings (--sigmas, --max-dets, ...) need --open-run"};
    if (args.has("--page") && pageNumber(args.get("--page")) < 0)
      throw UsageError{"--page: unknown page '" + args.get("--page") +
                       "' (experiment, run, results, inspect, timing, compare or search)"};
  } catch (const UsageError& e) {
    std::cerr << "posescope: " << e.message << "\nRun 'posescope --help' for usage.\n";
    return posescope::cli::kUsage;
  }
  if (args.has("--help")) {
    std::cout << kUsage;
    return posescope::cli::kOk;
  }
  if (args.has("--version")) {
    std::cout << "PoseScope " << POSESCOPE_VERSION << "\n";
    return posescope::cli::kOk;
  }

  posescope::MainWindow window;
  auto* inspectView = window.inspectView();
  try {
    applySetup(args, overrides, window);
    applyInspectOptions(args, inspectView);
  } catch (const UsageError& e) {
    std::cerr << "posescope: " << e.message << "\n";
    return posescope::cli::kUsage;
  }
  if (args.has("--maximized")) {
    // Also without a window manager (Xvfb screenshots), where showMaximized() does nothing.
    window.setGeometry(QGuiApplication::primaryScreen()->availableGeometry());
    window.showMaximized();
  } else {
    window.show();
  }
  // LibTorch loads once the window is up (widgets/session/network_engine.h): from the event loop,
  // so its seconds of loading never hold the window back.
  QTimer::singleShot(0, [] { posescope::startLoadingNetworkEngine(); });
  posescope::RunSession* session = window.session();
  if (args.has("--open-run")) {
    // The folder is read in the background: the page and image are chosen once it is shown.
    QObject::connect(session, &posescope::RunSession::runFolderOpened, &window, [&] {
      applyInspectOptions(args, inspectView);
      if (args.has("--timing")) window.pages()->setCurrentIndex(posescope::MainWindow::TimingPage);
      if (args.has("--page") && !args.has("--inspect"))
        window.pages()->setCurrentIndex(pageNumber(args.get("--page")));
      if (!args.has("--inspect")) return;
      const long index = args.getInt("--inspect", 0);
      if (index < 0 || !window.inspectImage(static_cast<qulonglong>(index))) {
        std::fprintf(stderr, "posescope: --inspect: no image %ld in the run opened\n", index);
      }
      if (args.has("--person"))
        inspectView->selectPerson(static_cast<int>(args.getInt("--person", 1)) - 1);
    });
    if (args.has("--queue")) {
      const auto preset = *posescope::triagePresetFromName(text(args.get("--queue")));
      // Once: the analysis of the folder opened (a later reanalysis keeps the user's queue).
      auto* once = new QObject(&window);
      QObject::connect(session->analysis(), &posescope::RunAnalysisSession::analysisReady, once,
                       [inspectView, preset, once, &window] {
                         window.pages()->setCurrentIndex(posescope::MainWindow::InspectPage);
                         inspectView->showTriageQueue(preset);
                         once->deleteLater();
                       });
    }
    if (hasEvalSettings(args)) {
      // Once the run is read (its dataset known): the settings are checked against it, then sent
      // as the Evaluation Settings panel sends them.
      auto* once = new QObject(&window);
      QObject::connect(session->analysis(), &posescope::RunAnalysisSession::analysisReady, once,
                       [&args, &window, once](const posescope::RunAnalysisPtr& analysis) {
                         once->deleteLater();
                         posescope::EvalParams settings =
                             posescope::evalParamsFor(analysis->input->variant);
                         try {
                           posescope::cli::applyEvalSettings(args, settings);
                         } catch (const UsageError& e) {
                           std::fprintf(stderr, "posescope: %s\n", e.message.c_str());
                           return;
                         }
                         posescope::ResultsView* results = window.resultsView();
                         results->settingsButton()->setChecked(true);
                         results->settingsPanel()->setSettings(settings);
                       });
    }
    QObject::connect(session, &posescope::RunSession::runFolderFailed, &window,
                     [](const QString&, const QString& error) {
                       std::fprintf(stderr, "posescope: %s\n", qPrintable(error));
                     });
    window.openRunFolder(text(args.get("--open-run")));
  }
  if (compareRuns.size() == 2) {
    QObject::connect(session, &posescope::RunSession::comparisonFailed, &window,
                     [](const QString& error) {
                       std::fprintf(stderr, "posescope: --compare: %s\n", qPrintable(error));
                     });
    window.compareRuns(text(compareRuns[0]), text(compareRuns[1]));
  }
  if (args.has("--page") && !args.has("--open-run")) {
    // After the comparison or run that may switch pages on its own.
    const int page = pageNumber(args.get("--page"));
    auto show = [&window, page] { window.pages()->setCurrentIndex(page); };
    if (compareRuns.size() == 2)
      QObject::connect(session, &posescope::RunSession::comparisonOpened, &window, show);
    QTimer::singleShot(0, &window, show);
  }
  if (args.has("--tab")) showTab(&window, tabTitle(args.get("--tab")));
  if (args.has("--open-search")) window.openSearchFolder(text(args.get("--open-search")));
  if (args.has("--demo")) QTimer::singleShot(0, &window, [&window] { window.openDemo(); });
  if (args.has("--demo-compare"))
    QTimer::singleShot(0, &window, [&window] { window.openDemoComparison(); });
  if (args.has("--demo-search"))
    QTimer::singleShot(0, &window, [&window] { window.openSearchDemo(); });
  if (args.has("--pair-dialog"))
    QTimer::singleShot(0, &window, [&window] { window.showRunPairDialog(); });
  if (args.has("--run")) {
    QTimer::singleShot(0, &window, [&window] {
      if (!window.startRun())
        std::fprintf(stderr,
                     "posescope: --run: the setup is not valid (see the Experiment page)\n");
    });
  }
  return app.exec();
}
