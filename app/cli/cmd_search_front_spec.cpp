// `search-front`'s options and help (command_declarations.h); cmd_search_front.cpp runs it.

#include "command_declarations.h"

namespace posescope::cli {

CommandSpec searchFrontCommand() {
  return {
      "search-front",
      "print or write a search folder's Pareto front (AP against MACs) as CSV or JSON",
      {"SEARCH_DIR [--format csv|json] [--out FILE]"},
      "Reads SEARCH_DIR (also while the search writes it) and prints the candidates no other "
      "beats\n"
      "on both AP (higher) and ptflops' MACs (fewer), by MACs: the files the GUI's Search page\n"
      "exports. CSV: candidate,ap,gmacs,macs,parameters,latency_ms,generation,arch (latency_ms\n"
      "empty when not measured, arch the arch's JSON text); JSON: the candidates' scores as\n"
      "score.json holds them.\n",
      {{"SEARCH_DIR", "", "a search folder written by posescope-cli search"}},
      {{"options",
        {{"--format", "csv|json", "the front as CSV (default) or JSON"},
         {"--out", "FILE", "write the front to FILE (replaced whole) instead of stdout"}}}},
      "exit status: 0 ok, 2 bad command line, 3 not a search folder or a file that cannot be\n"
      "read or written.\n",
  };
}

}  // namespace posescope::cli
