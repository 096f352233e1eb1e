#include "widgets/pages/runs/runs_view.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <map>
#include <utility>

#include "widgets/common/pareto_scatter.h"
#include "widgets/common/plot_utils.h"
#include "widgets/common/table_views.h"
#include "widgets/models/baseline_comparison_model.h"
#include "widgets/models/comparison_models.h"
#include "widgets/models/run_library_model.h"
#include "widgets/pages/runs/sweep_curve.h"
#include "widgets/session/background_job.h"

namespace posescope {

namespace {

// The widest a name column grows: a sweep's folder names run to 60 characters and more.
constexpr int kTextColumnMaxWidth = 240;

QString text(const std::string& s) {
  return QString::fromStdString(s);
}

// "1 run", "3 runs": `many` holds %1.
QString counted(qsizetype n, const QString& one, const QString& many) {
  return n == 1 ? one : many.arg(n);
}

// The ground truth as the combo names it: the file, its digest's start and its runs.
QString groundTruthLabel(const LibraryRun& run, int runs) {
  const QString file = QFileInfo(text(run.annotationFile)).fileName();
  const QString sha = text(shortSha256(run.annotationSha256));
  return (sha.isEmpty() ? file : file + QStringLiteral(" \u00b7 ") + sha) +
         QStringLiteral(" (%1)").arg(counted(runs, RunsView::tr("1 run"), RunsView::tr("%1 runs")));
}

// A comparison against the baseline, or why there is none.
using BaselineResult = std::pair<std::optional<BaselineComparison>, QString>;

}  // namespace

RunsView::RunsView(RunLibrarySession* session, QWidget* parent)
    : QWidget(parent),
      session_(session),
      folders_(new QComboBox),
      addFolder_(new QPushButton(tr("Add Folder\u2026"))),
      removeFolder_(new QPushButton(tr("Remove"))),
      status_(new QLabel),
      filter_(new QLineEdit),
      groundTruths_(new QComboBox),
      stats_(new QComboBox),
      costs_(new QComboBox),
      sweeps_(new QComboBox),
      plots_(new QWidget),
      sweepPane_(new QWidget),
      scatter_(new ParetoScatter),
      sweepCurve_(new SweepCurve),
      sweepLine_(new QLabel),
      model_(new RunLibraryModel(this)),
      proxy_(new QSortFilterProxyModel(this)),
      table_(nullptr),
      lowerTabs_(new QTabWidget),
      open_(new QPushButton(tr("Open"))),
      compare_(new QPushButton(tr("Compare Two"))),
      useAsBaseline_(new QPushButton(tr("Use as Baseline"))),
      againstBaseline_(new QPushButton(tr("Against Baseline"))),
      baselineLabel_(new QLabel),
      baselineModel_(new BaselineComparisonModel(this)),
      baselineLine_(new QLabel),
      baselineTable_(makeRowTable(baselineModel_)) {
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(buildPlots());
  split->addWidget(buildLowerTabs());
  // Shared by stretch alone, the table a little taller: it holds the runs' numbers.
  plots_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
  lowerTabs_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
  split->setStretchFactor(0, 4);
  split->setStretchFactor(1, 7);
  plots_->setMinimumHeight(200);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(buildFolderBar());
  layout->addLayout(buildChoiceBar());
  layout->addWidget(split, 1);

  connectControls();
  connect(session_, &RunLibrarySession::libraryChanged, this, &RunsView::showLibrary);
  connect(session_, &RunLibrarySession::foldersChanged, this, &RunsView::showFolders);
  showFolders(session_->folders());
  showLibrary();
}

QLayout* RunsView::buildFolderBar() {
  folders_->setMinimumContentsLength(30);
  folders_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  addFolder_->setToolTip(tr("Add a folder whose run folders (at any depth) join the library"));
  removeFolder_->setToolTip(tr("Remove the folder shown from the library (nothing is deleted)"));
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  status_->setWordWrap(true);
  auto* folderBar = new QHBoxLayout;
  folderBar->addWidget(new QLabel(tr("Library folders:")));
  folderBar->addWidget(folders_, 2);
  folderBar->addWidget(addFolder_);
  folderBar->addWidget(removeFolder_);
  folderBar->addWidget(status_, 1);
  return folderBar;
}

QLayout* RunsView::buildChoiceBar() {
  filter_->setPlaceholderText(
      tr("Filter runs: any text of a row (name, state, model, checkpoint, "
         "dataset, date)"));
  filter_->setClearButtonEnabled(true);
  costs_->addItems({tr("GMACs (ptflops)"), tr("Parameters (M)"), tr("ms per image")});
  groundTruths_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  groundTruths_->setToolTip(
      tr("Runs on another ground truth are greyed and left out of the "
         "front; compared runs must share one"));
  auto* choiceBar = new QHBoxLayout;
  choiceBar->addWidget(filter_, 1);
  choiceBar->addWidget(new QLabel(tr("Ground truth:")));
  choiceBar->addWidget(groundTruths_);
  choiceBar->addWidget(new QLabel(tr("y:")));
  choiceBar->addWidget(stats_);
  choiceBar->addWidget(new QLabel(tr("x:")));
  choiceBar->addWidget(costs_);
  return choiceBar;
}

QWidget* RunsView::buildPlots() {
  scatter_->setGreyedName(tr("other ground truth"));
  auto* sweepLayout = new QVBoxLayout(sweepPane_);
  sweepLayout->setContentsMargins(0, 0, 0, 0);
  auto* sweepBar = new QHBoxLayout;
  sweepBar->addWidget(new QLabel(tr("Sweep:")));
  sweepBar->addWidget(sweeps_, 1);
  sweepLayout->addLayout(sweepBar);
  sweepLine_->setWordWrap(true);
  sweepLine_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  sweepLayout->addWidget(sweepLine_);
  sweepLayout->addWidget(sweepCurve_, 1);
  // Halves (a splitter would size them by the sweep's long line).
  auto* plotsLayout = new QHBoxLayout(plots_);
  plotsLayout->setContentsMargins(0, 0, 0, 0);
  plotsLayout->addWidget(scatter_, 1);
  plotsLayout->addWidget(sweepPane_, 1);
  sweepPane_->setVisible(false);
  return plots_;
}

QWidget* RunsView::buildLowerTabs() {
  proxy_->setSourceModel(model_);
  proxy_->setSortRole(Qt::UserRole);
  proxy_->setFilterKeyColumn(-1);
  proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
  table_ = makeRowTable(proxy_);
  table_->setSortingEnabled(true);
  table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  // The best first (AP, valid.py's first stat): "which run is best" is the question asked here.
  table_->sortByColumn(RunLibraryModel::FirstStatColumn, Qt::DescendingOrder);

  open_->setToolTip(tr("Open the selected run on the Results, Inspect and Timing pages"));
  compare_->setToolTip(tr("Compare the two selected runs on the Compare page"));
  useAsBaseline_->setToolTip(tr("Compare runs selected later against this one"));
  againstBaseline_->setToolTip(
      tr("Each stat of the selected runs against the baseline (else the first selected), with "
         "its 95 % paired-bootstrap interval over images"));
  auto* buttons = new QHBoxLayout;
  for (QPushButton* b : {open_, compare_, useAsBaseline_, againstBaseline_}) buttons->addWidget(b);
  buttons->addWidget(baselineLabel_, 1);
  auto* runsTab = new QWidget;
  auto* runsLayout = new QVBoxLayout(runsTab);
  runsLayout->setContentsMargins(0, 0, 0, 0);
  runsLayout->addLayout(buttons);
  runsLayout->addWidget(table_, 1);
  auto* baselineTab = new QWidget;
  auto* baselineLayout = new QVBoxLayout(baselineTab);
  baselineLayout->setContentsMargins(0, 0, 0, 0);
  baselineLine_->setWordWrap(true);
  baselineLine_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  baselineLine_->setText(
      tr("Select three runs or more (or two and a baseline) and press "
         "Against Baseline."));
  baselineLayout->addWidget(baselineLine_);
  baselineLayout->addWidget(baselineTable_, 1);
  lowerTabs_->addTab(runsTab, tr("Runs"));
  lowerTabs_->addTab(baselineTab, tr("Against Baseline"));
  return lowerTabs_;
}

void RunsView::connectControls() {
  connect(addFolder_, &QPushButton::clicked, this, &RunsView::addFolderRequested);
  connect(removeFolder_, &QPushButton::clicked, this, [this] {
    if (folders_->count() > 0) session_->removeFolder(folders_->currentText());
  });
  connect(filter_, &QLineEdit::textChanged, proxy_, &QSortFilterProxyModel::setFilterFixedString);
  connect(groundTruths_, &QComboBox::currentIndexChanged, this, [this] {
    model_->setGroundTruth(groundTruth());
    replot();
  });
  connect(stats_, &QComboBox::currentIndexChanged, this, [this] {
    replot();
    redrawSweep();
  });
  connect(costs_, &QComboBox::currentIndexChanged, this,
          [this](int index) { setCost(static_cast<Cost>(index)); });
  connect(sweeps_, &QComboBox::currentIndexChanged, this, &RunsView::redrawSweep);
  connect(scatter_, &ParetoScatter::pointClicked, this,
          [this](const QString& dir) { selectRuns({dir}); });
  connect(scatter_, &ParetoScatter::pointDoubleClicked, this, &RunsView::openRunRequested);
  connect(table_, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
    if (const LibraryRun* run = model_->runAt(proxy_->mapToSource(index).row()))
      Q_EMIT openRunRequested(text(run->dir));
  });
  connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
          &RunsView::onSelectionChanged);
  connect(open_, &QPushButton::clicked, this, [this] {
    const QStringList dirs = selectedRuns();
    if (dirs.size() == 1) Q_EMIT openRunRequested(dirs.front());
  });
  connect(compare_, &QPushButton::clicked, this, [this] {
    const QStringList dirs = selectedRuns();
    if (dirs.size() == 2) Q_EMIT compareRequested(dirs[0], dirs[1]);
  });
  connect(useAsBaseline_, &QPushButton::clicked, this, [this] {
    const QStringList dirs = selectedRuns();
    if (dirs.size() == 1) setBaseline(dirs.front());
  });
  connect(againstBaseline_, &QPushButton::clicked, this, [this] {
    const QStringList dirs = selectedRuns();
    if (!dirs.isEmpty()) compareWithBaseline(dirs, baseline_.isEmpty() ? dirs.front() : baseline_);
  });
}

void RunsView::showFolders(const QStringList& folders) {
  const QSignalBlocker block(folders_);
  folders_->clear();
  folders_->addItems(folders);
  removeFolder_->setEnabled(!folders.isEmpty());
  status_->setText(statusText());
}

QString RunsView::statusText() const {
  const RunLibrarySnapshotPtr scan = session_->snapshot();
  if (session_->folders().isEmpty())
    return tr(
        "No folder in the library yet: Add Folder\u2026 (File \u2192 Add Runs Folder\u2026) "
        "lists every run folder under it.");
  QStringList parts;
  if (scan) {
    const auto runs = static_cast<qsizetype>(scan->runs.size());
    const qsizetype folders = session_->folders().size();
    parts << tr("%1 in %2")
                 .arg(counted(runs, tr("1 run folder"), tr("%1 run folders")),
                      counted(folders, tr("1 library folder"), tr("%1 library folders")));
    parts << scan->problems;
  }
  if (session_->isScanning() || !scan) parts << tr("reading the folders\u2026");
  return parts.join(QStringLiteral(" \u00b7 "));
}

void RunsView::showLibrary() {
  const QStringList kept = selectedRuns();
  const RunLibrarySnapshotPtr scan = session_->snapshot();
  model_->setRuns(scan ? scan->runs : std::vector<LibraryRun>{});
  // Long folder, arch and checkpoint names must not push the stats and costs off the page (the
  // tooltips have them whole).
  fitColumnsKeepingTextNarrow(
      table_,
      {RunLibraryModel::RunColumn, RunLibraryModel::ModelColumn, RunLibraryModel::CheckpointColumn},
      kTextColumnMaxWidth);
  fillChoices();
  selectRuns(kept);
  status_->setText(statusText());
  replot();
  redrawSweep();
  updateButtons();
}

void RunsView::fillChoices() {
  const RunLibrarySnapshotPtr scan = session_->snapshot();
  {
    // The ground truths, the one of the most runs first chosen; a choice made is kept.
    const QSignalBlocker block(groundTruths_);
    const QString chosen = groundTruth();
    std::map<QString, std::pair<const LibraryRun*, int>> byKey;
    for (const LibraryRun& run : model_->runs()) {
      if (run.annotationFile.empty()) continue;
      auto& [first, count] = byKey[groundTruthKey(run)];
      if (!first) first = &run;
      ++count;
    }
    groundTruths_->clear();
    QString most;
    int mostRuns = 0;
    for (const auto& [key, entry] : byKey) {
      groundTruths_->addItem(groundTruthLabel(*entry.first, entry.second), key);
      groundTruths_->setItemData(groundTruths_->count() - 1, text(entry.first->annotationFile),
                                 Qt::ToolTipRole);
      if (entry.second > mostRuns) {
        most = key;
        mostRuns = entry.second;
      }
    }
    const int keep = groundTruths_->findData(chosen);
    groundTruths_->setCurrentIndex(keep >= 0 ? keep : groundTruths_->findData(most));
    model_->setGroundTruth(groundTruth());
  }
  {
    const QSignalBlocker block(stats_);
    const QString chosen = stats_->currentText();
    stats_->clear();
    for (const std::string& name : model_->statNames()) stats_->addItem(text(name));
    const int keep = stats_->findText(chosen.isEmpty() ? QStringLiteral("AP") : chosen);
    stats_->setCurrentIndex(keep >= 0 ? keep : 0);
  }
  {
    const QSignalBlocker block(sweeps_);
    const QString chosen = sweeps_->currentData().toString();
    sweeps_->clear();
    if (scan) {
      std::vector<std::string> dirs;
      for (const auto& entry : scan->sweeps) dirs.push_back(entry.first);
      for (const auto& entry : scan->sweepErrors) dirs.push_back(entry.first);
      std::sort(dirs.begin(), dirs.end());
      for (const std::string& dir : dirs) {
        sweeps_->addItem(QFileInfo(text(dir)).fileName(), text(dir));
        sweeps_->setItemData(sweeps_->count() - 1, text(dir), Qt::ToolTipRole);
      }
    }
    const int keep = sweeps_->findData(chosen);
    sweeps_->setCurrentIndex(keep >= 0 ? keep : 0);
    sweepPane_->setVisible(sweeps_->count() > 0);
    // Room for the sweep's line above its curve.
    plots_->setMinimumHeight(sweeps_->count() > 0 ? 300 : 200);
  }
}

std::string RunsView::statName() const {
  return stats_->currentText().toStdString();
}

bool RunsView::setStat(const QString& name) {
  const int index = stats_->findText(name);
  if (index < 0) return false;
  stats_->setCurrentIndex(index);
  return true;
}

void RunsView::setCost(Cost cost) {
  cost_ = cost;
  if (costs_->currentIndex() != static_cast<int>(cost))
    costs_->setCurrentIndex(static_cast<int>(cost));
  replot();
}

bool RunsView::setGroundTruth(const QString& key) {
  const int index = groundTruths_->findData(key);
  if (index < 0) return false;
  groundTruths_->setCurrentIndex(index);
  return true;
}

QString RunsView::groundTruth() const {
  return groundTruths_->currentData().toString();
}

void RunsView::replot() {
  const std::string stat = statName();
  const std::vector<ScatterGroup> groups = {{tr("runs"), paletteColor(0)},
                                            {tr("sweep checkpoints"), paletteColor(1)}};
  std::vector<ScatterPoint> points;
  const QString chosen = groundTruth();
  for (const LibraryRun& run : model_->runs()) {
    const std::optional<double> y = run.stat(stat);
    std::optional<double> x;
    if (cost_ == Cost::Gmacs && run.multiplyAdds > 0) x = run.multiplyAdds / 1e9;
    if (cost_ == Cost::ParametersM && run.parameters > 0) x = run.parameters / 1e6;
    if (cost_ == Cost::MsPerImage) x = run.msPerImage;
    if (!x || !y) continue;  // imported predictions have no costs
    const QString tip =
        tr("%1\n%2 %3 \u00b7 %4 %5\n%6 \u00b7 %7")
            .arg(text(run.name), text(stat))
            .arg(*y, 0, 'f', 4)
            .arg(*x, 0, 'g', 5)
            .arg(costs_->currentText(), text(run.arch.empty() ? run.model : run.arch),
                 text(run.checkpoint.empty() ? run.state : run.checkpoint));
    points.push_back(
        {text(run.dir), *x, *y, run.sweep.empty() ? 0 : 1, tip, groundTruthKey(run) != chosen});
  }
  scatter_->setAxisLabels(costs_->currentText(), text(stat));
  scatter_->setPoints(std::move(points), groups);
}

bool RunsView::showSweep(const QString& sweepDir) {
  const int index = sweeps_->findData(sweepDir);
  if (index < 0) return false;
  sweeps_->setCurrentIndex(index);
  return true;
}

QString RunsView::sweepText() const {
  return sweepLine_->text();
}

void RunsView::redrawSweep() {
  const RunLibrarySnapshotPtr scan = session_->snapshot();
  const std::string dir = sweeps_->currentData().toString().toStdString();
  const SweepSummary* found = nullptr;
  QString why = tr("No sweep in the library.");
  if (scan) {
    if (const auto sweep = scan->sweeps.find(dir); sweep != scan->sweeps.end())
      found = &sweep->second;
    else if (const auto error = scan->sweepErrors.find(dir); error != scan->sweepErrors.end())
      why = text(error->second);
  }
  if (!found) {
    sweepLine_->setText(why);
    sweepCurve_->setSweep({}, statName());
    return;
  }
  const SweepSummary& summary = *found;
  if (!sweepCurve_->setSweep(summary, statName())) {
    sweepLine_->setText(tr("No checkpoint of this sweep has %1 yet.").arg(stats_->currentText()));
    return;
  }
  QString line =
      counted(static_cast<qsizetype>(summary.checkpoints.size()), tr("1 checkpoint"),
              tr("%1 checkpoints")) +
      tr(" (band: %1 % bootstrap interval over images)").arg(summary.level * 100, 0, 'g', 3);
  if (summary.bestVsSecond) {
    const BestVsSecond& b = *summary.bestVsSecond;
    const auto name = [&](std::size_t i) {
      const SweepCheckpoint& c = summary.checkpoints[i];
      const QString file = QFileInfo(text(c.checkpoint)).fileName();
      return c.epoch ? tr("%1 (epoch %2)").arg(file).arg(*c.epoch) : file;
    };
    line += tr(" \u00b7 best by %1 (ringed): %2, %3 against %4%5")
                .arg(text(summary.rankedBy), name(b.best),
                     QString::asprintf("%+.3f [%+.3f, %+.3f]", b.delta, b.low, b.high),
                     name(b.second), b.significant ? QString() : tr(" (could be noise)"));
  }
  sweepLine_->setText(line);
}

const LibraryRun* RunsView::runOf(const QString& dir) const {
  for (const LibraryRun& run : model_->runs())
    if (text(run.dir) == dir) return &run;
  return nullptr;
}

void RunsView::selectRuns(const QStringList& dirs) {
  QItemSelection selection;
  for (int row = 0; row < model_->rowCount(); ++row)
    if (dirs.contains(text(model_->runAt(row)->dir))) {
      const QModelIndex index = proxy_->mapFromSource(model_->index(row, 0));
      if (index.isValid()) selection.select(index, index);
    }
  table_->selectionModel()->select(selection,
                                   QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  if (!selection.isEmpty()) table_->scrollTo(selection.indexes().front());
}

QStringList RunsView::selectedRuns() const {
  QModelIndexList rows = table_->selectionModel()->selectedRows();
  std::sort(rows.begin(), rows.end(),
            [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
  QStringList dirs;
  for (const QModelIndex& index : rows)
    if (const LibraryRun* run = model_->runAt(proxy_->mapToSource(index).row()))
      dirs << text(run->dir);
  return dirs;
}

void RunsView::onSelectionChanged() {
  updateButtons();
  // A run of a sweep selected shows its sweep.
  const QStringList dirs = selectedRuns();
  if (dirs.size() != 1) return;
  if (const LibraryRun* run = runOf(dirs.front()); run && !run->sweep.empty())
    showSweep(text(run->sweep));
}

void RunsView::updateButtons() {
  const QStringList dirs = selectedRuns();
  const auto selected = dirs.size();
  open_->setEnabled(selected == 1);
  compare_->setEnabled(selected == 2);
  useAsBaseline_->setEnabled(selected == 1);
  againstBaseline_->setEnabled(selected >= 3 || (!baseline_.isEmpty() && selected >= 2));
}

void RunsView::setBaseline(const QString& dir) {
  baseline_ = dir;
  const LibraryRun* run = runOf(dir);
  baselineLabel_->setText(dir.isEmpty() ? QString()
                                        : tr("Baseline: %1").arg(run ? text(run->name) : dir));
  updateButtons();
}

QString RunsView::baselineText() const {
  return baselineLine_->text();
}

void RunsView::compareWithBaseline(const QStringList& dirs, const QString& baselineDir) {
  lowerTabs_->setCurrentIndex(1);
  baselineModel_->setComparison(std::nullopt);
  baselineJob_.cancel();  // answers to earlier requests no longer apply
  QStringList all{baselineDir};
  for (const QString& dir : dirs)
    if (!all.contains(dir)) all << dir;
  const LibraryRun* base = runOf(baselineDir);
  std::vector<NamedRun> runs;
  for (const QString& dir : all) {
    const LibraryRun* run = runOf(dir);
    if (!run || !base) {
      baselineLine_->setText(tr("Not compared: %1 is not in the library.").arg(dir));
      return;
    }
    if (groundTruthKey(*run) != groundTruthKey(*base)) {
      baselineLine_->setText(tr("Not compared: %1 is evaluated on another ground truth (%2) than "
                                "the baseline %3 (%4); differences between them would mean "
                                "nothing.")
                                 .arg(text(run->name), text(run->annotationFile), text(base->name),
                                      text(base->annotationFile)));
      return;
    }
    runs.push_back({run->dir, run->name});
  }
  if (runs.size() < 2) {
    baselineLine_->setText(tr("Not compared: select runs besides the baseline."));
    return;
  }
  baselineLine_->setText(
      tr("Computing the paired bootstrap of %1 against %2\u2026")
          .arg(counted(static_cast<qsizetype>(runs.size() - 1), tr("1 run"), tr("%1 runs")),
               text(base->name)));
  baselineJob_.start(
      this,
      [runs] {
        try {
          return BaselineResult{compareAgainstBaseline(runs, 0, BootstrapOptions{}), {}};
        } catch (const std::exception& e) {
          return BaselineResult{std::nullopt, QString::fromStdString(e.what())};
        }
      },
      [this](BaselineResult result) {
        if (!result.first) {
          baselineLine_->setText(tr("Not compared: %1").arg(result.second));
          return;
        }
        const BaselineComparison& c = *result.first;
        const BootstrapOptions& options = c.runs.front().comparison.options;
        baselineLine_->setText(
            tr("%1 against the baseline %2: each stat's difference and its %3 % "
               "paired-bootstrap interval over %4 images (%5 resamples, seed %6); starred and "
               "bold when it excludes 0%7.")
                .arg(counted(static_cast<qsizetype>(c.runs.size()), tr("1 run"), tr("%1 runs")))
                .arg(text(c.baseline.name))
                .arg(options.level * 100, 0, 'g', 3)
                .arg(c.runs.front().comparison.images)
                .arg(options.resamples)
                .arg(options.seed)
                .arg(fewImagesWords(c.runs.front().comparison.images)));
        baselineModel_->setComparison(std::move(result.first));
        baselineTable_->resizeColumnsToContents();
      });
}

}  // namespace posescope
