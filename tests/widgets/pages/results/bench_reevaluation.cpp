// Benchmark (not a test): the Results page's evaluation settings on the generated 5,000-image set
// (~15,000 results, tests/eval/bench_data.h) opened as a run folder in the whole window. Each
// settings change is sent as the panel sends it; printed: the time until the metric table and
// per-image AP are shown, until the error analysis is shown, and the GUI thread's worst lateness
// meanwhile (a timer ticking every 10 ms). Goals: < 300 ms, < 50 ms.
//   bench_reevaluation [DATA_DIR]
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>
#include <QToolButton>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>

#include "eval/bench_data.h"
#include "eval/keypoint_eval.h"
#include "widgets/lateness_probe.h"
#include "widgets/models/sigma_table_model.h"
#include "widgets/pages/results/curves_view.h"
#include "widgets/pages/results/evaluation_settings_panel.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/results_file_run.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/main_window.h"

using namespace posescope;

namespace {

bool waitFor(QSignalSpy& spy, qint64 timeoutMs) {
  QElapsedTimer clock;
  clock.start();
  while (spy.isEmpty() && clock.elapsed() < timeoutMs) QTest::qWait(1);
  return !spy.isEmpty();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  const QString data =
      argc > 1 ? QString(argv[1]) : QDir::tempPath() + "/posescope-bench-reevaluation";
  const auto [gtPath, dtPath] = benchdata::ensureData(data.toStdString());
  const QString runDir = data + "/run";
  if (!QFile::exists(runDir + "/run.json")) {
    const MetricTable table =
        evaluateKeypoints(loadGroundTruth(gtPath), loadResults(dtPath), EvalVariant::Coco).table;
    test::writeResultsFileRun(runDir.toStdString(), gtPath, dtPath, table);
  }

  MainWindow window;
  window.resize(1280, 800);
  window.show();
  if (!QTest::qWaitForWindowExposed(&window)) return 1;
  RunAnalysisSession* analysis = window.session()->analysis();
  QSignalSpy opened(analysis, &RunAnalysisSession::analysisReady);
  window.session()->openRunFolder(runDir);
  if (!waitFor(opened, 120000)) {
    std::fprintf(stderr, "the run folder %s was not analysed\n", qPrintable(runDir));
    return 1;
  }
  ResultsView* results = window.resultsView();
  window.pages()->setCurrentWidget(results);
  results->settingsButton()->setChecked(true);
  EvaluationSettingsPanel* panel = results->settingsPanel();
  QTest::qWait(200);

  const std::vector<std::pair<const char*, std::function<void()>>> changes = {
      {"nose sigma 0.05",
       [&] { panel->sigmaModel()->setData(panel->sigmaModel()->index(0, 1), 0.05); }},
      {"every sigma x1.2",
       [&] {
         auto sigmas = panel->sigmaModel()->reference();
         for (double& s : sigmas) s *= 1.2;
         panel->sigmaModel()->setSigmas(sigmas);
       }},
      {"maxDets 2", [&] { panel->maxDetsBox()->setValue(2); }},
      {"OKS .50:.10:.90", [&] { panel->thresholdsEdit()->setText("0.5:0.1:0.9"); }},
      {"back to valid.py's", [&] { panel->resetToReference(); }}};
  // New settings are analysed; valid.py's again reuse the first analysis (the worker keeps it).
  std::vector<double> tableMs, analysisMs, backTableMs, backAnalysisMs, accuracyMs;
  qint64 worst = 0;
  std::printf("%zu results on 5000 images, run folder %s\n", loadResults(dtPath).size(),
              qPrintable(runDir));
  for (int round = 0; round < 3; ++round) {
    for (const auto& [name, change] : changes) {
      QSignalSpy table(analysis, &RunAnalysisSession::reevaluated);
      QSignalSpy analysed(analysis, &RunAnalysisSession::analysisReady);
      QSignalSpy measured(results->curvesView(), &CurvesView::accuracyFinished);
      test::LatenessProbe probe(10);
      change();
      QElapsedTimer clock;
      clock.start();
      panel->applyNow();
      if (!waitFor(table, 60000)) return 1;
      const double toTable = clock.nsecsElapsed() / 1e6;
      if (!waitFor(analysed, 60000)) return 1;
      const double toAnalysis = clock.nsecsElapsed() / 1e6;
      // The Curves tab draws the table's PR curve with the table (the re-evaluation's arrays), the
      // fixed-error curves with the analysis; its PCK, OKS histogram and calibration are measured
      // after that, on a pool thread.
      if (measured.isEmpty() && !waitFor(measured, 60000)) return 1;
      const double toAccuracy = clock.nsecsElapsed() / 1e6;
      QTest::qWait(50);  // the repaint that follows
      probe.stop();
      const bool back = std::string(name) == "back to valid.py's";
      (back ? backTableMs : tableMs).push_back(toTable);
      (back ? backAnalysisMs : analysisMs).push_back(toAnalysis);
      if (!back) accuracyMs.push_back(toAccuracy);
      worst = std::max(worst, probe.worstMs());
      std::printf(
          "%-20s metric table + per-image AP + its PR curve shown %6.0f ms, analysis and "
          "fixed-error "
          "curves shown %6.0f "
          "ms, PCK / OKS histogram / calibration %6.0f ms, worst GUI lateness %3lld ms\n",
          name, toTable, toAnalysis, toAccuracy, static_cast<long long>(probe.worstMs()));
    }
  }
  std::printf(
      "new settings, median of %zu: metric table + per-image AP + its PR curve %.0f ms, with "
      "the analysis and fixed-error curves %.0f ms, slowest %.0f ms (goal < 300 ms); with the PCK, "
      "OKS "
      "histogram and calibration %.0f ms\n",
      tableMs.size(), median(tableMs), median(analysisMs),
      *std::max_element(analysisMs.begin(), analysisMs.end()), median(accuracyMs));
  std::printf(
      "back to valid.py's, median of %zu: metric table + per-image AP %.0f ms, with the "
      "analysis %.0f ms\n",
      backTableMs.size(), median(backTableMs), median(backAnalysisMs));
  std::printf("worst GUI lateness %lld ms (goal < 50 ms)\n", static_cast<long long>(worst));
  return 0;
}
