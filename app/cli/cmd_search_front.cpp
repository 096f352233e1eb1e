// posescope-cli search-front: a search folder's Pareto front as CSV or JSON, the same files the
// GUI's Search page exports. Reads the folder only (no LibTorch, no OpenCV): runs in the front
// end, also while the search is still writing it.

#include <iostream>

#include "cli_args.h"
#include "commands.h"
#include "pipeline/atomic_file.h"
#include "search/pareto_export.h"

namespace posescope::cli {

int runSearchFront(const ParsedArgs& args) {
  if (args.positional.size() != 1) throw UsageError{"expected one search folder"};
  const std::string format = args.get("--format", "csv");
  if (format != "csv" && format != "json")
    throw UsageError{"--format must be csv or json, not '" + format + "'"};
  const search::SearchSnapshot snapshot = search::readSearchFolder(args.positional.front());
  const std::string text = format == "csv"
                               ? search::paretoFrontCsv(snapshot.candidates)
                               : search::paretoFrontJson(snapshot.candidates).dump(2) + "\n";
  if (args.has("--out")) {
    writeFileAtomically(args.get("--out"), text);
    std::cerr << "wrote " << args.get("--out") << "\n";
  } else {
    std::cout << text;
  }
  return kOk;
}

}  // namespace posescope::cli
