// `export`'s options and help (command_declarations.h); cmd_export.cpp runs it.

#include "command_declarations.h"
#include "common/number_text.h"
#include "render/render_options.h"

namespace posescope::cli {

CommandSpec exportCommand() {
  return {
      "export",
      "export a run's metrics, per-image table, results or overlays",
      {"RUN_DIR --what metrics|images|results|overlays|report|ids|subset|gt-fixes\n"
       "                            [--where QUERY] [--format md|csv|json] [--out PATH] [--all]\n"
       "                            [--filter all|failed]\n"
       "                            [--images-dir DIR] [--dataset-root DIR] [--layers LIST]\n"
       "                            [--threshold S] [--min-score S] [--framed]\n"
       "                            [--device D] [--quiet]"},
      "Exports from a run folder written by 'posescope-cli eval' (or the GUI):\n"
      "\n"
      "  metrics   the metric table: md (valid.py's Markdown table), csv or json (default md)\n"
      "  images    the per-image table as CSV: image id, file, people, ground-truth people, "
      "per-image\n"
      "            AP and mean OKS, total and per-stage milliseconds, failure\n"
      "  results   the predictions in the COCO keypoint results format (JSON)\n"
      "  overlays  one PNG per image at full resolution: predictions, ground truth, crowd "
      "regions,\n"
      "            matches (and heatmap / tag layers on request); each PNG's text names the\n"
      "            layers and display filters it was drawn with (posescope:layers,\n"
      "            posescope:filters, posescope:hidden)\n"
      "  report    the analysis report as a PDF (default RUN_DIR/analysis_report.pdf): run "
      "identity,\n"
      "            metric table, AP if fixed and joint labels (tables and charts), PR curves with "
      "each\n"
      "            error fixed and PCK per joint, the ten worst images with their overlays; with\n"
      "            --format md|csv|json its tables as text instead. The error analysis is\n"
      "            posescope-cli analyze's.\n"
      "  ids       the image ids, one per line\n"
      "  subset    the ground truth and the results of the images as COCO files: --out DIR\n"
      "            gets gt.json and results.json, every field of the originals kept\n"
      "  gt-fixes  the annotation file with the accepted fixes of the run's suspected\n"
      "            annotation errors (posescope-cli suspects; every suspect with --all): --out\n"
      "            DIR gets the fixed file under its own name (every other field kept),\n"
      "            changes.md (each change, then the run's metric table without and with the\n"
      "            fixes) and changes.json; refused when DIR is the annotation file's own\n"
      "            folder (the fixed file would replace it)\n"
      "\n"
      "--where QUERY keeps the images of a view: e.g. \"area > 9216 and swaps > 0\"\n"
      "(images with a person larger than 96x96 who has a swapped joint),\n"
      "\"ap < 0.5 and people >= 3\", \"match = missed and visible >= 10\".\n"
      "Properties and grammar: docs/views.md.\n",
      {{"RUN_DIR", "", "the run folder"}},
      {{"options",
        {{"--what", "WHAT",
          "metrics, images, results, overlays, report, ids, subset or gt-fixes\n"
          "(required)"},
         {"--all", "", "gt-fixes: every suspect's fix, not only the accepted ones"},
         {"--where", "QUERY",
          "only the images of this view (images, results, overlays, ids,\n"
          "subset); docs/views.md"},
         {"--out", "PATH",
          "file to write (default: stdout); for overlays a folder\n"
          "(default: RUN_DIR/overlays)"},
         {"--format", "F", "md, csv or json (metrics and report)"},
         {"--filter", "F", "overlays of all images (default) or only of failed ones"},
         {"--images-dir", "DIR", "read images from DIR/<file> instead of the run's dataset"},
         {"--dataset-root", "DIR",
          "the run's dataset moved: use DIR as DATASET.ROOT (images and annotations)"},
         {"--layers", "LIST",
          "comma-separated overlay layers; also heatmap and tags, which rebuild\n"
          "the run's model (TEST.MODEL_FILE) and recompute each image's maps,\n"
          "network (drawn at the network's resolution), and errors (each joint in\n"
          "the colour of its error label, from the run's keypoint error analysis\n"
          "as posescope-cli analyze makes it)",
          "predictions,gt,crowd,matches"},
         {"--threshold", "S", "hide predicted joints scoring below S",
          shortestRoundTrip(RenderOptions{}.jointThreshold)},
         {"--min-score", "S", "draw only people scoring at least S (display only; 0: all)",
          shortestRoundTrip(RenderOptions{}.minPersonScore)},
         {"--framed", "",
          "overlays framed for reading on their own, as the GUI exports them:\n"
          "drawn at least 768 px wide, a header with the image's scores and the\n"
          "layers and filters, a scale bar and a legend"},
         {"--device", "D", "device for recomputing maps: auto, cpu, cuda:N", "auto"},
         {"--quiet", "", "no progress on stderr"}}}},
      "Ctrl-C stops an overlay export between images; the PNGs written so far are complete.\n",
  };
}

}  // namespace posescope::cli
