#pragma once
// Reads records.jsonl as a crash left it: every newline-terminated line is a record; an
// unterminated last line is a write that a kill cut short and is dropped with a note.

#include <cstdint>
#include <string>
#include <vector>

#include "pipeline/image_record.h"

namespace posescope {

/// The whole records of a records.jsonl file.
struct RecordsFile {
  std::vector<ImageRecord> records;
  std::uint64_t wholeLinesBytes = 0;  // length of the file up to its last newline
  std::string note;                   // set when a torn last line was dropped
};

/// Reads `path` (a missing file has no records). Throws posescope::Error naming the file and line
/// for a terminated line that is not a record: only the unterminated tail is forgiven.
RecordsFile readRecordsFile(const std::string& path);

/// Cuts `path` back to its last newline, so appending continues after a whole line (a missing
/// file is left missing). Throws posescope::Error naming the file when it cannot.
void cutToWholeLines(const std::string& path);

}  // namespace posescope
