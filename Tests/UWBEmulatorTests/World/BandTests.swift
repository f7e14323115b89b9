import Foundation
import Testing
import UWBCore
@testable import UWBEmulator
import UWBTestSupport

/// Devices given radios of their own are fitted for their channels' bands (decision 0030, amendment
/// "session 65"): frames go only between devices whose bands overlap, and a world split into parts along
/// bands that do not overlap runs parts that never wait for each other and send each other nothing,
/// with the run one part gives.
@Suite("Devices fitted for bands, and parts that never wait for each other")
struct BandTests {
    /// Every device's statistics of `name`'s first `seconds`, split into `parts`, in the scenario's
    /// order; the trace; and what each part did.
    static func run(_ name: String, parts: Int, seconds: Double = 1) throws
        -> (statistics: [DeviceStatistics], trace: [UInt8], figures: [PartFigures], world: Emulation) {
        let world = try Emulation(scenario: try RankedWorldTests.scenario(name), seed: 5, parts: parts)
        let trace = try TraceCapture.bytes(of: world, until: SimulationTime(seconds: seconds))
        return (world.statistics, trace, world.partFigures, world)
    }

    @Test("twenty senders fitted in turn for channels 5 and 9: the same counts and trace in 1, 2 and 3 parts")
    func twoChannelsInParts() throws {
        let whole = try Self.run("hall-two-channels", parts: 1)
        #expect(whole.statistics.map(\.received).reduce(0, +) > 400)
        for parts in 2...3 {
            let split = try Self.run("hall-two-channels", parts: parts)
            #expect(split.statistics == whole.statistics, "\(parts) parts")
            #expect(split.trace == whole.trace, "\(parts) parts")
        }
    }

    @Test("in two parts, the channel-5 devices run in one and the channel-9 devices in the other: they send each other nothing and never wait")
    func separateParts() throws {
        let split = try Self.run("hall-two-channels", parts: 2)
        let scenario = try RankedWorldTests.scenario("hall-two-channels")
        for (device, spec) in zip(split.world.devices, scenario.devices) {
            #expect(device.part == (spec.radio?.channel == .five ? 0 : 1), "\(spec.name)")
        }
        #expect(ScenarioPartition.splitsByBand(scenario))
        #expect(!ScenarioPartition.splitsByBand(try RankedWorldTests.scenario("hall-twenty")))
        // Channels 2 and 3 lie apart, but the wide channel 4 overlaps both: one group, no split.
        var chain = scenario
        for (index, channel) in [Channel.two, .three, .four].enumerated() {
            chain.devices[index].radio = try RadioConfig(
                channel: channel, pulseRepetitionFrequency: .sixtyFourMegahertz, preambleLength: .symbols128,
                preambleCode: channel == .four ? 17 : 9, dataRate: .mbps6_8)
        }
        chain.devices.removeLast(chain.devices.count - 3)
        #expect(!ScenarioPartition.splitsByBand(chain))
        chain.devices.removeLast()
        #expect(ScenarioPartition.splitsByBand(chain))
        #expect(split.figures.map(\.crossings) == [0, 0])
        #expect(split.figures.allSatisfy { $0.events > 0 })
        // Unpaced, parts that never wait for each other run windows of 100 ms: about ten in a second.
        #expect(split.figures.allSatisfy { $0.windows <= 11 }, "\(split.figures.map(\.windows))")
        // Three parts: the middle one holds devices of both bands, so all three are one group.
        let three = try Self.run("hall-two-channels", parts: 3)
        #expect(three.figures.allSatisfy { $0.crossings > 0 })
        #expect(three.figures.allSatisfy { $0.windows > 100 })
    }

    @Test("a device fitted for channel 9, tuned to channel 5, neither hears nor reaches channel-5 devices; a device on the world's radio does both")
    func fittedReceiverHearsOnlyItsBand() throws {
        let json = """
            {"name": "bands", "devices": [
              {"name": "sender", "board": "ft232h-dwm3000-single", "position": [0, 1, 0], "radio": {"channel": 5},
               "transmit": {"intervalSeconds": 0.01, "payloadLength": 12}},
              {"name": "fitted-nine", "board": "ft232h-dwm3000-single", "position": [3, 1, 0], "radio": {"channel": 9},
               "transmit": {"intervalSeconds": 10, "payloadLength": 12, "startSeconds": 0.705}},
              {"name": "world-radio", "board": "ft232h-dwm3000-single", "position": [0, 1, 3],
               "transmit": {"intervalSeconds": 10, "payloadLength": 12, "startSeconds": 0.505}}
            ]}
            """
        let scenario = try Scenario(jsonData: Data(json.utf8), boardSearchPaths: [Repository.boardsDirectory])
        #expect(scenario.devices.map { $0.radio?.channel } == [.five, .nine, nil])
        let world = try Emulation(scenario: scenario, seed: 1)
        // Its software tunes the channel-9 device to the sender's channel; its band still keeps the frames out.
        for transceiver in world.devices[1].radio.transceivers {
            try transceiver.configure(.ranging)
        }
        world.run(until: SimulationTime(seconds: 1))
        let statistics = world.statistics
        // The two listeners send once each (scripted devices listen between their frames). The device on
        // the world's radio hears the sender's frames and the fitted one's, and reaches both; the fitted
        // one, tuned to channel 5, hears none of the sender's frames but that device's, and does not reach the sender.
        #expect(statistics[0].sent >= 99)
        #expect(statistics.map(\.sent).dropFirst() == [1, 1])
        #expect(statistics[1].received == 1)
        #expect(statistics[1].lost == 0)
        #expect(statistics[0].received == 1)
        #expect(statistics[2].received == statistics[0].sent + 1 - statistics[2].lost - statistics[2].collided)
        #expect(statistics[2].received >= 95)
    }

    @Test("parts join groups as their devices' bands reach each other's, through chains of parts, and never for a part without devices")
    func groups() {
        var groups = PartGroups(parts: 4)
        #expect(groups.group == [0, 1, 2, 3])
        groups.join(band: .five, part: 0)
        groups.join(band: .nine, part: 1)
        groups.join(band: .nine, part: 2)
        #expect(groups.group == [0, 1, 1, 3])
        // Channel 2 and channel 4 (the wide one) overlap, as do 4 and 3; 2 and 3 do not.
        var chain = PartGroups(parts: 3)
        chain.join(band: .two, part: 0)
        chain.join(band: .three, part: 2)
        #expect(chain.group == [0, 1, 2])
        chain.join(band: .four, part: 1)
        #expect(chain.group == [0, 0, 0])
        // A device on the world's radio, fitted for no band, reaches every part with devices.
        groups.join(band: nil, part: 3)
        #expect(groups.group == [0, 0, 0, 0])
    }

    @Test("a device's radio that does not hold together is refused with its path, like the scenario's")
    func malformedDeviceRadio() throws {
        for (radio, path) in [
            (#"{"channel": 9, "preambleCode": 3}"#, "devices[0].radio.preambleCode"),
            (#"{"channel": 6}"#, "devices[0].radio.channel"),
            (#"{"chanel": 9}"#, "devices[0].radio"),
            (#"9"#, "devices[0].radio"),
        ] {
            let json = """
                {"name": "bad", "devices": [
                  {"name": "a", "board": "ft232h-dwm3000-single", "position": [0, 0, 0], "radio": \(radio)}
                ]}
                """
            #expect {
                try Scenario(jsonData: Data(json.utf8), boardSearchPaths: [Repository.boardsDirectory])
            } throws: { error in
                "\(error)".contains(path)
            }
        }
    }
}
