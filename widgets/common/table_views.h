#pragma once
// The one look of the pages' tables of rows (records, images, deltas, metrics).

#include <initializer_list>

class QAbstractItemModel;
class QTableView;

namespace posescope {

/// Height in pixels of a table row: compact, one line of text.
inline constexpr int kTableRowHeight = 22;

/// A new table showing `model` (nullptr: set later): no row numbers, compact rows, whole rows
/// selected, the last column stretched to the edge, headers kept whole (keepHeadersWhole, again
/// whenever the columns change). Once sorting is enabled, a header click that sorts shows the top
/// of the new order (a table keeps its scroll offset otherwise, the middle of a list the user
/// asked to rank). Never fails.
QTableView* makeRowTable(QAbstractItemModel* model = nullptr);

/// Widens every interactive column of `table` whose header text would be cut ("ecode m" for
/// "decode ms") to fit it, and elides headers at the right rather than clipping them; call again
/// after setting column widths by hand. Never fails.
void keepHeadersWhole(QTableView* table);

/// Fits every column of `table` to its contents, then narrows each of `textColumns` (names and
/// paths) to at most `maxWidth` pixels, cells elided in the middle so that both the start and
/// the end that tells runs apart stay in sight; the tooltip of such a cell should hold the whole
/// text. Keeps the columns after them on screen. Never fails.
void fitColumnsKeepingTextNarrow(QTableView* table, std::initializer_list<int> textColumns,
                                 int maxWidth);

}  // namespace posescope
