#pragma once
// Embedding a trained sub-network into a LitePose supernet: the inverse of extraction
// (subnet_extraction.h), to start a supernet's training from a trained network.

#include <cstdint>

#include "checkpoint/checkpoint_reader.h"
#include "config/experiment.h"

namespace posescope {

/// The pose_supermobilenet state_dict of `superExperiment` (MODEL.NAME pose_supermobilenet, its
/// --superconfig the sub-network's arch) that holds `subnetworkState` (that arch's pose_mobilenet
/// weights): each of its tensors is the supernet tensor's leading slice, as extraction takes it
/// back. Everything else is a fresh initialisation (seeded with `seed`), arranged so that every
/// sub-network that contains the embedded one computes what it computes:
///  - weights from channels beyond the embedded network's into its channels are zero (extra
///    input channels, and the extra hidden channels of an expansion above the embedded one's);
///  - blocks beyond the embedded network's in a stage end in a BatchNorm with zero weight and
///    bias, so their residual block is the identity.
/// Throws ModelError when MODEL.NAME is not pose_supermobilenet, the arch is outside the
/// supernet, has a stage without blocks or a depthwise kernel other than 7 (a smaller one passes
/// through the supernet block's shared kernel transform, which no embedding can invert), and
/// CheckpointError (naming `checkpointName`) when the weights do not fit the arch.
StateDict embedSubnetwork(const Experiment& superExperiment, const StateDict& subnetworkState,
                          const std::string& checkpointName, std::uint64_t seed);

}  // namespace posescope
