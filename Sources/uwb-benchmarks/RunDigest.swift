import UWBCore

/// A 64-bit digest (FNV-1a's multiply-xor step applied per 64-bit word) of every event the applications of one run saw, in order: two runs
/// with the same digest made the same receptions with the same timestamps and diagnostics. It
/// shows that repetitions are the same run, and that an optimisation changed no behaviour.
final class RunDigest {
    /// The digest so far.
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// Folds one application event of device `device` into the digest.
    func combine(_ event: TransceiverEvent, device: Int) {
        combine(UInt64(device))
        switch event {
        case .transmitted(let time):
            combine(1)
            combine(time.ticks)
        case .frameReceived(let frame):
            combine(2)
            combine(frame.timestamp.ticks)
            for octet in frame.frame {
                combine(UInt64(octet))
            }
            combine(frame.diagnostics.receivedLevel.dBm.bitPattern)
            combine(frame.diagnostics.firstPathLevel.dBm.bitPattern)
            combine(frame.diagnostics.clockOffset.partsPerMillion.bitPattern)
            combine(frame.diagnostics.carrierPhase.radians.bitPattern)
            combine(frame.diagnostics.firstPathIndex.bitPattern)
        case .receiveTimeout:
            combine(3)
        case .receiveFailed(let failure):
            combine(4)
            for octet in failure.description.utf8 {
                combine(UInt64(octet))
            }
        }
    }

    /// Folds one 64-bit word into the digest.
    func combine(_ word: UInt64) {
        value = (value ^ word) &* 0x0000_0100_0000_01B3
        value ^= value >> 32
    }
}
