import Foundation
@testable import NearbyInteraction
import UWBCore

/// A stand-in that archives any payload under the key Nearby Interaction classes use, so that tests can
/// forge archives claiming to be a token, configuration or nearby object with chosen content.
final class PayloadCarrier: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let payload: [UInt8]
    let archivedClass: AnyClass

    init(payload: [UInt8], archivedAs archivedClass: AnyClass) {
        self.payload = payload
        self.archivedClass = archivedClass
        super.init()
    }

    override var classForKeyedArchiver: AnyClass? { archivedClass }

    func encode(with coder: NSCoder) {
        payload.withUnsafeBufferPointer { coder.encodeBytes($0.baseAddress, length: $0.count, forKey: "payload") }
    }

    init?(coder: NSCoder) {
        return nil
    }
}

/// Archives and helpers shared by the tests.
enum ArchiveFixtures {
    /// A token drawn from a seeded generator.
    static func token(seed: UInt64, receivers: Int = 3) -> NIDiscoveryToken {
        var generator = SeededRandom(seed: seed)
        return NIDiscoveryToken.makeForNewSession(capabilities: NIRadioCapability(coherentReceivers: receivers), using: &generator)
    }

    /// `object` archived as iOS code does it.
    static func archive(_ object: NSObject) throws -> Data {
        try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
    }

    /// An archive whose root claims to be of class `type` and carries `payload`.
    static func forged(as type: AnyClass, payload: [UInt8]) -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.encode(PayloadCarrier(payload: payload, archivedAs: type), forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        return archiver.encodedData
    }

    /// A valid version-1 token payload with the given fields.
    /// A valid key share: the P-256 base point G, SEC 1 compressed (prefix 03, since G's y is odd;
    /// coordinates from SEC 2 §2.4.2).
    static let basePoint: [UInt8] = [0x03] + [
        0x6B, 0x17, 0xD1, 0xF2, 0xE1, 0x2C, 0x42, 0x47, 0xF8, 0xBC, 0xE6, 0xE5, 0x63, 0xA4, 0x40, 0xF2,
        0x77, 0x03, 0x7D, 0x81, 0x2D, 0xEB, 0x33, 0xA0, 0xF4, 0xA1, 0x39, 0x45, 0xD8, 0x98, 0xC2, 0x96,
    ]

    static func tokenPayload(
        version: UInt8 = 2,
        octet1: UInt8 = 0,
        identifier: [UInt8] = Array(1...16),
        address: UInt16 = 0x1234,
        capabilities: UInt8 = 0b111,
        octet21: UInt8 = 0,
        keyShare: [UInt8] = basePoint,
        trailing: [UInt8] = []
    ) -> [UInt8] {
        var bytes: [UInt8] = [version, octet1] + identifier
        bytes += [UInt8(address & 0xFF), UInt8(address >> 8), capabilities, octet21]
        bytes += [UInt8(keyShare.count & 0xFF), UInt8(keyShare.count >> 8)] + keyShare + trailing
        return bytes
    }
}

/// Whether `data` has the structure and root class that `NSKeyedUnarchiver` on Linux can be given
/// without stopping the process: the checked unarchiver got past the archive and reached the payload.
func isSafeForFoundation(checkedError: NIArchiveError?) -> Bool {
    switch checkedError {
    case nil: true
    case .tooLarge, .malformedArchive, .unexpectedClass: false
    case .truncated, .trailingBytes, .unsupportedVersion, .reservedBitsSet, .invalidValue: true
    }
}
