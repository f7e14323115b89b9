/// What differs between the chips whose register maps the generator reads: the address space their
/// SPI headers can reach, the Swift type the generated constants extend, and where the JSON and the
/// generated Swift live.
public struct ChipLayout: Sendable, Equatable {
    /// The chip, as the JSON's `device` key must name it, for example `DW1000`.
    public let device: String
    /// The user manual the sections refer to, for the generated doc comments.
    public let manual: String
    /// The largest register file ID a header can carry.
    public let maxFileID: UInt64
    /// The largest octet offset (sub-address) inside a file a header can carry.
    public let maxOffset: UInt64
    /// The last octet a register may reach (its offset plus its length, less one).
    public let maxLastOctet: UInt64
    /// The Swift type the generated constants extend, for example `DW1000Register`.
    public let registerType: String
    /// The register-map JSON, relative to the package root.
    public let jsonPath: String
    /// The generated Swift file, relative to the package root.
    public let outputPath: String

    /// The DW1000: 6-bit file IDs and 15-bit sub-indices (a 3-octet header, DW1000 User Manual
    /// §2.2.1.2), so a register may reach octet 0x7FFF.
    public static let dw1000 = ChipLayout(
        device: "DW1000",
        manual: "DW1000 User Manual",
        maxFileID: 0x3F,
        maxOffset: 0x7FFF,
        maxLastOctet: 0x7FFF,
        registerType: "DW1000Register",
        jsonPath: "Hardware/dw1000/registers.json",
        outputPath: "Sources/DW1000Driver/Registers/DW1000RegisterMap.generated.swift"
    )

    /// The DW3000: 5-bit base addresses and 7-bit sub-addresses (a 2-octet header, DW3000 User
    /// Manual §2.3.1.2). A transaction runs on past the sub-address, so the buffers and the
    /// accumulator are longer than 128 octets; the longest transfer Decawave's DW3000 driver allows
    /// is 0x30FF octets (`dwt_xfer3xxx`), so no register reaches past octet 0x30FF.
    public static let dw3000 = ChipLayout(
        device: "DW3000",
        manual: "DW3000 User Manual",
        maxFileID: 0x1F,
        maxOffset: 0x7F,
        maxLastOctet: 0x30FF,
        registerType: "DW3000Register",
        jsonPath: "Hardware/dw3000/registers.json",
        outputPath: "Sources/DW3000Driver/Registers/DW3000RegisterMap.generated.swift"
    )

    /// Every chip the generator knows.
    public static let all: [ChipLayout] = [.dw1000, .dw3000]
}
