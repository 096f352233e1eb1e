#pragma once
// PoseScope's icon, drawn in code so the window icon needs no image plugin or resource file.

#include <QIcon>

namespace posescope {

/// The figure of packaging/posescope.svg (a skeleton on a dark tile) at 16 to 256 pixels.
QIcon appIcon();

}  // namespace posescope
