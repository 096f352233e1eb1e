#pragma once
// The one look of the pages' tables of rows (records, images, deltas, metrics).

class QAbstractItemModel;
class QTableView;

namespace posescope {

/// Height in pixels of a table row: compact, one line of text.
inline constexpr int kTableRowHeight = 22;

/// A new table showing `model` (nullptr: set later): no row numbers, compact rows, whole rows
/// selected, the last column stretched to the edge. Never fails.
QTableView* makeRowTable(QAbstractItemModel* model = nullptr);

}  // namespace posescope
