#pragma once
// Reading numbers, integers and number lists out of Python objects (dicts as json.load makes
// them, NumPy scalars and arrays too) with messages naming the record and the field, as the
// core's JSON readers name them.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "common/errors.h"

namespace posescope::python {

/// Reads the fields of one record; `where` names it ("gt.json: annotations[3]").
class FieldReader {
 public:
  explicit FieldReader(std::string where) : where_(std::move(where)) {}

  const std::string& where() const { return where_; }

  /// The value of `name` in dict `entry` (borrowed); throws naming the field when absent.
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
    if (pybind11::isinstance<pybind11::array>(value)) {
      const auto array =
          pybind11::array_t<double, pybind11::array::c_style | pybind11::array::forcecast>::ensure(
              pybind11::reinterpret_borrow<pybind11::object>(value));
      if (!array) throw EvalError(where_ + ": field '" + name + "' must be a list of numbers");
      out.assign(array.data(), array.data() + array.size());
      return;
    }
    throw EvalError(where_ + ": field '" + name + "' must be a list of numbers");
  }

 private:
  std::string where_;
};

}  // namespace posescope::python
