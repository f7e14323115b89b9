import UWBCore
import UWBEmulator

/// Frames and records shared by the trace tests.
enum TraceSamples {
    /// A data frame from short address 0x0001 to 0x0002 in PAN 0xDECA with sequence number
    /// `sequenceNumber`, FCS included.
    static func dataFrame(sequenceNumber: UInt8) throws -> [UInt8] {
        try MACFrame(
            dataIn: PANIdentifier(rawValue: 0xDECA),
            from: .short(0x0001),
            to: .short(0x0002),
            sequenceNumber: sequenceNumber,
            payload: [0xC5, sequenceNumber]
        ).encoded()
    }

    /// A reception of a frame by `receiver` at `dBm` with `outcome`.
    static func reception(_ receiver: String, _ dBm: Double, _ outcome: ReceptionOutcome) -> TraceReception {
        TraceReception(receiver: receiver, level: PowerLevel(dBm: dBm), outcome: outcome)
    }
}
