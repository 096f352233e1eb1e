#pragma once
// The thread pool for PoseScope's own background work (reading run folders, exports, network
// costs). Qt's raster paint engine splits large fills over QThreadPool::globalInstance() (Qt 6.4)
// and waits for them, so a long job of ours on the global pool stalls every repaint of the window
// until it ends: opening a 5,000-image run right after it finished froze the window for a second.

class QThreadPool;

namespace posescope {

/// One pool for the whole process, as many threads as cores (at least two); never the global one.
QThreadPool* backgroundPool();

}  // namespace posescope
