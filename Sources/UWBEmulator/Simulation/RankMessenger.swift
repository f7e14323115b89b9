/// How the processes of a world split over several (an MPI job's ranks, decision 0030) reach each
/// other: the emulator sends and takes octets, and knows nothing of the transport.
public protocol RankMessenger: AnyObject {
    /// This process's rank, from 0: the part of the world it runs.
    var rank: Int { get }
    /// How many ranks there are, one part of the world each.
    var size: Int { get }
    /// Sends `message` to rank `destination` without waiting for it to be received. Messages from one
    /// rank to another must arrive in the order they were sent.
    func send(_ message: [UInt8], to destination: Int)
    /// The next message sent to this rank and the rank that sent it: waits for one if `waiting`,
    /// otherwise returns `nil` when none has arrived.
    func receive(waiting: Bool) -> (source: Int, message: [UInt8])?
}
