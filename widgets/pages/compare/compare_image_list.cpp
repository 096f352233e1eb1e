#include "widgets/pages/compare/compare_image_list.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>
#include <unordered_map>

#include "widgets/common/table_views.h"
#include "widgets/models/comparison_models.h"

namespace posescope {

CompareImageList::CompareImageList(ImageDeltaModel* model, QWidget* parent)
    : QWidget(parent), model_(model) {
  table_ = makeRowTable(model_);
  table_->setObjectName(QStringLiteral("imageDeltaTable"));
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->horizontalHeader()->resizeSection(ImageDeltaModel::FileColumn, 140);
  // "B: 2 new swaps, 1 miss fewer" in sight beside the deltas (the tooltip has all of it).
  table_->horizontalHeader()->resizeSection(ImageDeltaModel::ErrorChangesColumn, 260);
  table_->setTextElideMode(Qt::ElideMiddle);
  keepHeadersWhole(table_);
  // A chart bar's count of its error beside the file, shown only while its images are listed.
  QHeaderView* header = table_->horizontalHeader();
  header->moveSection(header->visualIndex(ImageDeltaModel::QueueKeyColumn),
                      header->visualIndex(ImageDeltaModel::FileColumn) + 1);
  table_->setColumnHidden(ImageDeltaModel::QueueKeyColumn, true);
  connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (const ImageDelta* d = model_->deltaAt(current.row()))
              Q_EMIT imageChosen(d->imageId);
          });
  // A chart bar's images: named above the table, with the way back to all of them.
  selectionLabel_ = new QLabel;
  selectionLabel_->setObjectName(QStringLiteral("imageSelectionLabel"));
  auto* showAllButton = new QPushButton(tr("Show all images"));
  showAllButton->setObjectName(QStringLiteral("showAllImagesButton"));
  connect(showAllButton, &QPushButton::clicked, this, &CompareImageList::showAll);
  selectionTop_ = new QSpinBox;
  selectionTop_->setObjectName(QStringLiteral("selectionTop"));
  selectionTop_->setRange(0, 1000000);
  selectionTop_->setSpecialValueText(tr("top: all"));
  selectionTop_->setPrefix(tr("top "));
  selectionTop_->setToolTip(tr("Keep only the first images (the most of that error)"));
  connect(selectionTop_, &QSpinBox::valueChanged, this, &CompareImageList::keepSelectionTop);
  selectionBar_ = new QWidget;
  auto* barLayout = new QHBoxLayout(selectionBar_);
  barLayout->setContentsMargins(0, 0, 0, 0);
  barLayout->addWidget(selectionLabel_, 1);
  barLayout->addWidget(selectionTop_);
  barLayout->addWidget(showAllButton);
  selectionBar_->hide();
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(selectionBar_);
  layout->addWidget(table_);
}

void CompareImageList::setImages(std::vector<ImageDelta> images) {
  images_ = std::move(images);
  forgetSelection();
  model_->setImages(images_);
}

void CompareImageList::reorder(std::vector<ImageDelta> images) {
  images_ = std::move(images);
  model_->setImages(imagesListed());
}

void CompareImageList::showSelection(const QString& run, const ImageQueue& queue) {
  selection_ = queue;
  selectionRun_ = run;
  keepSelectionTop(0);  // a new selection starts whole
}

void CompareImageList::keepSelectionTop(int count) {
  if (!selection_) return;
  {  // the box says what is kept however it was asked (imagesListed reads it)
    const QSignalBlocker block(selectionTop_);
    selectionTop_->setValue(count);
  }
  const ImageQueue shown = firstImagesOf(*selection_, count);
  model_->setImages(imagesListed());
  model_->setQueue(shown);
  table_->setColumnHidden(ImageDeltaModel::QueueKeyColumn, shown.keyName.isEmpty());
  selectionLabel_->setText(
      tr("%1 in run %2: %n listed", nullptr, model_->rowCount()).arg(shown.title, selectionRun_));
  selectionBar_->show();
  Q_EMIT selectionListed();
}

bool CompareImageList::showAll() {
  if (!selection_) return false;
  forgetSelection();
  model_->setImages(imagesListed());
  return true;
}

void CompareImageList::forgetSelection() {
  selection_.reset();
  selectionBar_->hide();
  model_->setQueue(std::nullopt);
  table_->setColumnHidden(ImageDeltaModel::QueueKeyColumn, true);
}

QString CompareImageList::selectionText() const {
  return selection_ ? selectionLabel_->text() : QString();
}

void CompareImageList::selectImage(std::int64_t imageId) {
  const int row = model_->rowOfImage(imageId);
  if (row < 0 || table_->currentIndex().row() == row) return;
  const QSignalBlocker block(table_->selectionModel());
  table_->selectRow(row);
}

std::vector<ImageDelta> CompareImageList::imagesListed() const {
  if (!selection_) return images_;
  std::unordered_map<std::int64_t, const ImageDelta*> byImage;
  for (const ImageDelta& d : images_) byImage[d.imageId] = &d;
  std::vector<ImageDelta> listed;
  for (qint64 id : firstImagesOf(*selection_, selectionTop_->value()).imageIds) {
    const auto it = byImage.find(id);
    if (it != byImage.end()) listed.push_back(*it->second);
  }
  return listed;
}

}  // namespace posescope
