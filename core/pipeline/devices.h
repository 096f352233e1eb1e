#pragma once
// Where an evaluation runs: the --device list (pipeline/evaluator_options.h) resolved to one
// LibTorch device per network replica, and valid.py's cuDNN switches.

#include <string>
#include <vector>

#include <c10/core/Device.h>

#include "config/config_node.h"
#include "pipeline/evaluator_options.h"

namespace posescope {

/// The devices of splitDeviceList(requested): "auto" is the CUDA device of GPUS when CUDA is
/// available, else the CPU (a line is added to `notices`). Throws ConfigError naming the entry
/// when CUDA or that device index is not there.
std::vector<c10::Device> resolveDevices(const std::string& requested, const ConfigNode& cfg,
                                        std::vector<std::string>& notices);

/// valid.py's cudnn.benchmark / deterministic / enabled from CUDNN.BENCHMARK, DETERMINISTIC and
/// ENABLED. Process-wide, as in PyTorch; only CUDA convolutions read them. Never fails.
void applyCudnnSettings(const ConfigNode& cfg);

}  // namespace posescope
