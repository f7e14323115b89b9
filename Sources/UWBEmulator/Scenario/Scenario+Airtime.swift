import UWBCore

extension Scenario {
    /// The share of the channel's time the devices' `transmit` scripts ask for: the sum, over the
    /// devices with a script, of one frame's airtime divided by the script's interval. One channel
    /// carries at most 1 (every instant busy); above that, frames must overlap and collide.
    public var scriptedAirtimeShare: Double {
        devices.reduce(0) { total, device in
            guard let script = device.transmit else { return total }
            return total + radio.airtime(frameLength: script.frameLength).secondsValue / script.interval.secondsValue
        }
    }
}
