/// The 8-octet message integrity code a ranging frame may carry after its body.
///
/// Today no frame carries one. The security work will compute it from the session key over the
/// frame's content (timestamps included) so that a device without the key cannot make a peer
/// report a wrong distance; the format reserves its room and flag now.
public struct MessageIntegrityCode: Hashable, Sendable {
    /// The length of a code in octets.
    public static let length = 8

    /// The code's octets, in the order they are sent.
    public let octets: [UInt8]

    /// A code with the given octets.
    ///
    /// - Throws: ``RangingFrameError/wrongMessageIntegrityCodeLength(_:)`` unless exactly
    ///   ``length`` octets are given.
    public init(octets: [UInt8]) throws(RangingFrameError) {
        guard octets.count == Self.length else { throw .wrongMessageIntegrityCodeLength(octets.count) }
        self.octets = octets
    }
}
