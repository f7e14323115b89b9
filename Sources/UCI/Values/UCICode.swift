import UWBCore

/// A one-octet UCI code (a status, an id, a state) kept as its raw value, so values the
/// specification reserves or a vendor defines survive a decode and an encode unchanged.
///
/// Conforming types list the codes they know with the specification's names in `knownCodes`.
public protocol UCICode: RawRepresentable<UInt8>, Hashable, Sendable, CustomStringConvertible {
    /// Wraps a raw code, known or not.
    init(rawValue: UInt8)
    /// The codes the specification names, with those names (e.g. `UNKNOWN_GID`).
    static var knownCodes: [(code: Self, name: String)] { get }
}

extension UCICode {
    /// The specification's name, or the raw value in hex for a code it does not name.
    public var name: String? {
        Self.knownCodes.first { $0.code == self }?.name
    }

    /// Whether the specification names this code.
    public var isKnown: Bool { name != nil }

    /// The specification's name and the raw value, e.g. `UNKNOWN_GID (0x07)`.
    public var description: String {
        let hex = "0x" + hexDigits(UInt64(rawValue), count: 2)
        return name.map { "\($0) (\(hex))" } ?? "unnamed \(hex)"
    }
}
