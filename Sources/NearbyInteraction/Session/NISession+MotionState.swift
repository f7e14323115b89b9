extension NISession {
    /// Tells the session whether the accessory of `token` is moving (Apple: iOS 27), for accessory
    /// sessions (UWB or Bluetooth Channel Sounding) only.
    ///
    /// Linux has no accessory sessions (``NINearbyAccessoryConfiguration`` makes no instance), so no
    /// token names one and the call changes nothing; it exists so that code written for iOS 27 compiles.
    public func updateMotionState(_ state: NIMotionActivityState, forObjectWithToken token: NIDiscoveryToken) {}
}
