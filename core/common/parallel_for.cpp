#include "common/parallel_for.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace posescope {

void parallelFor(std::size_t count, int threads, const std::function<void(std::size_t)>& work,
                 std::size_t minPerThread) {
  std::size_t workers = threads > 0 ? static_cast<std::size_t>(threads)
                                    : std::max(1u, std::thread::hardware_concurrency());
  workers = std::min(workers, count / std::max<std::size_t>(minPerThread, 1) + 1);
  if (workers <= 1) {
    for (std::size_t i = 0; i < count; ++i) work(i);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> pool;
  std::exception_ptr failure;
  std::mutex failureMutex;
  for (std::size_t w = 0; w < workers; ++w) {
    pool.emplace_back([&] {
      try {
        for (std::size_t i; (i = next.fetch_add(1)) < count;) work(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(failureMutex);
        if (!failure) failure = std::current_exception();
        next = count;  // the others stop at their next item
      }
    });
  }
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace posescope
