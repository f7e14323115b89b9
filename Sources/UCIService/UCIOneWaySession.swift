/// What an ACTIVE one-way session (``OneWayRole``) does on its host's device while it runs: it
/// takes the radio's events from the device's scheduler (``UCIDeviceSlot/lendRadio(to:)``) until stopped.
protocol UCIOneWaySession: AnyObject {
    /// Starts on the device.
    func start()
    /// Stops, giving the radio back to the device's scheduler.
    func stop()
}
