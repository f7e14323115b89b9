/// Why a calibration store, or one of its entries, cannot be used.
///
/// Each ``description`` says what to do. At bring-up these are warnings: the board runs with its
/// description's calibration instead.
public enum CalibrationStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The store file exists but cannot be read.
    case cannotRead(path: String, reason: String)
    /// The store file is not a store: bad JSON, an unknown key, a wrong type, a value out of range.
    case invalid(path: String, problem: String)
    /// The store file cannot be written.
    case cannotWrite(path: String, reason: String)
    /// The entry for `key` was measured with another board description or chip count.
    case boardMismatch(key: String, stored: String, actual: String)
    /// The entry for `key` holds values the board description does not allow.
    case invalidValues(key: String, reason: String)

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .cannotRead(let path, let reason):
            "cannot read the calibration store \(path): \(reason); check its permissions, or set UWB_CALIBRATION to another file"
        case .invalid(let path, let problem):
            "the calibration store \(path) is not valid: \(problem); fix or delete it and calibrate again (uwb calibrate)"
        case .cannotWrite(let path, let reason):
            "cannot write the calibration store \(path): \(reason); check the directory's permissions, or give another file"
        case .boardMismatch(let key, let stored, let actual):
            "the stored calibration of \(key) was measured as board \(stored), but it runs as \(actual); calibrate it again as this board"
        case .invalidValues(let key, let reason):
            "the stored calibration of \(key) is not usable: \(reason); calibrate it again"
        }
    }
}
