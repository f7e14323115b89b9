/// A UCI data message (MT 0): application data to send to a peer or received from one.
public enum UCIDataMessage: Hashable, Sendable {
    /// DATA_MESSAGE_SND, host to UWBS.
    case send(UCIDataSend)
    /// DATA_MESSAGE_RCV, UWBS to host.
    case receive(UCIDataReceive)
}
