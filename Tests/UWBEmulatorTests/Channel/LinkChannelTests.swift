import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

/// The channel between two devices: the same in both directions, smooth over centimetres and different
/// over metres, and the same whatever order frames are sent in.
@Suite("Link channels: reciprocal, spatially consistent, deterministic")
struct LinkChannelTests {
    /// A room of `names` broadcasting every 50 ms in CM3, behind a brick wall for some links.
    static func room(_ names: [String], starts: [Int], seed: UInt64 = 4) throws -> Emulation {
        let world = Emulation(seed: seed, channelModel: try ChannelModel(kind: .cm3, channel: .five), obstacles: [
            try Obstacle(
                name: "wall", minimum: Position(metres: Vector3(x: 3, y: 0, z: -5)), maximum: Position(metres: Vector3(x: 3.1, y: 3, z: 5)),
                material: .brick, thickness: Distance(metres: 0.1)),
        ])
        let places = [Vector3(x: 0, y: 1, z: 0), Vector3(x: 5, y: 1.2, z: 1), Vector3(x: 1, y: 0.8, z: 4), Vector3(x: 6, y: 1.5, z: -3),
                      Vector3(x: 2, y: 1, z: -2)]
        for (index, name) in names.enumerated() {
            try world.add(
                WorldFixtures.device(name, at: places[index % places.count], orientation: Orientation(yaw: .degrees(Double(index) * 70))),
                application: { ScriptedTransmitter(on: $0, interval: .milliseconds(50), start: .milliseconds(starts[index]), payloadLength: 8,
                                                 address: UInt16(index + 1)) })
        }
        return world
    }

    @Test("the level from A to B is the level from B to A, on every pair of a room with walls and bodies")
    func reciprocity() throws {
        let names = ["ann", "ben", "cat", "dan", "eve"]
        let world = try Self.room(names, starts: [3, 13, 23, 33, 43])
        let trace = try PcapngReader(bytes: try TraceCapture.bytes(of: world, until: SimulationTime(seconds: 0.2))).records
        var levels: [String: Double] = [:]
        for record in trace {
            for reception in record.receptions {
                levels["\(record.sender)>\(reception.receiver)"] = reception.level.dBm
            }
        }
        var pairs = 0
        for first in names {
            for second in names where first < second {
                guard let there = levels["\(first)>\(second)"], let back = levels["\(second)>\(first)"] else { continue }
                #expect(abs(there - back) < 0.01, "\(first)–\(second): \(there) against \(back) dBm")
                pairs += 1
            }
        }
        #expect(pairs == 10)
    }

    @Test("the channel of a pair is the same whatever order its devices send in")
    func sendOrder() throws {
        let first = try Self.room(["ann", "ben"], starts: [5, 30])
        let second = try Self.room(["ann", "ben"], starts: [30, 5])
        first.run(until: SimulationTime(seconds: 0.1))
        second.run(until: SimulationTime(seconds: 0.1))
        let here = first.medium.pairChannel(0, 1).channel
        let there = second.medium.pairChannel(1, 0).channel
        #expect(here.seed == there.seed)
        let lower = Vector3(x: 0, y: 1, z: 0)
        let upper = Vector3(x: 5, y: 1.2, z: 1)
        let one = here.response(lower: lower, upper: upper, wavelength: 0.0462, obstruction: .clear, body: .clear)
        let other = there.response(lower: lower, upper: upper, wavelength: 0.0462, obstruction: .clear, body: .clear)
        #expect(one == other)
    }

    /// The correlation of two samples.
    static func correlation(_ x: [Double], _ y: [Double]) -> Double {
        let mx = x.reduce(0, +) / Double(x.count)
        let my = y.reduce(0, +) / Double(y.count)
        let covariance = zip(x, y).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let spread = (x.reduce(0) { $0 + ($1 - mx) * ($1 - mx) } * y.reduce(0) { $0 + ($1 - my) * ($1 - my) }).squareRoot()
        return covariance / spread
    }

    @Test("a device that moves 1 cm sees almost the same direct path, one that moves 3 m an independent one (fading decorrelates over 10 cm)")
    func spatialConsistency() throws {
        // The direct path's power across 300 links: its mean is the same on every link at the same places,
        // so what varies is its fading.
        var here: [Double] = []
        var near: [Double] = []
        var far: [Double] = []
        for pair in 0..<300 {
            let link = LinkChannel(profile: ChannelModelKind.cm1.multipath, seed: UInt64(pair), shadowingDeviation: PowerRatio(decibels: 0))
            func power(_ x: Double) -> Double {
                let response = link.response(
                    lower: Vector3(x: x, y: 1, z: 0), upper: Vector3(x: x + 8, y: 1, z: 2), wavelength: 0.0462, obstruction: .clear,
                    body: .clear, whole: true)
                return response.real[0] * response.real[0] + response.imaginary[0] * response.imaginary[0]
            }
            here.append(power(0))
            near.append(power(0.01))
            far.append(power(3))
        }
        let nearCorrelation = Self.correlation(here, near)
        let farCorrelation = Self.correlation(here, far)
        #expect(nearCorrelation > 0.95, "1 cm: \(nearCorrelation)")
        // 300 links: the correlation of independent samples has a standard error of 1/√300 = 0.06.
        #expect(abs(farCorrelation) < 0.2, "3 m: \(farCorrelation)")
    }

    @Test("shadowing is a smooth field: the same 1 cm away, independent several decorrelation distances away, σ_S overall")
    func shadowing() throws {
        var values: [Double] = []
        var steps: [Double] = []
        for pair in 0..<2000 {
            let link = LinkChannel(profile: nil, seed: UInt64(pair) &* 7919, shadowingDeviation: PowerRatio(decibels: 3))
            let here = link.shadowing(lower: .zero, upper: Vector3(x: 10, y: 0, z: 0)).decibels
            values.append(here)
            steps.append(link.shadowing(lower: Vector3(x: 0.01, y: 0, z: 0), upper: Vector3(x: 10, y: 0, z: 0)).decibels - here)
        }
        let mean = values.reduce(0, +) / 2000
        let deviation = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / 1999).squareRoot()
        #expect(abs(mean) < 0.25)
        #expect(abs(deviation - 3) < 0.25, "σ \(deviation) dB")
        #expect(steps.allSatisfy { abs($0) < 0.05 })
    }
}
