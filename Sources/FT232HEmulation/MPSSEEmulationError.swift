/// Why an emulated FT232H refused the host's MPSSE stream or SPI traffic.
public enum MPSSEEmulationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An opcode the emulator does not carry out, at this offset of the stream it was given. Undefined
    /// opcodes with bit 7 set are answered `FA opcode` instead, as the chip does.
    case unsupportedOpcode(UInt8, offset: Int)
    /// A chip on the SPI bus refused a transaction; the text says why.
    case chipRefused(String)
    /// The host did something the emulated board cannot model; the text says what.
    case unsupported(String)

    /// What went wrong.
    public var description: String {
        switch self {
        case .unsupportedOpcode(let opcode, let offset):
            "the emulated FT232H does not carry out MPSSE opcode 0x\(String(opcode, radix: 16, uppercase: true)) "
                + "(at octet \(offset) of the write); use the opcodes of FT232HSPIBus or extend MPSSEInterpreter"
        case .chipRefused(let reason):
            "an emulated chip refused the SPI transaction: \(reason)"
        case .unsupported(let what):
            "the emulated FT232H cannot model this: \(what)"
        }
    }
}
