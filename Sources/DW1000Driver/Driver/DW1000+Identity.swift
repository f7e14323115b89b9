import UWBCore

extension DW1000 {
    /// What DEV_ID (register 0x00) reads on a DW1000: 0xDECA0130, RIDTAG 0xDECA, MODEL 0x01,
    /// VER 3, REV 0 (User Manual §7.2.2). A DW3000 answers the same one-octet read with its own
    /// values, which is how a probe tells the families apart.
    public static var deviceID: UInt32 { DW1000Constants.deviceID }

    /// The transaction that reads DEV_ID: the one-octet header 0x00 (read, no sub-index, file 0;
    /// User Manual §2.2.1.2, whose own example reads DEV_ID so) and four octets, low octet first.
    /// A DW3000 reads its DEV_ID with the same octets: its short-addressed read of base address 0
    /// is also 0x00 (DW3000 User Manual §2.3.1.2).
    public static var deviceIDRead: SPITransaction {
        SPITransaction(header: DW1000SPIHeader(.read, register: .devId).bytes, body: .read(count: DW1000Register.devId.length))
    }
}
