import EmulatorHarness
import Foundation
import NearbyInteraction
import Testing
import UWBCore
@testable import UWBEmulator

/// One room, three sessions at once: a DW1000 and a DW3110 ranging on channel 5 without an STS
/// (the DW1000's token says it has none), beside them a DW3220 and a DWM3000 ranging with an STS
/// on the same channel-5 air, and a pair of DWM3000s with an STS on channel 9. What real radios
/// would do: every session ranges its own peer, the DW1000 ends the STS pair's frames as PHY
/// header errors (its receiver reads their STS where it expects a PHY header), and no channel-5
/// radio hears the channel-9 pair at all. Virtual time only.
@Suite("Sessions: DW1000 and DW3000 pairs in one room")
struct MixedRoomSessionTests {
    /// One device of the room: its board, where it stands, which way it faces (its back, where
    /// the antennas hear best, toward its peer) and its channel.
    struct Member {
        let name: String
        let board: String
        let position: Vector3
        let yaw: Angle
        let channel: Channel
    }

    /// One session of the room: two devices ranging each other, each with its recorder.
    struct Pairing {
        let devices: (String, String)
        let logs: (SessionRecorder, SessionRecorder)
        let sessions: (NISession, NISession)

        /// Both recorders.
        var recorders: [SessionRecorder] { [logs.0, logs.1] }
    }

    /// The mixed pair 4 m apart along −z at x = 0, the channel-5 STS pair 3 m apart at x = 2, the
    /// channel-9 pair 5 m apart at x = −2: each device's neighbours in the other pairs are 2 to
    /// 5 m away, well within hearing.
    static let members = [
        Member(name: "dw1000", board: "ft232h-dw1000-single", position: Vector3(x: 0, y: 0, z: 0), yaw: .zero, channel: .five),
        Member(name: "dw3110", board: "ft232h-dwm3000-single", position: Vector3(x: 0, y: 0, z: -4), yaw: .degrees(180), channel: .five),
        Member(name: "dw3220", board: "ft232h-dw3220-pdoa", position: Vector3(x: 2, y: 0, z: 0), yaw: .zero, channel: .five),
        Member(name: "dwm3000", board: "ft232h-dwm3000-single", position: Vector3(x: 2, y: 0, z: -3), yaw: .degrees(180), channel: .five),
        Member(name: "ch9-a", board: "ft232h-dwm3000-single", position: Vector3(x: -2, y: 0, z: 0), yaw: .zero, channel: .nine),
        Member(name: "ch9-b", board: "ft232h-dwm3000-single", position: Vector3(x: -2, y: 0, z: -5), yaw: .degrees(180), channel: .nine),
    ]

    /// The sessions: the mixed pair, the channel-5 STS pair, the channel-9 STS pair.
    static let sessionPairs = [("dw1000", "dw3110"), ("dw3220", "dwm3000"), ("ch9-a", "ch9-b")]

    /// The room and its running sessions. Without `channelNine` the channel-9 pair stays out.
    static func room(channelNine: Bool = true) throws -> (world: SessionWorld, pairings: [Pairing]) {
        let present = members.filter { channelNine || $0.channel == .five }
        let world = try SessionWorld(devices: try present.map { member in
            try SessionWorld.device(
                member.name, board: member.board, at: member.position, yaw: member.yaw,
                configuration: member.channel == .five ? nil : try RadioConfig.ranging.on(member.channel))
        })
        var pairings: [Pairing] = []
        for (first, second) in sessionPairs where present.contains(where: { $0.name == first }) {
            let logs = (SessionRecorder(name: first + ">" + second), SessionRecorder(name: second + ">" + first))
            let sessions = (try world.session(on: first, recorder: logs.0), try world.session(on: second, recorder: logs.1))
            try SessionWorld.pair(sessions.0, sessions.1)
            pairings.append(Pairing(devices: (first, second), logs: logs, sessions: sessions))
        }
        return (world, pairings)
    }

    /// The true distance between two devices of the room, from their positions (the antennas sit
    /// a few millimetres off the board centres: within the tolerance).
    static func distance(_ a: String, _ b: String) -> Double {
        let position = { (name: String) in members.first { $0.name == name }?.position ?? .zero }
        return (position(a) - position(b)).length
    }

    /// The emulator's frame counts of device `name`.
    static func statistics(of name: String, in world: SessionWorld) throws -> DeviceStatistics {
        try #require(world.emulation.statistics.first { $0.name == name })
    }

    /// How many of `sender`'s frames device `receiver` received intact.
    static func received(from sender: String, at receiver: String, in world: SessionWorld) throws -> Int {
        let names = world.emulation.devices.map(\.name)
        let from = try #require(names.firstIndex(of: sender))
        let at = try #require(names.firstIndex(of: receiver))
        return world.emulation.medium.linkReceptions[from][at]
    }

    @Test("three sessions in one room (DW1000–DW3110 without an STS and DW3220–DWM3000 with one on channel 5, two DWM3000s on channel 9) each get at least 25 updates in 3 s, all within 10 cm of the true distance, none errors, and only a POLL after a collision is dropped")
    func everySessionRangesItsPeer() throws {
        let (world, pairings) = try Self.room()
        world.advance(by: .seconds(3))
        #expect(pairings.count == 3)
        for pairing in pairings {
            let truth = Self.distance(pairing.devices.0, pairing.devices.1)
            for log in pairing.recorders {
                let label = log.queue.label
                #expect(log.errors.isEmpty, "\(label): \(log.errors)")
                #expect(log.lifecycle == [.started], "\(label): \(log.lifecycle)")
                let distances = log.distances
                // 10 Hz asked for: 30 updates in 3 s, less the first round's start and a round or
                // two lost to the other channel-5 session (28 with this seed; 29 on channel 9).
                #expect(distances.count >= 25, "\(label): \(distances.count) updates")
                // σ of a distance here is about 1.2 cm (Docs/benchmarks.md, "The DW3000 family"):
                // 10 cm is more than 8σ (the largest error with this seed is 2.2 cm).
                #expect(distances.allSatisfy { abs(Double($0) - truth) < 0.10 }, "\(label): \(distances) for \(truth) m")
            }
        }
        // A responder of an STS pair that lost a POLL (to a collision, or while its receiver was
        // held by another pair's frame) expects the lost POLL's STS at the next one, drops it as
        // secureTimestampQualityLow and is in step again
        // (`Docs/decisions/0023-sts-counters-from-frame-counters.md`): at most one such frame per
        // frame of its peer it missed, and nothing else dropped anywhere.
        for statistics in world.emulation.statistics {
            let rejected = try world.service(statistics.name).rejectedFrames
            #expect(rejected.keys.allSatisfy { $0 == .secureTimestampQualityLow }, "\(statistics.name): \(rejected)")
            let pair = try #require(Self.sessionPairs.first { $0.0 == statistics.name || $0.1 == statistics.name })
            let peer = pair.0 == statistics.name ? pair.1 : pair.0
            let missed = try Self.statistics(of: peer, in: world).sent - Self.received(from: peer, at: statistics.name, in: world)
            #expect(rejected.values.reduce(0, +) <= missed, "\(statistics.name): \(rejected), \(missed) of \(peer)'s frames missed")
        }
    }

    @Test("the radios of both DW3000 pairs are configured with an STS; the DW3110 ranging with the DW1000 has none")
    func onlyTheDW3000PairsUseAnSTS() throws {
        let (world, pairings) = try Self.room()
        // The sessions end when let go of: keep them to the end of the test.
        defer { withExtendedLifetime(pairings) {} }
        world.advance(by: .seconds(1))
        for device in world.emulation.devices {
            if device.name == "dw1000" {
                #expect(device.chips.allSatisfy { $0 is VirtualDW1000 })
                continue
            }
            for chip in device.chips {
                let dw3000 = try #require(chip as? VirtualDW3000, "\(device.name)")
                let sts = dw3000.secureTimestampConfiguration(counter: 0)
                if device.name == "dw3110" {
                    #expect(sts == nil, "\(device.name) ranges with the DW1000 but has an STS")
                } else {
                    #expect(sts?.mode == .afterFrameDelimiter, "\(device.name): \(String(describing: sts))")
                }
            }
        }
    }

    @Test("the DW1000 takes none of the STS pair's frames: it ends every one as a PHY header error and receives only its peer's frames intact")
    func dw1000EndsSecureTimestampFramesAsHeaderErrors() throws {
        let (world, pairings) = try Self.room()
        defer { withExtendedLifetime(pairings) {} }
        world.advance(by: .seconds(3))
        let dw1000 = try Self.statistics(of: "dw1000", in: world)
        let stsFrames = try Self.statistics(of: "dw3220", in: world).sent + Self.statistics(of: "dwm3000", in: world).sent
        for sender in ["dw3220", "dwm3000"] {
            #expect(try Self.received(from: sender, at: "dw1000", in: world) == 0, "\(sender)'s STS frames received intact")
        }
        #expect(try Self.received(from: "dw3110", at: "dw1000", in: world) > 0)
        // Only the STS pair's frames end in a header error there (the DW3110's share its
        // configuration, channel 9 never reaches it), and between its own rounds it listens, so
        // it locks onto every one of them and ends each when the PHY header would have come.
        #expect(stsFrames > 100, "the STS pair sent \(stsFrames) frames")
        #expect(dw1000.headerErrors == stsFrames, "\(dw1000.headerErrors) header errors for \(stsFrames) STS frames")
        #expect(dw1000.rejected == 0 && dw1000.collided == 0, "\(dw1000)")
        // The device service saw none of them as a frame, so it rejected none.
        #expect(try world.service("dw1000").rejectedFrames.isEmpty)
    }

    @Test("the DW3000s end the other channel-5 session's frames as header errors too: the DW3110 without an STS those with one, the STS pair those without")
    func dw3000sEndTheOtherPacketConfigurationAsHeaderErrors() throws {
        let (world, pairings) = try Self.room()
        defer { withExtendedLifetime(pairings) {} }
        world.advance(by: .seconds(3))
        let groups = [["dw1000", "dw3110"], ["dw3220", "dwm3000"]]
        for (group, others) in [(groups[0], groups[1]), (groups[1], groups[0])] {
            for receiver in group where receiver != "dw1000" {
                for sender in others {
                    #expect(try Self.received(from: sender, at: receiver, in: world) == 0, "\(sender)'s frames received at \(receiver)")
                }
                let statistics = try Self.statistics(of: receiver, in: world)
                let sent = try others.reduce(0) { try $0 + Self.statistics(of: $1, in: world).sent }
                // All but the odd frame that overlapped one of its own session's.
                #expect(statistics.headerErrors >= sent - 2 && statistics.headerErrors <= sent, "\(receiver): \(statistics) for \(sent) frames")
            }
        }
    }

    @Test("the channel-9 pair's frames reach no channel-5 radio: none received, and every channel-5 radio counts the same frames (received, lost, header errors, collisions) and its sessions the same updates as without the pair")
    func channelNineIsUnheardOnChannelFive() throws {
        let (world, pairings) = try Self.room()
        let (alone, alonePairings) = try Self.room(channelNine: false)
        world.advance(by: .seconds(3))
        alone.advance(by: .seconds(3))
        let channelFive = Self.members.filter { $0.channel == .five }.map(\.name)
        for receiver in channelFive {
            for sender in ["ch9-a", "ch9-b"] {
                #expect(try Self.received(from: sender, at: receiver, in: world) == 0, "\(sender) at \(receiver)")
            }
            let together = try Self.statistics(of: receiver, in: world)
            let apart = try Self.statistics(of: receiver, in: alone)
            #expect(together == apart, "\(receiver): \(together) beside channel 9, \(apart) without")
        }
        // The same number of updates (their values differ in the last digits: adding two devices
        // changes the order in which the medium draws its links' random streams).
        for (pairing, without) in zip(pairings, alonePairings) {
            for (log, other) in zip(pairing.recorders, without.recorders) {
                #expect(log.distances.count == other.distances.count, "\(log.queue.label): \(log.distances.count) updates beside channel 9, \(other.distances.count) without")
            }
        }
    }
}
