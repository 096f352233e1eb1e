#pragma once
// The Munkres (Kuhn-Munkres, Hungarian) assignment, step for step as the Python `munkres` package
// 1.1.x computes it, so that ties between equal-cost assignments resolve the same way.

#include <utility>
#include <vector>

namespace posescope {

/// Lowest-cost assignment of a rows x cols matrix (row-major). A rectangular matrix is padded with
/// zeros to square, as munkres.Munkres.compute does; returns the (row, column) pairs that fall in
/// the original matrix, ordered by row. Throws std::invalid_argument when cost.size() is not
/// rows * cols and std::logic_error when the matrix cannot be solved (the package's
/// UnsolvableMatrix, e.g. with infinities or NaN).
std::vector<std::pair<int, int>> munkresAssignment(const std::vector<double>& cost, int rows,
                                                   int cols);

}  // namespace posescope
