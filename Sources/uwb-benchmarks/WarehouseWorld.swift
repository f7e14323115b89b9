import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator

/// The scaling benchmark's world: `count` single-chip devices in pairs ``partnerDistance`` apart,
/// the pairs on a square grid `spacing` metres apart, 1 m above the floor of a warehouse full of
/// racks (IEEE 802.15.4a CM4, industrial with no line of sight: path-loss exponent 3.07, 3.9 dB
/// shadowing), clock offsets spread over ±20 ppm, channel 5 at 6.8 Mbps. Each pair ranges at
/// ``rate`` with ``ScenarioRanging`` in clusters of two (the first of each pair initiating, its
/// back toward its partner), pairs starting their rounds at times spread over the period; on
/// ``parts`` threads, each pair in one part.
///
/// With 20 m between pairs a device hears its partner at about −80 dBm, the nearest other pairs
/// near the 6.8 Mbps detection threshold (about −105 dBm at 20 m), and frames from pairs more
/// than about 50 m away fall, on average, below the medium's −118 dBm interference floor.
///
/// On ``Channels/fiveAndNine``, DW3000 boards instead, each pair fitted for channel 5 or 9 (radios of
/// their own), alternating over the grid like a chessboard's squares, as a site plans its channels
/// so that neighbouring pairs do not share one.
struct WarehouseWorld {
    /// The channels the pairs range on.
    enum Channels {
        /// Every pair on the world's channel 5, with DW1000 boards.
        case five
        /// Pairs on channels 5 and 9 in a chessboard pattern, with DW3000 boards.
        case fiveAndNine
    }

    /// Between the two devices of a pair: 3 m.
    static let partnerDistance = 3.0
    /// Height of every device above the floor.
    static let height = 1.0
    /// The clock offsets run from −this to +this across the devices.
    static let clockSpread = 20.0
    /// Rounds per second of each pair: 10.
    static let rate = 10.0

    /// How many devices (an even number).
    let count: Int
    /// Between neighbouring pairs, metres.
    let spacing: Double
    /// The run's seed.
    let seed: UInt64
    /// The directory of board descriptions.
    let boards: String
    /// How many parts the world is split into, each run on a thread of its own (pairs kept whole).
    var parts = 1
    /// The channels the pairs range on.
    var channels = Channels.five

    /// The pairs' ranging, at time zero.
    func ranging() throws -> ScenarioRanging {
        try ScenarioRanging(scenario: try world().scenario(), seed: seed, rate: Self.rate, clusterSize: 2, parts: parts)
    }

    /// The pairs, as a scenario's devices.
    func world() -> RangingWorld {
        let pairs = count / 2
        let columns = Int(Double(pairs).squareRoot().rounded(.up))
        var devices: [RangingWorld.Device] = []
        for pair in 0..<pairs {
            let x = Double(pair % columns) * spacing
            let z = Double(pair / columns) * spacing
            let channel: Channel? = switch channels {
            case .five: nil
            case .fiveAndNine: (pair % columns + pair / columns).isMultiple(of: 2) ? .five : .nine
            }
            for member in 0..<2 {
                let index = devices.count
                let fraction = count > 1 ? Double(index) / Double(count - 1) : 0.5
                devices.append(RangingWorld.Device(
                    name: "device-\(index + 1)",
                    position: Vector3(x: x, y: Self.height, z: z - Double(member) * Self.partnerDistance),
                    clockPPM: Self.clockSpread * (2 * fraction - 1),
                    // The initiator's back (−z) toward its partner, the partner's toward it.
                    yawDegrees: member == 0 ? 0 : 180))
                if channel != nil {
                    devices[index].board = "ft232h-dwm3000-single"
                    devices[index].radioChannel = channel
                }
            }
        }
        return RangingWorld(name: "warehouse of \(pairs) pairs", channel: "cm4", devices: devices, boards: boards)
    }
}
