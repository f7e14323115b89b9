/// The UUIDs of the accessory protocol's GATT services and characteristics (`Docs/bluetooth.md`,
/// "The GATT services").
public enum AccessoryGATTUUID {
    /// The Nordic UART Service: the data channel of Apple's sample accessory and of NXP's, Qorvo's
    /// and Truesense's firmware (dustedrob/multi-platform-uwb `GattUuids.kt`; NXP
    /// UWBJetpackExample; Truesense-it/StellaUWB `NearbySession.hpp`).
    public static let dataService = "6E400001-B5A3-F393-E0A9-E50E24DCCA9E"
    /// Its RX characteristic: the phone writes each message to it (write and write without response).
    public static let dataReceive = "6E400002-B5A3-F393-E0A9-E50E24DCCA9E"
    /// Its TX characteristic: each message to the phone is one notification of it.
    public static let dataTransmit = "6E400003-B5A3-F393-E0A9-E50E24DCCA9E"
    /// Background mode's "Nearby Interaction Service" (Apple's accessory protocol R2 §4, as
    /// forum.qorvo.com/t/dwm3001cdk-background-mode-ranging-nearby-interaction/12410 and NXP's SR250
    /// NI sample give it).
    public static let nearbyInteractionService = "48FE3E40-0817-4BB2-8633-3073689C2DBA"
    /// Its one characteristic: the accessory configuration data, read-only (encrypted read in NXP's
    /// firmware).
    public static let accessoryConfigurationData = "95E8D9D5-D8EF-4721-9A4E-807375F53328"
}
