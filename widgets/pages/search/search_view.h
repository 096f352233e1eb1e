#pragma once
// The Search page: a search folder's candidates as AP against MACs (or latency, or parameters),
// coloured by generation, with the Pareto front and the budget; the candidates' table with the
// selected candidate's run folder; the search's progress, with Resume and Cancel of
// `posescope-cli search` on the folder.

#include <QWidget>
#include <optional>

#include "widgets/session/search_session.h"

class QComboBox;
class QCPGraph;
class QCustomPlot;
class QLabel;
class QLayout;
class QPlainTextEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace posescope {

class ArchEditModel;
class ElidedLabel;
class ParetoScatter;
class SearchCandidateModel;

class SearchView : public QWidget {
  Q_OBJECT
 public:
  /// What the horizontal axis shows.
  enum class Axis { Gmacs, LatencyMs, ParametersM };

  /// Presents `session` (not owned; it outlives the view).
  explicit SearchView(SearchSession* session, QWidget* parent = nullptr);

  void setAxis(Axis axis);
  Axis axis() const { return axis_; }
  /// Selects the candidate `key` in the table and the plot; false when there is none.
  bool selectCandidate(const QString& key);
  /// The candidates selected in the table, in selection order.
  QStringList selectedKeys() const;
  /// The candidate drawn nearest to plot pixel `pos`, within 10 px.
  std::optional<QString> candidateNear(const QPointF& pos) const;
  /// The progress line above the plot (the whole line; it is shown cut at the left).
  QString progressText() const;
  /// The selected candidate's run folder above the table, cut at the left to its width.
  ElidedLabel* candidatePathLabel() const { return candidatePath_; }
  /// Writes the table's Pareto front as CSV to `csvPath` and as JSON beside it
  /// (search::writeParetoFront) on a pool thread; the progress line then names the files written
  /// or says why not.
  void exportFront(const QString& csvPath);

  /// Loads candidate `key`'s architecture into the editor (the Edit architecture tab); false
  /// when there is no such candidate.
  bool editCandidate(const QString& key);
  /// The editor's parameters and MACs line.
  QString editedCostText() const;
  /// Evaluates the edited architecture with the search's settings
  /// (`posescope-cli search-candidate`); it joins the plot as "edited" when scored.
  void evaluateEdited();

  /// The scatter of the candidates (the shared ParetoScatter).
  QCustomPlot* plot() const;
  ArchEditModel* archEditModel() const { return archEdit_; }
  SearchCandidateModel* model() const { return model_; }
  QTableView* table() const { return table_; }
  QPushButton* compareButton() const { return compare_; }
  QPushButton* inspectButton() const { return inspect_; }
  /// The graph of the Pareto front.
  QCPGraph* frontGraph() const;

 Q_SIGNALS:
  /// Open the run folder of a candidate in Inspect.
  void openRunRequested(const QString& runDir);
  /// Compare two candidates' run folders on the Compare page.
  void compareRequested(const QString& runDirA, const QString& runDirB);
  void openFolderRequested();

 private:
  /// Open, Resume, Cancel, Export Front… and the x axis.
  QLayout* buildTopBar();
  /// The candidates, the architecture editor and the log, as tabs under the plot.
  QWidget* buildLowerTabs();
  /// The candidates table under its buttons and the selected candidate's folder.
  QWidget* buildCandidatesTab();
  /// The edited architecture's cost above its table, Evaluate under it.
  QWidget* buildEditorTab();
  void connectControls();
  /// The search's progress, failures and log lines.
  void connectSession();
  /// Every scored candidate of the table, copied.
  std::vector<search::CandidateScore> scoredCandidates() const;
  void showSnapshot();
  void replot();
  void updateButtons();
  void showCandidatePath();
  double xValue(const search::CandidateScore& c) const;
  QString runDirOf(const QString& key) const;
  void updateEditedCost();

  SearchSession* session_;
  Axis axis_ = Axis::Gmacs;
  ElidedLabel* progress_;
  QPushButton *open_, *resume_, *cancel_, *export_, *inspect_, *compare_, *exportCandidate_,
      *editSelected_, *evaluate_;
  QTabWidget* lowerTabs_;
  ArchEditModel* archEdit_;
  QLabel* editedCost_;
  QComboBox* axisChoice_;
  ParetoScatter* plot_;
  SearchCandidateModel* model_;
  QSortFilterProxyModel* proxy_;
  QTableView* table_;
  ElidedLabel* candidatePath_;
  QPlainTextEdit* log_;
};

}  // namespace posescope
