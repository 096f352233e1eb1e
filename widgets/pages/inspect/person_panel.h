#pragma once
// The Inspect page's right-hand side: the joint grid, the people of the image shown and the
// selected person's error labels.

#include <QSplitter>

#include "render/render_options.h"
#include "render/run_overlay_data.h"
#include "widgets/session/run_analysis.h"

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace posescope {

class JointGrid;
class PeopleTableModel;
class PersonErrorsModel;

/// Three sections one above the other: `grid` (its maps are InspectView's to draw), the people of
/// the image shown (sortable; choosing a row asks for that person, personChosen), and the selected
/// person's verdict above its joints' labels and keypoint similarities. Never throws.
class PersonPanel : public QSplitter {
  Q_OBJECT
 public:
  explicit PersonPanel(JointGrid* grid, QWidget* parent = nullptr);

  PersonErrorsModel* errorsModel() const { return errors_; }
  /// The person section's summary (label, score, OKS, matched ground truth).
  QString summary() const;

  /// The people table lists `scene` as `options` draw it.
  void setScene(const OverlayScene& scene, const RenderOptions& options);
  /// Selects the row of predicted person `person` (-1: no row).
  void selectRow(int person);
  /// Shows person `person` of `record` (nullptr or -1: none), labelled by `analysis` when there
  /// is one; otherwise only its score, and `analysisNote` (why there is no analysis) or that it
  /// is not ready yet.
  void showPerson(const RunOverlayData& data, const ImageRecord* record, int person,
                  const RunAnalysis* analysis, const QString& analysisNote);

 Q_SIGNALS:
  /// A predicted person's row became the current one.
  void personChosen(int person);

 private:
  QWidget* buildPeoplePane();
  QWidget* buildPersonPane();

  PeopleTableModel* people_ = nullptr;
  QSortFilterProxyModel* peopleProxy_ = nullptr;
  QTableView* peopleTable_ = nullptr;
  PersonErrorsModel* errors_ = nullptr;
  QLabel* summary_ = nullptr;
};

}  // namespace posescope
