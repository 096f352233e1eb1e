#include "python_ground_truth.h"

#include <unordered_set>
#include <vector>

#include "python_values.h"

namespace py = pybind11;

namespace posescope::python {

namespace {

std::string recordName(const std::string& source, const char* list, Py_ssize_t index) {
  return source + ": " + list + "[" + std::to_string(index) + "]";
}

bool isString(PyObject* value) {
  return PyUnicode_Check(value);
}

std::string stringOf(PyObject* value) {
  Py_ssize_t size = 0;
  const char* text = PyUnicode_AsUTF8AndSize(value, &size);
  if (!text) {
    PyErr_Clear();
    return "?";
  }
  return std::string(text, static_cast<std::size_t>(size));
}

/// The list `key` of the dataset; throws as parseGroundTruth when it is absent or not a list.
PyObject* listOf(PyObject* dataset, const char* key, const std::string& source) {
  PyObject* list = PyDict_GetItemString(dataset, key);
  if (!list) throw EvalError(source + ": the ground truth has no '" + key + "' list");
  if (!PyList_Check(list) && !PyTuple_Check(list))
    throw EvalError(source + ": field '" + key + "' must be a list");
  return list;
}

template <class Parse>
void forEachRecord(PyObject* list, const char* name, const std::string& source, Parse&& parse) {
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(list);
  PyObject** items = PySequence_Fast_ITEMS(list);
  for (Py_ssize_t i = 0; i < n; ++i) {
    const FieldReader read(recordName(source, name, i));
    if (!PyDict_Check(items[i])) throw EvalError(read.where() + " is not a dict");
    parse(items[i], read);
  }
}

GroundTruthImage parseImage(PyObject* entry, const FieldReader& read) {
  GroundTruthImage image;
  image.id = read.integer(read.field(entry, "id"), "id");
  if (PyObject* name = PyDict_GetItemString(entry, "file_name"); name && isString(name))
    image.fileName = stringOf(name);
  for (const char* key : {"width", "height"}) {
    PyObject* value = PyDict_GetItemString(entry, key);
    if (!value || PyBool_Check(value) || !PyNumber_Check(value)) continue;
    const double x = read.number(value, key);
    const int size = std::floor(x) == x ? static_cast<int>(x) : 0;
    (key[0] == 'w' ? image.width : image.height) = size;
  }
  if (PyObject* index = PyDict_GetItemString(entry, "crowdIndex"))
    image.crowdIndex = read.number(index, "crowdIndex");
  return image;
}

bool crowdFlag(PyObject* value, const FieldReader& read) {
  if (PyBool_Check(value)) return value == Py_True;
  if (PyNumber_Check(value) && !PySequence_Check(value)) {
    const double x = read.number(value, "iscrowd");
    if (std::floor(x) == x) return x != 0;
  }
  throw EvalError(read.where() + ": field 'iscrowd' must be 0, 1 or a boolean");
}

GroundTruthPerson parseAnnotation(PyObject* entry, const FieldReader& read,
                                  std::vector<double>& box) {
  GroundTruthPerson person;
  person.id = read.integer(read.field(entry, "id"), "id");
  person.imageId = read.integer(read.field(entry, "image_id"), "image_id");
  person.categoryId = read.integer(read.field(entry, "category_id"), "category_id");
  read.numbers(read.field(entry, "keypoints"), "keypoints", person.keypoints);
  read.numbers(read.field(entry, "bbox"), "bbox", box);
  if (box.size() != 4) {
    throw EvalError(read.where() + ": field 'bbox' must hold 4 numbers, not " +
                    std::to_string(box.size()));
  }
  for (int i = 0; i < 4; ++i) person.bbox[i] = box[i];
  if (PyObject* area = PyDict_GetItemString(entry, "area")) person.area = read.number(area, "area");
  person.numKeypoints = read.number(read.field(entry, "num_keypoints"), "num_keypoints");
  person.isCrowd = crowdFlag(read.field(entry, "iscrowd"), read);
  if (person.keypoints.size() % 3 != 0) {
    throw EvalError(read.where() + ": field 'keypoints' must hold x, y, v triples, not " +
                    std::to_string(person.keypoints.size()) + " numbers");
  }
  return person;
}

KeypointCategory parseCategory(PyObject* entry, const FieldReader& read) {
  KeypointCategory category;
  category.id = read.integer(read.field(entry, "id"), "id");
  if (PyObject* name = PyDict_GetItemString(entry, "name"); name && isString(name))
    category.name = stringOf(name);
  if (PyObject* joints = PyDict_GetItemString(entry, "keypoints")) {
    if (!PyList_Check(joints) && !PyTuple_Check(joints))
      throw EvalError(read.where() + ": field 'keypoints' must be a list");
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(joints);
    PyObject** names = PySequence_Fast_ITEMS(joints);
    for (Py_ssize_t j = 0; j < n; ++j)
      category.keypoints.push_back(isString(names[j]) ? stringOf(names[j]) : "?");
  }
  return category;
}

}  // namespace

KeypointGroundTruth groundTruthFromPython(const py::handle& dataset, const std::string& source) {
  if (!PyDict_Check(dataset.ptr()))
    throw EvalError(source + ": the ground truth must be a dict (a COCO dataset)");
  PyObject* images = listOf(dataset.ptr(), "images", source);
  PyObject* annotations = listOf(dataset.ptr(), "annotations", source);
  PyObject* categories = listOf(dataset.ptr(), "categories", source);
  KeypointGroundTruth gt;
  gt.source = source;
  gt.images.reserve(static_cast<std::size_t>(PySequence_Fast_GET_SIZE(images)));
  gt.annotations.reserve(static_cast<std::size_t>(PySequence_Fast_GET_SIZE(annotations)));
  forEachRecord(images, "images", source, [&](PyObject* entry, const FieldReader& read) {
    gt.images.push_back(parseImage(entry, read));
  });
  std::vector<double> box;
  forEachRecord(annotations, "annotations", source, [&](PyObject* entry, const FieldReader& read) {
    gt.annotations.push_back(parseAnnotation(entry, read, box));
  });
  forEachRecord(categories, "categories", source, [&](PyObject* entry, const FieldReader& read) {
    gt.categories.push_back(parseCategory(entry, read));
  });

  std::unordered_set<std::int64_t> imageIds, categoryIds, annotationIds;
  for (std::size_t i = 0; i < gt.images.size(); ++i) {
    if (!imageIds.insert(gt.images[i].id).second) {
      throw EvalError(recordName(source, "images", static_cast<Py_ssize_t>(i)) +
                      ": duplicate image id " + std::to_string(gt.images[i].id));
    }
  }
  for (std::size_t i = 0; i < gt.categories.size(); ++i) {
    if (!categoryIds.insert(gt.categories[i].id).second) {
      throw EvalError(recordName(source, "categories", static_cast<Py_ssize_t>(i)) +
                      ": duplicate category id " + std::to_string(gt.categories[i].id));
    }
  }
  for (std::size_t i = 0; i < gt.annotations.size(); ++i) {
    const GroundTruthPerson& person = gt.annotations[i];
    const std::string where = recordName(source, "annotations", static_cast<Py_ssize_t>(i));
    if (!annotationIds.insert(person.id).second)
      throw EvalError(where + ": duplicate annotation id " + std::to_string(person.id));
    if (!imageIds.count(person.imageId)) {
      throw EvalError(where + ": image_id " + std::to_string(person.imageId) +
                      " is not in 'images'");
    }
    if (!categoryIds.count(person.categoryId)) {
      throw EvalError(where + ": category_id " + std::to_string(person.categoryId) +
                      " is not in 'categories'");
    }
  }
  return gt;
}

}  // namespace posescope::python
