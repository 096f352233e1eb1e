#pragma once
// The Compare page's per-image table: every image of the pair (where B loses most first), or
// only those of a chart bar's error under a line naming them.

#include <QString>
#include <QWidget>
#include <cstdint>
#include <optional>
#include <vector>

#include "report/run_comparison.h"
#include "widgets/session/triage_queues.h"

class QLabel;
class QSpinBox;
class QTableView;

namespace posescope {

class ImageDeltaModel;

/// Lists the images given in the page's order, or the images of an ImageQueue (a click on a bar
/// of run A's or B's AP-if-fixed chart: the images with that error, most of it first) in the
/// queue's order with its key beside the file, the first N of them if asked, and a way back to
/// all. Never throws.
class CompareImageList : public QWidget {
  Q_OBJECT
 public:
  /// Lists into `model` (the page's; it outlives the list).
  explicit CompareImageList(ImageDeltaModel* model, QWidget* parent = nullptr);

  /// Lists all of `images`: they are another pair's, which a selection did not name.
  void setImages(std::vector<ImageDelta> images);
  /// The same images in another order; a selection stays, in its own order.
  void reorder(std::vector<ImageDelta> images);
  /// Lists only the images of `queue`, a chart bar's of run `run` ("A" or B"), all of them.
  void showSelection(const QString& run, const ImageQueue& queue);
  /// Keeps only the first `count` images of the selection (0: all); nothing without one.
  void keepSelectionTop(int count);
  /// Lists every image again; false when they already were.
  bool showAll();
  /// The line naming the images listed, or "" when all are.
  QString selectionText() const;
  /// Selects the row of `imageId` (when listed) without announcing it.
  void selectImage(std::int64_t imageId);

 Q_SIGNALS:
  /// The user chose the row of image `imageId`.
  void imageChosen(qint64 imageId);
  /// The selection's images are listed anew (a new selection, another count): none is chosen.
  void selectionListed();

 private:
  /// The images listed: all, or the selection's first ones in its order.
  std::vector<ImageDelta> imagesListed() const;
  /// Back to every image, the selection's line and key column hidden.
  void forgetSelection();

  ImageDeltaModel* model_ = nullptr;
  std::vector<ImageDelta> images_;       // all of them, in the page's order
  std::optional<ImageQueue> selection_;  // a chart bar's images, or none: all
  QString selectionRun_;                 // the run whose chart bar the selection is of
  QTableView* table_ = nullptr;
  QWidget* selectionBar_ = nullptr;  // above the table while selection_ is set
  QLabel* selectionLabel_ = nullptr;
  QSpinBox* selectionTop_ = nullptr;  // keeps the selection's first images
};

}  // namespace posescope
