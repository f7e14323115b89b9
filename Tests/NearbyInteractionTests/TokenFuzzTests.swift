import Foundation
@testable import NearbyInteraction
import Testing
import UWBCore

/// Seeded fuzzing of token archives: nothing may stop the process; everything is either a valid
/// token or an error, and the checked and Foundation unarchivers agree.
@Suite("Token archive fuzzing")
struct TokenFuzzTests {
    /// Unarchives `data` the checked way and, when that shows the archive is safe to hand to Foundation
    /// on Linux, the iOS way too; checks that both agree and that a decoded token round-trips.
    private func check(_ data: Data) throws {
        let checked: Result<NIDiscoveryToken, NIArchiveError>
        do throws(NIArchiveError) {
            checked = .success(try NIDiscoveryToken.unarchived(from: data))
        } catch {
            checked = .failure(error)
        }
        let checkedError: NIArchiveError? = if case .failure(let error) = checked { error } else { nil }
        if case .success(let token) = checked {
            #expect(try NIDiscoveryToken.unarchived(from: ArchiveFixtures.archive(token)) == token)
        }
        guard isSafeForFoundation(checkedError: checkedError) else { return }
        let foundation = try? NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data)
        switch checked {
        case .success(let token):
            #expect(foundation == token, "Foundation disagrees on \(data.map { String($0, radix: 16) })")
        case .failure: #expect(foundation == nil)
        }
    }

    @Test("a trailer whose offset table starts near 2⁶⁴ is refused as inconsistent, not an overflow (found by libFuzzer)")
    func tableOffsetOverflow() throws {
        var bytes = [UInt8](try ArchiveFixtures.archive(ArchiveFixtures.token(seed: 1)))
        bytes.replaceSubrange((bytes.count - 8)..., with: [UInt8](repeating: 0xFF, count: 8))
        #expect(throws: NIArchiveError.malformedArchive(reason: "inconsistent property list trailer")) {
            try NIDiscoveryToken.unarchived(from: Data(bytes))
        }
    }

    @Test("every truncation is rejected")
    func truncations() throws {
        BadArchiveTests.expectEveryTruncationFails(
            of: try ArchiveFixtures.archive(ArchiveFixtures.token(seed: 1)), as: NIDiscoveryToken.self,
            checked: NIDiscoveryToken.unarchived(from:))
    }

    @Test("every single bit flip is a valid token or an error")
    func bitFlips() throws {
        let data = try ArchiveFixtures.archive(ArchiveFixtures.token(seed: 2))
        for bit in 0..<(data.count * 8) {
            var flipped = data
            flipped[bit / 8] ^= UInt8(1 << (bit % 8))
            try check(flipped)
        }
    }

    @Test("seeded random corruption, random bytes and random payloads")
    func randomInputs() throws {
        var random = SeededRandom(seed: 0x5EED_70C3)
        let valid = try ArchiveFixtures.archive(ArchiveFixtures.token(seed: 3))
        for _ in 0..<3000 {
            var corrupted = valid
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                corrupted[Int.random(in: 0..<corrupted.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            try check(corrupted)
            var edited = valid
            let position = Int.random(in: 0..<edited.count, using: &random)
            if Bool.random(using: &random) {
                edited.insert(UInt8.random(in: 0...255, using: &random), at: position)
            } else {
                edited.remove(at: position)
            }
            try check(edited)
        }
        for _ in 0..<500 {
            let count = Int.random(in: 0...400, using: &random)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            try check(Data(bytes))
            try check(Data(Array("bplist00".utf8) + bytes))
        }
        for _ in 0..<500 {
            let count = Int.random(in: 0...40, using: &random)
            let payload = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            try check(ArchiveFixtures.forged(as: NIDiscoveryToken.self, payload: payload))
        }
    }

    @Test("oversized data is rejected before parsing")
    func oversized() throws {
        let valid = try ArchiveFixtures.archive(ArchiveFixtures.token(seed: 4))
        for size in [NIArchiveError.maximumArchiveLength + 1, 1 << 20] {
            let data = valid + Data(repeating: 0xA5, count: size - valid.count)
            #expect(throws: NIArchiveError.tooLarge(byteCount: size, limit: NIArchiveError.maximumArchiveLength)) {
                try NIDiscoveryToken.unarchived(from: data)
            }
        }
        let longPayload = ArchiveFixtures.tokenPayload(keyShare: Array(repeating: 1, count: 60_000))
        #expect(throws: NIArchiveError.self) {
            try NIDiscoveryToken.unarchived(from: ArchiveFixtures.forged(as: NIDiscoveryToken.self, payload: longPayload))
        }
    }

    @Test("a validly archived object of another class is rejected")
    func otherClasses() throws {
        let token = ArchiveFixtures.token(seed: 5)
        let others: [NSObject] = [
            NINearbyPeerConfiguration(peerToken: token),
            NINearbyObject(discoveryToken: token, distance: 1, direction: nil, horizontalAngle: nil),
            NSString(string: "token"),
            NSData(data: token.content.encoded.withUnsafeBufferPointer { Data(buffer: $0) }),
            NSArray(array: [token]),
        ]
        for other in others {
            let data = try NSKeyedArchiver.archivedData(withRootObject: other, requiringSecureCoding: true)
            #expect {
                try NIDiscoveryToken.unarchived(from: data)
            } throws: { error in
                switch error as? NIArchiveError {
                case .unexpectedClass, .malformedArchive: true
                default: false
                }
            }
        }
    }

    @Test("an archive in XML form or with a wrong archiver header is rejected")
    func otherArchiveShapes() throws {
        let data = try ArchiveFixtures.archive(ArchiveFixtures.token(seed: 6))
        let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        let xml = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        #expect(throws: NIArchiveError.malformedArchive(reason: "not a binary property list")) { try NIDiscoveryToken.unarchived(from: xml) }
        var dictionary = try #require(plist as? [String: Any])
        dictionary["$version"] = 99
        let wrongVersion = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
        #expect(throws: NIArchiveError.self) { try NIDiscoveryToken.unarchived(from: wrongVersion) }
        dictionary["$version"] = 100_000
        dictionary["$archiver"] = "Other"
        let wrongArchiver = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
        #expect(throws: NIArchiveError.self) { try NIDiscoveryToken.unarchived(from: wrongArchiver) }
        dictionary["$archiver"] = "NSKeyedArchiver"
        let rebuilt = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
        #expect(try NIDiscoveryToken.unarchived(from: rebuilt) == ArchiveFixtures.token(seed: 6))
    }
}
