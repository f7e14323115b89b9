import UWBCore

/// One option of a pcapng block: its code and value (draft-ietf-opsawg-pcapng §3.5).
struct PcapngOption {
    /// The option code, for example 1 for `opt_comment`.
    let code: UInt16
    /// The value octets, without padding.
    let value: ArraySlice<UInt8>

    /// The options stored in `input` from `start` up to `end`, stopping at `opt_endofopt` or at
    /// `end`, whichever comes first.
    ///
    /// - Throws: ``TraceError/malformedOption(offset:)`` naming the first option whose header,
    ///   value or padding runs past `end`.
    static func list(in input: PcapngInput, from start: Int, to end: Int) throws(TraceError) -> [PcapngOption] {
        var options: [PcapngOption] = []
        var offset = start
        while offset < end {
            guard end - offset >= 4 else {
                throw .malformedOption(offset: offset)
            }
            let code = try input.uint16(at: offset)
            let length = Int(try input.uint16(at: offset + 2))
            if code == PcapngFormat.endOfOptions {
                break
            }
            let valueStart = offset + 4
            let next = valueStart + length + PcapngFormat.padding(for: length)
            guard next <= end else {
                throw .malformedOption(offset: offset)
            }
            options.append(PcapngOption(code: code, value: input.bytes[valueStart..<(valueStart + length)]))
            offset = next
        }
        return options
    }
}
