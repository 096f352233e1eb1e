#pragma once
// OpenMP's wait policy for the processes that run LibTorch (libgomp, shared with OpenBLAS).
//
// libgomp lets an idle worker spin for a while before it sleeps. On a machine whose cores are
// busy with other work (a compile, a browser, a second evaluation) the spinning workers take the
// cores the working ones need: `eval` of 30 demo images beside busy processes took 88 s with the
// default policy, 12.6 s with OMP_WAIT_POLICY=PASSIVE and 10.2 s with one thread (2 cores,
// docs/architecture.md "Threads"). libgomp reads the variable once, when it is loaded, before
// main() runs: setting it later has no effect, hence the restart.

namespace posescope {

/// The variable and the value PoseScope runs LibTorch with unless the user chose otherwise.
inline constexpr const char* kOpenMpWaitPolicyVariable = "OMP_WAIT_POLICY";
inline constexpr const char* kOpenMpWaitPolicyDefault = "PASSIVE";

/// Sets OMP_WAIT_POLICY=PASSIVE in this process's environment unless it is set already (a user's
/// own choice always wins). Returns true when it set it: only processes started afterwards see it.
bool preferPassiveOpenMpWait();

/// For an executable that loads libgomp itself (the GUI, posescope-cli-full): when
/// OMP_WAIT_POLICY is unset, sets it and re-executes this program with the same arguments, so
/// that libgomp is loaded with it. Returns without doing anything when the variable is set, and
/// carries on with the default policy when the program cannot be re-executed.
void restartWithPassiveOpenMpWait(char** argv);

}  // namespace posescope
