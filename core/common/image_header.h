#pragma once
// An image file's width and height from its header alone (PNG's IHDR, JPEG's start-of-frame
// marker): a dataset check can look at thousands of images without decoding one.

#include <optional>
#include <string>

namespace posescope {

struct ImageSize {
  int width = 0;
  int height = 0;
};

/// The size the header of the PNG or JPEG file at `path` declares; unset when the file is absent,
/// empty, of another format, or its header is cut short or malformed. Never throws.
std::optional<ImageSize> imageSizeFromHeader(const std::string& path);

}  // namespace posescope
