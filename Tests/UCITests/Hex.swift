import UCI

/// Octets from a hex string with optional spaces, e.g. `"20 02 00 00"`; an odd or non-hex
/// string gives an empty array (and the golden test that uses it fails visibly).
func hex(_ text: String) -> [UInt8] {
    let digits = Array(text.filter { !$0.isWhitespace })
    guard digits.count.isMultiple(of: 2) else { return [] }
    var octets: [UInt8] = []
    for index in stride(from: 0, to: digits.count, by: 2) {
        guard let octet = UInt8(String(digits[index...index + 1]), radix: 16) else { return [] }
        octets.append(octet)
    }
    return octets
}

/// The one message that `octets` frame, through the streaming reassembler.
func reassembleOne(_ octets: [UInt8]) throws(UCIError) -> UCIRawMessage? {
    var reassembler = UCIReassembler()
    reassembler.append(octets)
    let message = try reassembler.nextMessage()
    try reassembler.finish()
    return message
}

/// A golden case: octets written by hand from the PDL's field layouts, and the value they mean.
struct Golden: CustomStringConvertible, Sendable {
    /// The message kind, for the test's name.
    let name: String
    /// The layout revision the octets follow.
    let version: UCIProtocolRevision
    /// The octets.
    let octets: [UInt8]
    /// The decoded value.
    let message: UCIMessage

    init(_ name: String, _ octets: String, _ message: UCIMessage) {
        self.init(name, .v2, octets, message)
    }

    init(_ name: String, _ version: UCIProtocolRevision, _ octets: String, _ message: UCIMessage) {
        self.name = name
        self.version = version
        self.octets = hex(octets)
        self.message = message
    }

    var description: String { "\(name) (\(version))" }
}

/// A small seeded generator (SplitMix64) so the fuzz test is repeatable.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
