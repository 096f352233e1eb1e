#pragma once
// What the pages' table models share: index checks, resets, the roles of a numeric cell.

#include <QAbstractTableModel>
#include <utility>

namespace posescope {

/// Base of every flat table model of the GUI. Models keep value structs; this adds the checks
/// and role handling they would otherwise each write again.
class TableModelBase : public QAbstractTableModel {
 public:
  using QAbstractTableModel::QAbstractTableModel;

  /// Text alignment of numbers (Qt::TextAlignmentRole).
  static constexpr int kNumberAlignment = int(Qt::AlignRight) | int(Qt::AlignVCenter);

  /// The data of a numeric cell for `role`: `text` shown, `toolTip`, the exact `value` under
  /// Qt::UserRole (what sorting and tests read), right-aligned; nothing for other roles.
  static QVariant numberCell(int role, double value, const QVariant& text,
                             const QVariant& toolTip = {}) {
    switch (role) {
      case Qt::DisplayRole:
        return text;
      case Qt::ToolTipRole:
        return toolTip;
      case Qt::UserRole:
        return value;
      case Qt::TextAlignmentRole:
        return kNumberAlignment;
      default:
        return {};
    }
  }

 protected:
  /// Whether `index` is a cell of this table (valid, of this model, no parent).
  bool isCell(const QModelIndex& index) const {
    return checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid);
  }
  /// Replaces `member` with `value` between beginResetModel and endResetModel.
  template <typename T, typename V>
  void resetTo(T& member, V&& value) {
    beginResetModel();
    member = std::forward<V>(value);
    endResetModel();
  }
};

}  // namespace posescope
