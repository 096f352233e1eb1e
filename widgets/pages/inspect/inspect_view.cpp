#include "widgets/pages/inspect/inspect_view.h"

#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QRegularExpression>
#include <QShowEvent>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "render/overlay_drawn_with.h"
#include "render/overlay_renderer.h"
#include "widgets/common/color_bar.h"
#include "widgets/common/display_filter_banner.h"
#include "widgets/common/display_filter_bar.h"
#include "widgets/common/elided_label.h"
#include "widgets/common/image_canvas.h"
#include "widgets/common/image_decoder.h"
#include "widgets/common/overlay_legend.h"
#include "widgets/common/table_views.h"
#include "widgets/common/view_query_bar.h"
#include "widgets/models/image_queue_proxy.h"
#include "widgets/models/inspect_table_model.h"
#include "widgets/models/people_table_model.h"
#include "widgets/models/person_errors_model.h"
#include "widgets/models/run_tags_model.h"
#include "widgets/pages/inspect/joint_grid.h"
#include "widgets/session/inspect_controller.h"
#include "widgets/session/maps_provider.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_controller.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"
#include "widgets/session/run_view_state.h"

namespace posescope {

namespace {

// Images whose recomputed maps are kept (InspectController's LRU cache).
constexpr std::size_t kCachedImages = 8;

// The toolbar's action of `layer`.
constexpr std::size_t slot(OverlayLayer layer) {
  return static_cast<std::size_t>(layer);
}

// What the network's layers say for predictions imported from a results file.
QString noNetworkNote() {
  return QObject::tr("not available for imported predictions");
}

// A dark picture standing in for an image that cannot be read, as large as the people on it.
QImage placeholderImage(const ImageRecord& record) {
  int w = 640, h = 480;
  for (const auto& p : record.people)
    for (const auto& j : p.joints) {
      w = std::max(w, static_cast<int>(j[0]) + 16);
      h = std::max(h, static_cast<int>(j[1]) + 16);
    }
  QImage image(std::min(w, 4096), std::min(h, 4096), QImage::Format_RGB888);
  image.fill(QColor(24, 24, 24));
  return image;
}

}  // namespace

InspectView::InspectView(QWidget* parent) : QWidget(parent) {
  controller_ = new InspectController(kCachedImages, this);
  decoder_ = new ImageDecoder(this);
  connect(decoder_, &ImageDecoder::decoded, this, &InspectView::onImageDecoded);
  options_.showHeatmap = true;  // the point of the page; off with H
  auto* splitter = new QSplitter(Qt::Horizontal);
  splitter->addWidget(buildImageList());
  splitter->addWidget(buildCanvasPane());
  splitter->addWidget(buildSidePane());
  splitter->setStretchFactor(0, 0);
  splitter->setStretchFactor(1, 1);
  splitter->setStretchFactor(2, 0);
  splitter->setChildrenCollapsible(false);
  splitter->setSizes({340, 650, 290});  // the person panel's three columns in sight
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(splitter);

  connect(controller_, &InspectController::mapsReady, this, &InspectView::onMapsReady);
  connect(controller_, &InspectController::mapsFailed, this,
          [this](qulonglong index, const QString& message) {
            if (current_ && *current_ == index) {
              mapsNote_ = tr("maps unavailable: %1").arg(message);
              updateStatus();
            }
          });
  for (OverlayLayer layer : kOverlayLayers)
    layerActions_[slot(layer)]->setChecked(showsLayer(options_, layer));
  grid_->setMaps(jointNames(), nullptr, options_.colormap);
  updateStatus();
}

// Left: the filter and the per-image table (sorted by value, dataset order at first).
QWidget* InspectView::buildImageList() {
  model_ = new InspectTableModel(this);
  proxy_ = new ImageQueueProxy(InspectTableModel::ImageIdColumn, this);
  proxy_->setSourceModel(model_);
  filter_ = new QLineEdit;
  filter_->setClearButtonEnabled(true);
  filter_->setToolTip(
      tr("Keeps the images whose column chosen beside it holds this text: any column, the file "
         "name, the image id (the whole id) or the failure message; case is ignored"));
  connect(filter_, &QLineEdit::textChanged, this, &InspectView::applyTextFilter);
  // What the filter matches: every column, as before there was a choice, or one of them.
  filterColumn_ = new QComboBox;
  filterColumn_->setObjectName(QStringLiteral("filterColumnBox"));
  filterColumn_->setToolTip(tr("The column the filter matches"));
  filterColumn_->addItem(tr("Any column"), -1);
  filterColumn_->addItem(tr("File name"), int(InspectTableModel::FileColumn));
  filterColumn_->addItem(tr("Image id"), int(InspectTableModel::ImageIdColumn));
  filterColumn_->addItem(tr("Failure"), int(InspectTableModel::FailureColumn));
  connect(filterColumn_, &QComboBox::currentIndexChanged, this, &InspectView::applyTextFilter);
  applyTextFilter();

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
          &InspectView::onRowSelected);

  viewBar_ = new ViewQueryBar;
  header->resizeSection(InspectTableModel::TagsColumn, 120);
  // The queue's key beside the file, where the eye is; shown only while a queue is.
  header->moveSection(header->visualIndex(InspectTableModel::QueueKeyColumn),
                      header->visualIndex(InspectTableModel::FileColumn) + 1);
  header->resizeSection(InspectTableModel::QueueKeyColumn, 76);
  table_->setColumnHidden(InspectTableModel::QueueKeyColumn, true);

  auto* list = new QWidget;
  list->setMinimumWidth(220);
  auto* layout = new QVBoxLayout(list);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* filterRow = new QHBoxLayout;
  filterRow->setSpacing(2);
  filterRow->addWidget(filter_, 1);
  filterRow->addWidget(filterColumn_);
  layout->addLayout(filterRow);
  layout->addWidget(viewBar_);
  layout->addWidget(buildTriageBar());
  layout->addWidget(queueRow_);
  auto* tableAndTags = new QSplitter(Qt::Vertical);
  tableAndTags->addWidget(table_);
  tableAndTags->addWidget(buildTagsPanel());
  tableAndTags->setStretchFactor(0, 4);
  tableAndTags->setStretchFactor(1, 1);
  tableAndTags->setChildrenCollapsible(false);
  layout->addWidget(tableAndTags, 1);
  return list;
}

void InspectView::applyTextFilter() {
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

// The run folder's tags (tags.json) under the image table: Tag… tags the person selected or the
// image shown, a double-click shows the tagged image.
QWidget* InspectView::buildTagsPanel() {
  tagsModel_ = new RunTagsModel(this);
  tagsTable_ = makeRowTable(tagsModel_);
  tagsTable_->setObjectName(QStringLiteral("tagsTable"));
  tagsTable_->setSelectionMode(QAbstractItemView::SingleSelection);
  tagsTable_->horizontalHeader()->setStretchLastSection(true);
  connect(tagsTable_, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
    const auto& tags = tagsModel_->tags();
    if (index.row() < 0 || index.row() >= static_cast<int>(tags.size())) return;
    for (const PerImageRow& row : model_->rows())
      if (row.imageId == tags[static_cast<std::size_t>(index.row())].imageId) showImage(row.index);
  });
  auto* tag = new QToolButton;
  tag->setObjectName(QStringLiteral("tagButton"));
  tag->setText(tr("Tag\u2026"));
  tag->setToolTip(
      tr("Tag the person selected, or the image shown, with a name and a note "
         "(kept in the run folder's tags.json)"));
  connect(tag, &QToolButton::clicked, this, &InspectView::askTag);
  removeTag_ = new QToolButton;
  removeTag_->setText(tr("Remove"));
  removeTag_->setToolTip(tr("Remove the tag selected in the list"));
  connect(removeTag_, &QToolButton::clicked, this, [this] {
    const QModelIndex current = tagsTable_->currentIndex();
    if (view_ && current.isValid()) view_->removeTag(static_cast<std::size_t>(current.row()));
  });
  auto* header = new QHBoxLayout;
  header->setContentsMargins(0, 0, 0, 0);
  header->addWidget(new QLabel(tr("<b>Tags</b>")), 1);
  header->addWidget(tag);
  header->addWidget(removeTag_);
  auto* panel = new QWidget;
  auto* layout = new QVBoxLayout(panel);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(1);
  layout->addLayout(header);
  layout->addWidget(tagsTable_, 1);
  return panel;
}

void InspectView::askTag() {
  if (!current_ || !view_) return;
  QDialog dialog(this);
  // A person is tagged by its place in results.json, which only the analysis knows.
  dialog.setWindowTitle(selectedPerson_ >= 0 && analysis_ ? tr("Tag the Person")
                                                          : tr("Tag the Image"));
  auto* name = new QComboBox;
  name->setEditable(true);
  QStringList known;
  for (const RunTag& t : view_->tags()) known << QString::fromStdString(t.tag);
  known.removeDuplicates();
  name->addItems(known);
  name->setCurrentText(QString());
  auto* note = new QLineEdit;
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  auto* form = new QFormLayout(&dialog);
  form->addRow(tr("Tag:"), name);
  form->addRow(tr("Note:"), note);
  form->addRow(buttons);
  if (dialog.exec() == QDialog::Accepted) tagShown(name->currentText(), note->text());
}

bool InspectView::tagShown(const QString& tag, const QString& note) {
  const ImageRecord* record = current_ ? data_->recordOf(*current_) : nullptr;
  if (!record || !view_ || tag.trimmed().isEmpty()) return false;
  RunTag entry;
  entry.imageId = record->imageId;
  entry.tag = tag.trimmed().toStdString();
  entry.note = note.trimmed().toStdString();
  if (selectedPerson_ >= 0 && analysis_) {
    const auto& detections = analysis_->detectionsOf(record->imageId);
    if (selectedPerson_ < static_cast<int>(detections.size()))
      entry.detection =
          analysis_->analysis.detections[detections[static_cast<std::size_t>(selectedPerson_)]]
              .index;
  }
  return view_->addTag(entry);
}

void InspectView::showTags() {
  QHash<qint64, QStringList> byImage;
  for (const RunTag& tag : view_->tags()) {
    const QString person = taggedPersonText(tag);
    QString text = QString::fromStdString(tag.tag);
    if (!person.isEmpty()) text += QStringLiteral(" (%1)").arg(person);
    byImage[tag.imageId] << text;
  }
  QHash<qint64, QString> texts;
  for (auto it = byImage.cbegin(); it != byImage.cend(); ++it)
    texts.insert(it.key(), it.value().join(QStringLiteral(", ")));
  model_->setImageTags(std::move(texts));
  tagsModel_->setTags(view_->tags());
}

// The worst images' queue as a button, the other triage queues in a menu beside it (six buttons
// did not fit the image list's width), and the indicator of the queue shown.
QWidget* InspectView::buildTriageBar() {
  auto* bar = new QWidget;
  auto* layout = new QHBoxLayout(bar);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  auto* others = new QMenu(bar);
  others->setToolTipsVisible(true);
  for (TriagePreset preset : kTriagePresets) {
    auto* action = new QAction(triagePresetButtonText(preset), this);
    action->setToolTip(triagePresetDescription(preset));
    action->setEnabled(false);  // until the error analysis is there
    connect(action, &QAction::triggered, this, [this, preset] { showTriageQueue(preset); });
    triageActions_[static_cast<std::size_t>(preset)] = action;
    if (preset != TriagePreset::WorstImages) {
      others->addAction(action);
      continue;
    }
    auto* button = new QToolButton;
    button->setDefaultAction(action);
    button->setAutoRaise(false);
    layout->addWidget(button);
  }
  auto* more = new QToolButton;
  more->setObjectName(QStringLiteral("otherQueues"));
  more->setText(tr("Other queues"));
  more->setToolTip(tr("The triage lists of the error analysis, each ordered by its own key"));
  more->setMenu(others);
  more->setPopupMode(QToolButton::InstantPopup);
  layout->addWidget(more);
  layout->addStretch(1);
  queueBanner_ = new QLabel;
  queueBanner_->setObjectName(QStringLiteral("queueBanner"));
  queueBanner_->setWordWrap(true);
  queueBanner_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  queueBanner_->setStyleSheet(QStringLiteral(
      "QLabel { background: #dbeafe; color: #1e3a5f; border: 1px solid #93c5fd; padding: 3px; }"));
  connect(queueBanner_, &QLabel::linkActivated, this, [this] { clearImageQueue(); });
  queueTop_ = new QSpinBox;
  queueTop_->setObjectName(QStringLiteral("queueTop"));
  queueTop_->setRange(0, 1000000);
  queueTop_->setSpecialValueText(tr("top: all"));
  queueTop_->setPrefix(tr("top "));
  queueTop_->setToolTip(tr("Keep only the queue's first images (the most of its key)"));
  connect(queueTop_, &QSpinBox::valueChanged, this, [this](int count) { keepQueueTop(count); });
  queueRow_ = new QWidget;
  auto* row = new QHBoxLayout(queueRow_);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(queueBanner_, 1);
  row->addWidget(queueTop_, 0, Qt::AlignTop);
  queueRow_->hide();
  return bar;
}

// Centre: the two toolbars (layers; styles), the display filters, the legend, the canvas with
// the heatmap's colour bar, the status line.
QWidget* InspectView::buildCanvasPane() {
  canvas_ = new ImageCanvas;
  connect(canvas_, &ImageCanvas::personClicked, this, &InspectView::selectPerson);
  connect(canvas_, &ImageCanvas::renderFailed, this, [this](const QString& message) {
    mapsNote_ = tr("cannot draw: %1").arg(message);
    updateStatus();
  });
  colorBar_ = new ColorBar;
  colorBar_->setOptions(options_);
  // Elided: a long message (an error naming a file) must not widen the canvas pane and squeeze
  // the image table and the joint grid (the tooltip has it whole).
  status_ = new ElidedLabel;
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  legend_ = new OverlayLegend;
  filters_ = new DisplayFilterBar;
  filters_->setValues(options_);
  connect(filters_, &DisplayFilterBar::filterChanged, this, &InspectView::setDisplayFilter);
  connect(filters_, &DisplayFilterBar::matchThresholdChanged, this,
          &InspectView::setMatchThreshold);
  // A filter that is not its default is never hidden state: the banner says what it hides.
  filterBanner_ = new DisplayFilterBanner;
  connect(filterBanner_, &DisplayFilterBanner::resetRequested, this,
          &InspectView::resetDisplayFilters);
  // Maps are recomputed from the run's inputs as they are now: a changed checkpoint is said
  // plainly here. Wrapped, and asking for no width, so it never pushes the panes aside.
  inputsBanner_ = new QLabel;
  inputsBanner_->setWordWrap(true);
  inputsBanner_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  inputsBanner_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  inputsBanner_->setStyleSheet(QStringLiteral(
      "QLabel { background: #fff3cd; color: #5f4200; border: 1px solid #f2c94c; padding: 4px; }"));
  inputsBanner_->hide();
  auto* canvasRow = new QHBoxLayout;
  canvasRow->setContentsMargins(0, 0, 0, 0);
  canvasRow->addWidget(canvas_, 1);
  canvasRow->addWidget(colorBar_);
  auto* pane = new QWidget;
  pane->setMinimumWidth(320);
  auto* layout = new QVBoxLayout(pane);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(buildLayerToolbar());
  layout->addWidget(buildStyleToolbar());
  layout->addWidget(filters_, 0, Qt::AlignLeft);
  layout->addWidget(filterBanner_);
  layout->addWidget(legend_);
  layout->addWidget(inputsBanner_);
  layout->addLayout(canvasRow, 1);
  layout->addWidget(status_);
  return pane;
}

// Right: the joint grid above the people of the image shown.
QWidget* InspectView::buildSidePane() {
  grid_ = new JointGrid;
  grid_->setMinimumWidth(190);
  connect(grid_, &JointGrid::jointSelected, this, &InspectView::setJoint);
  people_ = new PeopleTableModel(this);
  auto* sorted = new QSortFilterProxyModel(this);
  sorted->setSourceModel(people_);
  sorted->setSortRole(Qt::UserRole);
  peopleProxy_ = sorted;
  peopleTable_ = makeRowTable(sorted);
  peopleTable_->setObjectName(QStringLiteral("peopleTable"));
  peopleTable_->setSelectionMode(QAbstractItemView::SingleSelection);
  peopleTable_->setSortingEnabled(true);
  peopleTable_->sortByColumn(-1, Qt::AscendingOrder);
  peopleTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  connect(peopleTable_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (!current.isValid()) return;
            const auto& rows = people_->rows();
            const int row = peopleProxy_->mapToSource(current).row();
            if (row >= 0 && row < static_cast<int>(rows.size()) && rows[row].person >= 0 &&
                rows[row].person != selectedPerson_)
              selectPerson(rows[row].person);
          });
  auto* peoplePane = new QWidget;
  auto* peopleLayout = new QVBoxLayout(peoplePane);
  peopleLayout->setContentsMargins(0, 0, 0, 0);
  peopleLayout->addWidget(new QLabel(tr("<b>People</b> (score, OKS of the match)")));
  peopleLayout->addWidget(peopleTable_, 1);
  auto* side = new QSplitter(Qt::Vertical);
  side->addWidget(grid_);
  side->addWidget(peoplePane);
  side->addWidget(buildPersonPane());
  side->setStretchFactor(0, 3);
  side->setStretchFactor(1, 2);
  side->setStretchFactor(2, 3);
  side->setChildrenCollapsible(false);
  side->setMinimumWidth(200);
  return side;
}

// The selected person's verdict above its joints' labels and keypoint similarities.
QWidget* InspectView::buildPersonPane() {
  personErrors_ = new PersonErrorsModel(this);
  personSummary_ = new QLabel;
  personSummary_->setObjectName(QStringLiteral("personSummary"));
  personSummary_->setWordWrap(true);
  personSummary_->setTextFormat(Qt::RichText);
  personSummary_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  personSummary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* table = makeRowTable(personErrors_);
  table->setObjectName(QStringLiteral("personErrorsTable"));
  // The label and ks as wide as their contents, the joint's name the rest: a stretched last
  // column never gets narrower than its default 100 px, which pushed ks out of the panel.
  QHeaderView* header = table->horizontalHeader();
  header->setStretchLastSection(false);
  header->setSectionResizeMode(QHeaderView::ResizeToContents);
  header->setSectionResizeMode(PersonErrorsModel::JointColumn, QHeaderView::Stretch);
  auto* pane = new QWidget;
  auto* layout = new QVBoxLayout(pane);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(personSummary_);
  layout->addWidget(table, 1);
  return pane;
}

// The layer toggles.
QToolBar* InspectView::buildLayerToolbar() {
  auto* toolbar = new QToolBar;
  toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  buildActions();
  for (QAction* a : layerActions_) toolbar->addAction(a);
  return toolbar;
}

// A second row, so that nothing is pushed out of sight at 1280 x 800: joint, colormap, opacity,
// score style. The display filters get a row of their own (buildCanvasPane).
QToolBar* InspectView::buildStyleToolbar() {
  jointBox_ = new QComboBox;
  jointBox_->setObjectName(QStringLiteral("jointBox"));
  jointBox_->setToolTip(tr("Joint of the heatmap and tag layers ([ and ] step, 0 the maximum)"));
  connect(jointBox_, &QComboBox::activated, this,
          [this](int i) { setJoint(jointBox_->itemData(i).toInt()); });
  colormapBox_ = new QComboBox;
  colormapBox_->setObjectName(QStringLiteral("colormapBox"));
  for (const char* name : {"jet", "inferno", "viridis", "turbo"})
    colormapBox_->addItem(QString::fromLatin1(name));
  colormapBox_->setToolTip(tr("Heatmap colormap"));
  connect(colormapBox_, &QComboBox::currentTextChanged, this, [this](const QString& name) {
    options_.colormap = colormapFromName(name.toStdString());
    applyOptions();
    if (current_)
      if (ImageMapsPtr maps = controller_->cached(*current_)) showMaps(maps);
  });
  scoreBox_ = new QComboBox;
  scoreBox_->setObjectName(QStringLiteral("scoreStyleBox"));
  scoreBox_->addItems({tr("score: size + opacity"), tr("score: size"), tr("score: opacity"),
                       tr("score: not shown")});
  scoreBox_->setToolTip(tr("How a joint's score is drawn"));
  connect(scoreBox_, &QComboBox::currentIndexChanged, this, [this](int i) {
    options_.scoreAsSize = i == 0 || i == 1;
    options_.scoreAsOpacity = i == 0 || i == 2;
    applyOptions();
  });
  opacity_ = new QSlider(Qt::Horizontal);
  opacity_->setObjectName(QStringLiteral("opacitySlider"));
  opacity_->setRange(0, 100);
  opacity_->setValue(static_cast<int>(std::lround(options_.heatmapOpacity * 100)));
  opacity_->setMaximumWidth(80);
  opacity_->setToolTip(tr("Heatmap and tag map opacity"));
  connect(opacity_, &QSlider::valueChanged, this, [this](int v) {
    options_.heatmapOpacity = v / 100.0;
    options_.tagOpacity = v / 100.0;
    applyOptions();
  });
  auto* toolbar = new QToolBar;
  toolbar->addWidget(jointBox_);
  toolbar->addWidget(colormapBox_);
  toolbar->addWidget(opacity_);
  toolbar->addWidget(scoreBox_);
  return toolbar;
}

void InspectView::setDisplayFilter(double minPersonScore, int maxPeople) {
  options_.minPersonScore = std::max(0.0, minPersonScore);
  options_.maxPeople = std::max(0, maxPeople);
  filters_->setValues(options_);
  applyOptions();
}

void InspectView::resetDisplayFilters() {
  posescope::resetDisplayFilters(options_);
  filters_->setValues(options_);
  applyOptions();
  redrawCurrent();  // the matches of the scene depend on the threshold
}

void InspectView::updateFilterBanner() {
  const ImageRecord* record = current_ ? data_->recordOf(*current_) : nullptr;
  const OverlayScene scene = record ? sceneOf(*record) : OverlayScene{};
  filterBanner_->showFilters(options_, record ? &scene : nullptr);
}

void InspectView::followRunFilters(const QString& runDir) {
  if (runDir.isEmpty() || sameRunFolder(runDir, filtersRunDir_)) return;
  // Filters set before any run was shown (launch options) are for the run that opens now.
  const bool firstRun = filtersRunDir_.isEmpty();
  filtersRunDir_ = runDir;
  if (firstRun || !hasDisplayFilters(options_)) return;
  const QString filters = displayFiltersLabel(options_);
  if (filterBanner_->keepsFilters()) {
    Q_EMIT displayFiltersFollowedRun(
        tr("Display filter %1 kept from the previous run (Keep for other runs is on)")
            .arg(filters));
    return;
  }
  posescope::resetDisplayFilters(options_);
  filters_->setValues(options_);
  applyOptions();
  Q_EMIT displayFiltersFollowedRun(
      tr("Display filters reset for the new run (%1 was set for the previous one; tick Keep for "
         "other runs to keep them)")
          .arg(filters));
}

void InspectView::setMatchThreshold(double oks) {
  options_.matchThreshold = oks;
  filters_->setValues(options_);
  applyOptions();
  redrawCurrent();  // the matches of the scene depend on the threshold
}

InspectView::~InspectView() = default;

void InspectView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  requestMapsIfNeeded();  // the joint grid became visible: it needs the maps
}

QAction* InspectView::addToggle(const QString& text, const QString& key, OverlayLayer layer) {
  auto* action = new QAction(text, this);
  action->setCheckable(true);
  action->setChecked(showsLayer(options_, layer));
  action->setShortcut(QKeySequence(key));
  action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  action->setToolTip(tr("%1 (%2)").arg(QString(text).remove('&'), key));
  connect(action, &QAction::toggled, this, [this, layer](bool checked) {
    setLayerShown(options_, layer, checked);
    applyOptions();
  });
  addAction(action);
  layerActions_[slot(layer)] = action;
  return action;
}

void InspectView::buildActions() {
  addToggle(tr("Predictions"), QStringLiteral("P"), OverlayLayer::Predictions);
  addToggle(tr("Ground truth"), QStringLiteral("G"), OverlayLayer::GroundTruth);
  addToggle(tr("Crowd"), QStringLiteral("C"), OverlayLayer::Crowd);
  addToggle(tr("Matches"), QStringLiteral("M"), OverlayLayer::Matches);
  addToggle(tr("Errors"), QStringLiteral("E"), OverlayLayer::Errors)
      ->setToolTip(tr("Each predicted joint in the colour of its error label (E)"));
  addToggle(tr("Heatmap"), QStringLiteral("H"), OverlayLayer::Heatmap);
  addToggle(tr("Tags"), QStringLiteral("T"), OverlayLayer::Tags);
  addToggle(tr("Network res."), QStringLiteral("R"), OverlayLayer::NetworkResolution);

  auto shortcut = [this](const QList<QKeySequence>& keys, auto slot) {
    auto* action = new QAction(this);
    action->setShortcuts(keys);
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(action, &QAction::triggered, this, slot);
    addAction(action);
  };
  shortcut({QKeySequence(Qt::Key_PageDown), QKeySequence(Qt::Key_Period)},
           [this] { stepImage(1); });
  shortcut({QKeySequence(Qt::Key_PageUp), QKeySequence(Qt::Key_Comma)}, [this] { stepImage(-1); });
  shortcut({QKeySequence(Qt::Key_BracketRight)}, [this] {
    const int joints = jointBox_->count() - 1;
    if (joints > 0) setJoint(options_.heatmapJoint + 1 >= joints ? -1 : options_.heatmapJoint + 1);
  });
  shortcut({QKeySequence(Qt::Key_BracketLeft)}, [this] {
    const int joints = jointBox_->count() - 1;
    if (joints > 0) setJoint(options_.heatmapJoint <= -1 ? joints - 1 : options_.heatmapJoint - 1);
  });
  shortcut({QKeySequence(Qt::Key_0)}, [this] { setJoint(-1); });
  shortcut({QKeySequence(Qt::Key_F)}, [this] { canvas_->fit(); });
}

QStringList InspectView::jointNames() const {
  QStringList names;
  for (const auto& n : data_->skeleton.jointNames) names.append(QString::fromStdString(n));
  return names;
}

void InspectView::followSession(const RunSession* session) {
  connect(session->controller(), &RunController::imageDone, this,
          [this](const ImageRecord& record) { appendRecord(record); });
  connect(session, &RunSession::runStarted, this, [this](const QString& runDir) {
    followRunFilters(runDir);
    clear();
  });
  RunDocument* document = session->document();
  connect(document, &RunDocument::inspectionChanged, this, [this, document] {
    if (const RunOverlayDataPtr& data = document->inspection())
      // Imported predictions have no network to recompute maps with.
      setData(data, data->imported
                        ? nullptr
                        : std::make_unique<EvaluatorMapsProvider>(data->runDir, data->device));
    else if (const OpenedRunPtr& opened = document->openedRun())
      showUnavailable(opened->inspectError);
  });
  // The document holds only the analysis of the run shown.
  connect(document, &RunDocument::analysisChanged, this,
          [this, document] { setAnalysis(document->analysis()); });
  connect(this, &InspectView::imageShown, document,
          [document](qulonglong index) { document->setCurrentImage(index); });
  connect(document, &RunDocument::currentImageChanged, this, [this, document] {
    const auto index = document->currentImage();
    if (index && index != current_) showImage(*index);
  });
  view_ = document->view();
  viewBar_->followView(view_);
  connect(view_, &RunViewState::viewChanged, this, [this] {
    proxy_->setImagesInView(view_->filtering() ? std::optional<QSet<qint64>>(view_->imagesInView())
                                               : std::nullopt);
  });
  connect(view_, &RunViewState::tagsChanged, this, &InspectView::showTags);
  const RunAnalysisSession* analysis = session->analysis();
  connect(analysis, &RunAnalysisSession::analysisFailed, this,
          [this, analysis](const QString& message) {
            if (!sameRunFolder(analysis->runDir(), QString::fromStdString(data_->runDir))) return;
            setAnalysis(nullptr);
            analysisNote_ = tr("no error analysis: %1").arg(message);
            updateStatus();
          });
}

void InspectView::setAnalysis(RunAnalysisPtr analysis) {
  analysis_ = std::move(analysis);
  analysisNote_.clear();
  model_->setAnalysis(analysis_);
  for (QAction* action : triageActions_) action->setEnabled(analysis_ != nullptr);
  if (!analysis_) clearImageQueue();
  redrawCurrent();
  updateStatus();
}

OverlayScene InspectView::sceneOf(const ImageRecord& record) const {
  return analysedScene(*data_, analysis_.get(), record, options_.matchThreshold);
}

void InspectView::redrawCurrent() {
  if (!current_) return;
  const std::size_t index = *current_;
  const int person = selectedPerson_;
  current_.reset();
  showImage(index);
  selectPerson(person);
}

QSortFilterProxyModel* InspectView::proxyModel() const {
  return proxy_;
}

QAction* InspectView::triageAction(TriagePreset preset) const {
  return triageActions_[static_cast<std::size_t>(preset)];
}

void InspectView::showImageQueue(const QString& title, const QList<qint64>& imageIds) {
  ImageQueue queue;
  queue.title = title;
  queue.imageIds = imageIds;
  showImageQueue(queue);
}

void InspectView::showImageQueue(const ImageQueue& queue) {
  queue_ = queue;
  {  // a new queue starts whole
    const QSignalBlocker block(queueTop_);
    queueTop_->setValue(0);
  }
  keepQueueTop(0);
}

void InspectView::keepQueueTop(int count) {
  if (!queue_) return;
  {  // no sort arrow while the queue's order holds; the header must not sort the rows itself
    const QSignalBlocker block(table_->horizontalHeader());
    table_->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
  }
  const ImageQueue shown = firstImagesOf(*queue_, count);
  proxy_->setQueue(shown.imageIds);
  model_->setQueue(shown);
  table_->setColumnHidden(InspectTableModel::QueueKeyColumn, shown.keyName.isEmpty());
  queueTitle_ = shown.title;
  const QString images =
      shown.imageIds.size() < queue_->imageIds.size()
          ? tr("the first %1 of %2 images").arg(proxy_->rowCount()).arg(queue_->imageIds.size())
          : tr("%1 images").arg(proxy_->rowCount());
  queueBanner_->setText(tr("Queue: <b>%1</b> (%2) \u2014 <a href=\"clear\">clear</a>")
                            .arg(shown.title.toHtmlEscaped(), images));
  queueRow_->show();
  table_->selectionModel()->clearCurrentIndex();
  stepImage(1);  // the queue's first image
}

void InspectView::clearImageQueue() {
  if (queueTitle_.isEmpty() && !proxy_->hasQueue()) return;
  {
    const QSignalBlocker block(table_->horizontalHeader());
    table_->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
  }
  proxy_->clearQueue();
  queue_.reset();
  model_->setQueue(std::nullopt);
  table_->setColumnHidden(InspectTableModel::QueueKeyColumn, true);
  queueTitle_.clear();
  queueBanner_->clear();
  queueRow_->hide();
  if (current_) {  // the image shown stays selected
    const int row = model_->rowOfDatasetIndex(*current_);
    const QModelIndex at = proxy_->mapFromSource(model_->index(row, 0));
    if (at.isValid()) {
      table_->selectionModel()->setCurrentIndex(
          at, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
      table_->scrollTo(at);
    }
  }
}

void InspectView::showTriageQueue(TriagePreset preset) {
  if (!analysis_) return;
  showImageQueue(triageQueue(*analysis_, preset));
}

QString InspectView::queueText() const {
  return queueRow_->isHidden() ? QString() : queueBanner_->text();
}

void InspectView::selectPerson(int person) {
  const ImageRecord* record = current_ ? data_->recordOf(*current_) : nullptr;
  if (!record || person < 0 || person >= static_cast<int>(record->people.size())) person = -1;
  selectedPerson_ = person;
  // Its row in the people table (rows sorted by the view).
  const auto& rows = people_->rows();
  for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
    if (rows[r].person != person || person < 0) continue;
    const QModelIndex at = peopleProxy_->mapFromSource(people_->index(r, 0));
    if (at.isValid() && peopleTable_->selectionModel()->currentIndex().row() != at.row())
      peopleTable_->selectionModel()->setCurrentIndex(
          at, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  }
  if (person < 0) peopleTable_->selectionModel()->clear();
  canvas_->setSelectedPerson(person);
  updatePersonPanel();
}

void InspectView::updatePersonPanel() {
  const ImageRecord* record = current_ ? data_->recordOf(*current_) : nullptr;
  if (!record || selectedPerson_ < 0) {
    personErrors_->clear();
  } else if (analysis_) {
    personErrors_->setPerson(PersonErrorsModel::personOf(*analysis_, *record, selectedPerson_),
                             data_->skeleton.jointNames);
  } else {
    PersonErrorsModel::Person person;
    person.person = selectedPerson_;
    person.score = record->people[static_cast<std::size_t>(selectedPerson_)].score;
    personErrors_->setPerson(person, {});
  }
  QString text = personErrors_->summary();
  if (!analysis_ && selectedPerson_ >= 0)
    text += QStringLiteral("<br>") + (analysisNote_.isEmpty()
                                          ? tr("The error analysis is not ready yet.")
                                          : analysisNote_.toHtmlEscaped());
  personSummary_->setText(text);
}

QString InspectView::personSummary() const {
  return personSummary_->text();
}

void InspectView::showUnavailable(const QString& error) {
  clear();
  status_->setText(tr("Cannot inspect the run: %1").arg(error));
}

void InspectView::setData(RunOverlayDataPtr data, std::unique_ptr<MapsProvider> provider) {
  data_ = data ? std::move(data) : std::make_shared<const RunOverlayData>();
  current_.reset();
  followRunFilters(QString::fromStdString(data_->runDir));
  mapsApplied_ = false;
  decoder_->clear();  // the files may have changed since they were read
  awaitedPath_.clear();
  imageNote_.clear();
  mapsNote_.clear();
  controller_->setProvider(std::move(provider));
  // A filter typed for the run shown before would hide the new run's images.
  filter_->clear();
  // The analysis of the run shown before does not describe this one; the session's follows.
  analysis_.reset();
  analysisNote_.clear();
  model_->setAnalysis(nullptr);
  for (QAction* action : triageActions_) action->setEnabled(false);
  clearImageQueue();
  selectedPerson_ = -1;
  const QStringList names = jointNames();
  jointBox_->clear();
  jointBox_->addItem(tr("max over joints"), -1);
  for (int j = 0; j < names.size(); ++j) jointBox_->addItem(names[j], j);
  if (options_.heatmapJoint >= names.size()) options_.heatmapJoint = -1;
  jointBox_->setCurrentIndex(options_.heatmapJoint + 1);
  grid_->setMaps(names, nullptr, options_.colormap);
  for (OverlayLayer layer :
       {OverlayLayer::Heatmap, OverlayLayer::Tags, OverlayLayer::NetworkResolution}) {
    QAction* action = layerActions_[slot(layer)];
    action->setEnabled(!data_->imported);
    action->setStatusTip(data_->imported ? noNetworkNote() : QString());
  }
  // No maps to show: neither their joint grid nor the heatmap's colour bar.
  grid_->setVisible(!data_->imported);
  colorBar_->setVisible(options_.showHeatmap && !data_->imported);
  canvas_->setImage({}, {});
  people_->setScene({}, options_);
  updatePersonPanel();
  const QString changed = QString::fromStdString(data_->changedInputs);
  inputsBanner_->setText(
      changed.isEmpty()
          ? QString()
          : tr("This run's inputs changed since it ran: %1. Heatmaps and tags are recomputed "
               "from the files as they are now and may not be the run's.")
                .arg(changed));
  inputsBanner_->setVisible(!changed.isEmpty());
  model_->setRows(data_->rows);
  updateFilterBanner();
  updateStatus();
}

void InspectView::clear() {
  setData(RunOverlayData{}, nullptr);
}

void InspectView::appendRecord(const ImageRecord& record) {
  if (live_ != data_) {  // data shown may be shared: records are added to a copy of its own
    live_ = std::make_shared<RunOverlayData>(*data_);
    data_ = live_;
  }
  live_->records.push_back(record);
  for (const auto& row : perImageRows({record}, {})) {
    live_->rows.push_back(row);
    model_->appendRow(row);
  }
}

bool InspectView::showImage(std::size_t datasetIndex) {
  const int row = model_->rowOfDatasetIndex(datasetIndex);
  if (row < 0) return false;
  const QModelIndex proxyIndex = proxy_->mapFromSource(model_->index(row, 0));
  if (proxyIndex.isValid()) {
    table_->selectionModel()->setCurrentIndex(
        proxyIndex, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    table_->scrollTo(proxyIndex);
    if (current_ == datasetIndex) return true;  // the selection shows it already
  }
  // Filtered out of the table (or already current): show it directly.
  const ImageRecord* record = data_->recordOf(datasetIndex);
  if (!record) return false;
  current_ = datasetIndex;
  mapsNote_.clear();
  mapsApplied_ = false;
  const QImage image = imageOf(*record);
  // Cached maps are drawn with the image, in one pass; otherwise they are asked for below.
  ImageMapsPtr maps = needsMaps() ? controller_->cached(datasetIndex) : nullptr;
  const OverlayScene scene = sceneOf(*record);
  people_->setScene(scene, options_);
  filterBanner_->showFilters(options_, &scene);
  selectedPerson_ = -1;  // another image: the person panel is empty until a person is chosen
  updatePersonPanel();
  canvas_->setImage(image, scene, maps);
  if (maps) {
    noteMaps(maps);
  } else {
    grid_->setMaps(jointNames(), nullptr, options_.colormap);
  }
  Q_EMIT imageShown(datasetIndex);
  if (!readingImage()) Q_EMIT imageDecoded(datasetIndex);
  if (maps) Q_EMIT mapsShown(datasetIndex);
  requestMapsIfNeeded();
  updateStatus();
  readNeighbours();
  return true;
}

bool InspectView::readingImage() const {
  return current_ && !awaitedPath_.isEmpty();
}

QImage InspectView::imageOf(const ImageRecord& record) {
  const QString path = QString::fromStdString(data_->imagePath(record));
  decoder_->request(path);
  const std::optional<ImageDecoder::Decoded> decoded = decoder_->cached(path);
  awaitedPath_ = decoded ? QString() : path;
  imageNote_ = !decoded                  ? tr("reading the image\u2026")
               : decoded->image.isNull() ? decoded->error
                                         : QString();
  return decoded && !decoded->image.isNull() ? decoded->image : placeholderImage(record);
}

void InspectView::onImageDecoded(const QString& path) {
  // A file read for an image no longer shown (or read ahead) leaves the canvas as it is.
  if (!readingImage() || path != awaitedPath_) return;
  const std::size_t index = *current_;
  const ImageRecord* record = data_->recordOf(index);
  if (!record) return;
  OverlayScene scene = sceneOf(*record);
  scene.selectedPerson = selectedPerson_;
  canvas_->setImage(imageOf(*record), std::move(scene),
                    mapsApplied_ && needsMaps() ? controller_->cached(index) : nullptr);
  updateStatus();
  Q_EMIT imageDecoded(index);
}

void InspectView::readNeighbours() {
  const QModelIndex current = table_->selectionModel()->currentIndex();
  if (!current.isValid()) return;
  for (int step : {1, -1}) {
    const QModelIndex next = proxy_->index(current.row() + step, 0);
    const PerImageRow* row =
        next.isValid() ? model_->rowAt(proxy_->mapToSource(next).row()) : nullptr;
    if (const ImageRecord* record = row ? data_->recordOf(row->index) : nullptr)
      decoder_->request(QString::fromStdString(data_->imagePath(*record)));
  }
}

void InspectView::onRowSelected() {
  const QModelIndex current = table_->selectionModel()->currentIndex();
  if (!current.isValid()) return;
  const PerImageRow* row = model_->rowAt(proxy_->mapToSource(current).row());
  if (!row || current_ == row->index) return;
  current_.reset();
  showImage(row->index);
}

bool InspectView::stepImage(int step) {
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

void InspectView::setJoint(int joint) {
  if (joint < -1 || joint >= jointBox_->count() - 1) joint = -1;
  options_.heatmapJoint = joint;
  jointBox_->setCurrentIndex(joint + 1);
  grid_->setCurrentJoint(joint);
  applyOptions();
}

void InspectView::setLayer(OverlayLayer layer, bool on) {
  layerActions_[slot(layer)]->setChecked(on);  // toggled() updates the options
}

QStringList InspectView::setLayers(const QStringList& names) {
  RenderOptions chosen = options_;
  QStringList unknown;
  for (const std::string& name : showOnlyLayers(chosen, names.join(',').toStdString()))
    unknown << QString::fromStdString(name);
  for (OverlayLayer layer : kOverlayLayers) setLayer(layer, showsLayer(chosen, layer));
  return unknown;
}

bool InspectView::needsMaps() const {
  return options_.showHeatmap || options_.showTags || !options_.projectMaps || grid_->isVisible();
}

void InspectView::requestMapsIfNeeded() {
  if (data_->imported) {  // no network: nothing to ask for, only say so where maps are wanted
    mapsNote_ =
        current_ && needsMaps() ? tr("heatmaps and tags: %1").arg(noNetworkNote()) : QString();
    return;
  }
  if (!current_ || !controller_->hasProvider() || !needsMaps()) return;
  if (mapsApplied_) return;
  if (ImageMapsPtr maps = controller_->request(*current_)) {
    showMaps(maps);
  } else {
    mapsNote_ = tr("computing heatmaps and tags\u2026");
    updateStatus();
  }
}

void InspectView::onMapsReady(qulonglong index, const ImageMapsPtr& maps) {
  if (!current_ || *current_ != index) return;
  showMaps(maps);
}

void InspectView::noteMaps(const ImageMapsPtr& maps) {
  mapsApplied_ = true;
  mapsNote_.clear();
  if (maps->joints <= 0)
    mapsNote_ = maps->record.failed()
                    ? tr("no maps: %1").arg(QString::fromStdString(maps->record.error))
                    : tr("no maps for this image");
  grid_->setMaps(jointNames(), maps->joints > 0 ? maps : nullptr, options_.colormap);
}

void InspectView::showMaps(const ImageMapsPtr& maps) {
  canvas_->setMaps(maps);
  noteMaps(maps);
  updateStatus();
  if (current_) Q_EMIT mapsShown(*current_);
}

void InspectView::applyOptions() {
  canvas_->setOptions(options_);
  colorBar_->setOptions(options_);
  colorBar_->setVisible(options_.showHeatmap && !data_->imported);
  legend_->setErrorLabelsShown(options_.showErrors);
  if (const ImageRecord* r = current_ ? data_->recordOf(*current_) : nullptr) {
    people_->setScene(sceneOf(*r), options_);
    selectPerson(selectedPerson_);  // the table was reset: its row again
  }
  requestMapsIfNeeded();
  updateFilterBanner();
  updateStatus();
}

QString InspectView::inputsWarning() const {
  return inputsBanner_->isHidden() ? QString() : inputsBanner_->text();
}

QString InspectView::statusText() const {
  return status_->text();
}

void InspectView::updateStatus() {
  if (!status_) return;
  QStringList parts;
  if (data_->records.empty()) {
    parts << tr(
        "Open a run folder (File \u2192 Open Run Folder) or run an evaluation to "
        "inspect its images.");
  } else if (!current_) {
    parts << tr("%1 image(s); select one in the table.").arg(data_->records.size());
  } else if (const ImageRecord* r = data_->recordOf(*current_)) {
    parts << tr("#%1  %2  (id %3)  %4 people")
                 .arg(*current_)
                 .arg(QString::fromStdString(r->file))
                 .arg(r->imageId)
                 .arg(r->people.size());
    if (options_.showHeatmap || options_.showTags)
      parts << (options_.heatmapJoint < 0 ? tr("max over joints") : jointBox_->currentText());
    if (canvas_->atNetworkResolution()) parts << tr("network resolution");
    if (r->failed()) parts << tr("failed: %1").arg(QString::fromStdString(r->error));
  }
  if (!imageNote_.isEmpty()) parts << imageNote_;
  if (!mapsNote_.isEmpty()) parts << mapsNote_;
  if (!analysisNote_.isEmpty()) parts << analysisNote_;
  for (const auto& w : data_->warnings) parts << QString::fromStdString(w);
  status_->setText(parts.join(QStringLiteral("  \u00b7  ")));
}

}  // namespace posescope
