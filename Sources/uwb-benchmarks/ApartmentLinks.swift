import UWBCore

/// The measured apartment's links rebuilt in the emulator (`Docs/benchmarks.md`, "The channel against
/// measurements"): two EVK1000-like devices (channel 2, 64 MHz PRF, code 9, 1024-symbol preamble,
/// 850 kbps, as the data set was recorded) at each measured link's distance, in the IEEE 802.15.4a
/// residential line-of-sight environment (CM1), with what stands between them by class:
/// - **LOS**: nothing;
/// - **NLOS** (walls and furniture): a 5 cm precast concrete wall, as the flat's walls are
///   (dataset description), for every other link, and a full bookcase for the rest;
/// - **NDP** (no direct path): a wall and a metal fridge just in front of the tag for every other link
///   (8 of the 13), nothing getting through on the straight line; three such walls and a wardrobe for the
///   rest, whose direct path still comes through 15–20 dB down and is found (the data set does not say which
///   of its no-direct-path links have a buried direct path and which none: with the two kinds the other way
///   round, the class's error comes out +0.34 m instead of +0.52 m, `Docs/benchmarks.md`).
enum ApartmentLinks {
    /// The transmit level that puts the emulated line-of-sight links at the measured ones' received level,
    /// −79.1 dBm median at 1.2–4.5 m [D: the EVK1000's level and antenna losses are not in the data set;
    /// 13.4 dB under the emission mask's −14.3 dBm is what the CM1 path loss needs].
    static let transmitLevel = -27.7

    /// The radio configuration the data set was recorded with.
    static var radio: [String: Any] {
        ["prfMHz": 64, "preambleLength": 1024, "preambleCode": 9, "sfd": "decawave"]
    }

    /// The world of link `index` of `reference`.
    static func world(_ link: MeasuredReference.Link, index: Int, boards: String) -> RangingWorld {
        let d = link.distance
        var world = RangingWorld(
            name: "apartment link \(index + 1) (\(link.label), \(d) m)", channel: "cm1", dataRateKbps: 850,
            radioChannel: .two, radio: radio,
            devices: [
                RangingWorld.Device(name: "anchor", position: Vector3(x: 0, y: 1.2, z: 0), txPowerDBm: transmitLevel),
                RangingWorld.Device(name: "tag", position: Vector3(x: 0, y: 1.2, z: -d), txPowerDBm: transmitLevel),
            ], boards: boards)
        world.walls = obstacles(label: link.label, distance: d, variant: index % 2)
        return world
    }

    /// What stands between two devices `distance` apart along −z in class `label`.
    static func obstacles(label: String, distance d: Double, variant: Int) -> [RangingWorld.Wall] {
        switch (label, variant) {
        case ("NLOS", 0):
            return [wall(at: -d / 2)]
        case ("NLOS", _):
            return [bookcase(at: -d / 2)]
        case ("NDP", 0):
            return [wall(at: -d / 3), RangingWorld.Wall(
                min: Vector3(x: -0.5, y: 0, z: -d + 0.15), max: Vector3(x: 0.5, y: 1.8, z: -d + 0.75),
                material: "metal", thickness: 0.002)]
        case ("NDP", _):
            return [wall(at: -d / 4), wall(at: -d / 2), wall(at: -3 * d / 4), wardrobe(at: -d / 8, depth: 0.2)]
        default:
            return []
        }
    }

    /// A wooden wardrobe 1 m wide, 2 m tall and `depth` deep centred on the line at `z`: two 2 cm panels.
    static func wardrobe(at z: Double, depth: Double) -> RangingWorld.Wall {
        RangingWorld.Wall(
            min: Vector3(x: -0.5, y: 0, z: z - depth / 2), max: Vector3(x: 0.5, y: 2, z: z + depth / 2), material: "wood",
            thickness: 0.04)
    }

    /// A full bookcase 1 m wide, 2 m tall and 0.3 m deep centred on the line at `z`: its shelves and books
    /// taken as 30 cm of wood [U: books are paper, whose P.2040 properties are not tabulated].
    static func bookcase(at z: Double) -> RangingWorld.Wall {
        RangingWorld.Wall(
            min: Vector3(x: -0.5, y: 0, z: z - 0.15), max: Vector3(x: 0.5, y: 2, z: z + 0.15), material: "wood", thickness: 0.3)
    }

    /// A 5 cm concrete wall across the line at `z`, floor to ceiling.
    static func wall(at z: Double) -> RangingWorld.Wall {
        RangingWorld.Wall(
            min: Vector3(x: -4, y: 0, z: z - 0.025), max: Vector3(x: 4, y: 2.6, z: z + 0.025), material: "concrete", thickness: 0.05)
    }
}
