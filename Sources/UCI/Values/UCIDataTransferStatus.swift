/// The status of SESSION_DATA_TRANSFER_STATUS_NTF (UCI 2.0).
///
/// Source: pica `uci_packets.pdl` `DataTransferNtfStatusCode`.
public struct UCIDataTransferStatus: UCICode {
    /// The raw status octet.
    public let rawValue: UInt8
    /// Wraps a raw status.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// One repetition of the data was sent.
    public static let repetitionOK = UCIDataTransferStatus(rawValue: 0x00)
    /// The data was sent.
    public static let ok = UCIDataTransferStatus(rawValue: 0x01)
    /// The transfer failed.
    public static let errorDataTransfer = UCIDataTransferStatus(rawValue: 0x02)
    /// The host sent data without a credit.
    public static let errorNoCreditAvailable = UCIDataTransferStatus(rawValue: 0x03)

    /// The statuses the specification names.
    public static let knownCodes: [(code: UCIDataTransferStatus, name: String)] = [
        (.repetitionOK, "UCI_DATA_TRANSFER_STATUS_REPETITION_OK"), (.ok, "UCI_DATA_TRANSFER_STATUS_OK"),
        (.errorDataTransfer, "UCI_DATA_TRANSFER_STATUS_ERROR_DATA_TRANSFER"),
        (.errorNoCreditAvailable, "UCI_DATA_TRANSFER_STATUS_ERROR_NO_CREDIT_AVAILABLE"),
        (UCIDataTransferStatus(rawValue: 0x04), "UCI_DATA_TRANSFER_STATUS_ERROR_REJECTED"),
        (UCIDataTransferStatus(rawValue: 0x05), "UCI_DATA_TRANSFER_STATUS_SESSION_TYPE_NOT_SUPPORTED"),
        (UCIDataTransferStatus(rawValue: 0x06), "UCI_DATA_TRANSFER_STATUS_ERROR_DATA_TRANSFER_IS_ONGOING"),
        (UCIDataTransferStatus(rawValue: 0x07), "UCI_DATA_TRANSFER_STATUS_INVALID_FORMAT"),
    ]
}
