extension UCIDeviceInfo {
    /// Reads status, the four versions and the vendor information.
    static func read(from reader: inout UCIPayloadReader) throws(UCIError) -> UCIDeviceInfo {
        UCIDeviceInfo(
            status: try reader.read(UCIStatus.self, "status"),
            uciVersion: UCIVersion(field: try reader.read(UInt16.self, "UCI version")),
            macVersion: UCIVersion(field: try reader.read(UInt16.self, "MAC version")),
            phyVersion: UCIVersion(field: try reader.read(UInt16.self, "PHY version")),
            uciTestVersion: UCIVersion(field: try reader.read(UInt16.self, "UCI test version")),
            vendorSpecificInfo: try reader.octets(Int(try reader.read(UInt8.self, "vendor info length")), "vendor info"))
    }

    /// Writes the response payload.
    func write(to writer: inout UCIPayloadWriter) throws(UCIError) {
        writer.write(status)
        for version in [uciVersion, macVersion, phyVersion, uciTestVersion] {
            writer.write(version.field)
        }
        try writer.writeCount(vendorSpecificInfo.count, "vendor info")
        try writer.write(vendorSpecificInfo, "vendor info")
    }
}
