/// The constants of the accessory protocol's phones, each with its source
/// (`Docs/reference/accessory-protocol.md`).
public enum AccessoryProtocolConstants {
    /// What an iPhone's published shareable configuration data holds (NXP's Zephyr sample's
    /// decoded example, §4): what swift-uwb's phone side sends where it has no reason to differ.
    public enum IPhone {
        /// Channel 9.
        public static let channel: UInt8 = 9
        /// Preamble code index 11.
        public static let preambleCodeIndex: UInt8 = 11
        /// Six slots a round.
        public static let slotsPerRound: UInt16 = 6
        /// 3600 RSTU (3 ms) a slot.
        public static let slotDuration: UInt16 = 3600
        /// A ranging interval of 180 ms.
        public static let rangingInterval: UInt16 = 180
        /// Ranging round control 3.
        public static let rangingRoundControl: UInt8 = 3
        /// The country code "US".
        public static let countryCode: [UInt8] = Array("US".utf8)
    }

    /// What an Android phone and NXP's accessory firmware configure for androidx.core.uwb's
    /// CONFIG_UNICAST_DS_TWR (§6): AOSP's `ConfigurationManager` for the phone's fixed
    /// parameters, NXP's `UwbApi_ConfigureData_Android` and the Android sample apps for the STS.
    public enum Android {
        /// CONFIG_UNICAST_DS_TWR.
        public static let configurationID: UInt8 = 1
        /// A ranging interval of 240 ms (the accessory's fixed one, and androidx's for
        /// RangingParameters' automatic update rate).
        public static let rangingInterval: Duration = .milliseconds(240)
        /// 2400 RSTU (2 ms) a slot.
        public static let slotDuration: UInt16 = 2400
        /// Six slots a round (androidx's; NXP's newer firmware configures 10).
        public static let slotsPerRound: UInt8 = 6
        /// VENDOR_ID 08 07, hard-coded in NXP's firmware, which the phone apps send as the first two
        /// octets of `sessionKeyInfo` to match.
        public static let vendorID: [UInt8] = [0x08, 0x07]
        /// STATIC_STS_IV 01 02 03 04 05 06, hard-coded likewise (the next six octets of `sessionKeyInfo`).
        public static let staticSTSIV: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06]
        /// The preamble code index the Android sample apps send: 10.
        public static let preambleCodeIndex: UInt8 = 10
        /// The channel they send: 9.
        public static let channel: UInt8 = 9
    }
}
