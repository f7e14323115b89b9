import Foundation
@testable import NearbyInteraction
import Testing
import UWBCore
import UWBTestSupport

/// Archives of Nearby Interaction objects are byte-stable, as iOS apps that key dictionaries by
/// archived tokens need (`StableArchiveOrder`).
@Suite("Byte-stable archives")
struct StableArchiveTests {
    /// An archiver delegate of the app's own, which leaves the archive as Foundation writes it.
    final class AppDelegate: NSObject, NSKeyedArchiverDelegate {
        private(set) var finished = 0
        func archiver(_ archiver: NSKeyedArchiver, willEncode object: Any) -> Any? { object }
        func archiver(_ archiver: NSKeyedArchiver, didEncode object: Any?) {}
        func archiver(_ archiver: NSKeyedArchiver, willReplace object: Any?, withObject newObject: Any?) {}
        func archiverWillFinish(_ archiver: NSKeyedArchiver) {}
        func archiverDidFinish(_ archiver: NSKeyedArchiver) {
            finished += 1
        }
    }

    /// `object` archived by an archiver with the app's own delegate: Foundation's key order.
    static func foundationOrder(_ object: NSObject) -> (data: Data, delegate: AppDelegate) {
        let delegate = AppDelegate()
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.delegate = delegate
        archiver.encode(object, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        return (archiver.encodedData, delegate)
    }

    /// The keys of every dictionary in `data`, in the order they are written.
    static func dictionaryKeys(_ data: Data) throws -> [[String]] {
        let plist = try BinaryPropertyList(Array(data))
        return plist.objects.compactMap { object in
            guard case .dictionary(let entries) = object else { return nil }
            return entries.map { entry in
                if case .string(let key) = plist.objects[entry.key] { key } else { "" }
            }
        }
    }

    @Test("the same token archived 1000 times gives one byte string")
    func sameTokenRepeatedly() throws {
        let token = ArchiveFixtures.token(seed: 11)
        let archives = try Set((0..<1000).map { _ in try ArchiveFixtures.archive(token) })
        #expect(archives.count == 1)
    }

    @Test("equal tokens archive equally: separately drawn, unarchived copies, copies of copies")
    func equalTokens() throws {
        let token = ArchiveFixtures.token(seed: 12)
        let original = try ArchiveFixtures.archive(token)
        var copies: [NIDiscoveryToken] = [ArchiveFixtures.token(seed: 12)]
        var data = original
        for _ in 0..<50 {
            let copy = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data))
            copies.append(copy)
            copies.append(try NIDiscoveryToken.unarchived(from: data))
            data = try ArchiveFixtures.archive(copy)
        }
        for copy in copies {
            #expect(copy == token)
            #expect(copy !== token)
            #expect(try ArchiveFixtures.archive(copy) == original)
        }
        #expect(try ArchiveFixtures.archive(ArchiveFixtures.token(seed: 13)) != original)
    }

    @Test("an archiver made by the app, without a delegate, writes the same bytes")
    func appMadeArchiver() throws {
        let token = ArchiveFixtures.token(seed: 14)
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.encode(token, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        #expect(archiver.encodedData == (try ArchiveFixtures.archive(token)))
        #expect(archiver.delegate == nil)
    }

    @Test("every dictionary of the archive has its keys in ascending order")
    func keysSorted() throws {
        let keys = try Self.dictionaryKeys(try ArchiveFixtures.archive(ArchiveFixtures.token(seed: 15)))
        #expect(keys.contains(["$archiver", "$objects", "$top", "$version"]))
        #expect(keys.contains(["$class", "payload"]))
        #expect(keys.contains(["$classes", "$classname"]))
        #expect(keys.contains(["root"]))
        for entries in keys {
            #expect(entries == entries.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        }
    }

    @Test("archives in Foundation's own key order (an app's delegate, or made before) still decode, to the same token")
    func foundationOrderStillDecodes() throws {
        let token = ArchiveFixtures.token(seed: 16)
        let stable = try ArchiveFixtures.archive(token)
        for _ in 0..<40 {
            let (data, delegate) = Self.foundationOrder(token)
            #expect(delegate.finished == 1)
            #expect(try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data) == token)
            #expect(try NIDiscoveryToken.unarchived(from: data) == token)
            // Whatever order Foundation chose, the canonical form is the same octets.
            #expect(StableArchiveOrder.canonical(Array(data)) == Array(stable))
        }
    }

    @Test("the canonical form is a fixed point and unarchives with both unarchivers")
    func canonicalFixedPoint() throws {
        for seed in UInt64(20)..<30 {
            let token = ArchiveFixtures.token(seed: seed, receivers: Int(seed % 4))
            let data = try ArchiveFixtures.archive(token)
            #expect(StableArchiveOrder.canonical(Array(data)) == Array(data))
            #expect(try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data) == token)
            #expect(try NIDiscoveryToken.unarchived(from: data) == token)
        }
    }

    @Test("the canonical writer writes what Foundation writes when no dictionary has two keys")
    func writerMatchesFoundation() throws {
        let longText = String(repeating: "x", count: 20)
        let plists: [Any] = [
            ["only": [Int64(1), "a", Data([1, 2]), Int64(300), Int64(-5), "a", Int64(70_000), Int64(5_000_000_000)]],
            [longText: [Data(repeating: 7, count: 40), longText, ["inner": [Data(), ""]]]],
            Array(repeating: "same", count: 20),
        ]
        for plist in plists {
            let foundation = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
            #expect(StableArchiveOrder.canonical(Array(foundation)) == Array(foundation))
        }
    }

    @Test("peer configurations and nearby objects archive byte-stably too")
    func otherClasses() throws {
        let token = ArchiveFixtures.token(seed: 31)
        let configuration = NINearbyPeerConfiguration(peerToken: token)
        configuration.updateInterval = .milliseconds(200)
        let object = NINearbyObject(discoveryToken: token, distance: 2.5, direction: nil, horizontalAngle: 0.25)
        for root in [configuration, object] as [NSObject] {
            #expect(try Set((0..<200).map { _ in try ArchiveFixtures.archive(root) }).count == 1)
        }
    }

    @Test("an archiver with the app's delegate or writing XML is left as Foundation writes it, and decodes")
    func leftAlone() throws {
        let token = ArchiveFixtures.token(seed: 32)
        let (data, delegate) = Self.foundationOrder(token)
        #expect(delegate.finished == 1)
        #expect(try NIDiscoveryToken.unarchived(from: data) == token)
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.outputFormat = .xml
        archiver.encode(token, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        let xml = archiver.encodedData
        #expect(xml.starts(with: Array("<?xml".utf8)))
        #expect(try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: xml) == token)
    }

    /// What `token-archive-probe` prints for `arguments`: one archive per line, as hexadecimal.
    static func probe(_ arguments: [String]) throws -> [String] {
        let probe = try #require(BuiltExecutable.path(named: "token-archive-probe"), "build token-archive-probe first")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: probe)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: printed, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("archives made in other processes are the same bytes as this process's")
    func acrossProcesses() throws {
        let seeds: [UInt64] = [1, 2, 3, 42, 1000]
        let here = try seeds.map { seed in
            try ArchiveFixtures.archive(ArchiveFixtures.token(seed: seed)).map { String(format: "%02x", $0) }.joined()
        }
        for _ in 0..<3 {
            #expect(try Self.probe(seeds.map(String.init)) == here)
        }
    }

    @Test("what the fix is for: left as Foundation writes them, archives of one token differ between processes")
    func foundationOrderVaries() throws {
        var archives = Set<String>()
        var keyOrders = Set<[[String]]>()
        for _ in 0..<8 {
            let lines = try Self.probe(["--foundation-order", "7"])
            let line = try #require(lines.first)
            archives.insert(line)
            let octets = stride(from: 0, to: line.utf8.count, by: 2).compactMap { offset in
                UInt8(line.dropFirst(offset).prefix(2), radix: 16)
            }
            keyOrders.insert(try Self.dictionaryKeys(Data(octets)))
            #expect(try NIDiscoveryToken.unarchived(from: Data(octets)) == ArchiveFixtures.token(seed: 7))
            #expect(StableArchiveOrder.canonical(octets) == Array(try ArchiveFixtures.archive(ArchiveFixtures.token(seed: 7))))
        }
        #expect(archives.count > 1)
        #expect(keyOrders.count == archives.count)
    }
}
