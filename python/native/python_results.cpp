#include "python_results.h"

#include <vector>

#include "python_values.h"

namespace py = pybind11;

namespace posescope::python {

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
    const FieldReader read(source + ": result[" + std::to_string(i) + "]");
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
