import Foundation

/// A radio and the loop that services it (a ``DeviceLoop``): what a device service needs to range
/// on a board with the project's ranging engine.
///
/// The loop is the design's event-driven core. On the in-process emulator it is the discrete-event
/// simulator (`UWBEmulator`'s `EmulatedRadio`); on a USB board and on a device of the emulator service it
/// is a thread of its own (`ThreadedRadio`) that waits for the chips' interrupt lines (polled on a USB
/// board). Either way, the ``transceivers``, ``DeviceLoop/now`` and ``DeviceLoop/schedule(after:_:)`` may be
/// used only on the loop, and events reach the attached ``RadioEventHandler`` on it: the one
/// contract for software on a radio, whichever backend the radio is. Other threads
/// hand work to the loop with ``DeviceLoop/post(_:)``.
public protocol RadioHost: DeviceLoop {
    /// The board: its chips, antenna geometry and calibration.
    var board: BoardDescription { get }
    /// The radio configuration the board's chips run.
    var configuration: RadioConfig { get }
    /// What kind of loop services the radio, which sets how fast it can answer a frame.
    var kind: RadioKind { get }
    /// One transceiver per chip, in chip-select order; the first sends and receives. Loop only.
    var transceivers: [any Transceiver] { get }
    /// Sends the radio's events and failures to `handler` from now on, replacing any previous
    /// handler. The host holds it weakly: whoever attaches it keeps it. Loop only: call it from
    /// work given to ``DeviceLoop/post(_:)``.
    func attach(_ handler: any RadioEventHandler)
}
