import Foundation
import UWBCore

/// A radio and the loop that services it: what a device service needs to range on a board.
///
/// The loop is the design's event-driven core. On the in-process emulator it is the discrete-event
/// simulator (``EmulatedRadio``); on hardware and over a socket it will be a thread that waits for
/// the interrupt line. Either way, the ``transceivers``, ``now`` and ``schedule(after:_:)`` may be
/// used only on the loop, and events reach the attached ``RadioEventHandler`` on it. Other threads
/// hand work to the loop with ``post(_:)``.
public protocol RadioHost: AnyObject, Sendable {
    /// A name for messages, for example `emulator:alice`.
    var name: String { get }
    /// The board: its chips, antenna geometry and calibration.
    var board: BoardDescription { get }
    /// The radio configuration the board's chips run.
    var configuration: RadioConfig { get }
    /// What kind of loop services the radio, which sets how fast it can answer a frame.
    var kind: RadioKind { get }
    /// One transceiver per chip, in chip-select order; the first sends and receives. Loop only.
    var transceivers: [any Transceiver] { get }
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
    /// Sends the radio's events and failures to `handler` from now on, replacing any previous
    /// handler. Loop only: call it from work given to ``post(_:)``.
    func attach(_ handler: any RadioEventHandler)
}
