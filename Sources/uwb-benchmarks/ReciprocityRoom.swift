import Foundation
import UWBCore
import UWBEmulator

/// Fourteen devices broadcasting in an office (CM3) with a brick wall and a wooden cabinet among them: the
/// level from A to B against the level from B to A on every pair, as the channel gives it (the medium) and as
/// the chips report it (their accumulators, noise included).
struct ReciprocityRoom {
    /// Per pair heard both ways: |A→B − B→A| of the channel's level and of the median reported level, dB.
    let channel: [Double]
    let reported: [Double]

    /// Runs the room for `seconds` with `seed`.
    init(boards: String, seed: UInt64, seconds: Double) throws {
        let world = Emulation(seed: seed, channelModel: try ChannelModel(kind: .cm3, channel: .five), obstacles: [
            try Obstacle(
                name: "wall", minimum: Position(metres: Vector3(x: 5, y: 0, z: -6)), maximum: Position(metres: Vector3(x: 5.1, y: 3, z: -2)),
                material: .brick, thickness: Distance(metres: 0.1)),
            try Obstacle(
                name: "cabinet", minimum: Position(metres: Vector3(x: 2, y: 0, z: -1.5)), maximum: Position(metres: Vector3(x: 3, y: 2, z: -1)),
                material: .wood, thickness: Distance(metres: 0.04)),
        ])
        let board = try BoardDescription.load(from: boards + "/ft232h-dw1000-single.json")
        var recorders: [LevelRecorder] = []
        for index in 0..<14 {
            let position = Vector3(x: Double(index % 5) * 2.2, y: 1 + 0.1 * Double(index % 3), z: -Double(index / 5) * 2.5)
            let device = try world.add(
                DeviceSetup(name: "d\(index + 1)", board: board, trajectory: .standing(at: Position(metres: position)),
                            orientation: Orientation(yaw: .degrees(Double(index) * 37))))
            let recorder = LevelRecorder(ScriptedTransmitter(
                on: device.radio, interval: .milliseconds(100), start: .milliseconds(3 + 7 * index), payloadLength: 8,
                address: UInt16(index + 1)))
            device.radio.adopt(recorder)
            recorders.append(recorder)
        }
        let trace = try Self.trace(of: world, seconds: seconds)
        var levels: [String: Double] = [:]
        for record in trace {
            for reception in record.receptions {
                levels["\(record.sender)>\(reception.receiver)"] = reception.level.dBm
            }
        }
        var channel: [Double] = []
        var reported: [Double] = []
        for first in 0..<14 {
            for second in (first + 1)..<14 {
                if let there = levels["d\(first + 1)>d\(second + 1)"], let back = levels["d\(second + 1)>d\(first + 1)"] {
                    channel.append(abs(there - back))
                }
                if let there = recorders[second].levels[UInt16(first + 1)], let back = recorders[first].levels[UInt16(second + 1)] {
                    reported.append(abs(Quantiles(there).median - Quantiles(back).median))
                }
            }
        }
        self.channel = channel
        self.reported = reported
    }

    /// The trace of `world` run for `seconds`, through a temporary file.
    private static func trace(of world: Emulation, seconds: Double) throws -> [TraceRecord] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("uwb-reciprocity-\(UUID().uuidString).pcapng").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try world.startTrace(writingTo: path)
        world.run(until: SimulationTime(seconds: seconds))
        try world.finishTrace()
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchmarkError.unexpected("the reciprocity room's trace could not be read back from \(path)")
        }
        return try PcapngReader(bytes: Array(data)).records
    }

    /// The table.
    var markdown: String {
        var table = MarkdownTable(["level compared", "pairs", "median |A→B − B→A| (dB)", "largest (dB)", "goal"])
        for (name, values) in [("the channel's (the medium)", channel), ("reported by the chips (median of each direction)", reported)] {
            table.append([name, String(values.count), Formatting.fixed(Quantiles(values).median, 2),
                          Formatting.fixed(values.max() ?? .nan, 2), "< 0.5 dB on every pair"])
        }
        return table.markdown
    }
}
