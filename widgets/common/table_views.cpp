#include "widgets/common/table_views.h"

#include <QHeaderView>
#include <QTableView>

namespace posescope {

void keepHeadersWhole(QTableView* table) {
  QHeaderView* header = table->horizontalHeader();
  header->setTextElideMode(Qt::ElideRight);  // never clipped mid-word
  for (int c = 0; c < header->count(); ++c) {
    if (header->sectionResizeMode(c) != QHeaderView::Interactive) continue;
    const int needed = header->sectionSizeHint(c);
    if (header->sectionSize(c) < needed) header->resizeSection(c, needed);
  }
}

void fitColumnsKeepingTextNarrow(QTableView* table, std::initializer_list<int> textColumns,
                                 int maxWidth) {
  table->setTextElideMode(Qt::ElideMiddle);
  table->resizeColumnsToContents();
  for (int column : textColumns)
    if (table->columnWidth(column) > maxWidth) table->setColumnWidth(column, maxWidth);
}

QTableView* makeRowTable(QAbstractItemModel* model) {
  auto* table = new QTableView;
  if (model) table->setModel(model);
  table->verticalHeader()->hide();
  table->verticalHeader()->setDefaultSectionSize(kTableRowHeight);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->horizontalHeader()->setStretchLastSection(true);
  auto fit = [table] { keepHeadersWhole(table); };
  QObject::connect(table->horizontalHeader(), &QHeaderView::sectionCountChanged, table, fit);
  fit();
  // sectionClicked comes after the header has flipped its sort indicator and the view sorted.
  QObject::connect(table->horizontalHeader(), &QHeaderView::sectionClicked, table, [table] {
    if (table->isSortingEnabled()) table->scrollToTop();
  });
  return table;
}

}  // namespace posescope
