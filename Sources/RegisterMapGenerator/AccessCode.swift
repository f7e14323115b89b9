/// An access code allowed in the register map, with the Swift case that the generated code uses.
public enum AccessCode: String, Sendable, CaseIterable {
    /// Read only.
    case readOnly = "RO"
    /// Write only.
    case writeOnly = "WO"
    /// Read and write.
    case readWrite = "RW"
    /// Special read/write.
    case specialReadWrite = "SRW"
    /// Read-only member of the receiver's double-buffered set.
    case readOnlyDoubleBuffered = "ROD"
    /// Write 1 to clear (fields only).
    case writeOneToClear = "W1C"
    /// Self-clearing (fields only).
    case selfClearing = "SC"

    /// The codes a whole register may have.
    static let registerCodes: [AccessCode] = [
        .readOnly, .writeOnly, .readWrite, .specialReadWrite, .readOnlyDoubleBuffered,
    ]
}
