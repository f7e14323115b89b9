/// The limits of the one-to-many, data and multi-session features of `uwb uci serve`, in one
/// place with their source.
enum UCIProtocolLimits {
    /// The most controlees a one-to-many session holds (NUMBER_OF_CONTROLEES 1–8, the multicast
    /// list): FiRa UCI's range for NUMBER_OF_CONTROLEES, pica `MAX_NUMBER_OF_CONTROLEES`
    /// (`src/device.rs`).
    static let maximumControlees = 8
    /// The most application data one DATA_MESSAGE_SND may carry: pica's data packet size
    /// (`MAX_DATA_PACKET_PAYLOAD_SIZE`, 1 024 octets). Longer data is what one ranging round cannot
    /// carry: its transfer is refused with ERROR_REJECTED.
    static let maximumApplicationData = 1_024
    /// How many ranging rounds with the destination a data transfer may try before it fails with
    /// ERROR_DATA_TRANSFER (the transmission count of SESSION_DATA_TRANSFER_STATUS_NTF).
    static let dataTransferAttempts = 3
}
