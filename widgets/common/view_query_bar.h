#pragma once
// The query bar of a view (docs/views.md) above an image list: the query with completions, the
// run folder's saved views, Save View, and under it how many images the view keeps or why it
// hides none.

#include <QStringList>
#include <QWidget>

class QComboBox;
class QCompleter;
class QLabel;
class QLineEdit;
class QStringListModel;
class QTimer;
class QToolButton;

namespace posescope {

class RunViewState;

/// What a query's text lets follow at `cursor`: the word being typed starts at `start`, and
/// `candidates` are what may replace it (property names, "not" and "and"; operators after a
/// property; a choice property's values, true / false, or the run's tag names after its
/// operator).
struct QueryCompletions {
  int start = 0;
  QStringList candidates;
};
/// The completions of `text` with the cursor at `cursor` (what the bar's popup offers);
/// `tagNames` are offered after a tag property's operator (quoted when not one word).
QueryCompletions queryCompletions(const QString& text, int cursor,
                                  const QStringList& tagNames = {});

/// Applies its text to a RunViewState once typing stops (debounced) or on Enter, and shows the
/// state's status under it (red for an error: its column and did-you-mean). Every bar following
/// the same state shows the same query. Never throws.
class ViewQueryBar : public QWidget {
  Q_OBJECT
 public:
  explicit ViewQueryBar(QWidget* parent = nullptr);

  /// Follows `view`: its query, status and saved views.
  void followView(RunViewState* view);
  /// Saves the query shown under `name` (Save View… asks for it) and says so (the saved views' box
  /// shows the name, the status line names it); false as RunViewState::saveView.
  bool saveView(const QString& name);

  QLineEdit* edit() const { return edit_; }
  QCompleter* completer() const { return completer_; }
  QComboBox* savedViews() const { return saved_; }
  /// The line under the query ("" when hidden).
  QString statusText() const;

 private:
  void apply();
  void complete();
  void insertCompletion(const QString& completion);
  void showState();
  void listSavedViews();

  RunViewState* view_ = nullptr;
  QLineEdit* edit_ = nullptr;
  QCompleter* completer_ = nullptr;
  QStringListModel* candidates_ = nullptr;
  int completionStart_ = 0;
  QComboBox* saved_ = nullptr;
  QToolButton* save_ = nullptr;
  QLabel* status_ = nullptr;
  QTimer* debounce_ = nullptr;
};

}  // namespace posescope
