import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator

@Suite("Sessions: direction and horizontal angle by board")
struct DirectionSessionTests {
    /// The distance Bob stands from Alice.
    static let range = 4.0

    /// Where Bob stands: `range` from Alice, `azimuth` to the right of her −z, level with her.
    static func position(azimuth: Angle) -> Vector3 {
        Vector3(x: range * sin(azimuth.radians), y: 0, z: -range * cos(azimuth.radians))
    }

    /// Alice on `board` and Bob on a single-antenna board at `bob`, his back to her, after 3 s of
    /// ranging: Alice's last ten updates.
    static func aliceUpdates(board: String, bob: Vector3) throws -> [SessionRecorder.Call] {
        let pair = try SessionPair(bob: bob, bobYaw: SessionPair.facingOrigin(from: bob), aliceBoard: board)
        try pair.run()
        pair.world.advance(by: .seconds(3))
        #expect(pair.aliceLog.lifecycle == [.started])
        let updates = pair.aliceLog.updates.suffix(10)
        #expect(updates.count == 10)
        return Array(updates)
    }

    /// The angle between two vectors, in degrees.
    static func degrees(between a: simd_float3, _ b: Vector3) -> Double {
        let dot = Double(a.x) * b.x + Double(a.y) * b.y + Double(a.z) * b.z
        let lengths = (Double(a.x * a.x + a.y * a.y + a.z * a.z) * b.dot(b)).squareRoot()
        return acos(min(max(dot / lengths, -1), 1)) * 180 / .pi
    }

    @Test("triple board, peer in front: distance, direction and horizontal angle match the geometry", arguments: [-30.0, 0, 30])
    func tripleInFront(azimuth: Double) throws {
        let bob = Self.position(azimuth: .degrees(azimuth))
        for update in try Self.aliceUpdates(board: "ft232h-dw1000-triple", bob: bob) {
            guard case .updated(let distance, let direction, let horizontalAngle) = update else { continue }
            #expect(abs(Double(distance ?? 0) - Self.range) < 0.15)
            let angle = try #require(horizontalAngle)
            #expect(abs(Double(angle) * 180 / .pi - azimuth) < 4, "horizontal angle \(Double(angle) * 180 / .pi)° for \(azimuth)°")
            let unit = try #require(direction)
            #expect(Self.degrees(between: unit, bob) < 5, "direction \(unit) for \(bob)")
        }
    }

    @Test("triple board, peer behind (heard through the device's body): distance only, no direction and no horizontal angle")
    func tripleBehind() throws {
        for update in try Self.aliceUpdates(board: "ft232h-dw1000-triple", bob: Vector3(x: 0, y: 0, z: 3)) {
            guard case .updated(let distance, let direction, let horizontalAngle) = update else { continue }
            #expect(abs(Double(distance ?? 0) - 3) < 0.15)
            #expect(direction == nil)
            #expect(horizontalAngle == nil)
        }
    }

    @Test("triple board, peer 90° to the right (outside the ±60° field of view): distance only")
    func tripleToTheSide() throws {
        for update in try Self.aliceUpdates(board: "ft232h-dw1000-triple", bob: Vector3(x: 4, y: 0, z: 0)) {
            #expect(update == .updated(distance: update.distance, direction: nil, horizontalAngle: nil))
            #expect(abs(Double(update.distance ?? 0) - 4) < 0.15)
        }
    }

    @Test("dual board: horizontal angle matches the azimuth, never a direction", arguments: [-30.0, 30])
    func dual(azimuth: Double) throws {
        for update in try Self.aliceUpdates(board: "ft232h-dw1000-dual", bob: Self.position(azimuth: .degrees(azimuth))) {
            guard case .updated(let distance, let direction, let horizontalAngle) = update else { continue }
            #expect(abs(Double(distance ?? 0) - Self.range) < 0.15)
            #expect(direction == nil)
            let angle = try #require(horizontalAngle)
            #expect(abs(Double(angle) * 180 / .pi - azimuth) < 4, "horizontal angle \(Double(angle) * 180 / .pi)° for \(azimuth)°")
        }
    }

    @Test("single board: distance only, even for a peer straight ahead")
    func single() throws {
        for update in try Self.aliceUpdates(board: "ft232h-dw1000-single", bob: Self.position(azimuth: .zero)) {
            #expect(update == .updated(distance: update.distance, direction: nil, horizontalAngle: nil))
            #expect(abs(Double(update.distance ?? 0) - Self.range) < 0.15)
        }
    }
}
