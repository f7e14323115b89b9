import Foundation
import UWBCore
import UWBEmulator

/// The benchmark world: `count` single-chip devices standing on a square grid in a hall (CM3
/// channel, channel 5, the ranging configuration), each sending a broadcast frame with a
/// 16-octet payload every 100 ms and listening the rest of the time. Starts are staggered evenly
/// over the interval so frames rarely collide; clock offsets are spread over ±20 ppm.
struct HallWorld {
    /// Distance between neighbours on the grid: 2 m (200 devices fill a 28 m × 26 m hall).
    static let spacing = 2.0
    /// Height of every device above the floor.
    static let height = 1.0
    /// Time between one device's frames: 100 ms (10 Hz).
    static let interval: Duration = .milliseconds(100)
    /// When the first device sends its first frame.
    static let firstStart: Duration = .milliseconds(10)
    /// Payload octets per frame.
    static let payloadLength = 16
    /// The clock offsets run from −this to +this across the devices.
    static let clockSpread = 20.0

    /// How many devices.
    let count: Int
    /// The run's seed.
    let seed: UInt64
    /// The board every device uses.
    let board: BoardDescription

    /// A new world at time zero; `digest` collects what its applications see.
    func build(digest: RunDigest) throws -> Emulation {
        let world = Emulation(seed: seed, channelModel: try ChannelModel(kind: .cm3, channel: .five))
        let columns = Int(Double(count).squareRoot().rounded(.up))
        for index in 0..<count {
            let position = Vector3(
                x: Double(index % columns) * Self.spacing, y: Self.height, z: Double(index / columns) * Self.spacing)
            let fraction = count > 1 ? Double(index) / Double(count - 1) : 0.5
            let setup = DeviceSetup(
                name: "device-\(index + 1)", board: board,
                clockOffset: ClockOffset(partsPerMillion: Self.clockSpread * (2 * fraction - 1)),
                trajectory: .standing(at: Position(metres: position)))
            let stagger = Self.interval / count * index
            try world.add(setup) { radio in
                let transmitter = ScriptedTransmitter(
                    on: radio, interval: Self.interval, start: Self.firstStart + stagger, payloadLength: Self.payloadLength,
                    address: UInt16(truncatingIfNeeded: index + 1))
                return DigestedApplication(transmitter, device: index, digest: digest)
            }
        }
        return world
    }
}
