import Testing
import UWBCore
@testable import UWBEmulator
import UWBTestSupport

/// The messages between the ranks of a world split over processes: golden octets for a promise, frames
/// that reach the other rank bit for bit, and clear errors for messages no rank sends.
@Suite("Messages between ranks")
struct RankMessageTests {
    @Test("a promise: its kind, the instant and the need little-endian, then the count of ranks and each rank's carried frames")
    func promiseOctets() throws {
        let octets = RankMessage.promise(octets: 0x0102_0304_0506_0708, need: .max, carried: [3, 258])
        #expect(octets == [
            0x01,
            0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01,
            0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F,
            0x02, 0, 0, 0, 0, 0, 0, 0,
            0x03, 0, 0, 0, 0, 0, 0, 0,
            0x02, 0x01, 0, 0, 0, 0, 0, 0,
        ])
        let world = try Self.world()
        guard case .promise(let instant, let need, let carried) = try RankMessage.read(octets, medium: world.medium) else {
            Issue.record("not read as a promise")
            return
        }
        #expect(instant == 0x0102_0304_0506_0708)
        #expect(need == .max)
        #expect(carried == [3, 258])
        #expect(RankMessage.doneOctets == [0x03])
    }

    @Test("a frame with a configuration and an STS reaches the other rank bit for bit")
    func frameRoundTrip() throws {
        let world = try Self.world()
        let key = try SecureTimestampSecret(octets: Array(1...16), field: "key")
        let vector = try SecureTimestampSecret(octets: Array(17...32), field: "IV")
        let sts = SecureTimestampConfiguration(mode: .afterFrameDelimiter, length: .symbols64, key: key, initializationVector: vector)
        let configuration = try RadioConfig(
            channel: .nine, pulseRepetitionFrequency: .sixtyFourMegahertz, preambleLength: .symbols64, preambleCode: 9,
            dataRate: .mbps6_8, secureTimestamps: sts)
        let transmission = Transmission(
            frame: [0x41, 0x88, 0x07, 0xCA, 0xDE, 0xFF, 0xFF, 0x01, 0x00, 0x12, 0x34], configuration: configuration,
            start: SimulationTime(picoseconds: 1_000_000_001), rmarker: SimulationTime(picoseconds: 1_000_100_003),
            end: SimulationTime(picoseconds: 1_000_300_007), power: PowerLevel(dBm: -14.3), clockOffset: ClockOffset(partsPerMillion: -7.25),
            rangingBit: true,
            secureTimestamp: TransmittedSecureTimestamp(mode: .afterFrameDelimiter, length: .symbols64, key: key, initializationVector: vector))
        let frame = OutgoingFrame(
            transmission: transmission, order: TransmissionOrder(sender: 0xFEDC_BA98_7654_3210, count: 41), sender: 1, chip: 0,
            source: Position(metres: Vector3(x: 0.1, y: -2.5, z: 1e-9)), senderStill: false, channelLoss: 1.25, channel: .nine,
            floor: -101.5, tracing: false, nodes: world.medium.nodes, ports: world.medium.ports, medium: world.medium)
        let octets = RankMessage.frame(octets: frame)
        guard case .frame(let read) = try RankMessage.read(octets, medium: world.medium) else {
            Issue.record("not read as a frame")
            return
        }
        #expect(RankMessage.frame(octets: read) == octets)
        #expect(read.transmission.frame == transmission.frame)
        #expect(read.transmission.configuration == configuration)
        #expect(read.transmission.start == transmission.start && read.transmission.rmarker == transmission.rmarker)
        #expect(read.transmission.end == transmission.end && read.transmission.rangingBit)
        #expect(read.transmission.power == transmission.power && read.transmission.clockOffset == transmission.clockOffset)
        #expect(read.transmission.secureTimestamp == transmission.secureTimestamp)
        #expect(read.order == frame.order && read.sender == 1 && read.chip == 0)
        #expect(read.source == frame.source && !read.senderStill && read.channelLoss == 1.25 && read.floor == -101.5)
        #expect(read.channel == .nine && !read.tracing)
        #expect(read.medium === world.medium && read.nodes.count == world.medium.nodes.count)
    }

    @Test("messages no rank sends: clear errors naming what is wrong")
    func malformed() throws {
        let world = try Self.world()
        let promise = RankMessage.promise(octets: 5, need: 7, carried: [0, 0])
        let cases: [([UInt8], String)] = [
            ([], "ends before its kind"),
            ([9], "a message of kind 9"),
            (Array(promise.dropLast()), "ends before its carried count"),
            (promise + [0], "1 octets after a message's last field"),
            ([0x01] + Array(repeating: 0, count: 16) + [0, 0, 0, 0, 0, 0, 0, 0], "a promise for 0 ranks"),
            ([0x03, 0x00], "1 octets after"),
        ]
        for (octets, expected) in cases {
            do {
                _ = try RankMessage.read(octets, medium: world.medium)
                Issue.record("\(octets) was read")
            } catch {
                #expect(error.description.contains(expected), "\(error.description)")
                #expect(error.description.contains("same build of uwb"))
            }
        }
        // A frame from a device the world does not have.
        var frame = RankMessage.frame(octets: try Self.anyFrame(in: world))
        frame.replaceSubrange(17..<25, with: [99, 0, 0, 0, 0, 0, 0, 0])
        #expect(throws: EmulationError.rankMessage("a frame from device 99 of a world of 2 devices")) {
            try RankMessage.read(frame, medium: world.medium)
        }
    }

    /// Two devices 3 m apart, in two parts.
    static func world() throws -> Emulation {
        let scenario = try Scenario.load(
            from: Repository.path("Docs/scenarios/two-devices-3m.json"), boardSearchPaths: [Repository.boardsDirectory])
        return try Emulation(scenario: scenario, seed: 1, parts: 2)
    }

    /// A frame without a configuration from the world's first device.
    static func anyFrame(in world: Emulation) throws -> OutgoingFrame {
        let transmission = Transmission(
            frame: [1, 2, 3], configuration: nil, start: .zero, rmarker: .zero, end: .zero, power: PowerLevel(dBm: 0),
            clockOffset: ClockOffset(partsPerMillion: 0), rangingBit: false)
        return OutgoingFrame(
            transmission: transmission, order: TransmissionOrder(sender: 1, count: 0), sender: 0, chip: 0,
            source: Position(metres: Vector3(x: 0, y: 0, z: 0)), senderStill: true, channelLoss: 0, channel: .five, floor: -100,
            tracing: false, nodes: world.medium.nodes, ports: world.medium.ports, medium: world.medium)
    }
}
