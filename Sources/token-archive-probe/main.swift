// Test support only (no product): prints, for each seed given as an argument, the hexadecimal octets
// of `NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: true)` for the token
// drawn from that seed, one line per seed, so that tests can compare archives made in different
// processes (each process seeds Swift's hashing differently). With `--foundation-order` first, the
// archiver has a delegate of its own, so the archive stays in the order Foundation wrote it.
import Foundation
import NearbyInteraction
import UWBCore

/// An archiver delegate that does nothing: with it installed, Nearby Interaction leaves the archive
/// as Foundation writes it.
final class LeaveAsWritten: NSObject, NSKeyedArchiverDelegate {
    func archiver(_ archiver: NSKeyedArchiver, willEncode object: Any) -> Any? { object }
    func archiver(_ archiver: NSKeyedArchiver, didEncode object: Any?) {}
    func archiver(_ archiver: NSKeyedArchiver, willReplace object: Any?, withObject newObject: Any?) {}
    func archiverWillFinish(_ archiver: NSKeyedArchiver) {}
    func archiverDidFinish(_ archiver: NSKeyedArchiver) {}
}

var arguments = CommandLine.arguments.dropFirst()
let foundationOrder = arguments.first == "--foundation-order"
if foundationOrder {
    arguments = arguments.dropFirst()
}
var lines: [String] = []
for argument in arguments {
    guard let seed = UInt64(argument) else {
        FileHandle.standardError.write(Data("token-archive-probe: \(argument) is not a seed (an unsigned integer)\n".utf8))
        exit(64)
    }
    var generator = SeededRandom(seed: seed)
    let token = NIDiscoveryToken.makeForNewSession(capabilities: NIRadioCapability(coherentReceivers: 3), using: &generator)
    let data: Data
    if foundationOrder {
        let delegate = LeaveAsWritten()
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.delegate = delegate
        archiver.encode(token, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        data = archiver.encodedData
    } else {
        do {
            data = try NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: true)
        } catch {
            FileHandle.standardError.write(Data("token-archive-probe: archiving failed: \(error)\n".utf8))
            exit(1)
        }
    }
    lines.append(data.map { String(format: "%02x", $0) }.joined())
}
print(lines.joined(separator: "\n"))
