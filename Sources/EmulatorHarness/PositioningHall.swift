import Foundation
import UWBCore
import UWBEmulator

/// The hall the positioning tests and benchmarks share: 20 m × 15 m in free space, eight anchors
/// 3 m up on its walls with their backs to the hall, in two DL-TDoA clusters, and tags 1 m up lying
/// face down (their backs, which the body does not shadow, to the anchors).
public enum PositioningHall {
    /// The anchors' horizontal positions (x, z) and clock offsets in ppm; the first four are
    /// cluster "west", the rest "east", each initiated by its first.
    public static let anchors: [(x: Double, z: Double, ppm: Double)] = [
        (0, 0, 3), (0, 15, -2), (10, 0, 5), (0, 7.5, 8), (20, 0, -7), (20, 15, 12), (10, 15, -11), (20, 7.5, 1),
    ]

    /// The hall with tags at `tags` (x, z, clock offset in ppm) and, if given, a walking tag going
    /// round `walk` at `speed`, with `extra` keys on the scenario's root.
    ///
    /// - Throws: ``UWBEmulator/ScenarioError`` for values the scenario format refuses.
    public static func scenario(
        tags: [(x: Double, z: Double, ppm: Double)], walk: [(x: Double, z: Double)] = [], speed: Speed = Speed(metresPerSecond: 1.4),
        seed: UInt64 = 3, extra: [String: Any] = [:]
    ) throws(ScenarioError) -> Scenario {
        var devices: [[String: Any]] = []
        for (index, anchor) in anchors.enumerated() {
            let yaw = atan2(-(10 - anchor.x), -(7.5 - anchor.z)) * 180 / .pi
            devices.append([
                "name": "A\(index + 1)", "board": "ft232h-dw1000-single", "position": [anchor.x, 3, anchor.z],
                "orientation": ["yawDegrees": yaw], "clock": ["offsetPPM": anchor.ppm],
                "anchor": ["cluster": index < 4 ? "west" : "east"],
            ])
        }
        for (index, tag) in tags.enumerated() {
            devices.append([
                "name": "T\(index + 1)", "board": "ft232h-dw1000-single", "position": [tag.x, 1, tag.z],
                "orientation": ["pitchDegrees": 90], "clock": ["offsetPPM": tag.ppm], "tag": [String: Any](),
            ])
        }
        if let last = walk.last {
            devices.append([
                "name": "walker", "board": "ft232h-dw1000-single", "position": [last.x, 1, last.z], "orientation": ["pitchDegrees": 90],
                "path": ["waypoints": walk.map { ["position": [$0.x, 1, $0.z], "speedMetresPerSecond": speed.metresPerSecond] }, "loop": true],
                "clock": ["offsetPPM": -9], "tag": [String: Any](),
            ])
        }
        var document: [String: Any] = [
            "name": "positioning hall", "seed": seed, "durationSeconds": 2, "channel": ["model": "free-space"], "devices": devices,
        ]
        document.merge(extra) { $1 }
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: document)
        } catch {
            throw .json(JSONFieldError(field: "", problem: .malformed(reason: "\(error)")))
        }
        return try Scenario(jsonData: data)
    }
}
