/// The status of SESSION_DATA_TRANSFER_STATUS_NTF (UCI 2.0).
///
/// Source: pica `uci_packets.pdl` `DataTransferNtfStatusCode`; meanings as FiRa UCI 2.0 gives them
/// (quoted in Qorvo's public UCI FiRa header).
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
    /// DATA_MESSAGE_SND came in the wrong state, or with more data than one ranging round carries.
    public static let errorRejected = UCIDataTransferStatus(rawValue: 0x04)
    /// The session's type does not carry data.
    public static let sessionTypeNotSupported = UCIDataTransferStatus(rawValue: 0x05)
    /// The previous data is still being sent (its repetitions are not done).
    public static let errorDataTransferIsOngoing = UCIDataTransferStatus(rawValue: 0x06)
    /// DATA_MESSAGE_SND is malformed (a field missing or with an invalid value).
    public static let invalidFormat = UCIDataTransferStatus(rawValue: 0x07)

    /// The statuses the specification names.
    public static let knownCodes: [(code: UCIDataTransferStatus, name: String)] = [
        (.repetitionOK, "UCI_DATA_TRANSFER_STATUS_REPETITION_OK"), (.ok, "UCI_DATA_TRANSFER_STATUS_OK"),
        (.errorDataTransfer, "UCI_DATA_TRANSFER_STATUS_ERROR_DATA_TRANSFER"),
        (.errorNoCreditAvailable, "UCI_DATA_TRANSFER_STATUS_ERROR_NO_CREDIT_AVAILABLE"),
        (.errorRejected, "UCI_DATA_TRANSFER_STATUS_ERROR_REJECTED"),
        (.sessionTypeNotSupported, "UCI_DATA_TRANSFER_STATUS_SESSION_TYPE_NOT_SUPPORTED"),
        (.errorDataTransferIsOngoing, "UCI_DATA_TRANSFER_STATUS_ERROR_DATA_TRANSFER_IS_ONGOING"),
        (.invalidFormat, "UCI_DATA_TRANSFER_STATUS_INVALID_FORMAT"),
    ]
}
