import UWBCore

/// A fixed STS for tests: the shape sessions range with (``SecureTimestampConfiguration/ranging(key:initializationVector:)``,
/// SP1 with 64 symbols) under key 00…0F and IV 10…1F.
public enum TestSecureTimestamps {
    /// The configuration.
    ///
    /// - Throws: never for these 16-octet values; ``SecureTimestampError`` is the secret's type.
    public static func ranging() throws -> SecureTimestampConfiguration {
        .ranging(
            key: try SecureTimestampSecret(octets: Array(0..<16), field: "STS key"),
            initializationVector: try SecureTimestampSecret(octets: Array(16..<32), field: "STS IV"))
    }
}
