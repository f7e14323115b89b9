import UWBCore
import UWBRanging

/// Frames written octet by octet from the byte tables in `Docs/ranging-protocol.md`:
/// session 0xDEADBEEF, round 0x0102, from 0x0001 to 0x0002 in PAN 0xDECA.
enum GoldenFrames {
    static let session = SessionIdentifier(rawValue: 0xDEAD_BEEF)
    static let pan = PANIdentifier(rawValue: 0xDECA)

    /// Frame control 0x8841 (data, PAN ID compression, short addresses), sequence = low octet
    /// of the round, PAN, destination, source.
    static let macHeader: [UInt8] = [0x41, 0x88, 0x02, 0xCA, 0xDE, 0x02, 0x00, 0x01, 0x00]

    /// Version 2, type, flags 0, session LE, round LE.
    static func payloadHeader(type: UInt8, flags: UInt8 = 0) -> [UInt8] {
        [0x02, type, flags, 0xEF, 0xBE, 0xAD, 0xDE, 0x02, 0x01]
    }

    static let poll = macHeader + payloadHeader(type: 0x61)
    static let response = macHeader + payloadHeader(type: 0x62)
    static let goodbye = macHeader + payloadHeader(type: 0x65)
    static let final = macHeader + payloadHeader(type: 0x63)
        + [0x89, 0x67, 0x45, 0x23, 0x01]  // pollTransmitted 0x01_2345_6789
        + [0x00, 0x00, 0x00, 0x00, 0x80]  // responseReceived 0x80_0000_0000
        + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF]  // finalTransmitted 0xFF_FFFF_FFFF
    static let report = macHeader + payloadHeader(type: 0x64)
        + [0x05, 0x04, 0x03, 0x02, 0x01]  // pollReceived 0x01_0203_0405
        + [0x0A, 0x09, 0x08, 0x07, 0x06]  // responseTransmitted 0x06_0708_090A
        + [0x00, 0x00, 0x00, 0x00, 0x00]  // finalReceived 0
        + [0x80, 0x01, 0x00, 0x00]        // time of flight 0x180/256 = 1.5 ticks
    static let reportWithoutResult = Array(report.dropLast(4)) + [0xFF, 0xFF, 0xFF, 0x7F]

    static func frame(_ message: RangingMessage) -> RangingFrame {
        RangingFrame(session: session, round: 0x0102, source: 0x0001, destination: 0x0002, pan: pan, message: message)
    }

    static func time(_ ticks: UInt64) -> DeviceTime {
        DeviceTime(wrapping: ticks)
    }

    static let finalMessage = RangingMessage.final(
        pollTransmitted: time(0x01_2345_6789), responseReceived: time(0x80_0000_0000), finalTransmitted: time(0xFF_FFFF_FFFF))

    static func reportMessage(_ timeOfFlight: ReportedTimeOfFlight?) -> RangingMessage {
        .report(pollReceived: time(0x01_0203_0405), responseTransmitted: time(0x06_0708_090A), finalReceived: time(0),
                timeOfFlight: timeOfFlight)
    }
}
