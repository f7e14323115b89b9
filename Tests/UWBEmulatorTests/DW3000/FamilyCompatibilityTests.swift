import DW3000Driver
import Foundation
import Testing
import UWBCore
import UWBTestSupport
@testable import UWBEmulator

/// A DW3110 sending to a DW1000 with both real drivers on virtual chips 4 m apart: what the older
/// chip makes of the newer one's frames. Without an STS, at a configuration both share (channel 5,
/// 64 MHz PRF, code 9, 6.8 Mbps, 128 symbols), the frame arrives intact; with an SP1 STS the DW1000
/// locks onto the preamble and ends the reception as a PHY header error; a channel-9 frame never
/// reaches it at all, and the DW1000 driver will not be put on channel 9.
@Suite("DW3000 frames at a DW1000")
struct FamilyCompatibilityTests {
    /// What the DW1000 reported while the DW3000 sent.
    struct Outcome {
        var transmitted = 0
        var received: [ReceivedFrame] = []
        var others: [TransceiverEvent] = []
    }

    static let payload: [UInt8] = [0x41, 0x88, 7, 0xCA, 0xDE, 0xFF, 0xFF, 0x03, 0x00, 0x5A, 0xA5, 0x33]

    /// Sends `count` frames 5 ms apart from a DW3110 configured with `sent` to a DW1000 on `RadioConfig.ranging`
    /// 4 m away, whose receiver listens for `window` each time it is enabled (and is re-enabled after every event).
    static func run(sent: RadioConfig, count: Int = 10, window: ReceiveWindow = .untilTurnedOff) throws -> Outcome {
        let world = Emulation(seed: 77, channelModel: try ChannelModel(kind: .freeSpace, channel: .five))
        var outcome = Outcome()
        var transmitted = 0
        var received: [ReceivedFrame] = []
        var others: [TransceiverEvent] = []
        let ahead = try DeviceDuration.microseconds(300)
        let senderApp = { ClosureApplication(on: $0, onStart: { radio in
            for index in 0..<count {
                radio.schedule(after: .milliseconds(5) * (index + 1)) {
                    attempt(radio) { () throws(TransceiverError) in
                        let now = try radio.primary.systemTime()
                        _ = try radio.primary.transmit(payload, at: now + ahead, awaiting: nil)
                        transmitted += 1
                    }
                }
            }
        }) }
        let receiverApp = { ClosureApplication(
            on: $0,
            onStart: { radio in
                attempt(radio) { () throws(TransceiverError) in try radio.primary.enableReceiver(window) }
            },
            onEvent: { event, _, radio in
                switch event {
                case .frameReceived(let frame): received.append(frame)
                default: others.append(event)
                }
                attempt(radio) { () throws(TransceiverError) in try radio.primary.enableReceiver(window) }
            }) }
        let sender = try world.add(
            try WorldFixtures.device(
                "dw3000", at: Vector3(x: 0, y: 0, z: -4), boardID: "ft232h-dwm3000-single",
                orientation: Orientation(yaw: Angle(radians: .pi))),
            application: senderApp)
        let receiver = try world.add(
            try WorldFixtures.device("dw1000", at: .zero, boardID: "ft232h-dw1000-single"), application: receiverApp)
        try sender.radio.primary.configure(sent)
        try receiver.radio.primary.configure(.ranging)
        world.run(until: SimulationTime(seconds: Double(count + 2) * 0.005))
        outcome.transmitted = transmitted
        outcome.received = received
        outcome.others = others
        return outcome
    }

    @Test("without an STS, at a shared configuration, the DW1000 receives the DW3000's frame intact")
    func sharedConfiguration() throws {
        let outcome = try Self.run(sent: .ranging)
        #expect(outcome.transmitted == 10)
        #expect(outcome.received.count == 10)
        #expect(outcome.received.allSatisfy { $0.frame == Self.payload })
        #expect(outcome.received.allSatisfy { $0.diagnostics.secureTimestamp == nil })
        #expect(outcome.others.isEmpty, "\(outcome.others)")
    }

    @Test("with an SP1 STS the DW1000 reports a PHY header error and no frame")
    func secureTimestampFrame() throws {
        let outcome = try Self.run(sent: RadioConfig.ranging.withSecureTimestamps(try TestSecureTimestamps.ranging()))
        #expect(outcome.transmitted == 10)
        #expect(outcome.received.isEmpty)
        #expect(outcome.others == Array(repeating: .receiveFailed(.phyHeaderError), count: 10), "\(outcome.others)")
    }

    @Test("a channel-9 frame never reaches a DW1000 on channel 5: its receiver times out")
    func channelNine() throws {
        let ninth = try RadioConfig(
            channel: .nine, pulseRepetitionFrequency: .sixtyFourMegahertz, preambleLength: .symbols128, preambleCode: 9,
            startOfFrameDelimiter: .standard, dataRate: .mbps6_8)
        // 10 ms windows across 60 ms of ten frames: six windows close, none with a frame or a failure.
        let outcome = try Self.run(sent: ninth, window: ReceiveWindow(timeout: try .milliseconds(10)))
        #expect(outcome.transmitted == 10)
        #expect(outcome.received.isEmpty)
        #expect(!outcome.others.isEmpty)
        #expect(outcome.others.allSatisfy { $0 == .receiveTimeout }, "\(outcome.others)")
    }

    @Test("the DW1000 driver refuses channel 9")
    func dw1000RefusesChannelNine() throws {
        let world = try WorldFixtures.freeSpace()
        let device = try world.add(try WorldFixtures.device("dw1000", at: .zero, boardID: "ft232h-dw1000-single"))
        let ninth = try RadioConfig(
            channel: .nine, pulseRepetitionFrequency: .sixtyFourMegahertz, preambleLength: .symbols128, preambleCode: 9,
            startOfFrameDelimiter: .standard, dataRate: .mbps6_8)
        #expect {
            try device.radio.primary.configure(ninth)
        } throws: { error in
            guard case .unsupportedConfiguration(let reason) = error as? TransceiverError else { return false }
            return reason.contains("channel 9") || reason.contains("9")
        }
    }
}
