#pragma once
// Typed errors thrown by core. Messages name the file and the key or line the user must fix.

#include <stdexcept>
#include <string>

namespace posescope {

/// Base of every error core reports to a user; what() is a complete, user-facing sentence.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Bad experiment YAML, override, or architecture JSON.
class ConfigError : public Error {
 public:
  using Error::Error;
};

/// Unreadable, corrupt, unsafe or mismatched checkpoint.
class CheckpointError : public Error {
 public:
  using Error::Error;
};

/// Network cannot be built from the given config (unknown MODEL.NAME, bad EXTRA, ...).
class ModelError : public Error {
 public:
  using Error::Error;
};

/// Dataset layout, annotation file or image problem.
class DatasetError : public Error {
 public:
  using Error::Error;
};

/// Keypoint evaluation given wrong input (unknown image ids, NaN, wrong joint count, ...).
class EvalError : public Error {
 public:
  using Error::Error;
};

/// Thrown by a job that noticed its cancellation token inside a unit of work (e.g. between the
/// scales of one image); whoever loops over the units catches it and ends as cancelled.
class CancelledError : public Error {
 public:
  using Error::Error;
};

}  // namespace posescope
