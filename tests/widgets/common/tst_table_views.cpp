// Issue 53 item 12: after a sort by a header click a table once stayed scrolled mid-list; the
// pages' tables (makeRowTable) show the top of the new order.

#include <QHeaderView>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QTableView>
#include <QtTest>
#include <memory>

#include "widgets/common/table_views.h"

using namespace posescope;

namespace {

// 300 rows whose one column holds row numbers, descending: a sort reverses them.
QStandardItemModel* numberedRows(QObject* parent) {
  auto* model = new QStandardItemModel(0, 1, parent);
  for (int r = 300; r > 0; --r) {
    auto* item = new QStandardItem;
    item->setData(r, Qt::DisplayRole);
    model->appendRow(item);
  }
  return model;
}

// Clicks the header of column 0, as a person sorting by it does.
void clickFirstHeader(QTableView& table) {
  QHeaderView* header = table.horizontalHeader();
  const QPoint centre(header->sectionViewportPosition(0) + header->sectionSize(0) / 2,
                      header->height() / 2);
  QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, centre);
}

// The table scrolled to its end, shown.
void showScrolledToEnd(QTableView& table) {
  table.resize(300, 240);
  table.show();
  QVERIFY(QTest::qWaitForWindowExposed(&table));
  table.scrollToBottom();
  QVERIFY(table.verticalScrollBar()->value() > 0);
}

}  // namespace

class TestTableViews : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void headerSortShowsTheTopOfTheNewOrder() {
    QTableView* table = makeRowTable(numberedRows(this));
    std::unique_ptr<QTableView> owner(table);
    table->setSortingEnabled(true);
    table->sortByColumn(-1, Qt::AscendingOrder);
    showScrolledToEnd(*table);
    clickFirstHeader(*table);
    QCOMPARE(table->horizontalHeader()->sortIndicatorSection(), 0);
    QCOMPARE(table->verticalScrollBar()->value(), 0);
    // The first row in sight is the first of the order.
    QCOMPARE(table->indexAt(QPoint(2, 2)).row(), 0);
    QCOMPARE(table->model()->index(0, 0).data().toInt(), 1);
  }

  // A plain QTableView keeps its offset: what makeRowTable's tables are spared.
  void aPlainTableKeepsItsOffset() {
    auto* table = new QTableView;
    std::unique_ptr<QTableView> owner(table);
    table->setModel(numberedRows(this));
    table->setSortingEnabled(true);
    table->sortByColumn(-1, Qt::AscendingOrder);
    showScrolledToEnd(*table);
    const int before = table->verticalScrollBar()->value();
    clickFirstHeader(*table);
    QCOMPARE(table->horizontalHeader()->sortIndicatorSection(), 0);
    QCOMPARE(table->verticalScrollBar()->value(), before);
  }
};

QTEST_MAIN(TestTableViews)
#include "tst_table_views.moc"
