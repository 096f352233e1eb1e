#include "widgets/pages/inspect/image_list_panel.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "widgets/common/table_views.h"
#include "widgets/common/view_query_bar.h"
#include "widgets/models/image_queue_proxy.h"
#include "widgets/models/inspect_table_model.h"
#include "widgets/models/run_tags_model.h"
#include "widgets/pages/inspect/triage_bar.h"
#include "widgets/session/run_view_state.h"

namespace posescope {

ImageListPanel::ImageListPanel(QWidget* belowTable, QWidget* parent) : QWidget(parent) {
  model_ = new InspectTableModel(this);
  proxy_ = new ImageQueueProxy(InspectTableModel::ImageIdColumn, this);
  proxy_->setSourceModel(model_);
  filter_ = new QLineEdit;
  filter_->setClearButtonEnabled(true);
  filter_->setToolTip(
      tr("Keeps the images whose column chosen beside it holds this text: any column, the file "
         "name, the image id (the whole id) or the failure message; case is ignored"));
  connect(filter_, &QLineEdit::textChanged, this, &ImageListPanel::applyTextFilter);
  // What the filter matches: every column, as before there was a choice, or one of them.
  filterColumn_ = new QComboBox;
  filterColumn_->setObjectName(QStringLiteral("filterColumnBox"));
  filterColumn_->setToolTip(tr("The column the filter matches"));
  filterColumn_->addItem(tr("Any column"), -1);
  filterColumn_->addItem(tr("File name"), int(InspectTableModel::FileColumn));
  filterColumn_->addItem(tr("Image id"), int(InspectTableModel::ImageIdColumn));
  filterColumn_->addItem(tr("Failure"), int(InspectTableModel::FailureColumn));
  connect(filterColumn_, &QComboBox::currentIndexChanged, this, &ImageListPanel::applyTextFilter);
  applyTextFilter();
  viewBar_ = new ViewQueryBar;
  triageBar_ = new TriageBar;
  connect(triageBar_, &TriageBar::topChosen, this, &ImageListPanel::keepQueueTop);
  for (int step : {1, -1}) {
    auto* action = new QAction(this);
    action->setShortcuts(step > 0
                             ? QList{QKeySequence(Qt::Key_PageDown), QKeySequence(Qt::Key_Period)}
                             : QList{QKeySequence(Qt::Key_PageUp), QKeySequence(Qt::Key_Comma)});
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(action, &QAction::triggered, this, [this, step] { stepImage(step); });
    stepActions_ << action;
  }

  setMinimumWidth(220);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* filterRow = new QHBoxLayout;
  filterRow->setSpacing(2);
  filterRow->addWidget(filter_, 1);
  filterRow->addWidget(filterColumn_);
  layout->addLayout(filterRow);
  layout->addWidget(viewBar_);
  layout->addWidget(triageBar_);
  auto* tableAndBelow = new QSplitter(Qt::Vertical);
  tableAndBelow->addWidget(buildTable());
  tableAndBelow->addWidget(belowTable);
  tableAndBelow->setStretchFactor(0, 4);
  tableAndBelow->setStretchFactor(1, 1);
  tableAndBelow->setChildrenCollapsible(false);
  layout->addWidget(tableAndBelow, 1);
}

QWidget* ImageListPanel::buildTable() {
  table_ = makeRowTable(proxy_);
  table_->setObjectName(QStringLiteral("imageTable"));
  table_->setSortingEnabled(true);
  table_->sortByColumn(-1, Qt::AscendingOrder);  // dataset order until a header is clicked
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setAlternatingRowColors(true);
  QHeaderView* header = table_->horizontalHeader();
  header->setDefaultSectionSize(58);
  header->resizeSection(InspectTableModel::IndexColumn, 36);
  header->resizeSection(InspectTableModel::FileColumn, 130);
  header->resizeSection(InspectTableModel::GroundTruthColumn, 36);
  header->resizeSection(InspectTableModel::PeopleColumn, 52);
  for (int c = InspectTableModel::SwapsColumn; c <= InspectTableModel::MissedPeopleColumn; ++c)
    header->resizeSection(c, 48);
  keepHeadersWhole(table_);
  connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (!current.isValid()) return;
            if (const PerImageRow* row = model_->rowAt(proxy_->mapToSource(current).row()))
              Q_EMIT imageChosen(row->index);
          });
  header->resizeSection(InspectTableModel::TagsColumn, 120);
  // The queue's key beside the file, where the eye is; shown only while a queue is.
  header->moveSection(header->visualIndex(InspectTableModel::QueueKeyColumn),
                      header->visualIndex(InspectTableModel::FileColumn) + 1);
  header->resizeSection(InspectTableModel::QueueKeyColumn, 76);
  table_->setColumnHidden(InspectTableModel::QueueKeyColumn, true);
  return table_;
}

void ImageListPanel::applyTextFilter() {
  const int column = filterColumn_->currentData().toInt();
  filter_->setPlaceholderText(
      column == InspectTableModel::FileColumn      ? tr("Filter by file name\u2026")
      : column == InspectTableModel::ImageIdColumn ? tr("Image id (whole)\u2026")
      : column == InspectTableModel::FailureColumn ? tr("Filter by failure\u2026")
                                                   : tr("Filter images (any column)\u2026"));
  proxy_->setFilterKeyColumn(column);
  const QString text = filter_->text().trimmed();
  // An id is looked up whole: "4" is image 4, not 14 or 40.
  if (column == InspectTableModel::ImageIdColumn && !text.isEmpty())
    proxy_->setFilterRegularExpression(
        QStringLiteral("^%1$").arg(QRegularExpression::escape(text)));
  else
    proxy_->setFilterFixedString(filter_->text());
}

void ImageListPanel::followView(RunViewState* view) {
  viewBar_->followView(view);
  connect(view, &RunViewState::viewChanged, this, [this, view] {
    proxy_->setImagesInView(view->filtering() ? std::optional<QSet<qint64>>(view->imagesInView())
                                              : std::nullopt);
  });
  // The tags column: each image's tags, with whom they tag.
  connect(view, &RunViewState::tagsChanged, this, [this, view] {
    QHash<qint64, QStringList> byImage;
    for (const RunTag& tag : view->tags()) {
      const QString person = taggedPersonText(tag);
      QString text = QString::fromStdString(tag.tag);
      if (!person.isEmpty()) text += QStringLiteral(" (%1)").arg(person);
      byImage[tag.imageId] << text;
    }
    QHash<qint64, QString> texts;
    for (auto it = byImage.cbegin(); it != byImage.cend(); ++it)
      texts.insert(it.key(), it.value().join(QStringLiteral(", ")));
    model_->setImageTags(std::move(texts));
  });
}

void ImageListPanel::setRows(std::vector<PerImageRow> rows) {
  model_->setRows(std::move(rows));
}

void ImageListPanel::appendRow(const PerImageRow& row) {
  model_->appendRow(row);
}

void ImageListPanel::clearFilter() {
  filter_->clear();
}

void ImageListPanel::setAnalysis(const RunAnalysisPtr& analysis) {
  model_->setAnalysis(analysis);
  triageBar_->setAnalysisReady(analysis != nullptr);
}

bool ImageListPanel::hasImage(std::size_t datasetIndex) const {
  return model_->rowOfDatasetIndex(datasetIndex) >= 0;
}

bool ImageListPanel::selectImage(std::size_t datasetIndex) {
  const QModelIndex at =
      proxy_->mapFromSource(model_->index(model_->rowOfDatasetIndex(datasetIndex), 0));
  if (!at.isValid()) return false;
  table_->selectionModel()->setCurrentIndex(
      at, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  table_->scrollTo(at);
  return true;
}

bool ImageListPanel::stepImage(int step) {
  const int rows = proxy_->rowCount();
  if (rows == 0) return false;
  const QModelIndex current = table_->selectionModel()->currentIndex();
  const int from = current.isValid() ? current.row() : (step > 0 ? -1 : rows);
  const int to = from + step;
  if (to < 0 || to >= rows) return false;
  const QModelIndex target = proxy_->index(to, 0);
  table_->selectionModel()->setCurrentIndex(
      target, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  table_->scrollTo(target);
  return true;
}

std::vector<std::size_t> ImageListPanel::neighbours() const {
  std::vector<std::size_t> indices;
  const QModelIndex current = table_->selectionModel()->currentIndex();
  if (!current.isValid()) return indices;
  for (int step : {1, -1}) {
    const QModelIndex next = proxy_->index(current.row() + step, 0);
    if (const PerImageRow* row =
            next.isValid() ? model_->rowAt(proxy_->mapToSource(next).row()) : nullptr)
      indices.push_back(row->index);
  }
  return indices;
}

void ImageListPanel::showQueue(const ImageQueue& queue) {
  queue_ = queue;
  triageBar_->resetTop();  // a new queue starts whole
  keepQueueTop(0);
}

void ImageListPanel::keepQueueTop(int count) {
  if (!queue_) return;
  clearSortIndicator();
  const ImageQueue shown = firstImagesOf(*queue_, count);
  proxy_->setQueue(shown.imageIds);
  model_->setQueue(shown);
  table_->setColumnHidden(InspectTableModel::QueueKeyColumn, shown.keyName.isEmpty());
  queueTitle_ = shown.title;
  const QString images =
      shown.imageIds.size() < queue_->imageIds.size()
          ? tr("the first %1 of %2 images").arg(proxy_->rowCount()).arg(queue_->imageIds.size())
          : tr("%1 images").arg(proxy_->rowCount());
  triageBar_->showQueue(shown.title, images);
  table_->selectionModel()->clearCurrentIndex();
  stepImage(1);  // the queue's first image
}

bool ImageListPanel::clearQueue() {
  if (queueTitle_.isEmpty() && !proxy_->hasQueue()) return false;
  clearSortIndicator();
  proxy_->clearQueue();
  queue_.reset();
  model_->setQueue(std::nullopt);
  table_->setColumnHidden(InspectTableModel::QueueKeyColumn, true);
  queueTitle_.clear();
  triageBar_->hideQueue();
  return true;
}

void ImageListPanel::clearSortIndicator() {
  const QSignalBlocker block(table_->horizontalHeader());
  table_->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
}

}  // namespace posescope
