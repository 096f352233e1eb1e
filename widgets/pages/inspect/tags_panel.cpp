#include "widgets/pages/inspect/tags_panel.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "widgets/common/table_views.h"
#include "widgets/models/run_tags_model.h"
#include "widgets/session/run_view_state.h"

namespace posescope {

TagsPanel::TagsPanel(QWidget* parent) : QWidget(parent) {
  model_ = new RunTagsModel(this);
  table_ = makeRowTable(model_);
  table_->setObjectName(QStringLiteral("tagsTable"));
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->horizontalHeader()->setStretchLastSection(true);
  connect(table_, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
    const auto& tags = model_->tags();
    if (index.row() >= 0 && index.row() < static_cast<int>(tags.size()))
      Q_EMIT imageRequested(tags[static_cast<std::size_t>(index.row())].imageId);
  });
  auto* tag = new QToolButton;
  tag->setObjectName(QStringLiteral("tagButton"));
  tag->setText(tr("Tag\u2026"));
  tag->setToolTip(
      tr("Tag the person selected, or the image shown, with a name and a note "
         "(kept in the run folder's tags.json)"));
  connect(tag, &QToolButton::clicked, this, &TagsPanel::tagRequested);
  auto* remove = new QToolButton;
  remove->setText(tr("Remove"));
  remove->setToolTip(tr("Remove the tag selected in the list"));
  connect(remove, &QToolButton::clicked, this, [this] {
    const QModelIndex current = table_->currentIndex();
    if (view_ && current.isValid()) view_->removeTag(static_cast<std::size_t>(current.row()));
  });
  auto* header = new QHBoxLayout;
  header->setContentsMargins(0, 0, 0, 0);
  header->addWidget(new QLabel(tr("<b>Tags</b>")), 1);
  header->addWidget(tag);
  header->addWidget(remove);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(1);
  layout->addLayout(header);
  layout->addWidget(table_, 1);
}

void TagsPanel::followView(RunViewState* view) {
  view_ = view;
  connect(view_, &RunViewState::tagsChanged, this, [this] { model_->setTags(view_->tags()); });
}

std::optional<TagsPanel::EnteredTag> TagsPanel::askTag(bool person) {
  QDialog dialog(this);
  dialog.setWindowTitle(person ? tr("Tag the Person") : tr("Tag the Image"));
  auto* name = new QComboBox;
  name->setEditable(true);
  QStringList known;
  if (view_)
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
  if (dialog.exec() != QDialog::Accepted) return std::nullopt;
  return EnteredTag{name->currentText(), note->text()};
}

RunTag runTagOf(const ImageRecord& record, int person, const RunAnalysis* analysis,
                const QString& tag, const QString& note) {
  RunTag entry;
  entry.imageId = record.imageId;
  entry.tag = tag.trimmed().toStdString();
  entry.note = note.trimmed().toStdString();
  if (person >= 0 && analysis) {
    const auto& detections = analysis->detectionsOf(record.imageId);
    if (person < static_cast<int>(detections.size()))
      entry.detection =
          analysis->analysis.detections[detections[static_cast<std::size_t>(person)]].index;
  }
  return entry;
}

}  // namespace posescope
