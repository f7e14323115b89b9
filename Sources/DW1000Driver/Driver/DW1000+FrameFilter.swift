import UWBCore

extension DW1000 {
    /// Turns the chip's hardware frame filter on with `filter`, or off with `nil` (UM §5.2).
    ///
    /// On, it writes PANADR, then SYS_CFG with FFEN and the filter's bits (the addresses come
    /// first, as UM §7.2.6 asks), then SYS_MASK without MAFFREJ: a frame the filter rejects sets
    /// only AFFREJ, raises no interrupt, and the receiver goes on listening by itself with its
    /// frame-wait timeout still counting (UM §5.2, §7.2.14), so it costs the host nothing. Off, it
    /// writes SYS_CFG without the filter's bits and SYS_MASK as bring-up left it. One batch either
    /// way. The filter stays in force through ``configure(_:)`` and every receiver enable (they
    /// write SYS_CFG with it) until it is turned off.
    ///
    /// - Throws: ``TransceiverError/notConfigured`` before ``configure(_:)``, or
    ///   ``TransceiverError/bus(_:)`` if the registers could not be written.
    public func filterFrames(_ filter: FrameFilter?) throws(TransceiverError) {
        _ = try requireConfiguration()
        let configuration = (systemConfiguration & ~FrameFilter.systemConfigurationMask) | (filter?.systemConfigurationBits ?? 0)
        let mask = filter == nil ? Self.handledEvents : Self.handledEvents & ~DW1000Register.SysStatus.affrej.mask
        try onBus {
            try port.batch { (batch: inout RegisterBatch) throws(SPIBusError) in
                if let filter {
                    try batch.write(.panadr, value: filter.panAddress)
                }
                try batch.write(.sysCfg, value: configuration)
                try batch.write(.sysMask, value: mask)
            }
        }
        systemConfiguration = configuration
        activeFrameFilter = filter
        unmaskedEvents = mask
    }
}
