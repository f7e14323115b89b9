import Foundation
@testable import NearbyInteraction
import Testing
import UWBCore

@Suite("NINearbyObject")
struct NINearbyObjectTests {
    let token = ArchiveFixtures.token(seed: 11)

    @Test("measurements are optional")
    func optionals() {
        let empty = NINearbyObject(discoveryToken: token, distance: nil, direction: nil, horizontalAngle: nil)
        #expect(empty.discoveryToken == token)
        #expect(empty.distance == nil)
        #expect(empty.direction == nil)
        #expect(empty.horizontalAngle == nil)
        #expect(empty.verticalDirectionEstimate == .unknown)
        let full = NINearbyObject(
            discoveryToken: token, distance: 2.5, direction: simd_float3(0, 0, -1), horizontalAngle: 0.25,
            verticalDirectionEstimate: .above
        )
        #expect(full.distance == 2.5)
        #expect(full.direction == simd_float3(0, 0, -1))
        #expect(full.horizontalAngle == 0.25)
        #expect(full.verticalDirectionEstimate == .above)
    }

    @Test("values are made consistent")
    func sanitized() throws {
        let object = NINearbyObject(discoveryToken: token, distance: -0.02, direction: simd_float3(0, 3, -4), horizontalAngle: 3 * .pi / 2)
        #expect(object.distance == 0)
        let direction = try #require(object.direction)
        #expect(abs(direction.y - 0.6) < 1e-6 && abs(direction.z + 0.8) < 1e-6)
        let angle = try #require(object.horizontalAngle)
        #expect(abs(angle + .pi / 2) < 1e-5)
        let invalid = NINearbyObject(
            discoveryToken: token, distance: .nan, direction: simd_float3(0, 0, 0), horizontalAngle: .infinity
        )
        #expect(invalid.distance == nil && invalid.direction == nil && invalid.horizontalAngle == nil)
    }

    @Test("copying gives an equal, immutable object")
    func copying() throws {
        let object = NINearbyObject(discoveryToken: token, distance: 1, direction: nil, horizontalAngle: 0.5)
        let copy = try #require(object.copy() as? NINearbyObject)
        #expect(copy.discoveryToken == object.discoveryToken)
        #expect(copy.distance == object.distance)
        #expect(copy.horizontalAngle == object.horizontalAngle)
    }

    @Test("archives with secure coding", arguments: [
        (Float?.none, simd_float3?.none, Float?.none, NINearbyObject.VerticalDirectionEstimate.unknown),
        (3.25, simd_float3(0.6, 0, -0.8), -1.2, .aboveOrBelow),
        (0, nil, .pi, .below),
        (12, nil, nil, .same),
    ])
    func archiving(distance: Float?, direction: simd_float3?, angle: Float?, vertical: NINearbyObject.VerticalDirectionEstimate) throws {
        let object = NINearbyObject(discoveryToken: token, distance: distance, direction: direction, horizontalAngle: angle, verticalDirectionEstimate: vertical)
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
        for decoded in [
            try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: NINearbyObject.self, from: data)),
            try NINearbyObject.unarchived(from: data),
        ] {
            #expect(decoded.discoveryToken == object.discoveryToken)
            #expect(decoded.distance == object.distance)
            #expect(decoded.direction == object.direction)
            #expect(decoded.horizontalAngle == object.horizontalAngle)
            #expect(decoded.verticalDirectionEstimate == vertical)
        }
    }

    @Test("malformed archives are rejected, never trapping")
    func malformed() throws {
        let valid = NINearbyObjectContent(NINearbyObject(discoveryToken: token, distance: 1, direction: simd_float3(1, 0, 0), horizontalAngle: 1)).encoded
        var cases: [[UInt8]] = [[], Array(valid.prefix(25)), valid + [0]]
        var version = valid; version[0] = 2; cases.append(version)
        var presence = valid; presence[1] |= 0x80; cases.append(presence)
        var vertical = valid; vertical[2] = 5; cases.append(vertical)
        var reserved = valid; reserved[3] = 1; cases.append(reserved)
        var negative = valid; negative[7] = 0xBF; cases.append(negative)
        var notUnit = valid; notUnit[11] = 0x40; cases.append(notUnit)
        var absentButSet = valid; absentButSet[1] = 0b110; cases.append(absentButSet)
        var badAngle = valid; badAngle[23] = 0x41; cases.append(badAngle)
        for payload in cases {
            let data = ArchiveFixtures.forged(as: NINearbyObject.self, payload: payload)
            #expect(throws: NIArchiveError.self) { try NINearbyObject.unarchived(from: data) }
            #expect(throws: (any Error).self) { try NSKeyedUnarchiver.unarchivedObject(ofClass: NINearbyObject.self, from: data) }
        }
        var random = SeededRandom(seed: 0x0B1E_C7)
        let archive = try ArchiveFixtures.archive(NINearbyObject(discoveryToken: token, distance: 1, direction: nil, horizontalAngle: nil))
        for _ in 0..<2000 {
            var corrupted = archive
            corrupted[Int.random(in: 0..<corrupted.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            _ = try? NINearbyObject.unarchived(from: corrupted)
        }
        #expect(throws: NIArchiveError.self) { try NINearbyObject.unarchived(from: ArchiveFixtures.archive(token)) }
    }

    @Test("enumerations have Apple's raw values")
    func rawValues() {
        #expect(NINearbyObject.RemovalReason.timeout.rawValue == 0)
        #expect(NINearbyObject.RemovalReason.peerEnded.rawValue == 1)
        #expect(NINearbyObject.VerticalDirectionEstimate.allCases.map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect(NINearbyObject.VerticalDirectionEstimate(rawValue: 4) == .aboveOrBelow)
    }

    @Test("sentinels are values no measurement has")
    func sentinels() {
        #expect(NINearbyObject.distanceNotAvailable == .greatestFiniteMagnitude)
        #expect(NINearbyObject.angleNotAvailable > .pi)
        #expect(NINearbyObject.directionNotAvailable == simd_float3(repeating: .greatestFiniteMagnitude))
        let object = NINearbyObject(discoveryToken: token, distance: nil, direction: nil, horizontalAngle: nil)
        #expect((object.distance ?? NINearbyObject.distanceNotAvailable) == NINearbyObject.distanceNotAvailable)
    }
}
