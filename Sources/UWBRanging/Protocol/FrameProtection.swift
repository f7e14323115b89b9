/// The security fields of a secured ranging frame: what its IEEE 802.15.4 auxiliary security
/// header says (the frame counter, the key index) and its message integrity codes.
///
/// A two-party frame has one 8-octet code (security level 2, MIC-64), the frame's MIC. A group
/// frame, which serves several sessions with their own keys, has a 4-octet code per entry
/// (security level 1, MIC-32), in slot order: the last is the frame's MIC, the others end its
/// payload, and each covers every octet of the frame before it (`Docs/ranging-protocol.md`).
public struct FrameProtection: Hashable, Sendable {
    /// The sender's frame counter.
    public var frameCounter: UInt32
    /// The key index (key identifier mode 1): 1 for frames an initiator sends, 2 for a responder's.
    public var keyIndex: UInt8
    /// The message integrity codes: one, or one per group entry.
    public var codes: [MessageIntegrityCode]

    /// Security fields with the given values.
    public init(frameCounter: UInt32, keyIndex: UInt8, codes: [MessageIntegrityCode]) {
        self.frameCounter = frameCounter
        self.keyIndex = keyIndex
        self.codes = codes
    }
}
