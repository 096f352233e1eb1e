// Gives TCMalloc its memory from the system in 2 MiB-aligned blocks advised for transparent huge
// pages, so that filling a fresh heap takes one page fault per 2 MiB instead of one per 4 KiB.
//
// Why: on virtual machines like this project's a page fault is expensive. `posescope-cli metrics`
// on the generated 5,000-image set took 9.2k faults and 150 ms, of which a third was the kernel
// mapping pages for the JSON parser's indexes and TCMalloc's free lists; with this allocator 2.1k
// faults and 108 ms (`perf stat -e page-faults,task-clock`, docs/performance.md). The
// network forward is unchanged: TCMalloc already keeps its activations.
//
// Linked into every program through posescope_allocator (cmake/Allocator.cmake); installed by a
// static initialiser, so it serves what TCMalloc takes from the system from then on. A refused
// mapping falls back to TCMalloc's own system allocator; a refused advice only costs speed.

#include <gperftools/malloc_extension.h>
#include <sys/mman.h>

#include <cstddef>
#include <cstdint>

namespace {

constexpr std::size_t kHugePage = std::size_t(2) << 20;

std::size_t roundUp(std::size_t n, std::size_t to) {
  return (n + to - 1) / to * to;
}

class HugePageSystemAllocator : public SysAllocator {
 public:
  explicit HugePageSystemAllocator(SysAllocator* fallback) : fallback_(fallback) {}

  void* Alloc(std::size_t size, std::size_t* actualSize, std::size_t alignment) override {
    const std::size_t align = alignment > kHugePage ? roundUp(alignment, kHugePage) : kHugePage;
    const std::size_t length = roundUp(size, kHugePage);
    // Map more than asked, then unmap the ends so the block starts on an aligned address.
    const std::size_t span = length + align;
    void* raw = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) {
      return fallback_ ? fallback_->Alloc(size, actualSize, alignment) : nullptr;
    }
    const auto start = reinterpret_cast<std::uintptr_t>(raw);
    const std::uintptr_t aligned = roundUp(start, align);
    if (aligned > start) munmap(raw, aligned - start);
    const std::uintptr_t end = aligned + length;
    if (start + span > end) munmap(reinterpret_cast<void*>(end), start + span - end);
    madvise(reinterpret_cast<void*>(aligned), length, MADV_HUGEPAGE);
    if (actualSize) *actualSize = length;
    return reinterpret_cast<void*>(aligned);
  }

 private:
  SysAllocator* fallback_;
};

const bool kInstalled = [] {
  MallocExtension* tcmalloc = MallocExtension::instance();
  static HugePageSystemAllocator allocator(tcmalloc->GetSystemAllocator());
  tcmalloc->SetSystemAllocator(&allocator);
  return true;
}();

}  // namespace
