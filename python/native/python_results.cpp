#include "python_results.h"

#include <pybind11/numpy.h>

#include <cmath>
#include <vector>

namespace py = pybind11;

namespace posescope::python {

namespace {

class EntryReader {
 public:
  EntryReader(const std::string& source, std::size_t index)
      : where_(source + ": result[" + std::to_string(index) + "]") {}

  const std::string& where() const { return where_; }

  PyObject* field(PyObject* entry, const char* name) const {
    PyObject* value = PyDict_GetItemString(entry, name);  // borrowed
    if (!value) throw EvalError(where_ + " has no field '" + name + "'");
    return value;
  }

  double number(PyObject* value, const char* name) const {
    if (PyFloat_CheckExact(value)) return PyFloat_AS_DOUBLE(value);
    if (PyBool_Check(value) || !PyNumber_Check(value) || PySequence_Check(value)) {
      throw EvalError(where_ + ": field '" + name + "' must be a number");
    }
    const double x = PyFloat_AsDouble(value);
    if (x == -1.0 && PyErr_Occurred()) {
      PyErr_Clear();
      throw EvalError(where_ + ": field '" + name + "' must be a number");
    }
    return x;
  }

  std::int64_t integer(PyObject* value, const char* name) const {
    if (PyLong_CheckExact(value)) {
      const long long n = PyLong_AsLongLong(value);
      if (n == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        throw EvalError(where_ + ": field '" + name + "' is out of range");
      }
      return n;
    }
    // Integral floats count, as Python compares 1.0 == 1 (and the JSON reader accepts them).
    const double x = number(value, name);
    if (!(std::floor(x) == x) || std::fabs(x) > 9.0e18) {
      throw EvalError(where_ + ": field '" + name + "' must be an integer");
    }
    return static_cast<std::int64_t>(x);
  }

  void numbers(PyObject* value, const char* name, std::vector<double>& out) const {
    out.clear();
    if (PyList_Check(value) || PyTuple_Check(value)) {
      const Py_ssize_t n = PySequence_Fast_GET_SIZE(value);
      PyObject** items = PySequence_Fast_ITEMS(value);
      out.reserve(static_cast<std::size_t>(n));
      for (Py_ssize_t i = 0; i < n; ++i) out.push_back(number(items[i], name));
      return;
    }
    if (py::isinstance<py::array>(value)) {
      const auto array = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(
          py::reinterpret_borrow<py::object>(value));
      if (!array) throw EvalError(where_ + ": field '" + name + "' must be a list of numbers");
      out.assign(array.data(), array.data() + array.size());
      return;
    }
    throw EvalError(where_ + ": field '" + name + "' must be a list of numbers");
  }

 private:
  std::string where_;
};

}  // namespace

ResultsList resultsFromPython(const py::handle& entries, const std::string& source) {
  if (!PyList_Check(entries.ptr()) && !PyTuple_Check(entries.ptr())) {
    throw EvalError(source + ": keypoint results must be a list of dicts");
  }
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(entries.ptr());
  PyObject** items = PySequence_Fast_ITEMS(entries.ptr());
  ResultsList out;
  out.detections.reserve(static_cast<std::size_t>(n));
  std::vector<double> box;
  bool areaFromBox = false;
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject* entry = items[i];
    const EntryReader read(source, static_cast<std::size_t>(i));
    if (!PyDict_Check(entry)) throw EvalError(read.where() + " is not a dict");
    KeypointDetection d;
    d.imageId = read.integer(read.field(entry, "image_id"), "image_id");
    d.categoryId = read.integer(read.field(entry, "category_id"), "category_id");
    read.numbers(read.field(entry, "keypoints"), "keypoints", d.keypoints);
    d.score = read.number(read.field(entry, "score"), "score");
    if (d.keypoints.empty() || d.keypoints.size() % 3 != 0) {
      throw EvalError(read.where() + ": field 'keypoints' must hold x, y, score triples, not " +
                      std::to_string(d.keypoints.size()) + " numbers");
    }
    PyObject* bbox = PyDict_GetItemString(entry, "bbox");
    if (bbox) read.numbers(bbox, "bbox", box);
    // loadRes decides from the first entry whether every area is bbox w*h.
    if (i == 0) areaFromBox = bbox && !box.empty();
    if (areaFromBox) {
      if (!bbox || box.size() < 4) {
        throw EvalError(read.where() +
                        ": field 'bbox' must hold 4 numbers (the first result has one)");
      }
      d.area = box[2] * box[3];
    }
    out.detections.push_back(std::move(d));
  }
  return out;
}

}  // namespace posescope::python
