#pragma once
// Writes that a crash, a kill -9 or a full disk cannot leave half done: whole files replaced by
// rename, and append-only files that only ever hold whole lines.

#include <cstdint>
#include <string>

namespace posescope {

/// Replaces `path` with `text`: writes `path`.tmp, flushes it to disk, renames it over `path` and
/// flushes the folder, so a reader sees the old file or the new one, never a part. Throws
/// posescope::Error naming `path` and the system's reason (e.g. "File too large", "No space left
/// on device"); the old file is then untouched and the temporary one removed.
void writeFileAtomically(const std::string& path, const std::string& text);

/// An append-only text file of whole lines (records.jsonl, log.txt). Each line goes out in one
/// write; a write that fails part-way is cut back, so the file never ends in a torn line written
/// by this process (a kill -9 between two system calls can still tear one: readers drop an
/// unterminated last line).
class LineAppender {
 public:
  LineAppender() = default;
  /// Opens `path` for appending, creating it; `truncate` empties it first. Throws Error naming it.
  LineAppender(const std::string& path, bool truncate);
  ~LineAppender();
  LineAppender(const LineAppender&) = delete;
  LineAppender& operator=(const LineAppender&) = delete;

  /// Appends `line` and a newline; throws Error naming the file when the system refuses (the file
  /// is then as it was before the call).
  void append(const std::string& line);
  /// Flushes what was appended to disk (fdatasync); throws Error naming the file on failure.
  void sync();
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
};

}  // namespace posescope
