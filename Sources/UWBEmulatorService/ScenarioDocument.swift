import Foundation
import UWBEmulator

/// The scenario file an emulator service runs, as it was given: what the service hands out as
/// "the scenario as it stands now" (``standing(after:in:)``), with its devices where the moves
/// made from outside put them.
public struct ScenarioDocument: Hashable, Sendable {
    /// The file's name without `.json` (`demo-room`): what a copy of it is called.
    public var name: String
    /// The file's text.
    public var json: Data
    /// The seed the run uses when it is not the file's (`uwb emulator serve --seed`); nil keeps the file's.
    public var seed: UInt64?

    /// A document with the given contents.
    public init(name: String, json: Data, seed: UInt64? = nil) {
        self.name = name
        self.json = json
        self.seed = seed
    }

    /// The file at `path`, or the shipped scenario the path stands for (as
    /// `Scenario.load(from:boardSearchPaths:)` finds it), run with `seed` instead of its own if given.
    ///
    /// - Throws: `ScenarioError.cannotRead(path:reason:)` if there is no such file or it cannot be read.
    public init(path: String, seed: UInt64? = nil) throws(ScenarioError) {
        var name = URL(fileURLWithPath: path).lastPathComponent
        if name.hasSuffix(".json") {
            name.removeLast(".json".count)
        }
        self.init(name: name, json: try Scenario.fileContents(at: path), seed: seed)
    }

    /// The file with every device that `moves` moved or turned where it is in `snapshot`: its
    /// `position` and `orientation.yawDegrees` replaced and its `path` removed (a moved or turned
    /// device stands still from then on), and the run's seed; the rest as the file has it.
    /// Loaded again, it gives the same room. Pretty-printed JSON with sorted keys.
    ///
    /// - Throws: ``RoomFileError/unavailable(_:)`` if the text is not a scenario's JSON object.
    public func standing(after moves: [RecordedMove], in snapshot: EmulatorSnapshot) throws(RoomFileError) -> Data {
        guard var root = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any],
              var devices = root[ScenarioKey.devices] as? [[String: Any]] else {
            throw .unavailable("the scenario \(name) is not a JSON object with \"devices\", so it cannot be written as it stands now")
        }
        let changed = Set(moves.compactMap(\.device))
        let now = Dictionary(snapshot.devices.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for index in devices.indices {
            guard let name = devices[index][ScenarioKey.name] as? String, changed.contains(name), let device = now[name] else { continue }
            let point = device.position.metres
            devices[index][ScenarioKey.position] = [point.x, point.y, point.z]
            var orientation = devices[index][ScenarioKey.orientation] as? [String: Any] ?? [:]
            orientation[ScenarioKey.yaw] = device.yaw.degrees
            devices[index][ScenarioKey.orientation] = orientation
            devices[index][ScenarioKey.path] = nil
        }
        root[ScenarioKey.devices] = devices
        if let seed {
            root[ScenarioKey.seed] = seed
        }
        do {
            return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        } catch {
            throw .unavailable("the scenario \(name) cannot be written as JSON: \(error)")
        }
    }
}

extension RecordedMove {
    /// The device the move or turn was made to.
    var device: String? {
        switch command {
        case .move(let device, _), .rotate(let device, _): device
        case .pause, .resume, .step, .speed: nil
        }
    }
}
