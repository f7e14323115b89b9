import Foundation
import NearbyInteraction

/// Swaps two sessions' discovery tokens the way two apps do: archived with secure coding, sent as
/// data, unarchived on the other side. For `SessionMesh`, the benchmarks and the tests.
public enum TokenSwap {
    /// Why a swap failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// `session`'s token after the trip an app's data makes: archived, then unarchived.
    ///
    /// - Throws: ``Failure`` if the session has no token or the archive does not come back.
    public static func sent(_ session: NISession) throws(Failure) -> NIDiscoveryToken {
        guard let token = session.discoveryToken else { throw Failure(description: "the session has no token (no radio)") }
        let received: NIDiscoveryToken?
        do {
            let data = try NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: true)
            received = try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data)
        } catch {
            throw Failure(description: "archiving or unarchiving the token failed: \(error)")
        }
        guard let received else { throw Failure(description: "the archived token did not unarchive") }
        return received
    }

    /// Runs `a` with `b`'s token and `b` with `a`'s, each sent as data.
    public static func runBoth(_ a: NISession, _ b: NISession) throws(Failure) {
        a.run(NINearbyPeerConfiguration(peerToken: try sent(b)))
        b.run(NINearbyPeerConfiguration(peerToken: try sent(a)))
    }
}
