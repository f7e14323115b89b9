import Foundation

extension NIDiscoveryToken {
    /// Unarchives a token from data made by
    /// `NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding: true)`, checking every
    /// field first. A swift-uwb addition: use it for data from the network.
    ///
    /// `NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from:)` works too and
    /// rejects malformed token content, but on Linux Foundation it stops the process for some corrupt
    /// or crafted archives (a corrupt binary property list, an object of another class, a dangling
    /// class reference). This function never does: it parses the property list itself, checks the
    /// archive's size (at most ``NIArchiveError/maximumArchiveLength``), structure and class, then the
    /// token's version, lengths, reserved bits and values. Data it accepts, or rejects only for its
    /// content, is also safe to give to `NSKeyedUnarchiver`.
    ///
    /// - Throws: ``NIArchiveError`` saying what is wrong.
    public static func unarchived(from data: Data) throws(NIArchiveError) -> NIDiscoveryToken {
        let payload = try KeyedArchiveReader.payload(of: data, className: NSStringFromClass(NIDiscoveryToken.self))
        return NIDiscoveryToken(content: try DiscoveryTokenContent(decoding: payload))
    }
}
