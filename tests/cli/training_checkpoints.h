#pragma once
// Checkpoints as a LitePose training writes them, made from the demo's weights for the sweep
// tests: checkpoint.pth.tar (dist_train.py's dict with the epoch and DataParallel's 'module.'
// names) and bare state_dicts with a weight changed, so that checkpoints score differently.

#include <caffe2/serialize/inline_container.h>
#include <torch/types.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "checkpoint/state_dict_writer.h"

namespace posescope::test {

/// `weights` with the first convolution's kernel (the first 4-D tensor: the stem's) scaled by
/// `factor`: a checkpoint of the same network that predicts differently (the BatchNorm after it
/// keeps its running statistics, so the change goes through every layer).
inline StateDict withFirstConvolutionScaled(StateDict weights, double factor) {
  for (auto& [key, tensor] : weights)
    if (tensor.dim() == 4) {
      tensor = tensor * factor;
      break;
    }
  return weights;
}

/// Writes `weights` as dist_train.py's save_checkpoint does: {'epoch': epoch, 'model':
/// 'pose_mobilenet', 'state_dict': <the weights, names prefixed 'module.'>}. writeStateDict's
/// pickle (an OrderedDict without memo opcodes) becomes the 'state_dict' value of a dict.
inline void writeTrainingCheckpoint(const std::string& path, const StateDict& weights, int epoch) {
  StateDict prefixed;
  for (const auto& [key, tensor] : weights) prefixed.emplace_back("module." + key, tensor);
  const std::string bare = path + ".bare";
  writeStateDict(bare, prefixed);
  std::string pickle;
  std::vector<std::pair<std::string, at::DataPtr>> storages;
  std::vector<std::size_t> sizes;
  {
    caffe2::serialize::PyTorchStreamReader reader(bare);
    auto [data, size] = reader.getRecord("data.pkl");
    pickle.assign(static_cast<const char*>(data.get()), size);
    for (std::size_t i = 0; reader.hasRecord("data/" + std::to_string(i)); ++i) {
      auto [storage, bytes] = reader.getRecord("data/" + std::to_string(i));
      storages.emplace_back("data/" + std::to_string(i), std::move(storage));
      sizes.push_back(bytes);
    }
  }
  std::filesystem::remove(bare);
  auto text = [](const std::string& s) {
    const auto n = static_cast<std::uint32_t>(s.size());
    return std::string("X") + char(n & 0xff) + char((n >> 8) & 0xff) + char((n >> 16) & 0xff) +
           char(n >> 24) + s;
  };
  const auto e = static_cast<std::uint32_t>(epoch);
  const std::string body = pickle.substr(2, pickle.size() - 3);  // without PROTO 2 and STOP
  const std::string dict = std::string("\x80\x02}(") + text("epoch") + "J" + char(e & 0xff) +
                           char((e >> 8) & 0xff) + char((e >> 16) & 0xff) + char(e >> 24) +
                           text("model") + text("pose_mobilenet") + text("state_dict") + body +
                           "u.";
  caffe2::serialize::PyTorchStreamWriter writer(path);
  writer.writeRecord("data.pkl", dict.data(), dict.size());
  for (std::size_t i = 0; i < storages.size(); ++i)
    writer.writeRecord(storages[i].first, storages[i].second.get(), sizes[i]);
  writer.writeEndOfFile();
}

}  // namespace posescope::test
