import UCI
import UWBEmulator

extension UCIHost {
    /// The Android vendor group, which Android's UWB stack sends to every UWBS:
    /// ANDROID_SET_COUNTRY_CODE (two ASCII letters or digits, stored: the emulated radio keeps the
    /// scenario's channel whatever the country; anything else is INVALID_PARAM) and
    /// ANDROID_GET_POWER_STATS (the time chip 0 of the host's device has spent transmitting and
    /// receiving since the world started, the rest of that time as idle, and its wakes:
    /// `ChipActivity`).
    func handleAndroid(_ command: UCICommand) {
        switch command {
        case .androidSetCountryCode(let code):
            let valid = code.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
            if valid {
                countryCode = code
            }
            send(.response(.androidSetCountryCode(valid ? .ok : .invalidParameter)))
        case .androidGetPowerStats:
            let activity = slot.device.chips.first?.activity ?? ChipActivity()
            let elapsed = emulation.simulator.now - .zero
            let idle = max(elapsed - activity.transmitting - activity.receiving, .zero)
            send(.response(.androidPowerStats(UCIPowerStatistics(
                status: .ok, idleMilliseconds: Self.milliseconds(idle), transmitMilliseconds: Self.milliseconds(activity.transmitting),
                receiveMilliseconds: Self.milliseconds(activity.receiving), wakeCount: UInt32(clamping: activity.wakes)))))
        default:
            break
        }
    }

    /// Whole milliseconds of `duration`, saturated to the field's 32 bits.
    private static func milliseconds(_ duration: Duration) -> UInt32 {
        UInt32(clamping: Int64((duration / .milliseconds(1)).rounded(.down)))
    }
}
