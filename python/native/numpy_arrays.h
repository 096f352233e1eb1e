#pragma once
// NumPy arrays from the core's vectors: the vector moves into the array's owner, so the values are
// not copied.

#include <pybind11/numpy.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace posescope::python {

/// `values` (row-major) as an array of `shape`; the array owns the vector.
template <class T>
pybind11::array_t<T> arrayOf(std::vector<T>&& values, std::vector<pybind11::ssize_t> shape) {
  auto* owned = new std::vector<T>(std::move(values));
  pybind11::capsule owner(owned, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  return pybind11::array_t<T>(shape, owned->data(), owner);
}

/// A 1-D array of `values`.
template <class T>
pybind11::array_t<T> arrayOf(std::vector<T>&& values) {
  const auto n = static_cast<pybind11::ssize_t>(values.size());
  return arrayOf(std::move(values), {n});
}

/// A 1-D int64 array of size_t indices.
pybind11::array_t<std::int64_t> indexArray(const std::vector<std::size_t>& indices);

}  // namespace posescope::python
