import UWBCore
import UWBDevices

/// How a live `uwb cir` ended.
enum CirListenOutcome: Sendable {
    /// The response of the frame asked for was read.
    case read(ChannelImpulseResponse)
    /// The frame asked for came, but its response could not be read.
    case readFailed(TransceiverError)
    /// `--timeout` passed on the radio's clock before the frame asked for came; `frames` came and
    /// `failures` failed before it did.
    case timedOut(Duration, frames: Int, failures: ReceiveFailureCounts)
    /// The radio went away; the text says why.
    case radioLost(String)
    /// Ctrl-C or SIGTERM.
    case interrupted
}
