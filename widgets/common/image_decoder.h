#pragma once
// The pages' one image decoder: the pixels the evaluation reads (OpenCV, as stored, no EXIF
// turn), decoded on a pool thread and kept for the next look, so no page decodes on the GUI
// thread.

#include <QImage>
#include <QObject>
#include <QSet>
#include <QString>
#include <list>
#include <optional>

namespace posescope {

/// `path` decoded as the evaluation reads it, as RGB888. Throws posescope::Error naming the file
/// when it cannot be read. Touches no widget: safe on any thread.
QImage decodeImage(const QString& path);

/// Decodes images for a page in the background and keeps the last few.
class ImageDecoder : public QObject {
  Q_OBJECT
 public:
  /// What decoding a file gave: the image, or why there is none.
  struct Decoded {
    QImage image;   // null on failure
    QString error;  // empty on success
  };
  /// How many decoded files are kept (failures included: one is tried again once it leaves).
  static constexpr std::size_t kKept = 8;

  explicit ImageDecoder(QObject* parent = nullptr);

  /// What decoding `path` gave, when it is among the kept ones; nullopt otherwise.
  std::optional<Decoded> cached(const QString& path) const;
  /// Decodes `path` on a pool thread unless it is kept or being decoded; decoded() follows on
  /// this object's thread.
  void request(const QString& path);
  /// Forgets every kept file (they may have changed on disk); decodes under way then report
  /// nothing, and a new request reads the file again.
  void clear();

 Q_SIGNALS:
  /// `path` is decoded (or failed): cached(path) now holds it.
  void decoded(const QString& path);

 private:
  void keep(const QString& path, Decoded decoded);

  std::list<std::pair<QString, Decoded>> kept_;  // most recently used first
  QSet<QString> pending_;
  int generation_ = 0;  // counts clear(): a decode from before one is dropped
};

}  // namespace posescope
