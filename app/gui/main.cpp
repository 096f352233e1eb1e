// posescope: the desktop application. Its options are declared once (launchOptions), with their
// help, for the parser posescope-cli and posescope-train use (same errors, same exit code 2 for a
// bad command line); the command line is read and checked before any window or display is
// needed. It links no LibTorch: the network engine module is loaded once the window shows.

#include <QApplication>
#include <QScreen>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>

#include "cli_args.h"
#include "common/openmp_wait.h"
#include "eval_settings_args.h"
#include "render/render_options.h"
#include "widgets/common/app_icon.h"
#include "widgets/pages/experiment/run_setup_view.h"
#include "widgets/session/network_engine.h"
#include "widgets/session/run_library_session.h"
#include "widgets/session/run_session.h"
#include "widgets/session/triage_queues.h"
#include "widgets/shell/demo_launcher.h"
#include "widgets/shell/main_window.h"
#include "widgets/shell/window_launch.h"

namespace {

using posescope::MainWindow;
using posescope::cli::OptionGroup;
using posescope::cli::ParsedArgs;
using posescope::cli::UsageError;

// The display filter's name, which the evaluation settings' score floor shares in the CLI.
const char* const kMinScore = "--min-score";

// The evaluation settings a run opened at launch is evaluated again with: the CLI's, but its
// score floor. Here --min-score is the Inspect display filter, which leaves the metrics alone.
OptionGroup launchEvalSettings() {
  OptionGroup settings = posescope::cli::evalSettingsGroup();
  settings.title =
      "with --open-run, evaluate the run again once it is read (Results > Evaluation Settings;\n"
      "the numbers are then not valid.py's)";
  auto& options = settings.options;
  options.erase(std::remove_if(options.begin(), options.end(),
                               [](const auto& option) { return option.name == kMinScore; }),
                options.end());
  return settings;
}

// Every option of the window with its help: the parser and --help read these, nothing else.
std::vector<OptionGroup> launchOptions() {
  OptionGroup settings = launchEvalSettings();
  return {
      {"setup (as valid.py takes it; KEY VALUE words are config overrides)",
       {{"--cfg", "FILE", "experiment YAML"},
        {"--superconfig", "FILE", "architecture JSON (as valid.py's --superconfig)"},
        {"--checkpoint", "FILE", "checkpoint (sets TEST.MODEL_FILE)"},
        {"--dataset-root", "DIR", "dataset root (sets DATASET.ROOT)"},
        {"--device", "DEVICE", "auto, cpu or cuda:N"},
        {"--out", "DIR", "folder that receives the run folders"},
        {"--fresh", "", "do not restore the last session's setup"}}},
      {"at launch",
       {{"--run", "", "start the run (when the setup is valid)"},
        {"--open-run", "DIR", "open a run folder"},
        {"--inspect", "INDEX", "with --open-run: open the Inspect page on dataset image INDEX"},
        {"--timing", "", "with --open-run: open the Timing page"},
        {"--person", "N",
         "with --inspect: select predicted person N (1 is P1) for the person panel"},
        {"--queue", "NAME",
         "with --open-run: once the error analysis is ready, show the Inspect\ntriage queue "
         "NAME: worst-images, worst-oks, high-score-fp, missed, swaps, inversions,\nsuspects"},
        {"--view", "QUERY",
         "with --open-run: show only the images of the view QUERY on Inspect and\nResults "
         "(docs/views.md), e.g. \"swaps > 0\""},
        {"--layers", "LIST",
         "Inspect layers shown, comma-separated: predictions, gt, crowd, matches,\nerrors, "
         "heatmap, tags, network (on Compare: the first five)"},
        {"--joint", "N", "Inspect joint N of the heatmap and tag layers (-1: maximum over joints)"},
        {"--min-score", "S",
         "Inspect display filter: draw only people scoring at least S (said above\nthe canvas)"},
        {"--compare", "RUN_A RUN_B",
         "compare two run folders (also --compare RUN_A --compare RUN_B)"},
        {"--open-search", "DIR",
         "open a search folder (posescope-cli search --out) on the Search page"},
        {"--runs", "DIR",
         "show the run folders under DIR on the Runs page, in place of the library's\n"
         "folders this time (repeatable)"},
        {"--demo", "", "run the embedded demo (Help > Open Demo)"},
        {"--demo-compare", "", "run the demo model and its smaller sibling and compare them"},
        {"--demo-search", "", "run a short search of the demo supernet (Help > Search Demo)"},
        {"--pair-dialog", "", "open the Run A and B to Compare dialog"},
        {"--page", "NAME",
         "show page NAME once the folders asked for are open:\n" +
             posescope::namesText(std::begin(posescope::kPageNames),
                                  std::size(posescope::kPageNames))},
        {"--tab", "NAME",
         "with --page results or compare: show its tab NAME: images, analysis,\ncurves or "
         "annotation-qa (Results), summary, timing, analysis or curves (Compare)"}}},
      settings,
      {"window",
       {{"--maximized", "", "show the window maximized"},
        {"--help", "", "print this help"},
        {"--version", "", "print the version"}}}};
}

std::string helpText() {
  return "usage: posescope [options] [KEY VALUE ...]\n\n"
         "Evaluate and inspect bottom-up multi-person pose estimators.\n\n" +
         posescope::cli::formatOptionHelp(launchOptions());
}

QString text(const std::string& s) {
  return QString::fromStdString(s);
}

// The command line read and checked: what needs no window.
struct Launch {
  ParsedArgs args;
  std::vector<std::string> overrides, compareRuns;
  posescope::WindowLaunch window;  // what the shell does with the pages
};

// The settings the evaluation options ask for, from the run's own; nullopt (said on stderr) when
// they do not fit its dataset.
std::optional<posescope::EvalParams> evalSettingsOf(ParsedArgs args,
                                                    posescope::EvalParams settings) {
  args.options.erase(kMinScore);  // the display filter's, not a score floor of the metrics
  try {
    posescope::cli::applyEvalSettings(args, settings);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "posescope: %s\n", e.message.c_str());
    return std::nullopt;
  }
  return settings;
}

// Throws UsageError naming the option at fault.
Launch readCommandLine(const std::vector<std::string>& words) {
  Launch launch;
  ParsedArgs& args = launch.args = posescope::cli::parseArgs(words, launchOptions());
  launch.overrides = args.positional;
  launch.compareRuns = args.getAll("--compare");
  // --compare RUN_A RUN_B: the second folder arrives as the first free word.
  if (launch.compareRuns.size() == 1 && launch.overrides.size() % 2 == 1) {
    launch.compareRuns.push_back(launch.overrides.front());
    launch.overrides.erase(launch.overrides.begin());
  }
  if (args.has("--compare") && launch.compareRuns.size() != 2)
    throw UsageError{"--compare takes two run folders, RUN_A RUN_B"};
  if (launch.overrides.size() % 2 != 0)
    throw UsageError{"overrides come in KEY VALUE pairs (got " +
                     std::to_string(launch.overrides.size()) + " words)"};
  for (const char* number : {"--inspect", "--person", "--joint"})
    if (args.has(number)) args.getInt(number, 0);  // malformed: UsageError naming it
  posescope::WindowLaunch& window = launch.window;
  if (args.has("--layers")) {
    posescope::RenderOptions options;
    const auto unknown = posescope::showOnlyLayers(options, args.get("--layers"));
    std::string names;
    for (const std::string& name : unknown) names += (names.empty() ? "" : ", ") + name;
    if (!names.empty()) throw UsageError{"--layers: unknown layer(s) " + names};
    window.layers = text(args.get("--layers")).split(',');
  }
  if (args.has("--joint")) window.joint = static_cast<int>(args.getInt("--joint"));
  if (args.has("--min-score")) window.minScore = args.getDouble("--min-score");
  if (args.has("--queue")) {
    window.triageQueue = posescope::triagePresetFromName(text(args.get("--queue")));
    if (!window.triageQueue) {
      QStringList names;
      for (posescope::TriagePreset preset : posescope::kTriagePresets)
        names << posescope::triagePresetName(preset);
      throw UsageError{"--queue: unknown queue '" + args.get("--queue") + "' (" +
                       names.join(", ").toStdString() + ")"};
    }
  }
  bool evalSettings = false;
  for (const auto& option : launchEvalSettings().options)
    evalSettings = evalSettings || args.has(option.name);
  if (evalSettings && !args.has("--open-run"))
    throw UsageError{"the evaluation settings (--sigmas, --max-dets, ...) need --open-run"};
  if (evalSettings) {
    // A copy of the words: the parsed arguments are returned, and moved, with the launch.
    window.evalSettings = [args](const posescope::EvalParams& runDefaults) {
      return evalSettingsOf(args, runDefaults);
    };
  }
  if (args.has("--view")) window.viewQuery = text(args.get("--view"));
  window.timingPage = args.has("--timing");
  if (args.has("--inspect")) window.inspectImage = args.getInt("--inspect");
  if (args.has("--person")) window.person = static_cast<int>(args.getInt("--person")) - 1;
  if (args.has("--page")) {
    window.page = posescope::pageNamed(args.get("--page"));
    if (!window.page)
      throw UsageError{"--page: unknown page '" + args.get("--page") + "' (" +
                       posescope::namesText(std::begin(posescope::kPageNames),
                                            std::size(posescope::kPageNames)) +
                       ")"};
  }
  if (args.has("--tab")) {
    window.tab = posescope::detailTabNamed(args.get("--tab"));
    if (!window.tab)
      throw UsageError{"--tab: unknown tab '" + args.get("--tab") + "' (" +
                       posescope::namesText(std::begin(posescope::kDetailTabNames),
                                            std::size(posescope::kDetailTabNames)) +
                       ")"};
  }
  window.report = [](const QString& message) {
    std::fprintf(stderr, "posescope: %s\n", qPrintable(message));
  };
  return launch;
}

// The setup options and overrides, then the Inspect and Compare display.
void applySetup(const Launch& launch, MainWindow& window) {
  const ParsedArgs& args = launch.args;
  if (!args.has("--fresh")) window.restoreLastSetup();
  auto* setup = window.runSetupView();
  if (args.has("--cfg")) setup->setConfigFile(text(args.get("--cfg")));
  if (args.has("--superconfig")) setup->setArchFile(text(args.get("--superconfig")));
  if (args.has("--checkpoint")) setup->setCheckpoint(text(args.get("--checkpoint")));
  if (args.has("--dataset-root")) setup->setDatasetRoot(text(args.get("--dataset-root")));
  if (args.has("--device")) setup->setDevice(text(args.get("--device")));
  if (args.has("--out")) setup->setOutputDir(text(args.get("--out")));
  QStringList overrides;
  for (const auto& word : launch.overrides) overrides << text(word);
  if (!overrides.isEmpty()) setup->setOverrides(overrides);
  posescope::applyLaunchDisplay(window, launch.window);
}

// The launch actions that start something once the event loop runs.
void startLater(const ParsedArgs& args, MainWindow& window) {
  posescope::DemoLauncher* demos = window.demos();
  if (args.has("--demo")) QTimer::singleShot(0, demos, &posescope::DemoLauncher::openDemo);
  if (args.has("--demo-compare"))
    QTimer::singleShot(0, demos, &posescope::DemoLauncher::openDemoComparison);
  if (args.has("--demo-search"))
    QTimer::singleShot(0, demos, &posescope::DemoLauncher::openSearchDemo);
  if (args.has("--pair-dialog"))
    QTimer::singleShot(0, &window, [&window] { window.showRunPairDialog(); });
  if (args.has("--run")) {
    QTimer::singleShot(0, &window, [&window] {
      if (!window.startRun())
        std::fprintf(stderr,
                     "posescope: --run: the setup is not valid (see the Experiment page)\n");
    });
  }
}

}  // namespace

int main(int argc, char** argv) {
  posescope::restartWithPassiveOpenMpWait(argv);  // evaluations run beside the GUI's own work
  Launch launch;
  try {
    launch = readCommandLine(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const UsageError& e) {
    std::cerr << "posescope: " << e.message << "\nRun 'posescope --help' for usage.\n";
    return posescope::cli::kUsage;
  }
  const ParsedArgs& args = launch.args;
  // Before any Qt GUI object: these need no display.
  if (args.has("--help")) {
    std::cout << helpText();
    return posescope::cli::kOk;
  }
  if (args.has("--version")) {
    std::cout << "PoseScope " << POSESCOPE_VERSION << "\n";
    return posescope::cli::kOk;
  }

  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("PoseScope"));
  QApplication::setApplicationName(QStringLiteral("PoseScope"));
  QApplication::setApplicationVersion(QStringLiteral(POSESCOPE_VERSION));
  QApplication::setWindowIcon(posescope::appIcon());
  QGuiApplication::setDesktopFileName(QStringLiteral("posescope"));  // packaging/posescope.desktop

  MainWindow window;
  applySetup(launch, window);
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
  if (args.has("--open-run"))
    posescope::openRunAtLaunch(window, text(args.get("--open-run")), launch.window);
  if (launch.compareRuns.size() == 2) {
    QObject::connect(session, &posescope::RunSession::comparisonFailed, &window,
                     [](const QString& error) {
                       std::fprintf(stderr, "posescope: --compare: %s\n", qPrintable(error));
                     });
    window.compareRuns(text(launch.compareRuns[0]), text(launch.compareRuns[1]));
  }
  if (launch.window.page && !args.has("--open-run")) {
    // After the comparison or run that may switch pages on its own.
    const MainWindow::Page page = *launch.window.page;
    auto show = [&window, page] { window.showPage(page); };
    if (launch.compareRuns.size() == 2)
      QObject::connect(session, &posescope::RunSession::comparisonOpened, &window, show);
    QTimer::singleShot(0, &window, show);
  }
  if (launch.window.tab) window.showDetailTab(*launch.window.tab);
  if (args.has("--open-search")) window.openSearchFolder(text(args.get("--open-search")));
  if (args.has("--runs")) {
    QStringList folders;
    for (const std::string& dir : args.getAll("--runs")) folders << text(dir);
    window.runLibrary()->showFolders(folders);
    window.showPage(MainWindow::RunsPage);
  }
  startLater(args, window);
  return QApplication::exec();
}
