#pragma once
// The KEY VALUE overrides of a run, as an editable two-column table.

#include <QPair>
#include <QVector>
#include "widgets/models/table_model_base.h"

namespace posescope {

/// Rows of (key, value) in the order valid.py would receive them; both columns are editable.
/// Rows with an empty key are ignored by overrides(); validation reports them.
class OverrideTableModel : public TableModelBase {
  Q_OBJECT
 public:
  enum Column { KeyColumn, ValueColumn, ColumnCount };
  using Entry = QPair<QString, QString>;

  explicit OverrideTableModel(QObject* parent = nullptr);

  /// Replaces all rows.
  void setEntries(const QVector<Entry>& entries);
  const QVector<Entry>& entries() const { return entries_; }
  /// The flat KEY VALUE list, skipping rows where both cells are empty.
  QStringList flatList() const;
  /// Parses "KEY VALUE KEY VALUE" (quotes group, as a shell does); returns false and leaves the
  /// table unchanged when the count of words is odd.
  bool setFromText(const QString& text);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;
  bool insertRows(int row, int count, const QModelIndex& parent = {}) override;
  bool removeRows(int row, int count, const QModelIndex& parent = {}) override;

 private:
  QVector<Entry> entries_;
};

/// Splits a command-line-like text into words; quotes group ("'[0.5, 1]'"). Never fails.
QStringList splitCommandWords(const QString& text);

}  // namespace posescope
