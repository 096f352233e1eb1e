// posescope-cli verify-model: runs the native network on an input recorded in Python and
// compares each output with the recorded one (max absolute difference against a tolerance).
#include <cstdio>
#include <iostream>
#include <map>

#include <torch/csrc/autograd/grad_mode.h>
#include <torch/cuda.h>
#include <torch/types.h>

#include "checkpoint/checkpoint_reader.h"
#include "cli_args.h"
#include "commands.h"
#include "common/errors.h"
#include "config/experiment.h"
#include "experiment_args.h"
#include "models/pose_net.h"

namespace posescope::cli {

namespace {

std::string shapeText(const torch::Tensor& t) {
  std::string s = "[";
  for (int64_t d = 0; d < t.dim(); ++d) s += (d ? ", " : "") + std::to_string(t.size(d));
  return s + "]";
}

}  // namespace

int runVerifyModel(const ParsedArgs& args) {
  const ExperimentSpec spec = experimentSpecFrom(args);
  const std::string checkpoint = args.require("--checkpoint");
  const std::string ioPath = args.require("--io");
  const double tol = args.getDouble("--tol");
  if (!(tol >= 0)) throw UsageError{"--tol must be a non-negative number"};
  const std::string deviceName = args.get("--device", "cpu");
  torch::Device device(torch::kCPU);
  try {
    device = torch::Device(deviceName);
  } catch (const std::exception&) {
    throw UsageError{"--device expects cpu, cuda or cuda:N, got '" + deviceName + "'"};
  }
  if (device.is_cuda() && !torch::cuda::is_available())
    throw UsageError{"--device " + deviceName + ": CUDA is not available in this build or machine"};

  const Experiment exp = loadExperiment(spec);
  printWarnings(exp);
  auto net = createPoseNet(exp);
  loadStateDictStrict(net->module(), readStateDict(checkpoint), checkpoint);
  moveToDevice(*net, device, false);
  net->module().eval();

  const StateDict io = readTensorDict(ioPath);
  torch::Tensor input;
  std::map<size_t, torch::Tensor> expected;
  for (const auto& [key, tensor] : io) {
    if (key == "input") {
      input = tensor;
    } else if (key.rfind("output", 0) == 0 && key.size() > 6 &&
               key.find_first_not_of("0123456789", 6) == std::string::npos) {
      expected[std::stoul(key.substr(6))] = tensor;
    }
  }
  if (!input.defined()) throw CheckpointError(ioPath + ": no 'input' tensor in the dict");
  if (expected.empty()) throw CheckpointError(ioPath + ": no 'output0', 'output1', ... tensors");

  std::vector<torch::Tensor> outputs;
  {
    torch::NoGradGuard noGrad;
    outputs = net->forward(input);
  }
  std::cout << "network " << net->name() << ", input " << shapeText(input) << ", " << outputs.size()
            << " outputs, " << expected.size() << " recorded\n";
  bool ok = outputs.size() == expected.size();
  if (!ok)
    std::cout << "output count differs: the network returns " << outputs.size() << ", " << ioPath
              << " records " << expected.size() << "\n";
  for (const auto& [k, want] : expected) {
    if (k >= outputs.size()) {
      std::cout << "output" << k << ": missing from the network's outputs\n";
      ok = false;
      continue;
    }
    const torch::Tensor got = outputs[k].to(torch::kCPU, torch::kFloat);
    if (got.sizes() != want.sizes()) {
      std::cout << "output" << k << ": shape " << shapeText(got) << " but recorded "
                << shapeText(want) << "\n";
      ok = false;
      continue;
    }
    const double diff = (got - want.to(torch::kFloat)).abs().max().item<double>();
    const bool pass = diff <= tol;
    char line[160];
    std::snprintf(line, sizeof line, "output%zu: shape %s max abs diff %.3e %s\n", k,
                  shapeText(got).c_str(), diff, pass ? "ok" : "ABOVE TOLERANCE");
    std::cout << line;
    ok = ok && pass;
  }
  std::cout << (ok ? "PASS" : "FAIL") << " (tolerance " << tol << ")\n";
  return ok ? kOk : kFailed;
}

}  // namespace posescope::cli
