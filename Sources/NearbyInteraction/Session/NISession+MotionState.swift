extension NISession {
    /// Tells the session whether the accessory of `token` is moving (Apple: iOS 27), for accessory
    /// sessions (UWB or Bluetooth Channel Sounding) only.
    ///
    /// On iOS the phone adapts its duty cycle to the accessory's motion; the radios here range at the
    /// session's interval whatever the accessory does, so the call changes nothing. It exists so that
    /// code written for iOS 27 compiles.
    public func updateMotionState(_ state: NIMotionActivityState, forObjectWithToken token: NIDiscoveryToken) {}
}
