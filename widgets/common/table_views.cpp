#include "widgets/common/table_views.h"

#include <QHeaderView>
#include <QTableView>

namespace posescope {

QTableView* makeRowTable(QAbstractItemModel* model) {
  auto* table = new QTableView;
  if (model) table->setModel(model);
  table->verticalHeader()->hide();
  table->verticalHeader()->setDefaultSectionSize(kTableRowHeight);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->horizontalHeader()->setStretchLastSection(true);
  return table;
}

}  // namespace posescope
