import NearbyInteraction
import UWBDevices

extension NIError {
    /// The error sessions report when the radio `UWB_DEVICE` names cannot be opened:
    /// ``Code/userDidNotAllow`` when this user may not open the USB board (Apple's code for access
    /// the user did not grant; here the board's device node permissions, fixed by the udev rule),
    /// ``Code/unsupportedPlatform`` for every other reason (no board, a name that is not understood,
    /// an emulator service that does not answer, a board that does not come up). The detail is
    /// `error`'s description, which says what to do (for access, how to install the udev rule).
    public init(openingRadio error: DeviceChoiceError) {
        if case .accessDenied = error {
            self.init(.userDidNotAllow, detail: error.description)
        } else {
            self.init(.unsupportedPlatform, detail: error.description)
        }
    }
}
