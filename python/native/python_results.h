#pragma once
// Keypoint results straight from Python objects (a list of dicts, as loadRes keeps them), with
// parseResults' semantics and messages, without writing and parsing JSON text.

#include <pybind11/pybind11.h>

#include <string>

#include "bindings.h"

namespace posescope::python {

/// The detections of `entries` (a list or tuple of dicts with image_id, category_id, keypoints,
/// score and optionally bbox; NumPy scalars and arrays accepted): as parseResults, every area is
/// bbox w*h when the first entry has a non-empty bbox (loadRes' rule), otherwise left to the
/// keypoint extremes. Throws EvalError naming `source`, the entry and the field.
ResultsList resultsFromPython(const pybind11::handle& entries, const std::string& source);

}  // namespace posescope::python
