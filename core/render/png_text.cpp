#include "render/png_text.h"

#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "common/errors.h"

namespace posescope {

namespace {

// The PNG signature (8 bytes) and the IHDR chunk (length, type, 13 bytes, CRC): 33 bytes, after
// which text chunks may go.
constexpr std::size_t kHeaderEnd = 33;

// PNG's CRC-32 (ISO 3309, the one zlib computes) over `bytes`.
std::uint32_t crc32(const std::string& bytes) {
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xffffffffu;
  for (unsigned char byte : bytes) c = table[(c ^ byte) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
}

void appendBigEndian(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xff);
}

std::string textChunk(const std::string& key, const std::string& value) {
  const std::string typeAndData = "tEXt" + key + '\0' + value;
  std::string chunk;
  appendBigEndian(chunk, static_cast<std::uint32_t>(typeAndData.size() - 4));
  chunk += typeAndData;
  appendBigEndian(chunk, crc32(typeAndData));
  return chunk;
}

}  // namespace

void writePngRgbWithText(const cv::Mat& rgb, const std::string& path,
                         const std::vector<std::pair<std::string, std::string>>& text) {
  std::vector<unsigned char> encoded;
  try {
    cv::Mat bgr;
    cv::cvtColor(rgb, bgr, cv::COLOR_RGB2BGR);
    if (!cv::imencode(".png", bgr, encoded) || encoded.size() < kHeaderEnd)
      throw Error("cannot encode '" + path + "' as PNG");
  } catch (const cv::Exception& e) {
    throw Error("cannot encode '" + path + "' as PNG: " + e.what());
  }
  std::string chunks;
  for (const auto& [key, value] : text) chunks += textChunk(key, value);
  const std::string temp = path + ".tmp.png";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(encoded.data()), kHeaderEnd);
    out.write(chunks.data(), static_cast<std::streamsize>(chunks.size()));
    out.write(reinterpret_cast<const char*>(encoded.data()) + kHeaderEnd,
              static_cast<std::streamsize>(encoded.size() - kHeaderEnd));
    if (!out.flush()) {
      std::remove(temp.c_str());
      throw Error("cannot write '" + path + "'");
    }
  }
  std::error_code ec;
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    std::remove(temp.c_str());
    throw Error("cannot write '" + path + "': " + ec.message());
  }
}

}  // namespace posescope
