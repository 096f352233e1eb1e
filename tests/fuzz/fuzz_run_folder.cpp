// Fuzz target: a run folder being opened (run.json, records.jsonl, metrics.json, metrics.md,
// config.yaml, image_eval.jsonl), as the GUI, export, analyze and compare open one.
// Input: sections "@@ NAME\n<contents>" for each file; files without a section are absent.

#include <filesystem>

#include "fuzz_support.h"
#include "pipeline/run_folder.h"
#include "report/image_eval_reader.h"

namespace {

namespace fs = std::filesystem;

const fs::path& folder() {
  static const fs::path dir = [] {
    const char* base = std::getenv("TMPDIR");
    fs::path d =
        fs::path(base ? base : "/tmp") / ("posescope-fuzz-run-" + std::to_string(getpid()));
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

void writeFile(const fs::path& path, const std::string& text) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) std::abort();
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const fs::path& dir = folder();
  for (const char* name : {"run.json", "records.jsonl", "metrics.json", "metrics.md", "config.yaml",
                           "image_eval.jsonl"})
    fs::remove(dir / name);
  // Sections: "@@ " at a line start, the file name up to the newline, then its contents.
  size_t at = input.rfind("@@ ", 0) == 0 ? 0 : input.find("\n@@ ");
  while (at != std::string::npos) {
    const size_t nameStart = at + (input[at] == '\n' ? 4 : 3);
    const size_t nameEnd = input.find('\n', nameStart);
    if (nameEnd == std::string::npos) break;
    const std::string name = input.substr(nameStart, nameEnd - nameStart);
    const size_t next = input.find("\n@@ ", nameEnd);
    const std::string contents = input.substr(
        nameEnd + 1, next == std::string::npos ? std::string::npos : next - nameEnd - 1);
    if (name == "run.json" || name == "records.jsonl" || name == "metrics.json" ||
        name == "metrics.md" || name == "config.yaml" || name == "image_eval.jsonl")
      writeFile(dir / name, contents);
    at = next;
  }
  return posescope::fuzz::runOneInput([&] {
    (void)posescope::loadRunFolder(dir.string());
    if (fs::exists(dir / "image_eval.jsonl"))
      (void)posescope::loadImageEvaluations((dir / "image_eval.jsonl").string());
  });
}
