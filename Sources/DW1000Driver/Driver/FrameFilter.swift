import UWBCore

/// Which received frames a DW1000 passes to its host while its hardware frame filter is on
/// (UM §5.2): frames of the allowed types whose destination PAN ID, if present, is ``pan`` or the
/// broadcast PAN 0xFFFF, and whose destination address, if present, is ``shortAddress``, the short
/// broadcast address 0xFFFF, or the chip's EUI-64 (UM §5.2.1). The chip drops the others as soon
/// as it has read their header, without interrupting the host, and goes on listening.
///
/// Only the standard frame types are offered; the reserved ones (SYS_CFG.FFAR, FFA4, FFA5) stay
/// refused.
public struct FrameFilter: Hashable, Sendable {
    /// The PAN the device belongs to (PANADR.PAN_ID, UM §7.2.5).
    public var pan: PANIdentifier
    /// The device's short address (PANADR.SHORT_ADDR, UM §7.2.5).
    public var shortAddress: UInt16
    /// The frame types accepted (SYS_CFG.FFAB, FFAD, FFAA, FFAM, UM §7.2.6); the others are refused.
    public var frameTypes: Set<MACFrameType>
    /// Whether the chip also accepts, as a PAN coordinator does, data and MAC command frames that
    /// carry only a source address in its PAN (SYS_CFG.FFBC, UM §7.2.6).
    public var actsAsCoordinator: Bool

    /// A filter for `pan` and `shortAddress`, accepting `frameTypes` (data frames, which the
    /// ranging messages are, by default).
    public init(
        pan: PANIdentifier, shortAddress: UInt16, frameTypes: Set<MACFrameType> = [.data], actsAsCoordinator: Bool = false
    ) {
        self.pan = pan
        self.shortAddress = shortAddress
        self.frameTypes = frameTypes
        self.actsAsCoordinator = actsAsCoordinator
    }

    /// Every SYS_CFG bit a filter sets: FFEN, FFBC and the frame-type bits FFAB to FFA5 (bits 8:0).
    static let systemConfigurationMask: UInt64 = DW1000Register.SysCfg.ffen.mask | DW1000Register.SysCfg.ffbc.mask
        | DW1000Register.SysCfg.ffab.mask | DW1000Register.SysCfg.ffad.mask | DW1000Register.SysCfg.ffaa.mask | DW1000Register.SysCfg.ffam.mask
        | DW1000Register.SysCfg.ffar.mask | DW1000Register.SysCfg.ffa4.mask | DW1000Register.SysCfg.ffa5.mask

    /// The SYS_CFG bits this filter sets: FFEN, FFBC for a coordinator, and FFAB, FFAD, FFAA or
    /// FFAM for each frame type (UM §7.2.6).
    var systemConfigurationBits: UInt64 {
        frameTypes.reduce(DW1000Register.SysCfg.ffen.mask | (actsAsCoordinator ? DW1000Register.SysCfg.ffbc.mask : 0)) { bits, type in
            bits | Self.allowBit(type).mask
        }
    }

    /// PANADR: PAN_ID in bits 31:16, SHORT_ADDR in bits 15:0 (UM §7.2.5).
    var panAddress: UInt64 {
        DW1000Register.Panadr.panId.placing(UInt64(pan.rawValue)) | DW1000Register.Panadr.shortAddr.placing(UInt64(shortAddress))
    }

    /// The SYS_CFG bit that lets frames of `type` through.
    private static func allowBit(_ type: MACFrameType) -> BitField {
        switch type {
        case .beacon: DW1000Register.SysCfg.ffab
        case .data: DW1000Register.SysCfg.ffad
        case .acknowledgement: DW1000Register.SysCfg.ffaa
        case .macCommand: DW1000Register.SysCfg.ffam
        }
    }
}
