import UWBCore

extension [any Transceiver] {
    /// Loads the STS of the session's frame number `index` on every chip of a board (each one
    /// receives the frame): ``Transceiver/loadSecureTimestampSequence(frame:)``.
    func loadSecureTimestampSequence(frame index: UInt32) throws(TransceiverError) {
        for transceiver in self {
            try transceiver.loadSecureTimestampSequence(frame: index)
        }
    }
}
