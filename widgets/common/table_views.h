#pragma once
// The one look of the pages' tables of rows (records, images, deltas, metrics).

class QAbstractItemModel;
class QTableView;

namespace posescope {

/// Height in pixels of a table row: compact, one line of text.
inline constexpr int kTableRowHeight = 22;

/// A new table showing `model` (nullptr: set later): no row numbers, compact rows, whole rows
/// selected, the last column stretched to the edge, headers kept whole (keepHeadersWhole, again
/// whenever the columns change). Never fails.
QTableView* makeRowTable(QAbstractItemModel* model = nullptr);

/// Widens every interactive column of `table` whose header text would be cut ("ecode m" for
/// "decode ms") to fit it, and elides headers at the right rather than clipping them; call again
/// after setting column widths by hand. Never fails.
void keepHeadersWhole(QTableView* table);

}  // namespace posescope
