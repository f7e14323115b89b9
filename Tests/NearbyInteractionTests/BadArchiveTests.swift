import Foundation
@testable import NearbyInteraction
import Testing

/// Bad input that must fail as on iOS (nil or a thrown error), never stop the process: archives of
/// classes this process does not know, of unknown format versions, and truncated archives of every
/// Nearby Interaction class. (Archives of other known classes: `TokenFuzzTests`; Foundation's own
/// unarchiver traps on those on Linux, `Docs/nearby-interaction.md`.)
@Suite("Bad archives")
struct BadArchiveTests {
    /// A token archive whose class description names `name`, a class this process does not have.
    static func archive(namingClass name: String) throws -> Data {
        let valid = try ArchiveFixtures.archive(ArchiveFixtures.token(seed: 42))
        var plist = try #require(try PropertyListSerialization.propertyList(from: valid, format: nil) as? [String: Any])
        var objects = try #require(plist["$objects"] as? [Any])
        for (index, object) in objects.enumerated() {
            guard var description = object as? [String: Any], description["$classname"] != nil else { continue }
            description["$classname"] = name
            description["$classes"] = [name, "NSObject"]
            objects[index] = description
        }
        plist["$objects"] = objects
        return try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
    }

    @Test("a class this process does not know fails with both unarchivers", arguments: [
        "NearbyInteraction.NIDiscoveryTokenV9", "NIDiscoveryToken", "UIColor",
    ])
    func unknownClass(name: String) throws {
        let data = try Self.archive(namingClass: name)
        #expect(throws: NIArchiveError.unexpectedClass(found: name, expected: NSStringFromClass(NIDiscoveryToken.self))) {
            try NIDiscoveryToken.unarchived(from: data)
        }
        #expect(throws: (any Error).self) { try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data) }
    }

    @Test("tokens of every unknown format version fail with both unarchivers")
    func unknownTokenVersions() throws {
        for version in UInt8.min...UInt8.max where version != 1 && version != 2 {
            let data = ArchiveFixtures.forged(as: NIDiscoveryToken.self, payload: ArchiveFixtures.tokenPayload(version: version))
            #expect(throws: NIArchiveError.unsupportedVersion(version, type: "discovery token")) {
                try NIDiscoveryToken.unarchived(from: data)
            }
            #expect(throws: (any Error).self) { try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data) }
        }
    }

    /// Checks that every proper prefix of `data`, an archive of a `type`, fails with `checked` and with
    /// Foundation's unarchiver (whose parser rejects these before any class is looked up).
    static func expectEveryTruncationFails<Object: NSObject & NSCoding>(
        of data: Data, as type: Object.Type, checked: (Data) throws(NIArchiveError) -> Object
    ) {
        for length in 0..<data.count {
            let truncated = data.prefix(length)
            #expect(throws: NIArchiveError.self) { try checked(truncated) }
            #expect(throws: (any Error).self) { try NSKeyedUnarchiver.unarchivedObject(ofClass: type, from: truncated) }
        }
    }

    @Test("every truncation of a configuration's or a nearby object's archive fails with both unarchivers")
    func truncations() throws {
        let token = ArchiveFixtures.token(seed: 40)
        Self.expectEveryTruncationFails(
            of: try ArchiveFixtures.archive(NINearbyPeerConfiguration(peerToken: token)), as: NINearbyPeerConfiguration.self,
            checked: NINearbyPeerConfiguration.unarchived(from:))
        Self.expectEveryTruncationFails(
            of: try ArchiveFixtures.archive(NINearbyObject(discoveryToken: token, distance: 1, direction: nil, horizontalAngle: nil)),
            as: NINearbyObject.self, checked: NINearbyObject.unarchived(from:))
    }

    @Test("a token archive given to the other classes' checked unarchivers is another class")
    func tokenAsOtherClasses() throws {
        let data = try ArchiveFixtures.archive(ArchiveFixtures.token(seed: 41))
        let token = NSStringFromClass(NIDiscoveryToken.self)
        #expect(throws: NIArchiveError.unexpectedClass(found: token, expected: NSStringFromClass(NINearbyPeerConfiguration.self))) {
            try NINearbyPeerConfiguration.unarchived(from: data)
        }
        #expect(throws: NIArchiveError.unexpectedClass(found: token, expected: NSStringFromClass(NINearbyObject.self))) {
            try NINearbyObject.unarchived(from: data)
        }
    }
}
