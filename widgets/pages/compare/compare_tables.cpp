#include "widgets/pages/compare/compare_tables.h"

#include <QHeaderView>
#include <QTableView>

#include "widgets/common/table_views.h"
#include "widgets/models/comparison_models.h"

namespace posescope {

QTableView* makeMetricTable(MetricComparisonModel* model) {
  QTableView* table = makeRowTable(model);
  table->setObjectName(QStringLiteral("metricTable"));
  table->setSelectionMode(QAbstractItemView::SingleSelection);
  QHeaderView* header = table->horizontalHeader();
  header->setSectionResizeMode(QHeaderView::Stretch);
  for (int column : {MetricComparisonModel::NameColumn, MetricComparisonModel::DeltaColumn,
                     MetricComparisonModel::IntervalColumn})
    header->setSectionResizeMode(column, QHeaderView::ResizeToContents);
  header->setTextElideMode(Qt::ElideMiddle);
  table->setTextElideMode(Qt::ElideMiddle);
  return table;
}

void fitMetricTableHeight(QTableView* table) {
  table->setMinimumHeight(table->horizontalHeader()->sizeHint().height() +
                          table->model()->rowCount() * kTableRowHeight + 2 * table->frameWidth() +
                          2);
}

QTableView* makeSummaryTable(SideBySideModel* model) {
  QTableView* table = makeRowTable(model);
  table->setSelectionMode(QAbstractItemView::SingleSelection);
  table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  table->setWordWrap(false);
  // Run folders differ at their ends (_A-arch, _B-arch): a narrow pane keeps both ends.
  table->setTextElideMode(Qt::ElideMiddle);
  return table;
}

}  // namespace posescope
