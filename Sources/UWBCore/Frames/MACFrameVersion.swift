/// The frame versions swift-uwb encodes and decodes (the Frame Version subfield, bits 12–13).
///
/// IEEE 802.15.4-2006 §7.2.3 asks for version 0 on every unsecured frame that a 2003 device can
/// read, so ``ieee2003`` is the usual choice. Versions 2 and 3 (802.15.4-2015 and later) are rejected
/// with ``MACFrameError/unsupportedFrameVersion(_:)``.
public enum MACFrameVersion: UInt8, Hashable, Sendable {
    /// Version 0: compatible with IEEE 802.15.4-2003.
    case ieee2003 = 0
    /// Version 1: IEEE 802.15.4-2006.
    case ieee2006 = 1
}
