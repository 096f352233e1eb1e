#pragma once
// What one page asks of another, carried out through the window: an image or a queue to show on
// Inspect, run folders to open or compare, a run to start, cancel, resume or pair, a run to
// evaluate again, a folder to choose. The pages only emit their requests; this is the one place
// that says where each goes.

namespace posescope {

class MainWindow;
class SearchView;
class SessionStatus;
class TimingView;

/// Connects the requests of `window`'s pages (the Timing and Search pages given, the others
/// through its accessors) to what carries them out, `window` as the context. `status` words the
/// outcomes (a failure to warn about, the page to show a run on). Called once, when the window
/// is built. Never fails.
void connectPageRequests(MainWindow* window, TimingView* timing, SearchView* search,
                         SessionStatus* status);

}  // namespace posescope
