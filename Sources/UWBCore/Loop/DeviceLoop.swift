import Foundation

/// The loop a device's sessions run on: one thread of work at a time, with a clock, timers and a
/// way in from other threads.
///
/// A radio's loop (a ``RadioHost``) is one: the discrete-event simulator on the
/// in-process emulator, a thread that polls the interrupt line on a USB board. A UCI device's
/// loop (UCIClient) is another: a serial queue on the wall clock where the device's responses and
/// notifications arrive. ``now`` and ``schedule(after:_:)`` may be used only on the loop; other
/// threads hand it work with ``post(_:)``.
public protocol DeviceLoop: AnyObject, Sendable {
    /// A name for messages, for example `emulator:alice` or `uci:tcp://127.0.0.1:7000`.
    var name: String { get }
    /// The loop's monotonic clock (virtual time on the emulator). Loop only.
    var now: Duration { get }
    /// Runs `action` on the loop after `delay`. Loop only.
    func schedule(after delay: Duration, _ action: @escaping () -> Void)
    /// Runs `action` on the loop as soon as it can. Any thread.
    func post(_ action: @escaping @Sendable () -> Void)
    /// Runs app code (a delegate callback) on `queue`. A loop on virtual time holds its clock
    /// until the code has returned, running such reactions one at a time in the order delivered,
    /// and runs what they post at the instant they were delivered; so an app that reacts does so
    /// at a defined virtual instant and a seed gives the same run. A loop on the wall clock
    /// hands the code to `queue` and goes on. Loop only.
    func deliver(on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void)
}
