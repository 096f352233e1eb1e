#pragma once
// Read-only tree model over a merged experiment config (key, value, type).

#include <QAbstractItemModel>
#include <memory>
#include <vector>

#include "config/config_node.h"

namespace posescope {

/// Presents a ConfigNode as a two-level-or-deeper tree with columns Key, Value, Type.
class ConfigTreeModel : public QAbstractItemModel {
  Q_OBJECT
 public:
  enum Column { KeyColumn, ValueColumn, TypeColumn, ColumnCount };

  explicit ConfigTreeModel(QObject* parent = nullptr);
  ~ConfigTreeModel() override;

  /// Replaces the shown config (a deep copy is kept); an empty node clears the view.
  void setConfig(const ConfigNode& config);

  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  struct Item;
  Item* itemFor(const QModelIndex& index) const;
  std::unique_ptr<Item> root_;
};

}  // namespace posescope
