#pragma once
// Extraction of a sub-network from a LitePose supernet (the reference's weight_transfer.py): the
// pose_mobilenet weights of one arch, which load in valid.py and in PoseScope and compute what
// the supernet computes for that arch.

#include "checkpoint/checkpoint_reader.h"
#include "config/experiment.h"

namespace posescope {

/// The pose_mobilenet state_dict (the reference's key order) of the arch `superExperiment` was
/// loaded with (--superconfig), from a pose_supermobilenet whose weights are `supernetState`.
/// Each tensor is the supernet's leading slice, as weight_transfer's transfer_* copy them, except
/// depthwise kernels smaller than 7: there the supernet convolves with the centre of its 7x7
/// kernel passed through the block's Linear5x5 / Linear3x3 transform, and that kernel is what is
/// extracted (weight_transfer copies the whole 7x7 kernel, which no pose_mobilenet of that arch
/// can load). Throws ModelError when MODEL.NAME is not pose_supermobilenet or the arch is outside
/// its search space, CheckpointError when the weights do not fit the supernet.
StateDict extractSubnetwork(const Experiment& superExperiment, const StateDict& supernetState,
                            const std::string& checkpointName);

/// `superExperiment` with MODEL.NAME pose_mobilenet: the experiment that evaluates the extract.
Experiment subnetworkExperiment(const Experiment& superExperiment);

}  // namespace posescope
