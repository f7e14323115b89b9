/// The UCI host backend's constants, each with its reason.
public enum UCIClientConstants {
    /// How long a command may wait for its response before the device is taken for dead: 2 s.
    /// Our choice; generous next to a UWBS's usual answer in milliseconds, short enough that an
    /// app hears of an unplugged board soon.
    public static let responseTimeout: Duration = .seconds(2)
    /// How long a reader waits on the device before it looks whether the connection was closed:
    /// 100 ms. Bounds how long closing a serial port takes (a blocked read on a terminal does not
    /// end when another thread closes it).
    static let readPoll: Duration = .milliseconds(100)
    /// The most octets read at a time: 4 KiB, several full UCI packets.
    static let readChunk = 4096
}
