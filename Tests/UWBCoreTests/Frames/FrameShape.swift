import Testing
import UWBCore

/// The fields of a MAC frame, written out in a test so that arguments stay plain data and the
/// frame itself is built (with `try`) inside the test.
struct FrameShape: Sendable, CustomTestStringConvertible {
    let name: String
    var frameType: MACFrameType = .data
    var sequenceNumber: UInt8 = 0
    var destination: MACEndpoint?
    var source: MACEndpoint?
    var payload: [UInt8] = []
    var framePending = false
    var acknowledgementRequest = false
    var frameVersion: MACFrameVersion = .ieee2003

    var testDescription: String { name }

    func frame() throws -> MACFrame {
        try MACFrame(
            frameType: frameType,
            sequenceNumber: sequenceNumber,
            destination: destination,
            source: source,
            payload: payload,
            framePending: framePending,
            acknowledgementRequest: acknowledgementRequest,
            frameVersion: frameVersion
        )
    }
}

/// Shorthand for an endpoint in test tables.
func endpoint(_ pan: UInt16, _ address: MACAddress) -> MACEndpoint {
    MACEndpoint(pan: PANIdentifier(rawValue: pan), address: address)
}
