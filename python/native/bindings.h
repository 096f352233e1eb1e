#pragma once
// What the binding files of the posescope Python module share: their registration functions and
// how core errors become Python exceptions.

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "common/errors.h"
#include "eval/keypoint_data.h"

namespace posescope::python {

/// A file that is not there: raised in Python as FileNotFoundError with the core's message.
class MissingFileError : public Error {
 public:
  using Error::Error;
};

/// Runs `load` (which reads `path`); when it throws a core Error and `path` does not exist, the
/// error becomes a MissingFileError with the same message, so Python sees FileNotFoundError.
template <class Load>
auto loadingFile(const std::string& path, Load&& load) -> decltype(load());

/// A parsed results list, a class of its own in Python (a bare vector would become a list).
struct ResultsList {
  std::vector<KeypointDetection> detections;
};

void bindEvaluation(pybind11::module_& m);
void bindAnalysis(pybind11::module_& m);
void bindRuns(pybind11::module_& m);

/// Converts a core error thrown by `what` into the MissingFileError above when `path` is absent.
[[noreturn]] void rethrowForPath(const std::string& path);

template <class Load>
auto loadingFile(const std::string& path, Load&& load) -> decltype(load()) {
  try {
    return load();
  } catch (const Error&) {
    rethrowForPath(path);
  }
}

}  // namespace posescope::python
