/// A ``RoomFile`` as the service hands it out: its name and octets.
public struct RoomFileContents: Hashable, Sendable {
    /// The name to save it under (`demo-room.json`, `demo-room-moves.jsonl`, `demo-room.pcapng`).
    public var fileName: String
    /// Its contents.
    public var bytes: [UInt8]

    /// A file with the given contents.
    public init(fileName: String, bytes: [UInt8]) {
        self.fileName = fileName
        self.bytes = bytes
    }
}
