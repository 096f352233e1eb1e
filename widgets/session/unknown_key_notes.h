#pragma once
// What the run setup says about YAML keys valid.py would add without a word: LitePose's yacs
// config accepts new keys, so a misspelt key leaves the key it meant at its value.

#include <QStringList>

#include "config/experiment.h"

namespace posescope {

/// One note per key `experiment` warns about (a key the defaults lack, see config_merge.h):
/// "Line 67: TEST.FLIP_TES is not a key valid.py reads (did you mean TEST.FLIP_TEST?); the run
/// uses TEST.FLIP_TEST = True", the value taken from the merged config the run gets. Cheap but
/// not free (an edit distance to every default key): the run setup computes it off the GUI
/// thread. Never throws.
QStringList unknownKeyNotes(const Experiment& experiment);

}  // namespace posescope
