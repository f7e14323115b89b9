/// A device that plays a phone of Apple's Nearby Interaction accessory protocol, ranging with an
/// accessory of the scenario (JSON: a device's `phone` object, `platform` and `accessory`): the
/// layers above run the protocol (EmulatorHarness's `EmulatedAccessoryPair`); the emulator only
/// carries the frames.
public struct PhoneSpec: Hashable, Sendable {
    /// The phone played.
    public var platform: PhonePlatform
    /// The name of the device that is its accessory.
    public var accessory: String

    /// A phone of `platform` ranging with the device named `accessory`.
    public init(platform: PhonePlatform, accessory: String) {
        self.platform = platform
        self.accessory = accessory
    }
}

/// The phones the accessory protocol serves.
public enum PhonePlatform: String, Hashable, Sendable, CaseIterable {
    /// An iPhone: Apple's accessory protocol (initialise 0x0A, shareable configuration data).
    case iPhone = "iphone"
    /// An Android phone: the 0xA5 variant (androidx.core.uwb's CONFIG_UNICAST_DS_TWR).
    case android
}
