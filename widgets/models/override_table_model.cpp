#include "widgets/models/override_table_model.h"

namespace posescope {

QStringList splitCommandWords(const QString& text) {
  QStringList out;
  QString cur;
  QChar quote;
  bool inToken = false;
  for (QChar c : text) {
    if (!quote.isNull()) {
      if (c == quote) {
        quote = QChar();
      } else {
        cur += c;
      }
    } else if (c == '\'' || c == '"') {
      quote = c;
      inToken = true;
    } else if (c.isSpace()) {
      if (inToken) out << cur;
      cur.clear();
      inToken = false;
    } else {
      cur += c;
      inToken = true;
    }
  }
  if (inToken) out << cur;
  return out;
}

OverrideTableModel::OverrideTableModel(QObject* parent) : TableModelBase(parent) {}

void OverrideTableModel::setEntries(const QVector<Entry>& entries) {
  resetTo(entries_, entries);
}

QStringList OverrideTableModel::flatList() const {
  QStringList out;
  for (const Entry& e : entries_) {
    if (e.first.trimmed().isEmpty() && e.second.trimmed().isEmpty()) continue;
    out << e.first.trimmed() << e.second;
  }
  return out;
}

bool OverrideTableModel::setFromText(const QString& text) {
  const QStringList words = splitCommandWords(text);
  if (words.size() % 2 != 0) return false;
  QVector<Entry> entries;
  for (int i = 0; i < words.size(); i += 2) entries.append({words[i], words[i + 1]});
  setEntries(entries);
  return true;
}

int OverrideTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(entries_.size());
}

int OverrideTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant OverrideTableModel::data(const QModelIndex& index, int role) const {
  if (!isCell(index)) return {};
  if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
  const Entry& e = entries_[index.row()];
  return index.column() == KeyColumn ? e.first : e.second;
}

bool OverrideTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (role != Qt::EditRole || !isCell(index)) return false;
  Entry& e = entries_[index.row()];
  QString& cell = index.column() == KeyColumn ? e.first : e.second;
  const QString text = value.toString();
  if (cell == text) return true;
  cell = text;
  Q_EMIT dataChanged(index, index, {Qt::DisplayRole, Qt::EditRole});
  return true;
}

Qt::ItemFlags OverrideTableModel::flags(const QModelIndex& index) const {
  if (!isCell(index)) return Qt::NoItemFlags;
  return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

QVariant OverrideTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole || orientation != Qt::Horizontal) return {};
  if (section == KeyColumn) return tr("Key");
  if (section == ValueColumn) return tr("Value");
  return {};
}

bool OverrideTableModel::insertRows(int row, int count, const QModelIndex& parent) {
  if (parent.isValid() || row < 0 || row > rowCount() || count < 1) return false;
  beginInsertRows(parent, row, row + count - 1);
  entries_.insert(row, count, Entry());
  endInsertRows();
  return true;
}

bool OverrideTableModel::removeRows(int row, int count, const QModelIndex& parent) {
  if (parent.isValid() || row < 0 || count < 1 || row + count > rowCount()) return false;
  beginRemoveRows(parent, row, row + count - 1);
  entries_.remove(row, count);
  endRemoveRows();
  return true;
}

}  // namespace posescope
