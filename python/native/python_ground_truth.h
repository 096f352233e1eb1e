#pragma once
// A keypoint ground truth straight from a loaded COCO dict (pycocotools' COCO.dataset), with
// parseGroundTruth's semantics and messages, without writing and parsing JSON text.

#include <pybind11/pybind11.h>

#include <string>

#include "eval/keypoint_data.h"

namespace posescope::python {

/// The ground truth of `dataset` (a dict with 'images', 'annotations' and 'categories' lists of
/// dicts; NumPy values accepted). Fields and checks as parseGroundTruth (required fields,
/// duplicate ids, annotations of unknown images or categories); throws EvalError naming `source`,
/// the record and the field.
KeypointGroundTruth groundTruthFromPython(const pybind11::handle& dataset,
                                          const std::string& source);

}  // namespace posescope::python
