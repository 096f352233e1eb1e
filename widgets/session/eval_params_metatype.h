#pragma once
// Evaluation settings as a Qt meta-type: they travel in signals and queued calls between the
// Results page, the analysis session and its worker thread.

#include <QMetaType>

#include "eval/eval_params.h"

Q_DECLARE_METATYPE(posescope::EvalParams)
