#include "widgets/models/config_tree_model.h"

#include <functional>

namespace posescope {

struct ConfigTreeModel::Item {
  QString key;
  QString path;
  QString value;
  QString type;
  Item* parent = nullptr;
  int row = 0;
  std::vector<std::unique_ptr<Item>> children;
};

namespace {

QString typeName(const ConfigValue& v) {
  switch (v.type()) {
    case ConfigValue::Type::None:
      return QStringLiteral("none");
    case ConfigValue::Type::Bool:
      return QStringLiteral("bool");
    case ConfigValue::Type::Int:
      return QStringLiteral("int");
    case ConfigValue::Type::Double:
      return QStringLiteral("float");
    case ConfigValue::Type::String:
      return QStringLiteral("str");
    case ConfigValue::Type::List:
      return QStringLiteral("list");
  }
  return {};
}

}  // namespace

ConfigTreeModel::ConfigTreeModel(QObject* parent)
    : QAbstractItemModel(parent), root_(std::make_unique<Item>()) {}

ConfigTreeModel::~ConfigTreeModel() = default;

void ConfigTreeModel::setConfig(const ConfigNode& config) {
  beginResetModel();
  root_ = std::make_unique<Item>();
  // Recursive build; config trees are a few levels deep, so recursion depth is no concern.
  std::function<void(const ConfigNode&, Item*)> build = [&](const ConfigNode& node, Item* parent) {
    for (const auto& entry : node.entries()) {
      auto item = std::make_unique<Item>();
      item->key = QString::fromStdString(entry.key);
      item->path = parent->path.isEmpty() ? item->key : parent->path + '.' + item->key;
      item->parent = parent;
      item->row = static_cast<int>(parent->children.size());
      if (entry.child) {
        item->type = QStringLiteral("node");
        build(*entry.child, item.get());
      } else if (entry.value) {
        item->value = QString::fromStdString(entry.value->toLiteral());
        item->type = typeName(*entry.value);
      }
      parent->children.push_back(std::move(item));
    }
  };
  build(config, root_.get());
  endResetModel();
}

ConfigTreeModel::Item* ConfigTreeModel::itemFor(const QModelIndex& index) const {
  return index.isValid() ? static_cast<Item*>(index.internalPointer()) : root_.get();
}

QModelIndex ConfigTreeModel::index(int row, int column, const QModelIndex& parent) const {
  if (column < 0 || column >= ColumnCount || (parent.isValid() && parent.column() != 0)) return {};
  Item* p = itemFor(parent);
  if (row < 0 || row >= static_cast<int>(p->children.size())) return {};
  return createIndex(row, column, p->children[static_cast<size_t>(row)].get());
}

QModelIndex ConfigTreeModel::parent(const QModelIndex& child) const {
  if (!child.isValid()) return {};
  Item* p = static_cast<Item*>(child.internalPointer())->parent;
  if (!p || p == root_.get()) return {};
  return createIndex(p->row, 0, p);
}

int ConfigTreeModel::rowCount(const QModelIndex& parent) const {
  if (parent.isValid() && parent.column() != 0) return 0;
  return static_cast<int>(itemFor(parent)->children.size());
}

int ConfigTreeModel::columnCount(const QModelIndex&) const {
  return ColumnCount;
}

QVariant ConfigTreeModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
  const Item* item = itemFor(index);
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case KeyColumn:
        return item->key;
      case ValueColumn:
        return item->value;
      case TypeColumn:
        return item->type;
    }
  }
  if (role == Qt::ToolTipRole) return item->path;
  return {};
}

QVariant ConfigTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case KeyColumn:
      return tr("Key");
    case ValueColumn:
      return tr("Value");
    case TypeColumn:
      return tr("Type");
  }
  return {};
}

}  // namespace posescope
