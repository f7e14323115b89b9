/// Where a ``RoomWebServer`` listens, how often it sends the room to its pages and what it
/// tolerates from them. The defaults are the service's; tests shrink the limits.
public struct RoomWebSettings: Sendable {
    /// The address to listen on: loopback (the default) lets pages on this host control the world
    /// without the token; any other address lets only pages with the token control it.
    public var host: String
    /// The TCP port; 0 lets the system choose one (``RoomWebServer/port`` says which).
    public var port: Int
    /// The shortest wall time between two states sent to the pages (a state is sent only when the
    /// room changed). Default 100 ms.
    public var stateInterval: Duration
    /// The largest WebSocket frame (and message) a page may send; a larger one closes its
    /// connection. Default 64 KiB.
    public var largestFrame: Int
    /// How many frames a page may send within ``messageWindow``; one more closes its connection.
    /// Default 100.
    public var messagesPerWindow: Int
    /// The wall time ``messagesPerWindow`` counts over. Default 1 s.
    public var messageWindow: Duration
    /// How long a page's connection may stay unwritable (it does not read) before it is closed.
    /// Default 10 s.
    public var unwritableLimit: Duration
    /// The size of the kernel's send buffer for each page's connection (`SO_SNDBUF`), which bounds
    /// what a page that does not read holds up before ``unwritableLimit`` counts; nil (the default)
    /// leaves the system's, which grows as it sees fit.
    public var sendBuffer: Int?

    /// Settings with the given values.
    public init(
        host: String = "127.0.0.1", port: Int = 0, stateInterval: Duration = .milliseconds(100), largestFrame: Int = 64 * 1024,
        messagesPerWindow: Int = 100, messageWindow: Duration = .seconds(1), unwritableLimit: Duration = .seconds(10), sendBuffer: Int? = nil
    ) {
        self.host = host
        self.port = port
        self.stateInterval = stateInterval
        self.largestFrame = largestFrame
        self.messagesPerWindow = messagesPerWindow
        self.messageWindow = messageWindow
        self.unwritableLimit = unwritableLimit
        self.sendBuffer = sendBuffer
    }
}
