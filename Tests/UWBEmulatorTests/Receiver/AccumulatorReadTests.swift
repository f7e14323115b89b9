import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

/// The real drivers read the accumulator of a reception off virtual chips over SPI: what they read is what
/// the chip's levels and first path were worked out from.
@Suite("Drivers read the virtual chips' accumulators")
struct AccumulatorReadTests {
    /// A sender and a receiver 5 m apart in an office (CM3) on `board`, ten frames.
    static func link(board: String) throws -> OneWayLink {
        try OneWayLink.run(
            in: Emulation(seed: 8, channelModel: try ChannelModel(kind: .cm3, channel: .five)),
            sender: WorldFixtures.device("tag", at: Vector3(x: 0, y: 1, z: -5), boardID: board, orientation: Orientation(yaw: .degrees(180))),
            receiver: WorldFixtures.device("station", at: Vector3(x: 0, y: 1, z: 0), boardID: board), count: 10)
    }

    @Test("the whole preamble accumulator reads back: its first path where FP_INDEX says, the first-path level from its taps, noise elsewhere",
          arguments: ["ft232h-dw1000-single", "ft232h-dwm3000-single"])
    func wholeAccumulator(board: String) throws {
        let link = try Self.link(board: board)
        let last = try #require(link.receptions.last)
        let transceiver = link.world.devices[1].radio.transceivers[0]
        let response = try transceiver.readChannelImpulseResponse(.preamble, samples: nil)
        #expect(response.samples.count == 1016)
        let firstPath = try #require(response.firstPathIndex)
        #expect(abs(firstPath - last.frame.diagnostics.firstPathIndex) < 1e-9)
        let magnitudes = response.samples.map(\.magnitude)
        // The strongest tap lies after the first path, within the first cluster's reach.
        let peak = try #require(magnitudes.indices.max { magnitudes[$0] < magnitudes[$1] })
        #expect(Double(peak) > firstPath && Double(peak) < firstPath + 40, "peak \(peak), first path \(firstPath)")
        // The first-path level from the three taps after it, by the user manual's formula with RXPACC.
        let symbols = Double(try #require(response.accumulatedSymbols))
        let start = Int(firstPath.rounded(.down))
        let energy = (1...3).reduce(0.0) { $0 + magnitudes[start + $1] * magnitudes[start + $1] }
        let level = 10 * log10(energy / (symbols * symbols)) - (board.contains("dw1000") ? 121.74 : 121.7)
        #expect(abs(level - last.frame.diagnostics.firstPathLevel.dBm) < 1, "\(level) against \(last.frame.diagnostics.firstPathLevel)")
        // Far before the first path the accumulator holds noise: hundreds of times weaker than the peak.
        let early = magnitudes[0..<600]
        #expect(early.max() ?? 0 < magnitudes[peak] / 30)
        #expect(early.reduce(0, +) > 0)
    }

    @Test("a part of the accumulator reads the same as the whole at those taps", arguments: ["ft232h-dw1000-single", "ft232h-dwm3000-single"])
    func part(board: String) throws {
        let link = try Self.link(board: board)
        let transceiver = link.world.devices[1].radio.transceivers[0]
        let whole = try transceiver.readChannelImpulseResponse(.preamble, samples: nil)
        let part = try transceiver.readChannelImpulseResponse(.preamble, samples: 730..<770)
        #expect(part.samples == Array(whole.samples[730..<770]))
    }
}
