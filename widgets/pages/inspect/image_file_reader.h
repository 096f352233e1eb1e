#pragma once
// The Inspect page's image files, read on pool threads (ImageDecoder) for the canvas.

#include <QImage>
#include <QObject>

#include "pipeline/image_record.h"

namespace posescope {

class ImageDecoder;

/// The file of the image shown as the canvas draws it: its pixels when read, otherwise a dark
/// placeholder as large as its people while it is read (awaitedRead follows) or when it cannot
/// be (note() says which). The neighbours of the image shown are read ahead. Never throws.
class ImageFileReader : public QObject {
  Q_OBJECT
 public:
  explicit ImageFileReader(QObject* parent = nullptr);

  /// The pixels of `path`, the file of `record`, or the placeholder; asks for it when not read.
  QImage imageOf(const QString& path, const ImageRecord& record);
  /// Whether the file last asked for by imageOf() is still being read.
  bool reading() const { return !awaitedPath_.isEmpty(); }
  /// "reading the image…", why it could not be read, or "".
  QString note() const { return note_; }
  /// Reads `path` ahead of a step to its image.
  void readAhead(const QString& path);
  /// Forgets every file read (they may have changed since).
  void clear();

 Q_SIGNALS:
  /// The file imageOf() last waited for is read: imageOf() now gives its pixels.
  void awaitedRead();

 private:
  ImageDecoder* decoder_ = nullptr;
  QString awaitedPath_;  // the file of the image shown while it is read ("" once drawn)
  QString note_;
};

}  // namespace posescope
