#include "widgets/pages/inspect/inspect_view.h"

#include <QShowEvent>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>

#include "render/overlay_drawn_with.h"
#include "render/overlay_renderer.h"
#include "widgets/common/color_bar.h"
#include "widgets/common/display_filter_banner.h"
#include "widgets/common/display_filter_bar.h"
#include "widgets/common/elided_label.h"
#include "widgets/common/image_canvas.h"
#include "widgets/common/overlay_legend.h"
#include "widgets/models/image_queue_proxy.h"
#include "widgets/models/inspect_table_model.h"
#include "widgets/models/person_errors_model.h"
#include "widgets/pages/inspect/image_file_reader.h"
#include "widgets/pages/inspect/joint_grid.h"
#include "widgets/pages/inspect/layer_bar.h"
#include "widgets/pages/inspect/triage_bar.h"
#include "widgets/session/inspect_controller.h"
#include "widgets/session/maps_provider.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_view_state.h"

namespace posescope {

InspectView::InspectView(QWidget* parent) : QWidget(parent) {
  reader_ = new ImageFileReader(this);
  connect(reader_, &ImageFileReader::awaitedRead, this, &InspectView::onImageRead);
  options_.showHeatmap = true;  // the point of the page; off with H

  // Left: the image list, the run folder's tags under it.
  tagsPanel_ = new TagsPanel;
  connect(tagsPanel_, &TagsPanel::tagRequested, this, &InspectView::askTag);
  connect(tagsPanel_, &TagsPanel::imageRequested, this, [this](qint64 imageId) {
    for (const PerImageRow& row : imageList_->model()->rows())
      if (row.imageId == imageId) showImage(row.index);
  });
  imageList_ = new ImageListPanel(tagsPanel_);
  connect(imageList_, &ImageListPanel::imageChosen, this, [this](qulonglong index) {
    if (current_ == index) return;
    current_.reset();
    showImage(index);
  });
  connectTriage();

  // Centre: the canvas under its layer bar.
  layerBar_ = new LayerBar(options_);
  canvasPane_ = new CanvasPane(layerBar_, options_);
  connectLayerBar();
  connect(canvas(), &ImageCanvas::personClicked, this, &InspectView::selectPerson);
  connect(canvasPane_->filterBar(), &DisplayFilterBar::filterChanged, this,
          &InspectView::setDisplayFilter);
  connect(canvasPane_->filterBar(), &DisplayFilterBar::matchThresholdChanged, this,
          &InspectView::setMatchThreshold);
  connect(filterBanner(), &DisplayFilterBanner::resetRequested, this,
          &InspectView::resetDisplayFilters);

  // Right: the joint grid above the people of the image shown.
  grid_ = new JointGrid;
  grid_->setMinimumWidth(190);
  connect(grid_, &JointGrid::jointSelected, this, &InspectView::setJoint);
  maps_ = new ShownImageMaps(canvas(), grid_, this);
  connectMaps();
  personPanel_ = new PersonPanel(grid_);
  connect(personPanel_, &PersonPanel::personChosen, this, [this](int person) {
    if (person != selectedPerson_) selectPerson(person);
  });

  auto* splitter = new QSplitter(Qt::Horizontal);
  splitter->addWidget(imageList_);
  splitter->addWidget(canvasPane_);
  splitter->addWidget(personPanel_);
  splitter->setStretchFactor(0, 0);
  splitter->setStretchFactor(1, 1);
  splitter->setStretchFactor(2, 0);
  splitter->setChildrenCollapsible(false);
  splitter->setSizes({340, 650, 290});  // the person panel's three columns in sight
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(splitter);
  addShortcuts();
  grid_->setMaps(jointNames(), nullptr, options_.colormap);
  updateStatus();
}

InspectView::~InspectView() = default;

void InspectView::connectMaps() {
  connect(maps_, &ShownImageMaps::noteChanged, this, &InspectView::updateStatus);
  connect(controller(), &InspectController::mapsReady, this,
          [this](qulonglong index, const ImageMapsPtr& maps) {
            if (current_ && *current_ == index) showMaps(maps);
          });
  connect(controller(), &InspectController::mapsFailed, this,
          [this](qulonglong index, const QString& message) {
            if (current_ && *current_ == index) {
              maps_->setNote(tr("maps unavailable: %1").arg(message));
              updateStatus();
            }
          });
  connect(canvas(), &ImageCanvas::renderFailed, this, [this](const QString& message) {
    maps_->setNote(tr("cannot draw: %1").arg(message));
    updateStatus();
  });
}

void InspectView::connectTriage() {
  TriageBar* triage = imageList_->triageBar();
  connect(triage, &TriageBar::presetChosen, this, &InspectView::showTriageQueue);
  connect(triage, &TriageBar::clearRequested, this, &InspectView::clearImageQueue);
}

void InspectView::connectLayerBar() {
  connect(layerBar_, &LayerBar::layerToggled, this, [this](OverlayLayer layer, bool on) {
    setLayerShown(options_, layer, on);
    applyOptions();
  });
  connect(layerBar_, &LayerBar::jointChosen, this, &InspectView::setJoint);
  connect(layerBar_, &LayerBar::colormapChosen, this, [this](Colormap colormap) {
    options_.colormap = colormap;
    applyOptions();
    if (current_)
      if (ImageMapsPtr maps = controller()->cached(*current_)) showMaps(maps);
  });
  connect(layerBar_, &LayerBar::scoreStyleChosen, this, [this](bool asSize, bool asOpacity) {
    options_.scoreAsSize = asSize;
    options_.scoreAsOpacity = asOpacity;
    applyOptions();
  });
  connect(layerBar_, &LayerBar::opacityChosen, this, [this](double opacity) {
    options_.heatmapOpacity = opacity;
    options_.tagOpacity = opacity;
    applyOptions();
  });
}

void InspectView::addShortcuts() {
  // Their keys work wherever the focus is on the page.
  addActions(layerBar_->layerActions());
  addActions(imageList_->stepActions());
  addActions(layerBar_->jointActions());
  addAction(canvasPane_->fitAction());
}

void InspectView::followDocument(RunDocument* document) {
  connect(document, &RunDocument::recordArrived, this,
          [this](const ImageRecord& record) { appendRecord(record); });
  // A run started (no folder read back yet): its images are drawn as they arrive.
  connect(document, &RunDocument::runChanged, this, [this, document] {
    if (document->openedRun()) return;  // inspectionChanged brings its data
    followRunFilters(document->runDir());
    clear();
  });
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
  imageList_->followView(view_);
  tagsPanel_->followView(view_);
  connect(document, &RunDocument::analysisFailed, this,
          [this](const QString& dir, const QString& message) {
            if (!sameRunFolder(dir, QString::fromStdString(data_->runDir))) return;
            setAnalysis(nullptr);
            analysisNote_ = tr("no error analysis: %1").arg(message);
            updateStatus();
          });
}

void InspectView::setData(RunOverlayDataPtr data, std::unique_ptr<MapsProvider> provider) {
  data_ = data ? std::move(data) : std::make_shared<const RunOverlayData>();
  current_.reset();
  followRunFilters(QString::fromStdString(data_->runDir));
  reader_->clear();  // the files may have changed since they were read
  const QStringList names = jointNames();
  maps_->setRun(std::move(provider), names, data_->imported);
  // A filter typed for the run shown before would hide the new run's images.
  imageList_->clearFilter();
  // The analysis of the run shown before does not describe this one; the session's follows.
  analysis_.reset();
  analysisNote_.clear();
  imageList_->setAnalysis(nullptr);
  clearImageQueue();
  selectedPerson_ = -1;
  if (options_.heatmapJoint >= names.size()) options_.heatmapJoint = -1;
  layerBar_->setJoints(names, options_.heatmapJoint);
  grid_->setMaps(names, nullptr, options_.colormap);
  layerBar_->setNetworkLayersEnabled(!data_->imported, noNetworkNote());
  // No maps to show: neither their joint grid nor the heatmap's colour bar.
  grid_->setVisible(!data_->imported);
  colorBar()->setVisible(options_.showHeatmap && !data_->imported);
  canvas()->setImage({}, {});
  personPanel_->setScene({}, options_);
  updatePersonPanel();
  canvasPane_->showChangedInputs(QString::fromStdString(data_->changedInputs));
  imageList_->setRows(data_->rows);
  updateFilterBanner();
  updateStatus();
}

void InspectView::clear() {
  setData(RunOverlayData{}, nullptr);
}

void InspectView::showUnavailable(const QString& error) {
  clear();
  statusLabel()->setText(tr("Cannot inspect the run: %1").arg(error));
}

void InspectView::appendRecord(const ImageRecord& record) {
  if (live_ != data_) {  // data shown may be shared: records are added to a copy of its own
    live_ = std::make_shared<RunOverlayData>(*data_);
    data_ = live_;
  }
  live_->records.push_back(record);
  for (const auto& row : perImageRows({record}, {})) {
    live_->rows.push_back(row);
    imageList_->appendRow(row);
  }
}

void InspectView::setAnalysis(RunAnalysisPtr analysis) {
  analysis_ = std::move(analysis);
  analysisNote_.clear();
  imageList_->setAnalysis(analysis_);
  if (!analysis_) clearImageQueue();
  redrawCurrent();
  updateStatus();
}

bool InspectView::showImage(std::size_t datasetIndex) {
  if (!imageList_->hasImage(datasetIndex)) return false;
  // Selecting its row shows it (imageChosen), unless it is the current row already.
  if (imageList_->selectImage(datasetIndex) && current_ == datasetIndex) return true;
  // Filtered out of the table (or already current): show it directly.
  const ImageRecord* record = data_->recordOf(datasetIndex);
  if (!record) return false;
  current_ = datasetIndex;
  // Cached maps are drawn with the image, in one pass; otherwise they are asked for below.
  const ImageMapsPtr maps = maps_->startImage(datasetIndex, options_);
  const QImage image = imageOf(*record);
  const OverlayScene scene = sceneOf(*record);
  personPanel_->setScene(scene, options_);
  filterBanner()->showFilters(options_, &scene);
  selectedPerson_ = -1;  // another image: the person panel is empty until a person is chosen
  updatePersonPanel();
  canvas()->setImage(image, scene, maps);
  Q_EMIT imageShown(datasetIndex);
  if (!readingImage()) Q_EMIT imageDecoded(datasetIndex);
  if (maps) Q_EMIT mapsShown(datasetIndex);
  requestMapsIfNeeded();
  updateStatus();
  readNeighbours();
  return true;
}

bool InspectView::readingImage() const {
  return current_ && reader_->reading();
}

QImage InspectView::imageOf(const ImageRecord& record) {
  return reader_->imageOf(QString::fromStdString(data_->imagePath(record)), record);
}

void InspectView::onImageRead() {
  const ImageRecord* record = currentRecord();
  if (!record) return;
  const std::size_t index = *current_;
  OverlayScene scene = sceneOf(*record);
  scene.selectedPerson = selectedPerson_;
  canvas()->setImage(imageOf(*record), std::move(scene), maps_->drawn(index, options_));
  updateStatus();
  Q_EMIT imageDecoded(index);
}

void InspectView::readNeighbours() {
  for (std::size_t index : imageList_->neighbours())
    if (const ImageRecord* record = data_->recordOf(index))
      reader_->readAhead(QString::fromStdString(data_->imagePath(*record)));
}

bool InspectView::stepImage(int step) {
  return imageList_->stepImage(step);
}

void InspectView::showImageQueue(const QString& title, const QList<qint64>& imageIds) {
  ImageQueue queue;
  queue.title = title;
  queue.imageIds = imageIds;
  showImageQueue(queue);
}

void InspectView::showImageQueue(const ImageQueue& queue) {
  imageList_->showQueue(queue);
}

void InspectView::keepQueueTop(int count) {
  imageList_->keepQueueTop(count);
}

void InspectView::clearImageQueue() {
  // The image shown stays selected.
  if (imageList_->clearQueue() && current_) imageList_->selectImage(*current_);
}

void InspectView::showTriageQueue(TriagePreset preset) {
  if (!analysis_) return;
  showImageQueue(triageQueue(*analysis_, preset));
}

QString InspectView::queueText() const {
  return imageList_->triageBar()->queueText();
}

QSortFilterProxyModel* InspectView::proxyModel() const {
  return imageList_->proxy();
}

QAction* InspectView::triageAction(TriagePreset preset) const {
  return imageList_->triageBar()->action(preset);
}

void InspectView::selectPerson(int person) {
  const ImageRecord* record = currentRecord();
  if (!record || person < 0 || person >= static_cast<int>(record->people.size())) person = -1;
  selectedPerson_ = person;
  personPanel_->selectRow(person);
  canvas()->setSelectedPerson(person);
  updatePersonPanel();
}

void InspectView::updatePersonPanel() {
  personPanel_->showPerson(*data_, currentRecord(), selectedPerson_, analysis_.get(),
                           analysisNote_);
}

QString InspectView::personSummary() const {
  return personPanel_->summary();
}

void InspectView::askTag() {
  if (!current_ || !view_) return;
  // A person is tagged by its place in results.json, which only the analysis knows.
  if (const auto entered = tagsPanel_->askTag(selectedPerson_ >= 0 && analysis_))
    tagShown(entered->tag, entered->note);
}

bool InspectView::tagShown(const QString& tag, const QString& note) {
  const ImageRecord* record = currentRecord();
  if (!record || !view_ || tag.trimmed().isEmpty()) return false;
  return view_->addTag(runTagOf(*record, selectedPerson_, analysis_.get(), tag, note));
}

void InspectView::setJoint(int joint) {
  if (joint < -1 || joint >= layerBar_->jointCount()) joint = -1;
  options_.heatmapJoint = joint;
  layerBar_->setCurrentJoint(joint);
  grid_->setCurrentJoint(joint);
  applyOptions();
}

void InspectView::setLayer(OverlayLayer layer, bool on) {
  layerBar_->setLayerChecked(layer, on);  // layerToggled updates the options
}

QStringList InspectView::setLayers(const QStringList& names) {
  RenderOptions chosen = options_;
  QStringList unknown;
  for (const std::string& name : showOnlyLayers(chosen, names.join(',').toStdString()))
    unknown << QString::fromStdString(name);
  for (OverlayLayer layer : kOverlayLayers) setLayer(layer, showsLayer(chosen, layer));
  return unknown;
}

void InspectView::setDisplayFilter(double minPersonScore, int maxPeople) {
  options_.minPersonScore = std::max(0.0, minPersonScore);
  options_.maxPeople = std::max(0, maxPeople);
  canvasPane_->filterBar()->setValues(options_);
  applyOptions();
}

void InspectView::setMatchThreshold(double oks) {
  options_.matchThreshold = oks;
  canvasPane_->filterBar()->setValues(options_);
  applyOptions();
  redrawCurrent();  // the matches of the scene depend on the threshold
}

void InspectView::resetDisplayFilters() {
  posescope::resetDisplayFilters(options_);
  canvasPane_->filterBar()->setValues(options_);
  applyOptions();
  redrawCurrent();  // the matches of the scene depend on the threshold
}

void InspectView::updateFilterBanner() {
  const ImageRecord* record = currentRecord();
  const OverlayScene scene = record ? sceneOf(*record) : OverlayScene{};
  filterBanner()->showFilters(options_, record ? &scene : nullptr);
}

void InspectView::followRunFilters(const QString& runDir) {
  const CanvasPane::FiltersFollowed followed = canvasPane_->followRun(runDir, options_);
  if (followed.reset) applyOptions();
  if (!followed.note.isEmpty()) Q_EMIT displayFiltersFollowedRun(followed.note);
}

void InspectView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  requestMapsIfNeeded();  // the joint grid became visible: it needs the maps
}

const ImageRecord* InspectView::currentRecord() const {
  return current_ ? data_->recordOf(*current_) : nullptr;
}

QStringList InspectView::jointNames() const {
  QStringList names;
  for (const auto& n : data_->skeleton.jointNames) names.append(QString::fromStdString(n));
  return names;
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

void InspectView::requestMapsIfNeeded() {
  if (ImageMapsPtr maps = maps_->request(current_, options_)) showMaps(maps);
}

void InspectView::showMaps(const ImageMapsPtr& maps) {
  maps_->show(maps, options_.colormap);
  updateStatus();
  if (current_) Q_EMIT mapsShown(*current_);
}

void InspectView::applyOptions() {
  canvas()->setOptions(options_);
  colorBar()->setOptions(options_);
  colorBar()->setVisible(options_.showHeatmap && !data_->imported);
  legend()->setErrorLabelsShown(options_.showErrors);
  if (const ImageRecord* r = currentRecord()) {
    personPanel_->setScene(sceneOf(*r), options_);
    selectPerson(selectedPerson_);  // the table was reset: its row again
  }
  requestMapsIfNeeded();
  updateFilterBanner();
  updateStatus();
}

QString InspectView::inputsWarning() const {
  return canvasPane_->inputsWarning();
}

QString InspectView::statusText() const {
  return statusLabel()->text();
}

void InspectView::updateStatus() {
  canvasPane_->showStatus(*data_, current_, options_, layerBar_->jointText(),
                          {reader_->note(), maps_->note(), analysisNote_});
}

}  // namespace posescope
