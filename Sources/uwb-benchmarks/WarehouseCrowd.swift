import Foundation
import UWBEmulator

/// The warehouse of issue 34: `anchorsPerSide`² DL-TDoA anchors on a square grid ``anchorSpacing``
/// apart, 3 m up and facing down, in clusters of 2 × 2 neighbouring anchors, and `tagsPerSide`² tags
/// on a square grid over the same floor, 1 m up and facing up, all listening; an industrial hall with
/// line of sight to the anchors (IEEE 802.15.4a CM7, as `Docs/scenarios/warehouse.json`; under CM4's
/// no line of sight a tag hears too few anchors 20 m apart to fix), channel 5 at 6.8 Mbps, every
/// cluster 10 rounds a second.
/// The anchors' clocks are spread over ±13 ppm, the tags' ideal (as in the crowd of 1000 tags,
/// `Docs/scenarios/thousand-tags.json`). With 10 × 10 anchors 20 m apart the floor is 180 m square, and
/// a tag hears the anchors of its own cluster and its neighbours'.
struct WarehouseCrowd {
    /// Between neighbouring anchors.
    static let anchorSpacing = 20.0
    /// The anchors' clock offsets run from −this to +this ppm.
    static let anchorClockSpread = 13.0

    /// Anchors along each side of the grid (an even number, for clusters of 2 × 2).
    let anchorsPerSide: Int
    /// Tags along each side of their grid.
    let tagsPerSide: Int
    /// The directory of board descriptions.
    let boards: String

    /// How many devices the world has.
    var deviceCount: Int { anchorsPerSide * anchorsPerSide + tagsPerSide * tagsPerSide }

    /// The scenario, with seed `seed`.
    func scenario(seed: UInt64) throws -> Scenario {
        try Scenario(jsonData: try json(seed: seed), boardSearchPaths: [boards])
    }

    /// The scenario as a file holds it, for `uwb locate --scenario` (`uwb-benchmarks parts --write-scenarios`).
    func json(seed: UInt64) throws -> Data {
        let side = Double(anchorsPerSide - 1) * Self.anchorSpacing
        let anchorCount = anchorsPerSide * anchorsPerSide
        var devices: [[String: Any]] = []
        for row in 0..<anchorsPerSide {
            for column in 0..<anchorsPerSide {
                let index = devices.count
                let fraction = anchorCount > 1 ? Double(index) / Double(anchorCount - 1) : 0.5
                devices.append([
                    "name": "anchor-\(row + 1)-\(column + 1)", "board": "ft232h-dw1000-single",
                    "position": [Double(column) * Self.anchorSpacing, 3.0, Double(row) * Self.anchorSpacing],
                    "orientation": ["pitchDegrees": -90], "clock": ["offsetPPM": Self.anchorClockSpread * (2 * fraction - 1)],
                    "anchor": ["cluster": "c\(row / 2)-\(column / 2)"],
                ])
            }
        }
        let step = tagsPerSide > 1 ? side / Double(tagsPerSide - 1) : 0
        for row in 0..<tagsPerSide {
            for column in 0..<tagsPerSide {
                // Half a step off the anchors' grid, so that no tag stands right under an anchor.
                let x = min(side, Double(column) * step + step / 2)
                let z = min(side, Double(row) * step + step / 2)
                devices.append([
                    "name": "t\(row * tagsPerSide + column + 1)", "board": "ft232h-dw1000-single",
                    "position": [x, 1.0, z], "orientation": ["pitchDegrees": 90], "tag": [String: Any](),
                ])
            }
        }
        let root: [String: Any] = [
            "name": "a \(Int(side)) m square warehouse: \(anchorCount) anchors, \(tagsPerSide * tagsPerSide) listening tags",
            "seed": seed, "durationSeconds": 10, "radio": ["dataRateKbps": 6800, "channel": 5], "channel": ["model": "cm7"],
            "positioning": ["networkIdentifier": 4000, "roundsPerSecond": 10],
            "devices": devices,
        ]
        return try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
    }
}
