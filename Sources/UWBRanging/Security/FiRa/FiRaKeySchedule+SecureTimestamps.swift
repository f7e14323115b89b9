import UWBCore

extension FiRaKeySchedule {
    /// The STS a radio ranges the session's first rotation with: the rotation at the initial phy
    /// STS index (static STS's only one), its STS key as the key and its STS V at that index as
    /// the IV, whose low 32 bits, the V counter, the radio advances frame by frame
    /// (``SecureTimestampConfiguration/initializationVector(forFrame:)``). Two sides whose mode or
    /// configuration differ get different sequences and hear no timestamp of each other.
    ///
    /// - Throws: ``FiRaSecurityError`` only if AES refuses a derived key, which it does not.
    public func secureTimestamps() throws(FiRaSecurityError) -> SecureTimestampConfiguration {
        let rotation = try rotation(atCryptoSTSIndex: phySTSIndexInit)
        do {
            return .ranging(
                key: try SecureTimestampSecret(octets: rotation.stsKey, field: "FiRa STS key"),
                initializationVector: try SecureTimestampSecret(octets: rotation.stsV(cryptoSTSIndex: phySTSIndexInit), field: "FiRa STS V"))
        } catch {
            throw .cipher("\(error)")
        }
    }
}
