#pragma once
// PNG files that carry text (tEXt chunks): an exported overlay says what it was drawn with.
// OpenCV's imwrite writes no text, so the chunks are added to its encoding here.

#include <string>
#include <utility>
#include <vector>

#include <opencv2/core.hpp>

namespace posescope {

/// Writes the RGB picture `rgb` to `path` as a PNG (atomically: a temporary file renamed) with one
/// tEXt chunk per (key, value) of `text`, right after the header, as QImage::text and
/// `identify -verbose` read them; keys of 1-79 Latin-1 characters, values Latin-1. Throws Error
/// naming `path` when it cannot be encoded or written.
void writePngRgbWithText(const cv::Mat& rgb, const std::string& path,
                         const std::vector<std::pair<std::string, std::string>>& text);

}  // namespace posescope
