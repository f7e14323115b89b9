/// How the host may access one bit field of a DW1000 or DW3000 register.
///
/// A field has the access of its register unless the register map overrides it,
/// for example the write-1-to-clear bits of SYS_STATUS (DW1000 User Manual §7.2.17).
public enum FieldAccess: String, Sendable, CaseIterable {
    /// Read only ("RO").
    case readOnly = "RO"
    /// Write only ("WO").
    case writeOnly = "WO"
    /// Read and write ("RW").
    case readWrite = "RW"
    /// Special read/write ("SRW"), as the register it belongs to.
    case specialReadWrite = "SRW"
    /// Read-only member of the receiver's double-buffered set ("ROD").
    case readOnlyDoubleBuffered = "ROD"
    /// Latched; writing 1 clears it and writing 0 has no effect ("W1C").
    case writeOneToClear = "W1C"
    /// Clears itself once the commanded action starts ("SC").
    case selfClearing = "SC"
}
