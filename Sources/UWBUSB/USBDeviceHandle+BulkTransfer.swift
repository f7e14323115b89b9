import CLibUSB

extension USBDeviceHandle {
    /// Sends `octets` to the bulk OUT `endpoint`, waiting up to `timeout`.
    ///
    /// - Throws: ``USBError``: ``USBErrorCode/timedOut`` (the operation says how many octets
    ///   went out), ``USBErrorCode/noDevice`` if the device was unplugged.
    public func bulkWrite(_ octets: [UInt8], to endpoint: UInt8, timeout: Duration) throws(USBError) {
        var buffer = octets
        var transferred: Int32 = 0
        let result = buffer.withUnsafeMutableBufferPointer { pointer in
            libusb_bulk_transfer(self.pointer, endpoint, pointer.baseAddress, Int32(pointer.count),
                                 &transferred, libusbMilliseconds(timeout))
        }
        try USBError.check(result, "writing \(octets.count) octets to endpoint \(hex2(endpoint)) of \(device) (\(transferred) sent)")
        guard Int(transferred) == octets.count else {
            throw USBError(.io, operation: "writing \(octets.count) octets to endpoint \(hex2(endpoint)) of \(device) (only \(transferred) sent)")
        }
    }

    /// One bulk IN transfer from `endpoint` into a buffer of `capacity` octets, waiting up to
    /// `timeout`; returns what arrived (possibly fewer octets). Keep `capacity` a multiple of the
    /// endpoint's max packet size, or a full packet overflows.
    ///
    /// - Throws: ``USBError``: ``USBErrorCode/timedOut`` if nothing arrived in time,
    ///   ``USBErrorCode/noDevice`` if the device was unplugged, ``USBErrorCode/overflow``.
    public func bulkRead(from endpoint: UInt8, capacity: Int, timeout: Duration) throws(USBError) -> [UInt8] {
        guard capacity > 0, capacity <= Int(Int32.max) else {
            throw USBError(.invalidParameter, operation: "reading \(capacity) octets from endpoint \(hex2(endpoint))")
        }
        var buffer = [UInt8](repeating: 0, count: capacity)
        var transferred: Int32 = 0
        let result = buffer.withUnsafeMutableBufferPointer { pointer in
            libusb_bulk_transfer(self.pointer, endpoint, pointer.baseAddress, Int32(pointer.count),
                                 &transferred, libusbMilliseconds(timeout))
        }
        // A timeout after some octets arrived still delivers them, as libusb documents.
        if result == LIBUSB_ERROR_TIMEOUT.rawValue && transferred > 0 {
            return Array(buffer.prefix(Int(transferred)))
        }
        try USBError.check(result, "reading up to \(capacity) octets from endpoint \(hex2(endpoint)) of \(device)")
        return Array(buffer.prefix(Int(transferred)))
    }
}
