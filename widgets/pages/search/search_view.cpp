#include "widgets/pages/search/search_view.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <map>
#include <set>

#include "search/pareto_export.h"
#include "widgets/common/elided_label.h"
#include "widgets/common/pareto_scatter.h"
#include "widgets/common/table_views.h"
#include "widgets/models/arch_edit_model.h"
#include "widgets/models/search_candidate_model.h"
#include "widgets/session/background_job.h"

namespace posescope {

namespace {

// Generation g of n from blue (the random population) to red (the last).
QColor generationColor(int generation, int generations) {
  const double t = generations > 0 ? std::min(1.0, generation / double(generations)) : 0.0;
  return QColor::fromHsvF(0.66 * (1.0 - t), 0.85, 0.85);
}

// What an export says on the progress line: the files `write` wrote, or why it failed.
template <typename Write>
QString writtenText(const Write& write) {
  try {
    QStringList paths;
    for (const std::string& path : write()) paths << QString::fromStdString(path);
    return SearchView::tr("Wrote %1").arg(paths.join(QStringLiteral(", ")));
  } catch (const std::exception& e) {
    return SearchView::tr("Export failed: %1").arg(QString::fromStdString(e.what()));
  }
}

}  // namespace

SearchView::SearchView(SearchSession* session, QWidget* parent)
    : QWidget(parent),
      session_(session),
      progress_(new ElidedLabel),
      open_(new QPushButton(tr("Open Search Folder…"))),
      resume_(new QPushButton(tr("Resume"))),
      cancel_(new QPushButton(tr("Cancel"))),
      export_(new QPushButton(tr("Export Front…"))),
      inspect_(new QPushButton(tr("Open in Inspect"))),
      compare_(new QPushButton(tr("Compare Two"))),
      exportCandidate_(new QPushButton(tr("Export Candidate…"))),
      editSelected_(new QPushButton(tr("Edit Architecture"))),
      evaluate_(new QPushButton(tr("Evaluate (AP, latency)"))),
      lowerTabs_(new QTabWidget),
      archEdit_(new ArchEditModel(this)),
      editedCost_(new QLabel),
      axisChoice_(new QComboBox),
      plot_(new ParetoScatter),
      model_(new SearchCandidateModel(this)),
      proxy_(new QSortFilterProxyModel(this)),
      table_(nullptr),
      candidatePath_(new ElidedLabel),
      log_(new QPlainTextEdit) {
  // Cut at the left: the end of a path tells folders apart, and the line ends with the state.
  progress_->setElideMode(Qt::ElideLeft);
  progress_->setText(tr("No search folder open. A search is made with posescope-cli search."));
  plot_->yAxis->setLabel(tr("AP"));

  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(plot_);
  split->addWidget(buildLowerTabs());
  // The plot is what the page is for: three fifths of the height to start with, never under
  // 200 px; the table scrolls.
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  split->setSizes({300, 200});
  plot_->setMinimumHeight(200);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(buildTopBar());
  layout->addWidget(progress_);
  layout->addWidget(split, 1);

  connectControls();
  connectSession();
  updateButtons();
}

QLayout* SearchView::buildTopBar() {
  axisChoice_->addItems({tr("GMACs (ptflops)"), tr("Latency (ms)"), tr("Parameters (M)")});
  resume_->setToolTip(tr("Continue the search in this folder (posescope-cli search --resume)"));
  cancel_->setToolTip(tr("Stop the running search after its current candidate; Resume continues"));
  auto* bar = new QHBoxLayout;
  bar->addWidget(open_);
  bar->addWidget(resume_);
  bar->addWidget(cancel_);
  bar->addWidget(export_);
  bar->addStretch();
  bar->addWidget(new QLabel(tr("x axis:")));
  bar->addWidget(axisChoice_);
  return bar;
}

QWidget* SearchView::buildLowerTabs() {
  log_->setReadOnly(true);
  log_->setMaximumBlockCount(500);
  log_->setPlaceholderText(tr("The output of a search resumed from here"));
  lowerTabs_->addTab(buildCandidatesTab(), tr("Candidates"));
  lowerTabs_->addTab(buildEditorTab(), tr("Edit Architecture"));
  lowerTabs_->addTab(log_, tr("Log"));
  return lowerTabs_;
}

QWidget* SearchView::buildCandidatesTab() {
  proxy_->setSourceModel(model_);
  proxy_->setSortRole(Qt::UserRole);
  table_ = makeRowTable(proxy_);
  table_->setSortingEnabled(true);
  table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  table_->sortByColumn(SearchCandidateModel::ApColumn, Qt::DescendingOrder);

  inspect_->setToolTip(tr("Open the selected candidate's evaluation run on the Inspect page"));
  compare_->setToolTip(tr("Compare the two selected candidates' runs on the Compare page"));
  editSelected_->setToolTip(tr("Copy the selected candidate's architecture into the editor"));
  exportCandidate_->setToolTip(
      tr("Copy the selected candidate's arch JSON and its extracted weights (as posescope-cli "
         "extract writes them, BatchNorm recalibrated) into a folder"));
  auto* tableButtons = new QHBoxLayout;
  tableButtons->addWidget(inspect_);
  tableButtons->addWidget(compare_);
  tableButtons->addWidget(editSelected_);
  tableButtons->addWidget(exportCandidate_);
  candidatePath_->setElideMode(Qt::ElideLeft);
  candidatePath_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  tableButtons->addWidget(candidatePath_, 1);
  auto* candidates = new QWidget;
  auto* candidatesLayout = new QVBoxLayout(candidates);
  candidatesLayout->setContentsMargins(0, 0, 0, 0);
  candidatesLayout->addLayout(tableButtons);
  candidatesLayout->addWidget(table_);
  return candidates;
}

QWidget* SearchView::buildEditorTab() {
  evaluate_->setToolTip(
      tr("Evaluate the edited architecture with this search's settings (posescope-cli "
         "search-candidate); it joins the plot as \"edited\""));
  auto* editor = new QWidget;
  auto* editorLayout = new QVBoxLayout(editor);
  editorLayout->setContentsMargins(0, 0, 0, 0);
  auto* editTable = makeRowTable(archEdit_);
  editTable->setEditTriggers(QAbstractItemView::AllEditTriggers);
  editorLayout->addWidget(editedCost_);
  editorLayout->addWidget(editTable, 1);
  auto* editButtons = new QHBoxLayout;
  editButtons->addWidget(evaluate_);
  editButtons->addStretch();
  editorLayout->addLayout(editButtons);
  editedCost_->setText(tr("Select a candidate and press Edit Architecture."));
  return editor;
}

void SearchView::connectControls() {
  connect(open_, &QPushButton::clicked, this, &SearchView::openFolderRequested);
  connect(resume_, &QPushButton::clicked, session_, &SearchSession::resume);
  connect(cancel_, &QPushButton::clicked, session_, &SearchSession::cancel);
  connect(export_, &QPushButton::clicked, this, [this] {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export the Pareto front"),
                                     session_->folder() + "/pareto_front.csv", tr("CSV (*.csv)"));
    if (!path.isEmpty()) exportFront(path);
  });
  connect(axisChoice_, &QComboBox::currentIndexChanged, this,
          [this](int index) { setAxis(static_cast<Axis>(index)); });
  connect(inspect_, &QPushButton::clicked, this, [this] {
    const QStringList keys = selectedKeys();
    if (keys.size() == 1) Q_EMIT openRunRequested(runDirOf(keys.front()));
  });
  connect(compare_, &QPushButton::clicked, this, [this] {
    const QStringList keys = selectedKeys();
    if (keys.size() == 2) Q_EMIT compareRequested(runDirOf(keys[0]), runDirOf(keys[1]));
  });
  connect(exportCandidate_, &QPushButton::clicked, this, [this] {
    const QStringList keys = selectedKeys();
    if (keys.size() != 1) return;
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Folder for candidate %1's arch and weights").arg(keys.front()));
    if (dir.isEmpty()) return;
    inBackground(
        this,
        [folder = session_->folder().toStdString(), key = keys.front().toStdString(),
         dir = dir.toStdString()] {
          return writtenText([&] { return search::exportCandidate(folder, key, dir); });
        },
        [this](const QString& text) { progress_->setText(text); });
  });
  connect(editSelected_, &QPushButton::clicked, this, [this] {
    const QStringList keys = selectedKeys();
    if (keys.size() == 1) editCandidate(keys.front());
  });
  connect(evaluate_, &QPushButton::clicked, this, &SearchView::evaluateEdited);
  connect(archEdit_, &ArchEditModel::archChanged, this, &SearchView::updateEditedCost);
  connect(archEdit_, &ArchEditModel::rejected, editedCost_, &QLabel::setText);
  connect(table_, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
    Q_EMIT openRunRequested(runDirOf(model_->keyAt(proxy_->mapToSource(index).row())));
  });
  connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
    updateButtons();
    showCandidatePath();
  });
  connect(plot_, &ParetoScatter::pointClicked, this,
          [this](const QString& key) { selectCandidate(key); });
  connect(plot_, &ParetoScatter::pointDoubleClicked, this,
          [this](const QString& key) { Q_EMIT openRunRequested(runDirOf(key)); });
}

void SearchView::connectSession() {
  connect(session_, &SearchSession::snapshotChanged, this, &SearchView::showSnapshot);
  connect(session_, &SearchSession::failed, this,
          [this](const QString& message) { log_->appendPlainText(message); });
  connect(session_, &SearchSession::logLine, log_, &QPlainTextEdit::appendPlainText);
  // The progress line says running / not finished: redrawn when a search starts or stops.
  connect(session_, &SearchSession::runningChanged, this, &SearchView::showSnapshot);
}

void SearchView::setAxis(Axis axis) {
  axis_ = axis;
  if (axisChoice_->currentIndex() != static_cast<int>(axis))
    axisChoice_->setCurrentIndex(static_cast<int>(axis));
  replot();
}

double SearchView::xValue(const search::CandidateScore& c) const {
  switch (axis_) {
    case Axis::LatencyMs:
      return c.latencyMs;
    case Axis::ParametersM:
      return c.cost.parameters / 1e6;
    case Axis::Gmacs:
    default:
      // Exact: on ptflops' 2-decimal figure (what the budget compares) candidates of one rounded
      // value would hide which of them is cheaper, and the drawn front would not be the table's.
      return static_cast<double>(c.cost.ptflopsMacs) / 1e9;
  }
}

QString SearchView::runDirOf(const QString& key) const {
  return session_->folder() + "/candidates/" + key + "/run";
}

QString SearchView::progressText() const {
  return progress_->text();
}

void SearchView::showSnapshot() {
  const SearchSnapshotPtr snapshot = session_->snapshot();
  if (!snapshot) {
    updateButtons();
    return;
  }
  const QStringList kept = selectedKeys();
  model_->setCandidates(snapshot->candidates);
  table_->resizeColumnToContents(SearchCandidateModel::KeyColumn);
  for (const QString& key : kept) selectCandidate(key);
  showCandidatePath();  // a reset clears the selection without a signal

  const int generations = snapshot->settings.value("generations", 0);
  QString text =
      tr("%1: %2 candidates scored").arg(session_->folder()).arg(snapshot->candidates.size());
  if (!snapshot->generations.empty()) {
    const auto& last = snapshot->generations.back();
    const double perMinute =
        last.elapsedSeconds > 0 ? 60.0 * last.evaluated / last.elapsedSeconds : 0.0;
    text += tr(" · generation %1 of %2 · best AP %3 · %4 candidates per minute")
                .arg(last.generation)
                .arg(generations)
                .arg(last.bestAccuracy, 0, 'f', 4)
                .arg(perMinute, 0, 'f', 1);
  }
  text += snapshot->finished         ? tr(" · finished")
          : session_->isRunning()    ? tr(" · running")
          : session_->wasCancelled() ? tr(" · cancelled (Resume continues it)")
                                     : tr(" · not finished (Resume continues it)");
  progress_->setText(text);
  replot();
  updateButtons();
}

void SearchView::replot() {
  const SearchSnapshotPtr snapshot = session_->snapshot();
  plot_->xAxis->setLabel(axisChoice_->currentText());
  // search.py compares ptflops' 2-decimal figure: on the exact axis every candidate left of
  // budget + 0.005 is within it.
  if (axis_ == Axis::Gmacs && snapshot && snapshot->settings.contains("budget_gmacs")) {
    const double budget = snapshot->settings.value("budget_gmacs", 0.0);
    // Labelled so that a line drawn at 0.075 for a budget of 0.07 says why.
    plot_->setLimitLine(budget + 0.005,
                        tr("budget %1 GMACs, rounded to 2 decimals").arg(budget, 0, 'g', 4));
  } else {
    plot_->setLimitLine(std::nullopt);
  }
  if (!snapshot) {
    plot_->setPoints({}, {});
    return;
  }
  // One group per generation, named in the legend in generation order; architectures edited by
  // hand (generation -1) are black diamonds, last.
  const int generations = snapshot->settings.value("generations", 0);
  std::set<int> drawn;
  for (const auto& c : snapshot->candidates)
    if (xValue(c) >= 0) drawn.insert(c.generation);  // latency not measured: not drawn
  std::vector<ScatterGroup> groups;
  std::map<int, int> groupOf;
  for (int generation : drawn)
    if (generation >= 0) {
      groupOf[generation] = static_cast<int>(groups.size());
      groups.push_back({generation == 0 ? tr("generation 0 (random population)")
                                        : tr("generation %1").arg(generation),
                        generationColor(generation, generations)});
    }
  if (drawn.count(-1)) {
    groupOf[-1] = static_cast<int>(groups.size());
    groups.push_back({tr("edited"), Qt::black, QCPScatterStyle::ssDiamond, 9});
  }
  std::vector<ScatterPoint> points;
  for (const auto& c : snapshot->candidates) {
    const double x = xValue(c);
    if (x < 0) continue;
    const QString key = QString::fromStdString(search::candidateKey(c.arch));
    points.push_back({key, x, c.accuracy, groupOf[c.generation],
                      tr("%1\nAP %2 · %3 GMACs (ptflops) · %4 M parameters\n%5")
                          .arg(key)
                          .arg(c.accuracy, 0, 'f', 4)
                          .arg(SearchCandidateModel::gmacsText(c.cost.ptflopsMacs))
                          .arg(c.cost.parameters / 1e6, 0, 'f', 3)
                          .arg(SearchCandidateModel::describeArch(c.arch))});
  }
  plot_->setPoints(std::move(points), groups);
}

QCustomPlot* SearchView::plot() const {
  return plot_;
}

QCPGraph* SearchView::frontGraph() const {
  return plot_->frontGraph();
}

std::optional<QString> SearchView::candidateNear(const QPointF& pos) const {
  return plot_->pointNear(pos);
}

bool SearchView::selectCandidate(const QString& key) {
  for (int row = 0; row < model_->rowCount(); ++row)
    if (model_->keyAt(row) == key) {
      const QModelIndex index = proxy_->mapFromSource(model_->index(row, 0));
      table_->selectionModel()->select(index,
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
      table_->scrollTo(index);
      return true;
    }
  return false;
}

QStringList SearchView::selectedKeys() const {
  QStringList keys;
  for (const QModelIndex& index : table_->selectionModel()->selectedRows())
    keys << model_->keyAt(proxy_->mapToSource(index).row());
  return keys;
}

void SearchView::showCandidatePath() {
  const QStringList keys = selectedKeys();
  candidatePath_->setText(keys.size() == 1 ? runDirOf(keys.front()) : QString());
}

void SearchView::updateButtons() {
  const bool hasFolder = !session_->folder().isEmpty();
  const bool running = session_->isRunning();
  const SearchSnapshotPtr snapshot = session_->snapshot();
  resume_->setEnabled(hasFolder && !running && snapshot && !snapshot->finished);
  cancel_->setEnabled(running);
  export_->setEnabled(model_->rowCount() > 0);
  const int selected = static_cast<int>(selectedKeys().size());
  inspect_->setEnabled(selected == 1);
  compare_->setEnabled(selected == 2);
  editSelected_->setEnabled(selected == 1 && snapshot && snapshot->network);
  exportCandidate_->setEnabled(selected == 1);
  evaluate_->setEnabled(archEdit_->hasArch() && !running);
}

bool SearchView::editCandidate(const QString& key) {
  const SearchSnapshotPtr snapshot = session_->snapshot();
  if (!snapshot || !snapshot->network) return false;
  for (int row = 0; row < model_->rowCount(); ++row)
    if (model_->keyAt(row) == key) {
      archEdit_->setArch(model_->candidateAt(row)->arch, *snapshot->space);
      updateEditedCost();
      lowerTabs_->setCurrentIndex(1);
      updateButtons();
      return true;
    }
  return false;
}

QString SearchView::editedCostText() const {
  return editedCost_->text();
}

void SearchView::updateEditedCost() {
  const SearchSnapshotPtr snapshot = session_->snapshot();
  if (!archEdit_->hasArch() || !snapshot) return;
  if (!snapshot->network) {
    editedCost_->setText(
        tr("Cannot cost the architecture: %1").arg(QString::fromStdString(snapshot->networkError)));
    return;
  }
  models::LitePoseOptions options = *snapshot->network;
  options.arch = archEdit_->arch();
  try {
    const search::ArchCost cost = search::poseMobilenetCost(options);
    const double budget = snapshot->settings.value("budget_gmacs", 0.0);
    // The exact count as the table shows it; the budget compares ptflops' 2-decimal figure.
    editedCost_->setText(tr("%1 M parameters · %2 GMACs (ptflops %3; budget %4: %5) · candidate %6")
                             .arg(cost.parameters / 1e6, 0, 'f', 3)
                             .arg(SearchCandidateModel::gmacsText(cost.ptflopsMacs))
                             .arg(cost.gmacs(), 0, 'f', 2)
                             .arg(budget, 0, 'g', 4)
                             .arg(cost.gmacs() <= budget ? tr("within") : tr("over"))
                             .arg(QString::fromStdString(search::candidateKey(options.arch))));
  } catch (const std::exception& e) {
    editedCost_->setText(tr("Cannot build this architecture: %1").arg(e.what()));
  }
}

void SearchView::evaluateEdited() {
  if (!archEdit_->hasArch() || session_->isRunning()) return;
  const QString folder = session_->folder();
  const ArchConfig arch = archEdit_->arch();
  const QString file =
      folder + "/edited/" + QString::fromStdString(search::candidateKey(arch)) + ".json";
  // The arch file is written off the GUI thread, then the evaluation starts.
  inBackground(
      this,
      [file, arch] {
        QDir().mkpath(QFileInfo(file).path());
        QFile out(file);
        const QByteArray text = QByteArray::fromStdString(archToJsonText(arch) + "\n");
        if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size())
          return tr("Cannot write %1: %2").arg(file, out.errorString());
        return QString();
      },
      [this, folder, file](const QString& error) {
        if (!error.isEmpty()) {
          editedCost_->setText(error);
          return;
        }
        lowerTabs_->setCurrentIndex(2);
        session_->start({"search-candidate", folder, "--arch", file}, folder);
      });
}

std::vector<search::CandidateScore> SearchView::scoredCandidates() const {
  std::vector<search::CandidateScore> all;
  for (int row = 0; row < model_->rowCount(); ++row) all.push_back(*model_->candidateAt(row));
  return all;
}

void SearchView::exportFront(const QString& csvPath) {
  // The candidates are copied here: the table may change while the files are written.
  inBackground(
      this,
      [candidates = scoredCandidates(), path = csvPath.toStdString()] {
        return writtenText([&] { return search::writeParetoFront(candidates, path); });
      },
      [this](const QString& text) { progress_->setText(text); });
}

}  // namespace posescope
