#include "widgets/pages/run/run_progress_view.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <cmath>

#include "widgets/common/table_views.h"
#include "widgets/models/record_table_model.h"
#include "widgets/session/run_document.h"

namespace posescope {

namespace {

constexpr int kMaxLogLines = 20000;

QString duration(double seconds) {
  const qint64 s = static_cast<qint64>(std::llround(seconds));
  if (s < 60) return QObject::tr("%1 s").arg(s);
  if (s < 3600) return QObject::tr("%1 min %2 s").arg(s / 60).arg(s % 60);
  return QObject::tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60);
}

}  // namespace

QString progressStats(qulonglong done, qulonglong total, double elapsedSeconds,
                      qulonglong doneBefore) {
  QString text = QObject::tr("%1 / %2 images").arg(done).arg(total);
  if (done <= doneBefore || elapsedSeconds <= 0) return text;
  const double rate = (done - doneBefore) / elapsedSeconds;
  text += QObject::tr(" \u00b7 %1 img/s").arg(rate, 0, 'f', 2);
  if (done < total)
    text += QObject::tr(" \u00b7 ETA %1").arg(duration((total - done) / rate));
  else
    text += QObject::tr(" \u00b7 %1 elapsed").arg(duration(elapsedSeconds));
  return text;
}

RunProgressView::RunProgressView(QWidget* parent) : QWidget(parent) {
  stateLabel_ = new QLabel(tr("No run yet. Set one up on the Experiment page and press Run."));
  QFont big = stateLabel_->font();
  big.setPointSizeF(big.pointSizeF() * 1.15);
  big.setBold(true);
  stateLabel_->setFont(big);
  stateLabel_->setWordWrap(true);
  stateLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  statsLabel_ = new QLabel;
  progress_ = new QProgressBar;
  progress_->setRange(0, 1);
  progress_->setValue(0);
  progress_->setFormat(QStringLiteral("%v / %m"));
  cancelButton_ = new QPushButton(tr("Cancel"));
  cancelButton_->setEnabled(false);
  connect(cancelButton_, &QPushButton::clicked, this, [this] {
    cancelButton_->setEnabled(false);
    stateLabel_->setText(tr("Cancelling (the forward pass or check in progress ends first)\u2026"));
    Q_EMIT cancelRequested();
  });
  errorBanner_ = new QLabel;
  errorBanner_->setWordWrap(true);
  errorBanner_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  errorBanner_->setStyleSheet(QStringLiteral(
      "QLabel { background: #fdecea; color: #8a1c13; border: 1px solid #f5c2bd; padding: 8px; }"));
  errorBanner_->hide();
  log_ = new QPlainTextEdit;
  log_->setReadOnly(true);
  log_->setMaximumBlockCount(kMaxLogLines);
  log_->setLineWrapMode(QPlainTextEdit::NoWrap);
  log_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

  folderLabel_ = new QLabel;
  folderLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  records_ = makeRowTable();
  records_->setAlternatingRowColors(true);

  auto* recordsPane = new QWidget;
  auto* recordsLayout = new QVBoxLayout(recordsPane);
  recordsLayout->setContentsMargins(0, 0, 0, 0);
  recordsLayout->addWidget(new QLabel(tr("<b>Images so far</b>")));
  recordsLayout->addWidget(records_, 1);
  auto* logPane = new QWidget;
  auto* logLayout = new QVBoxLayout(logPane);
  logLayout->setContentsMargins(0, 0, 0, 0);
  logLayout->addWidget(new QLabel(tr("<b>Log</b> (the lines <tt>posescope-cli eval</tt> writes)")));
  logLayout->addWidget(log_, 1);
  auto* splitter = new QSplitter(Qt::Vertical);
  splitter->addWidget(recordsPane);
  splitter->addWidget(logPane);
  splitter->setStretchFactor(0, 1);
  splitter->setStretchFactor(1, 1);

  auto* bar = new QHBoxLayout;
  bar->addWidget(progress_, 1);
  bar->addWidget(cancelButton_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(stateLabel_);
  layout->addLayout(bar);
  layout->addWidget(statsLabel_);
  layout->addWidget(folderLabel_);
  layout->addWidget(errorBanner_);
  layout->addWidget(splitter, 1);
}

void RunProgressView::setRecordModel(QAbstractItemModel* model) {
  records_->setModel(model);
  records_->horizontalHeader()->resizeSection(RecordTableModel::FileColumn, 220);
  connect(model, &QAbstractItemModel::rowsInserted, records_,
          [this] { records_->scrollToBottom(); });
}

void RunProgressView::reset(const QString& runDir, const QString& context) {
  log_->clear();
  errorBanner_->hide();
  errorBanner_->clear();
  statsLabel_->clear();
  QStringList folder;
  if (!context.isEmpty()) folder << context;
  if (!runDir.isEmpty()) folder << tr("Run folder: %1").arg(runDir);
  folderLabel_->setText(folder.join(QStringLiteral(" \u00b7 ")));
  progress_->setRange(0, 1);
  progress_->setValue(0);
  progress_->setFormat(QStringLiteral("%v / %m"));
  started_ = false;
  stateLabel_->setText(tr("Starting\u2026"));
  cancelButton_->setEnabled(true);
}

QString RunProgressView::folderText() const {
  return folderLabel_->text();
}

void RunProgressView::showPreparing() {
  progress_->setRange(0, 0);  // busy: the Evaluator builds the network and opens the dataset
  stateLabel_->setText(tr("Loading the model, checkpoint and dataset\u2026"));
}

void RunProgressView::showStarted(const RunSummary& summary) {
  clock_.start();
  started_ = true;
  const int total = static_cast<int>(summary.imagesTotal);
  doneBefore_ = summary.imagesDone;  // a resumed run starts with its earlier images done
  progress_->setRange(0, std::max(1, total));
  progress_->setValue(static_cast<int>(doneBefore_));
  stateLabel_->setText(
      tr("Evaluating %1 on %2")
          .arg(QString::fromStdString(summary.archName), QString::fromStdString(summary.device)));
  statsLabel_->setText(progressStats(doneBefore_, summary.imagesTotal, 0, doneBefore_));
}

void RunProgressView::showImage(qulonglong done, qulonglong total) {
  progress_->setMaximum(std::max(1, static_cast<int>(total)));
  progress_->setValue(static_cast<int>(done));
  statsLabel_->setText(
      progressStats(done, total, clock_.isValid() ? clock_.elapsed() / 1000.0 : 0, doneBefore_));
}

void RunProgressView::showFinished(const RunOutcome& outcome) {
  cancelButton_->setEnabled(false);
  const RunSummary& s = outcome.summary;
  if (progress_->maximum() == 0) progress_->setRange(0, 1);
  if (s.state == RunState::Cancelled) {
    stateLabel_->setText(tr("Cancelled after %1 of %2 images; the run folder keeps them.")
                             .arg(s.imagesDone)
                             .arg(s.imagesTotal));
  } else {
    stateLabel_->setText(
        tr("Complete: %1 images in %2 s%3")
            .arg(s.imagesDone)
            .arg(s.wallSeconds, 0, 'f', 1)
            .arg(s.imagesFailed ? tr(", %1 failed").arg(s.imagesFailed) : QString()));
    progress_->setValue(progress_->maximum());
  }
}

void RunProgressView::showStopped(const QString& message) {
  cancelButton_->setEnabled(false);
  if (progress_->maximum() == 0) progress_->setRange(0, 1);
  stateLabel_->setText(message);
  appendLog(message);
}

void RunProgressView::showFailed(const QString& message) {
  cancelButton_->setEnabled(false);
  if (progress_->maximum() == 0) progress_->setRange(0, 1);
  if (!started_) {  // no image counted: a count of "0 / 1" would be meaningless
    progress_->setRange(0, 1);
    progress_->setValue(0);
    progress_->setFormat(tr("not started"));
  }
  stateLabel_->setText(started_ ? tr("The run stopped on an error.")
                                : tr("The run did not start; the run shown before is kept."));
  errorBanner_->setText(message);
  errorBanner_->show();
  appendLog(tr("error: %1").arg(message));
}

void RunProgressView::appendLog(const QString& line) {
  log_->appendPlainText(line);
}

void RunProgressView::showLoadedLog(const QString& runDir, RunState state, const QString& log) {
  log_->setPlainText(log);
  errorBanner_->hide();
  cancelButton_->setEnabled(false);
  progress_->setRange(0, 1);
  progress_->setValue(state == RunState::Complete ? 1 : 0);
  stateLabel_->setText(
      tr("Opened run folder (%1)").arg(QString::fromStdString(runStateName(state))));
  statsLabel_->clear();
  folderLabel_->setText(tr("Run folder: %1").arg(runDir));
}

QString RunProgressView::stateText() const {
  return stateLabel_->text();
}
QString RunProgressView::errorText() const {
  return errorBanner_->isHidden() ? QString() : errorBanner_->text();
}
QString RunProgressView::logText() const {
  return log_->toPlainText();
}

void RunProgressView::followDocument(const RunDocument* document) {
  connect(document, &RunDocument::runSettingUp, this, &RunProgressView::showPreparing);
  connect(document, &RunDocument::logLine, this, &RunProgressView::appendLog);
  connect(document, &RunDocument::runStarted, this, &RunProgressView::showStarted);
  connect(
      document, &RunDocument::recordArrived, this,
      [this](const ImageRecord&, qulonglong done, qulonglong total) { showImage(done, total); });
  connect(document, &RunDocument::runFinished, this, &RunProgressView::showFinished);
  connect(document, &RunDocument::runFailed, this, &RunProgressView::showFailed);
  connect(document, &RunDocument::runPreparing, this,
          [this](const QString& runDir, const QString& context) { reset(runDir, context); });
  connect(document, &RunDocument::pairChecking, this, [this](const QString& context) {
    reset(QString(), context);
    showPreparing();
  });
  connect(
      document, &RunDocument::pairStopped, this,
      [this](RunQueue::StopReason why, const QString& label, const QString& reason, const QString&,
             bool whileChecking) {
        if (why == RunQueue::StopReason::CheckFailed)
          showFailed(tr("%1 cannot run, so no run was started.\n%2").arg(label, reason));
        else if (why == RunQueue::StopReason::Cancelled && whileChecking)
          // no run outcome will end the busy state
          showStopped(tr("Comparison cancelled while checking %1; no run was started.").arg(label));
      });
  // A run folder read back: its log.
  connect(document, &RunDocument::runChanged, this, [this, document] {
    if (const OpenedRunPtr& opened = document->openedRun())
      showLoadedLog(QString::fromStdString(opened->run.dir), opened->run.summary.state,
                    opened->log);
  });
}

}  // namespace posescope
