import Foundation

extension NIDiscoveryToken {
    /// Unarchives a token from data made by
    /// `NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding: true)`, checking every
    /// field first. A swift-uwb addition: use it for data from the network.
    ///
    /// `NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from:)` works too and
    /// rejects malformed token content, but on Linux Foundation it stops the process for a few crafted
    /// archives (an object of another known class, a dangling class reference). This function never
    /// does: it checks the archive's size (at most ``NIArchiveError/maximumArchiveLength``),
    /// structure and class, then the token's version, lengths, reserved bits and values.
    ///
    /// - Throws: ``NIArchiveError`` saying what is wrong.
    public static func unarchived(from data: Data) throws(NIArchiveError) -> NIDiscoveryToken {
        let payload = try KeyedArchiveReader.payload(of: data, className: NSStringFromClass(NIDiscoveryToken.self))
        return NIDiscoveryToken(content: try DiscoveryTokenContent(decoding: payload))
    }
}
