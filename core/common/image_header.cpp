#include "common/image_header.h"

#include <array>
#include <cstdint>
#include <fstream>

namespace posescope {

namespace {

int bigEndian16(const unsigned char* p) {
  return (p[0] << 8) | p[1];
}

std::optional<ImageSize> pngSize(std::ifstream& in) {
  // Signature (8), IHDR's length (4) and type (4), then width and height, 4 bytes each.
  std::array<unsigned char, 24> head{};
  if (!in.read(reinterpret_cast<char*>(head.data()), head.size())) return std::nullopt;
  if (head[12] != 'I' || head[13] != 'H' || head[14] != 'D' || head[15] != 'R') return std::nullopt;
  const auto word = [&](int at) {
    return (std::uint32_t(head[at]) << 24) | (std::uint32_t(head[at + 1]) << 16) |
           (std::uint32_t(head[at + 2]) << 8) | std::uint32_t(head[at + 3]);
  };
  const std::uint32_t width = word(16), height = word(20);
  if (width == 0 || height == 0 || width > 0x7fffffff || height > 0x7fffffff) return std::nullopt;
  return ImageSize{static_cast<int>(width), static_cast<int>(height)};
}

std::optional<ImageSize> jpegSize(std::ifstream& in) {
  // Markers after SOI (FFD8): each FFxx with a 2-byte length, until a start of frame (C0-CF but
  // C4 DHT, C8 JPG, CC DAC), which holds precision, height and width.
  in.seekg(2);
  for (int markers = 0; markers < 10000; ++markers) {
    std::array<unsigned char, 4> head{};
    if (!in.read(reinterpret_cast<char*>(head.data()), 2)) return std::nullopt;
    if (head[0] != 0xFF) return std::nullopt;
    unsigned char marker = head[1];
    while (marker == 0xFF) {  // fill bytes
      char next = 0;
      if (!in.get(next)) return std::nullopt;
      marker = static_cast<unsigned char>(next);
    }
    if (marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) continue;
    if (!in.read(reinterpret_cast<char*>(head.data()), 2)) return std::nullopt;
    const int length = bigEndian16(head.data());
    if (length < 2) return std::nullopt;
    const bool frame =
        marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (frame) {
      std::array<unsigned char, 5> sof{};
      if (!in.read(reinterpret_cast<char*>(sof.data()), sof.size())) return std::nullopt;
      const int height = bigEndian16(&sof[1]), width = bigEndian16(&sof[3]);
      if (width == 0 || height == 0) return std::nullopt;
      return ImageSize{width, height};
    }
    in.seekg(length - 2, std::ios::cur);
  }
  return std::nullopt;
}

}  // namespace

std::optional<ImageSize> imageSizeFromHeader(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::array<unsigned char, 2> magic{};
  if (!in || !in.read(reinterpret_cast<char*>(magic.data()), magic.size())) return std::nullopt;
  in.seekg(0);
  if (magic[0] == 0x89 && magic[1] == 'P') return pngSize(in);
  if (magic[0] == 0xFF && magic[1] == 0xD8) return jpegSize(in);
  return std::nullopt;
}

}  // namespace posescope
