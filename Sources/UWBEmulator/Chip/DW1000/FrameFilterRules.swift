import DW1000Driver
import UWBCore

/// The DW1000's receive frame filter, as UM §5.2.1 lists its rules, applied to a frame's octets
/// with the chip's SYS_CFG (FFEN, FFBC and the frame-type bits FFAB…FFA5, UM §7.2.6), PANADR
/// (UM §7.2.5) and EUI (UM §7.2.3). With FFEN set a frame is accepted only if:
///
/// - its frame type is allowed: FFAB beacons (type 0), FFAD data (1), FFAA acknowledgements (2),
///   FFAM MAC commands (3), FFAR the reserved types 4–7, FFA4 type 4, FFA5 type 5. An allowed
///   reserved type is accepted without further rules, if the frame is as long as the header its
///   frame control announces;
/// - its frame version is 0 or 1;
/// - its destination PAN ID, if present, is the broadcast PAN ID 0xFFFF or PAN_ID;
/// - its destination address, if present, is the short broadcast address 0xFFFF, a short address
///   equal to SHORT_ADDR, or an extended address equal to the EUI (there is no extended broadcast);
/// - a beacon's source PAN ID, if present, equals PAN_ID or is 0xFFFF (the UM's wording, read
///   literally; IEEE 802.15.4 instead accepts any beacon while macPANId is 0xFFFF);
/// - a data or MAC command frame with a source address and no destination address is accepted
///   only by a coordinator (FFBC) and only if its source PAN ID equals PAN_ID;
/// - and, as for every frame, its FCS is correct (judged when the frame ends, not here).
///
/// A frame with no address at all (an acknowledgement, say) passes the address rules. The type
/// and version rules are decided once the frame control's two octets are in, the address rules
/// once the addresses are (UM §5.2.2); a frame shorter than its header is rejected when it ends.
struct FrameFilterRules {
    /// SYS_CFG.
    let systemConfiguration: UInt64
    /// PANADR.PAN_ID.
    let panIdentifier: UInt64
    /// PANADR.SHORT_ADDR.
    let shortAddress: UInt64
    /// The EUI.
    let extendedAddress: UInt64

    /// The broadcast PAN ID and short address (UM §5.2.1).
    static let broadcast: UInt64 = 0xFFFF
    /// The octets of the frame control field.
    static let frameControlLength = 2

    /// The rules as the chip's registers set them now.
    init(registers: RegisterFile) {
        systemConfiguration = registers.value(.sysCfg)
        let address = registers.value(.panadr)
        panIdentifier = DW1000Register.Panadr.panId.value(in: address)
        shortAddress = DW1000Register.Panadr.shortAddr.value(in: address)
        extendedAddress = registers.value(.eui)
    }

    /// Whether SYS_CFG.FFEN turns the filter on.
    static func isEnabled(systemConfiguration: UInt64) -> Bool {
        DW1000Register.SysCfg.ffen.value(in: systemConfiguration) == 1
    }

    /// What the filter makes of `frame`, the PHY payload with its FCS.
    func verdict(for frame: [UInt8]) -> FrameFilterVerdict {
        guard Self.isEnabled(systemConfiguration: systemConfiguration) else { return .accepted }
        guard frame.count >= Self.frameControlLength else { return .rejected(afterOctets: frame.count) }
        let layout = MACHeaderLayout(control: UInt16(frame[0]) | UInt16(frame[1]) << 8)
        guard allows(frameType: layout.frameType) else { return .rejected(afterOctets: Self.frameControlLength) }
        let shortest = layout.length + FrameCheckSequence.length
        guard layout.frameType <= 3 else {
            return frame.count < shortest ? .rejected(afterOctets: frame.count) : .accepted
        }
        guard layout.frameVersion <= 1 else { return .rejected(afterOctets: Self.frameControlLength) }
        guard frame.count >= shortest else { return .rejected(afterOctets: frame.count) }
        return addressesPass(frame, layout: layout) ? .accepted : .rejected(afterOctets: layout.length)
    }

    /// Whether the frame type is allowed by FFAB, FFAD, FFAA, FFAM, FFAR, FFA4 or FFA5.
    private func allows(frameType: UInt16) -> Bool {
        let allowed: Bool = switch frameType {
        case 0: DW1000Register.SysCfg.ffab.value(in: systemConfiguration) == 1
        case 1: DW1000Register.SysCfg.ffad.value(in: systemConfiguration) == 1
        case 2: DW1000Register.SysCfg.ffaa.value(in: systemConfiguration) == 1
        case 3: DW1000Register.SysCfg.ffam.value(in: systemConfiguration) == 1
        case 4: DW1000Register.SysCfg.ffa4.value(in: systemConfiguration) == 1
        case 5: DW1000Register.SysCfg.ffa5.value(in: systemConfiguration) == 1
        default: false
        }
        return allowed || (frameType >= 4 && DW1000Register.SysCfg.ffar.value(in: systemConfiguration) == 1)
    }

    /// Whether a frame of type 0–3, long enough for its header, passes the PAN ID and address rules.
    private func addressesPass(_ frame: [UInt8], layout: MACHeaderLayout) -> Bool {
        if layout.hasDestination {
            let pan = MACHeaderLayout.value(in: frame, at: layout.destinationPANOffset, count: 2)
            guard pan == Self.broadcast || pan == panIdentifier else { return false }
            let address = MACHeaderLayout.value(
                in: frame, at: layout.destinationAddressOffset, count: layout.destinationAddressLength)
            let matches = layout.destinationAddressLength == 2
                ? address == Self.broadcast || address == shortAddress
                : address == extendedAddress
            guard matches else { return false }
        }
        let sourcePAN = layout.hasSourcePAN
            ? MACHeaderLayout.value(in: frame, at: layout.sourcePANOffset, count: 2) : nil
        if layout.frameType == 0, let sourcePAN {
            return sourcePAN == panIdentifier || sourcePAN == Self.broadcast
        }
        if (layout.frameType == 1 || layout.frameType == 3), !layout.hasDestination, layout.sourceAddressLength > 0 {
            return DW1000Register.SysCfg.ffbc.value(in: systemConfiguration) == 1 && sourcePAN == panIdentifier
        }
        return true
    }
}
