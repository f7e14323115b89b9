/// How the host may access a whole register of a DW1000 or DW3000, as the "Type" column of
/// the register tables gives it (DW1000 User Manual §7.1 Table 15, DW3000 User Manual §8.1).
public enum RegisterAccess: String, Sendable, CaseIterable {
    /// Read only ("RO").
    case readOnly = "RO"
    /// Write only ("WO").
    case writeOnly = "WO"
    /// Read and write ("RW").
    case readWrite = "RW"
    /// Special read/write ("SRW"): its bits self-clear or are cleared by writing 1.
    case specialReadWrite = "SRW"
    /// Read-only member of the receiver's double-buffered "swinging set" ("ROD").
    case readOnlyDoubleBuffered = "ROD"
}
