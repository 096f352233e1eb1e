#pragma once
// The names and colours the analysis charts give error types and joint labels, shared by the
// Results page's chart widgets and the PDF report's charts so that both say the same. Qt Gui only.

#include <QColor>
#include <QString>

#include "analysis/joint_errors.h"
#include "analysis/keypoint_analysis.h"

namespace posescope {

/// "miss", "swap", ..., as the AP-if-fixed chart's axis names them ("baseline", "background FP",
/// "false negatives").
QString errorTypeTitle(ErrorType error);

/// The colour of fixing `error` wherever it is drawn: the joint label's colour for keypoint
/// errors, grey for the baseline.
QColor errorTypeColor(ErrorType error);

/// The colour of joint label `label` (core/render/palette.h's jointLabelColor, as the error layer
/// draws it). Never fails.
QColor jointLabelChartColor(JointLabel label);

}  // namespace posescope
