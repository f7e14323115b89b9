import UWBCore

/// A message integrity code of a secured ranging frame: 8 octets (MIC-64) for a two-party frame,
/// 4 (MIC-32) for each entry of a group frame.
public struct MessageIntegrityCode: Hashable, Sendable {
    /// The code's octets, in the order they are sent.
    public let octets: [UInt8]

    /// A code with the given octets.
    ///
    /// - Throws: ``RangingFrameError/wrongMessageIntegrityCodeLength(_:)`` unless 4, 8 or 16
    ///   octets are given (the MIC lengths of IEEE 802.15.4 security levels 1–3).
    public init(octets: [UInt8]) throws(RangingFrameError) {
        guard [4, 8, 16].contains(octets.count) else { throw .wrongMessageIntegrityCodeLength(octets.count) }
        self.octets = octets
    }

    /// A code of `level`'s length that is all zeros: the place of a code not computed yet.
    static func placeholder(_ level: MACSecurityLevel) -> MessageIntegrityCode {
        MessageIntegrityCode(unchecked: [UInt8](repeating: 0, count: level.messageIntegrityCodeLength))
    }

    private init(unchecked octets: [UInt8]) {
        self.octets = octets
    }
}
