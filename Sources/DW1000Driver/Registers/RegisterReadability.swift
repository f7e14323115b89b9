/// Whether reading a register for a dump (`uwb registers --read`) is harmless, and if not, why.
///
/// The register map's access codes (``RegisterAccess``) say who may write a register, not what
/// reading it does, so the registers whose reads matter are listed here.
public enum RegisterReadability: Hashable, Sendable {
    /// Reading it changes nothing on the chip.
    case harmless
    /// The host cannot read it (``RegisterAccess/writeOnly``): it is never read.
    case writeOnly
    /// Reading it touches a buffer or has another effect, given here; read only on request.
    case sideEffects(String)
    /// A register file whose sub-registers the map lists: those are read instead of the file,
    /// whose gaps are reserved (and which may be large: LDE_IF spans 10 246 octets).
    case readAsSubRegisters

    /// The registers whose reads have an effect, with it. RX_BUFFER: reading walks the receive
    /// buffer of the frame being handled, racing the receiver's double buffering (UM §7.2.19).
    /// ACC_MEM: a read returns the accumulator only while its clocks are forced on (PMSC_CTRL0
    /// FACE and AMCE, UM §7.2.36), which disturbs the receiver; and it spans 4064 octets.
    static let withSideEffects: [String: String] = [
        "RX_BUFFER": "the receive buffer: reading it races the receiver's double buffering (UM §7.2.19)",
        "ACC_MEM": "the accumulator: readable only with its clocks forced on, which disturbs the receiver (UM §7.2.36)",
    ]
}

extension Register {
    /// Whether reading this register for a dump is harmless (``RegisterReadability``).
    public var readability: RegisterReadability {
        if access == .writeOnly { return .writeOnly }
        if let effect = RegisterReadability.withSideEffects[name] { return .sideEffects(effect) }
        if isFileWithSubRegisters { return .readAsSubRegisters }
        return .harmless
    }

    /// Whether this is a whole register file (at offset 0, the longest entry of its file) whose
    /// sub-registers the map lists too.
    private var isFileWithSubRegisters: Bool {
        Register.filesWithSubRegisters.contains(name)
    }

    /// The names of the whole register files whose sub-registers the map lists, worked out once.
    private static let filesWithSubRegisters: Set<String> = Set(Register.all.filter { register in
        guard register.offset == 0 else { return false }
        let others = Register.all.filter { $0.file == register.file && $0.name != register.name }
        return !others.isEmpty && others.allSatisfy { $0.offset != 0 || $0.length < register.length }
    }.map(\.name))
}
