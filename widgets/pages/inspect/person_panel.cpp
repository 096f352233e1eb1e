#include "widgets/pages/inspect/person_panel.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include "widgets/common/table_views.h"
#include "widgets/models/people_table_model.h"
#include "widgets/models/person_errors_model.h"
#include "widgets/pages/inspect/joint_grid.h"

namespace posescope {

PersonPanel::PersonPanel(JointGrid* grid, QWidget* parent) : QSplitter(Qt::Vertical, parent) {
  addWidget(grid);
  addWidget(buildPeoplePane());
  addWidget(buildPersonPane());
  setStretchFactor(0, 3);
  setStretchFactor(1, 2);
  setStretchFactor(2, 3);
  setChildrenCollapsible(false);
  setMinimumWidth(200);
}

QWidget* PersonPanel::buildPeoplePane() {
  people_ = new PeopleTableModel(this);
  peopleProxy_ = new QSortFilterProxyModel(this);
  peopleProxy_->setSourceModel(people_);
  peopleProxy_->setSortRole(Qt::UserRole);
  peopleTable_ = makeRowTable(peopleProxy_);
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
            if (row >= 0 && row < static_cast<int>(rows.size()) && rows[row].person >= 0)
              Q_EMIT personChosen(rows[row].person);
          });
  auto* pane = new QWidget;
  auto* layout = new QVBoxLayout(pane);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(new QLabel(tr("<b>People</b> (score, OKS of the match)")));
  layout->addWidget(peopleTable_, 1);
  return pane;
}

// The selected person's verdict above its joints' labels and keypoint similarities.
QWidget* PersonPanel::buildPersonPane() {
  errors_ = new PersonErrorsModel(this);
  summary_ = new QLabel;
  summary_->setObjectName(QStringLiteral("personSummary"));
  summary_->setWordWrap(true);
  summary_->setTextFormat(Qt::RichText);
  summary_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* table = makeRowTable(errors_);
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
  layout->addWidget(summary_);
  layout->addWidget(table, 1);
  return pane;
}

QString PersonPanel::summary() const {
  return summary_->text();
}

void PersonPanel::setScene(const OverlayScene& scene, const RenderOptions& options) {
  people_->setScene(scene, options);
}

void PersonPanel::selectRow(int person) {
  // Rows are sorted by the view: the person's row is looked up through the proxy.
  const auto& rows = people_->rows();
  for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
    if (rows[r].person != person || person < 0) continue;
    const QModelIndex at = peopleProxy_->mapFromSource(people_->index(r, 0));
    if (at.isValid() && peopleTable_->selectionModel()->currentIndex().row() != at.row())
      peopleTable_->selectionModel()->setCurrentIndex(
          at, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  }
  if (person < 0) peopleTable_->selectionModel()->clear();
}

void PersonPanel::showPerson(const RunOverlayData& data, const ImageRecord* record, int person,
                             const RunAnalysis* analysis, const QString& analysisNote) {
  if (!record || person < 0) {
    errors_->clear();
  } else if (analysis) {
    errors_->setPerson(PersonErrorsModel::personOf(*analysis, *record, person),
                       data.skeleton.jointNames);
  } else {
    PersonErrorsModel::Person shown;
    shown.person = person;
    shown.score = record->people[static_cast<std::size_t>(person)].score;
    errors_->setPerson(shown, {});
  }
  QString text = errors_->summary();
  if (!analysis && person >= 0)
    text += QStringLiteral("<br>") + (analysisNote.isEmpty()
                                          ? tr("The error analysis is not ready yet.")
                                          : analysisNote.toHtmlEscaped());
  summary_->setText(text);
}

}  // namespace posescope
