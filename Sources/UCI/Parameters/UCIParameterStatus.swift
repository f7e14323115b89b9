/// A parameter id with the status of setting it: the list in SET_CONFIG_RSP and
/// SET_APP_CONFIG_RSP names the parameters that were not set.
///
/// Source: pica `uci_packets.pdl` `ConfigParameterStatus`, `AppConfigStatus`.
public struct UCIParameterStatus<ID: UCICode>: Hashable, Sendable {
    /// The parameter id.
    public var id: ID
    /// Why it was (not) set.
    public var status: UCIStatus

    /// A parameter status.
    public init(_ id: ID, _ status: UCIStatus) {
        self.id = id
        self.status = status
    }

    /// Reads id and status.
    static func read(from reader: inout UCIPayloadReader) throws(UCIError) -> UCIParameterStatus {
        UCIParameterStatus(try reader.read(ID.self, "parameter id"), try reader.read(UCIStatus.self, "parameter status"))
    }

    /// Writes id and status.
    func write(to writer: inout UCIPayloadWriter) {
        writer.write(id)
        writer.write(status)
    }
}
