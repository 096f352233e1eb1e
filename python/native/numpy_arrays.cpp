#include "numpy_arrays.h"

namespace posescope::python {

pybind11::array_t<std::int64_t> indexArray(const std::vector<std::size_t>& indices) {
  return arrayOf(std::vector<std::int64_t>(indices.begin(), indices.end()));
}

}  // namespace posescope::python
