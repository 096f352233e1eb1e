// The posescope Python module's native part: core errors become ValueError or FileNotFoundError
// with the CLI's messages, and each area registers its functions.

#include <filesystem>

#include "bindings.h"

namespace posescope::python {

void rethrowForPath(const std::string& path) {
  std::error_code ignored;
  if (!std::filesystem::exists(path, ignored)) {
    try {
      throw;
    } catch (const Error& e) {
      throw MissingFileError(e.what());
    }
  }
  throw;
}

}  // namespace posescope::python

PYBIND11_MODULE(_native, m) {
  m.doc() = "PoseScope's Torch-free core (keypoint evaluation, error analysis, run folders).";
  pybind11::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const posescope::python::MissingFileError& e) {
      PyErr_SetString(PyExc_FileNotFoundError, e.what());
    } catch (const posescope::Error& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  posescope::python::bindEvaluation(m);
  posescope::python::bindAnalysis(m);
  posescope::python::bindRuns(m);
}
