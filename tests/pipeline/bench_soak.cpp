// Soak benchmark (not a test: prints figures): evaluates a generated dataset with the committed
// demo model on the CPU, as `posescope-cli eval` does, and prints the process's open file
// descriptors, threads and resident memory every --every images, so a leak shows as growth.
//   soak_benchmark [--images 5000] [--every 500] [--threads 2] [--data DIR] [--out RUN_DIR]
// The dataset is generated under --data (default posescope-soak-N in the system's temporary
// folder, $TMPDIR) when it is not there yet.

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "config/experiment.h"
#include "pipeline/evaluator.h"
#include "synth/synth_dataset.h"

using namespace posescope;

namespace {

namespace fs = std::filesystem;

int openFileDescriptors() {
  int n = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator("/proc/self/fd")) ++n;
  return n - 1;  // the iterator's own descriptor
}

// A field of /proc/self/status ("Threads:", "VmRSS:" in kB).
long statusField(const std::string& name) {
  std::ifstream in("/proc/self/status");
  std::string key;
  long value = 0;
  while (in >> key) {
    if (key == name) {
      in >> value;
      return value;
    }
    std::getline(in, key);
  }
  return -1;
}

class SoakPrinter : public EvaluationObserver {
 public:
  explicit SoakPrinter(size_t every) : every_(every), start_(std::chrono::steady_clock::now()) {
    std::printf("%8s %9s %7s %9s %8s %9s\n", "images", "seconds", "img/s", "open fds", "threads",
                "RSS MiB");
    print(0);
  }
  void onImage(const ImageRecord& record, size_t done, size_t total) override {
    if (record.failed()) ++failed_;
    if (done % every_ == 0 || done == total) print(done);
  }
  size_t failed() const { return failed_; }

 private:
  void print(size_t done) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    std::printf("%8zu %9.1f %7.1f %9d %8ld %9.1f\n", done, seconds,
                seconds > 0 ? done / seconds : 0.0, openFileDescriptors(), statusField("Threads:"),
                statusField("VmRSS:") / 1024.0);
    std::fflush(stdout);
  }

  size_t every_;
  size_t failed_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace

int main(int argc, char** argv) {
  int images = 5000, every = 500, threads = 2;
  std::string data, out;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i], value = argv[i + 1];
    if (key == "--images")
      images = std::atoi(value.c_str());
    else if (key == "--every")
      every = std::atoi(value.c_str());
    else if (key == "--threads")
      threads = std::atoi(value.c_str());
    else if (key == "--data")
      data = value;
    else if (key == "--out")
      out = value;
    else {
      std::cerr << "unknown option " << key << "\n";
      return 2;
    }
  }
  if (images < 1 || every < 1 || threads < 1) {
    std::cerr << "--images, --every and --threads must be at least 1\n";
    return 2;
  }
  if (data.empty())
    data = (std::filesystem::temp_directory_path() / ("posescope-soak-" + std::to_string(images)))
               .string();
  if (out.empty()) out = data + "-run";
  try {
    if (!fs::exists(synth::synthAnnotationPath(data, "val2017"))) {
      std::cout << "generating " << images << " images in " << data << "\n";
      synth::SynthDatasetOptions options;
      options.root = data;
      options.images = images;
      options.splits = {"val2017"};
      synth::makeSynthDataset(options);
    }
    const std::string source = POSESCOPE_SOURCE_DIR;
    ExperimentSpec spec;
    spec.cfgFile = source + "/configs/demo/demo.yaml";
    spec.archFile = source + "/configs/demo/demo-arch.json";
    spec.overrides = {"DATASET.ROOT", data, "TEST.MODEL_FILE",
                      source + "/resources/demo/demo_litepose.pth"};
    EvaluatorOptions options;
    options.device = "cpu";
    options.torchThreads = threads;
    options.outDir = out;
    fs::remove_all(out);
    Evaluator evaluator(loadExperiment(spec), options);
    std::cout << "soak: " << images << " images, demo model, CPU, " << threads
              << " LibTorch thread(s), run folder " << out << "\n";
    SoakPrinter printer(static_cast<size_t>(every));
    const EvaluationResult result = evaluator.run(&printer);
    std::cout << "state " << runStateName(result.summary.state) << ", " << printer.failed()
              << " failed images, wall " << result.summary.wallSeconds << " s\n";
  } catch (const std::exception& e) {
    std::cerr << "soak_benchmark: " << e.what() << "\n";
    return 3;
  }
  return 0;
}
