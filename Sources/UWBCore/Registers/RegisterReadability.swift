/// Whether reading a register for a dump (`uwb registers --read`) is harmless, and if not, why.
///
/// The register map's access codes (``RegisterAccess``) say who may write a register, not what
/// reading it does, so each chip lists the registers whose reads matter
/// (``MappedRegister/readEffects``).
public enum RegisterReadability: Hashable, Sendable {
    /// Reading it changes nothing on the chip.
    case harmless
    /// The host cannot read it (``RegisterAccess/writeOnly``): it is never read.
    case writeOnly
    /// Reading it touches a buffer or has another effect, given here; read only on request.
    case sideEffects(String)
    /// A register file whose sub-registers the map lists: those are read instead of the file,
    /// whose gaps are reserved (and which may be large: the DW1000's LDE_IF spans 10 246 octets).
    case readAsSubRegisters
}

extension MappedRegister {
    /// Whether reading this register for a dump is harmless (``RegisterReadability``).
    public var readability: RegisterReadability {
        if access == .writeOnly { return .writeOnly }
        if let effect = Self.readEffects[name] { return .sideEffects(effect) }
        if isFileWithSubRegisters { return .readAsSubRegisters }
        return .harmless
    }

    /// Whether this is a whole register file (at offset 0, the longest entry of its file) whose
    /// sub-registers the map lists too.
    private var isFileWithSubRegisters: Bool {
        guard offset == 0 else { return false }
        let others = Self.all.filter { $0.file == file && $0.name != name }
        return !others.isEmpty && others.allSatisfy { $0.offset != 0 || $0.length < length }
    }
}
