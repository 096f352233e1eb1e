// Scratch: times the parser's pieces on the final maps of the parity images.
#include <ATen/Parallel.h>
#include <torch/types.h>
#include <time.h>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include "checkpoint/checkpoint_reader.h"
#include "config/experiment.h"
#include "inference/heatmap_parser.h"
#include "inference/pose_inference.h"
#include "models/pose_net.h"
using namespace posescope;
using Clock = std::chrono::steady_clock;
static double ms(Clock::time_point s) {
  return std::chrono::duration<double, std::milli>(Clock::now() - s).count();
}
static double cpuNow() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}
struct Cpu {
  double t = cpuNow();
};
static double ms(Cpu s) { return cpuNow() - s.t; }
int main(int argc, char** argv) {
  const std::string dir = "/work/shared/parity";
  if (argc > 1) at::set_num_threads(std::atoi(argv[1]));
  ExperimentSpec spec;
  spec.cfgFile = dir + "/configs/coco/mobilenet/mobile.yaml";
  spec.archFile = dir + "/configs/arch/search-XS.json";
  const Experiment ex = loadExperiment(spec);
  auto net = createPoseNet(ex);
  loadStateDictStrict(net->module(), readStateDict(dir + "/models/coco_xs_overfit.pth"), "ckpt");
  net->module().eval();
  const InferenceOptions opt = inferenceOptionsFromConfig(ex.cfg);
  PoseInference engine(*net, opt, torch::kCPU);
  std::ifstream in(dir + "/data/coco/annotations/person_keypoints_val2017.json");
  const auto gt = nlohmann::json::parse(in);
  HeatmapParser parser(opt.parser);
  c10::InferenceMode guard;
  for (const auto& image : gt["images"]) {
    cv::Mat bgr = cv::imread(
                dir + "/data/coco/images/val2017/" + image["file_name"].get<std::string>(),
                cv::IMREAD_COLOR | cv::IMREAD_IGNORE_ORIENTATION),
            rgb;
    cv::cvtColor(bgr, rgb, cv::COLOR_BGR2RGB);
    auto s = Clock::now();
    InferenceResult r = engine.run(rgb, true);
    const double total = ms(s);
    torch::Tensor det = torch::from_blob(r.heatmaps.values.data(), r.heatmaps.shape).clone();
    torch::Tensor tag = torch::from_blob(r.tags.values.data(), r.tags.shape).clone();
    const int reps = 20;
    double tn = 0, tk = 0, tm = 0, ta = 0, tr = 0;
    for (int i = 0; i < reps; ++i) {
      Cpu c0;
      torch::Tensor n = parser.nms(det);
      tn += ms(c0);
      Cpu c1;
      JointCandidates c = parser.topK(det, tag);
      tk += ms(c1);
      Cpu c2;
      GroupedPeople g = matchByTag(c, opt.parser);
      tm += ms(c2);
      MapView dv{det.data_ptr<float>(), det.size(1), det.size(2), det.size(3), 1};
      MapView tv{tag.data_ptr<float>(), tag.size(1), tag.size(2), tag.size(3), tag.size(4)};
      Cpu c3;
      adjustPeople(g, dv);
      ta += ms(c3);
      Cpu c4;
      refinePeople(g, dv, tv);
      tr += ms(c4);
    }
    std::printf(
        "%s %zu people: run %.1f ms (pre %.1f fwd %.1f group %.1f post %.1f) | nms %.2f topk(incl "
        "nms) %.2f match %.3f adjust %.3f refine %.2f\n",
        image["file_name"].get<std::string>().c_str(), r.people.size(), total, r.times.preprocessMs,
        r.times.forwardMs, r.times.groupMs, r.times.postprocessMs, tn / reps, tk / reps, tm / reps,
        ta / reps, tr / reps);
  }
}
