#include "widgets/pages/results/suspects_view.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSet>
#include <QTableView>
#include <QVBoxLayout>

#include "eval/keypoint_eval.h"
#include "report/annotation_fixes.h"
#include "report/ground_truth_fixes_export.h"
#include "widgets/common/table_views.h"
#include "widgets/models/suspect_table_model.h"
#include "widgets/session/background_job.h"

namespace posescope {

namespace {

// A read or write of the decisions, handed back to the GUI thread.
struct DecisionsResult {
  SuspectDecisions decisions;
  QString error;
};

// The metrics as annotated and with the accepted fixes (AP first), or why not.
struct FixedMetrics {
  double before = -1, after = -1;
  QString error;
};

}  // namespace

SuspectsView::SuspectsView(QWidget* parent) : QWidget(parent) {
  caption_ = new QLabel;
  caption_->setObjectName(QStringLiteral("suspectsCaption"));
  caption_->setWordWrap(true);
  model_ = new SuspectTableModel(this);
  table_ = makeRowTable(model_);
  table_->setObjectName(QStringLiteral("suspectsTable"));
  table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  table_->setTextElideMode(Qt::ElideRight);
  QHeaderView* header = table_->horizontalHeader();
  header->resizeSection(SuspectTableModel::KindColumn, 130);
  header->resizeSection(SuspectTableModel::ImageColumn, 70);
  header->resizeSection(SuspectTableModel::AnnotationColumn, 80);
  header->resizeSection(SuspectTableModel::EvidenceColumn, 420);
  header->resizeSection(SuspectTableModel::FixColumn, 220);
  header->resizeSection(SuspectTableModel::DecisionColumn, 80);
  keepHeadersWhole(table_);
  connect(table_, &QTableView::activated, this,
          [this](const QModelIndex& index) { requestImagesFrom(index.row()); });

  accept_ = new QPushButton(tr("&Accept Fix"));
  accept_->setToolTip(
      tr("The annotation is wrong: keep the suggested fix (suspect_decisions.json)"));
  reject_ = new QPushButton(tr("Re&ject"));
  reject_->setToolTip(tr("The annotation is right: the suspect is the model's mistake"));
  undecide_ = new QPushButton(tr("Undecided"));
  export_ = new QPushButton(tr("Export Fixed Ground Truth\u2026"));
  export_->setToolTip(
      tr("The annotation file with the accepted fixes, changes.md and "
         "changes.json, as posescope-cli export --what gt-fixes writes them"));
  connect(accept_, &QPushButton::clicked, this, [this] { decideSelected(true); });
  connect(reject_, &QPushButton::clicked, this, [this] { decideSelected(false); });
  connect(undecide_, &QPushButton::clicked, this, [this] { decideSelected(std::nullopt); });
  connect(export_, &QPushButton::clicked, this, &SuspectsView::exportFixes);
  metrics_ = new QLabel;
  metrics_->setObjectName(QStringLiteral("suspectsMetrics"));
  metrics_->setWordWrap(true);
  metrics_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(accept_);
  buttons->addWidget(reject_);
  buttons->addWidget(undecide_);
  buttons->addStretch(1);
  buttons->addWidget(export_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(caption_);
  layout->addWidget(table_, 1);
  layout->addLayout(buttons);
  layout->addWidget(metrics_);
  chooseFolder_ = [this] {
    return QFileDialog::getExistingDirectory(this, tr("Folder for the fixed ground truth"));
  };
  setAnalysis(nullptr);
}

void SuspectsView::setAnalysis(const RunAnalysisPtr& analysis, const QString& tableName) {
  tableName_ = tableName;
  // The same reading's suspects again (another analysis of its settings): decisions stay.
  if (analysis && analysis_ && analysis->suspects == analysis_->suspects) {
    analysis_ = analysis;
    return;
  }
  analysis_ = analysis && analysis->suspects ? analysis : nullptr;
  model_->setSuspects(analysis_ ? analysis_->suspects : nullptr, {});
  showCaption();
  metrics_->clear();
  for (QPushButton* b : {accept_, reject_, undecide_, export_}) b->setEnabled(false);
  if (analysis_) readDecisions();
}

QString SuspectsView::captionText() const {
  return caption_->text();
}

QString SuspectsView::metricsText() const {
  return metrics_->text();
}

void SuspectsView::showCaption() {
  if (!analysis_) {
    caption_->setText(
        tr("The suspected annotation errors appear once the error analysis of a "
           "finished run is shown."));
    return;
  }
  const AnnotationSuspects& found = *analysis_->suspects;
  const std::vector<std::size_t> counts = found.counts();
  QStringList parts;
  for (SuspectKind kind : kSuspectKinds) {
    const QString name = QString::fromStdString(suspectKindName(kind));
    parts << (kind == SuspectKind::SwappedLeftRight && !found.swapsComputed
                  ? tr("%1: not computed (the skeleton has no flip pairs)").arg(name)
                  : tr("%1: %2").arg(name).arg(counts[static_cast<std::size_t>(kind)]));
  }
  caption_->setText(
      tr("<b>Suspected annotation errors</b> of the ground truth given this run's predictions "
         "(%1 people, %2 predictions): %3. Double-click one to see it on Inspect; accept the "
         "fixes of those that are the annotation's mistakes.")
          .arg(found.people)
          .arg(found.predictions)
          .arg(parts.join(QStringLiteral(", "))));
}

void SuspectsView::readDecisions() {
  decisionsJob_.start(
      this,
      [dir = analysis_->runDir] {
        DecisionsResult r;
        try {
          r.decisions = readSuspectDecisions(dir);
        } catch (const std::exception& e) {
          r.error = QString::fromStdString(e.what());
        }
        return r;
      },
      [this](const DecisionsResult& r) {
        if (!analysis_) return;
        model_->setDecisions(r.decisions);
        const bool any = model_->rowCount() > 0;
        for (QPushButton* b : {accept_, reject_, undecide_})
          b->setEnabled(any && r.error.isEmpty());
        updateMetrics();
        if (!r.error.isEmpty()) metrics_->setText(tr("Decisions not read: %1").arg(r.error));
        Q_EMIT decisionsSettled(false, r.error);
      });
}

void SuspectsView::decideSelected(std::optional<bool> accepted) {
  if (!analysis_) return;
  SuspectDecisions decisions = model_->decisions();
  for (const QModelIndex& index : table_->selectionModel()->selectedRows()) {
    const AnnotationSuspect* s = model_->suspectAt(index.row());
    if (!s) continue;
    if (accepted)
      decisions[s->key] = *accepted;
    else
      decisions.erase(s->key);
  }
  model_->setDecisions(decisions);
  saveDecisions(decisions);
  updateMetrics();
}

void SuspectsView::saveDecisions(const SuspectDecisions& decisions) {
  decisionsJob_.start(
      this,
      [dir = analysis_->runDir, decisions] {
        DecisionsResult r;
        try {
          writeSuspectDecisions(dir, decisions);
        } catch (const std::exception& e) {
          r.error = QString::fromStdString(e.what());
        }
        return r;
      },
      [this](const DecisionsResult& r) {
        if (!r.error.isEmpty()) metrics_->setText(tr("Decisions not saved: %1").arg(r.error));
        Q_EMIT decisionsSettled(true, r.error);
      });
}

void SuspectsView::updateMetrics() {
  const std::vector<AnnotationSuspect> accepted =
      acceptedSuspects(*analysis_->suspects, model_->decisions());
  export_->setEnabled(!accepted.empty());
  metricsJob_.cancel();  // answers to earlier requests no longer apply
  if (accepted.empty()) {
    metrics_->setText(
        tr("No fix accepted: the run's metrics are those of the annotation file as "
           "it is."));
    Q_EMIT metricsSettled();
    return;
  }
  metrics_->setText(tr("Evaluating the run with the %1 accepted fixes\u2026").arg(accepted.size()));
  metricsJob_.start(
      this,
      [input = analysis_->input, accepted] {
        FixedMetrics r;
        try {
          r.before =
              evaluateKeypoints(input->groundTruth, input->results, evalParamsFor(input->layout))
                  .table.values.front();
          r.after = metricsWithFixes(*input, accepted).values.front();
        } catch (const std::exception& e) {
          r.error = QString::fromStdString(e.what());
        }
        return r;
      },
      [this, count = accepted.size()](const FixedMetrics& r) {
        metrics_->setText(
            r.error.isEmpty()
                ? tr("With the %1 accepted fixes: AP %2 (%3 with the annotation file as it is; "
                     "the run's evaluation settings).")
                      .arg(count)
                      .arg(r.after, 0, 'f', 3)
                      .arg(r.before, 0, 'f', 3)
                : tr("No metrics with the fixes: %1").arg(r.error));
        Q_EMIT metricsSettled();
      });
}

void SuspectsView::exportFixes() {
  if (!analysis_) return;
  const QString folder = chooseFolder_ ? chooseFolder_() : QString();
  if (folder.isEmpty()) return;
  const std::vector<AnnotationSuspect> accepted =
      acceptedSuspects(*analysis_->suspects, model_->decisions());
  export_->setEnabled(false);
  inBackground(
      this,
      [input = analysis_->input, accepted, folder, table = tableName_.toStdString()] {
        try {
          writeGroundTruthFixes(*input, accepted, folder.toStdString(), table,
                                "the accepted suspects");
        } catch (const std::exception& e) {
          return QString::fromStdString(e.what());
        }
        return QString();
      },
      [this, folder](const QString& error) {
        export_->setEnabled(true);
        Q_EMIT exportFinished(folder, error);
      });
}

void SuspectsView::requestImagesFrom(int row) {
  ImageQueue queue;
  queue.title = tr("suspected annotation errors, from the one chosen on");
  queue.keyName = tr("Suspects");
  for (int r = row; r < model_->rowCount(); ++r) {
    const std::int64_t id = model_->suspectAt(r)->imageId;
    if (!queue.keys.contains(id)) queue.imageIds << id;
    queue.keys[id] += 1;
  }
  if (!queue.imageIds.isEmpty()) Q_EMIT imagesRequested(queue);
}

}  // namespace posescope
