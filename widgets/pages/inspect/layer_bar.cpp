#include "widgets/pages/inspect/layer_bar.h"

#include <QAction>
#include <QComboBox>
#include <QSlider>
#include <QToolBar>
#include <QVBoxLayout>
#include <cmath>

namespace posescope {

namespace {

// The toolbar's action of `layer`.
constexpr std::size_t slot(OverlayLayer layer) {
  return static_cast<std::size_t>(layer);
}

}  // namespace

LayerBar::LayerBar(const RenderOptions& options, QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(buildLayerToolbar(options));
  layout->addWidget(buildStyleToolbar(options));
  // The joint box's index is the joint + 1: the maximum over joints comes first.
  auto jointKey = [this](Qt::Key key, auto slot) {
    auto* action = new QAction(this);
    action->setShortcut(QKeySequence(key));
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(action, &QAction::triggered, this, slot);
    jointActions_ << action;
  };
  jointKey(Qt::Key_BracketRight, [this] {
    const int joints = jointCount(), at = jointBox_->currentIndex() - 1;
    if (joints > 0) Q_EMIT jointChosen(at + 1 >= joints ? -1 : at + 1);
  });
  jointKey(Qt::Key_BracketLeft, [this] {
    const int joints = jointCount(), at = jointBox_->currentIndex() - 1;
    if (joints > 0) Q_EMIT jointChosen(at <= -1 ? joints - 1 : at - 1);
  });
  jointKey(Qt::Key_0, [this] { Q_EMIT jointChosen(-1); });
}

QWidget* LayerBar::buildLayerToolbar(const RenderOptions& options) {
  auto toggle = [&](const QString& text, const QString& key, OverlayLayer layer) {
    return addToggle(text, key, layer, showsLayer(options, layer));
  };
  toggle(tr("Predictions"), QStringLiteral("P"), OverlayLayer::Predictions);
  toggle(tr("Ground truth"), QStringLiteral("G"), OverlayLayer::GroundTruth);
  toggle(tr("Crowd"), QStringLiteral("C"), OverlayLayer::Crowd);
  toggle(tr("Matches"), QStringLiteral("M"), OverlayLayer::Matches);
  toggle(tr("Errors"), QStringLiteral("E"), OverlayLayer::Errors)
      ->setToolTip(tr("Each predicted joint in the colour of its error label (E)"));
  toggle(tr("Heatmap"), QStringLiteral("H"), OverlayLayer::Heatmap);
  toggle(tr("Tags"), QStringLiteral("T"), OverlayLayer::Tags);
  toggle(tr("Network res."), QStringLiteral("R"), OverlayLayer::NetworkResolution);
  auto* toolbar = new QToolBar;
  toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  for (QAction* a : layerActions_) toolbar->addAction(a);
  return toolbar;
}

QAction* LayerBar::addToggle(const QString& text, const QString& key, OverlayLayer layer, bool on) {
  auto* action = new QAction(text, this);
  action->setCheckable(true);
  action->setChecked(on);
  action->setShortcut(QKeySequence(key));
  // Active wherever the focus is on the page (the page adds the action too).
  action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  action->setToolTip(tr("%1 (%2)").arg(QString(text).remove('&'), key));
  connect(action, &QAction::toggled, this,
          [this, layer](bool checked) { Q_EMIT layerToggled(layer, checked); });
  layerActions_[slot(layer)] = action;
  return action;
}

// Joint, colormap, opacity, score style. The display filters get a row of their own (CanvasPane).
QWidget* LayerBar::buildStyleToolbar(const RenderOptions& options) {
  jointBox_ = new QComboBox;
  jointBox_->setObjectName(QStringLiteral("jointBox"));
  jointBox_->setToolTip(tr("Joint of the heatmap and tag layers ([ and ] step, 0 the maximum)"));
  connect(jointBox_, &QComboBox::activated, this,
          [this](int i) { Q_EMIT jointChosen(jointBox_->itemData(i).toInt()); });
  auto* colormapBox = new QComboBox;
  colormapBox->setObjectName(QStringLiteral("colormapBox"));
  for (const char* name : {"jet", "inferno", "viridis", "turbo"})
    colormapBox->addItem(QString::fromLatin1(name));
  colormapBox->setToolTip(tr("Heatmap colormap"));
  connect(colormapBox, &QComboBox::currentTextChanged, this, [this](const QString& name) {
    Q_EMIT colormapChosen(colormapFromName(name.toStdString()));
  });
  auto* scoreBox = new QComboBox;
  scoreBox->setObjectName(QStringLiteral("scoreStyleBox"));
  scoreBox->addItems({tr("score: size + opacity"), tr("score: size"), tr("score: opacity"),
                      tr("score: not shown")});
  scoreBox->setToolTip(tr("How a joint's score is drawn"));
  connect(scoreBox, &QComboBox::currentIndexChanged, this,
          [this](int i) { Q_EMIT scoreStyleChosen(i == 0 || i == 1, i == 0 || i == 2); });
  auto* opacity = new QSlider(Qt::Horizontal);
  opacity->setObjectName(QStringLiteral("opacitySlider"));
  opacity->setRange(0, 100);
  opacity->setValue(static_cast<int>(std::lround(options.heatmapOpacity * 100)));
  opacity->setMaximumWidth(80);
  opacity->setToolTip(tr("Heatmap and tag map opacity"));
  connect(opacity, &QSlider::valueChanged, this,
          [this](int v) { Q_EMIT opacityChosen(v / 100.0); });
  auto* toolbar = new QToolBar;
  toolbar->addWidget(jointBox_);
  toolbar->addWidget(colormapBox);
  toolbar->addWidget(opacity);
  toolbar->addWidget(scoreBox);
  return toolbar;
}

QList<QAction*> LayerBar::layerActions() const {
  return QList<QAction*>(std::begin(layerActions_), std::end(layerActions_));
}

void LayerBar::setLayerChecked(OverlayLayer layer, bool on) {
  layerActions_[slot(layer)]->setChecked(on);
}

void LayerBar::setNetworkLayersEnabled(bool enabled, const QString& note) {
  for (OverlayLayer layer :
       {OverlayLayer::Heatmap, OverlayLayer::Tags, OverlayLayer::NetworkResolution}) {
    layerActions_[slot(layer)]->setEnabled(enabled);
    layerActions_[slot(layer)]->setStatusTip(enabled ? QString() : note);
  }
}

void LayerBar::setJoints(const QStringList& names, int joint) {
  jointBox_->clear();
  jointBox_->addItem(tr("max over joints"), -1);
  for (int j = 0; j < names.size(); ++j) jointBox_->addItem(names[j], j);
  jointBox_->setCurrentIndex(joint + 1);
}

void LayerBar::setCurrentJoint(int joint) {
  jointBox_->setCurrentIndex(joint + 1);
}

int LayerBar::jointCount() const {
  return jointBox_->count() - 1;
}

QString LayerBar::jointText() const {
  return jointBox_->currentText();
}

}  // namespace posescope
