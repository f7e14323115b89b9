/// What kind of loop services a radio, which decides how quickly it can answer a frame.
public enum RadioKind: Hashable, Sendable {
    /// The in-process emulator: the loop reacts within microseconds of virtual time.
    case emulated
    /// A board behind a USB bridge: every register transaction costs a USB round trip.
    case usb
    /// A device of the emulator service in another process: every register transaction costs a
    /// socket round trip, but the world stands still while the app works (the two share one
    /// virtual time), so the loop reacts as quickly as the in-process emulator's.
    case emulatorService
}
