/// How the host may access a whole DW1000 register, as the "Type" column of
/// DW1000 User Manual §7.1 Table 15 gives it.
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
