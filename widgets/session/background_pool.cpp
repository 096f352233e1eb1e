#include "widgets/session/background_pool.h"

#include <QThread>
#include <QThreadPool>
#include <algorithm>

namespace posescope {

namespace {

class BackgroundPool : public QThreadPool {
 public:
  BackgroundPool() {
    setObjectName("posescope-background");
    setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
  }
};

Q_GLOBAL_STATIC(BackgroundPool, pool)

}  // namespace

QThreadPool* backgroundPool() {
  return pool();
}

}  // namespace posescope
