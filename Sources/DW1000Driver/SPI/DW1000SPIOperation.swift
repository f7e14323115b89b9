/// The direction of a DW1000 SPI transaction, bit 7 of the first header octet (User Manual §2.2.1.2).
public enum DW1000SPIOperation: Hashable, Sendable, CaseIterable {
    /// Read the body from the chip (bit 7 = 0).
    case read
    /// Write the body to the chip (bit 7 = 1).
    case write
}
