extension UCIMulticastListUpdate {
    /// Reads session token, action, and the controlee entries the action lays out.
    static func read(from reader: inout UCIPayloadReader) throws(UCIError) -> UCIMulticastListUpdate {
        let token = try reader.read(UInt32.self, "session token")
        let action = try reader.read(UCIMulticastAction.self, "action")
        let controlees = try reader.list("controlees") { (reader) throws(UCIError) in
            UCIMulticastControlee(
                shortAddress: try reader.read(UInt16.self, "short address"),
                subSessionID: try reader.read(UInt32.self, "sub-session id"),
                subSessionKey: try reader.octets(action.subSessionKeySize, "sub-session key"))
        }
        return UCIMulticastListUpdate(sessionToken: token, action: action, controlees: controlees)
    }

    /// Writes the command payload; every key must have the size the action names.
    func write(to writer: inout UCIPayloadWriter) throws(UCIError) {
        writer.write(sessionToken)
        writer.write(action)
        let keySize = action.subSessionKeySize
        try writer.list(controlees, "controlees") { (writer, controlee) throws(UCIError) in
            writer.write(controlee.shortAddress)
            writer.write(controlee.subSessionID)
            try writer.write(controlee.subSessionKey, size: keySize, "sub-session key")
        }
    }
}
