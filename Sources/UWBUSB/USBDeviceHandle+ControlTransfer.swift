import CLibUSB

extension USBDeviceHandle {
    /// A control transfer from host to device (bit 7 of `requestType` clear) with the data stage
    /// `data` (empty for none).
    ///
    /// - Throws: ``USBError``: ``USBErrorCode/pipe`` if the device rejected the request,
    ///   ``USBErrorCode/timedOut``, ``USBErrorCode/noDevice``.
    public func controlWrite(
        requestType: UInt8, request: UInt8, value: UInt16, index: UInt16, data: [UInt8] = [], timeout: Duration
    ) throws(USBError) {
        guard requestType & 0x80 == 0, data.count <= Int(UInt16.max) else {
            throw USBError(.invalidParameter, operation: controlOperation(requestType, request, value, index))
        }
        var buffer = data
        let result = buffer.withUnsafeMutableBufferPointer { pointer in
            libusb_control_transfer(self.pointer, requestType, request, value, index, pointer.baseAddress,
                                    UInt16(pointer.count), libusbMilliseconds(timeout))
        }
        try USBError.check(result, controlOperation(requestType, request, value, index))
    }

    /// A control transfer from device to host (bit 7 of `requestType` set) reading up to
    /// `length` octets; returns what the device sent.
    ///
    /// - Throws: as ``controlWrite(requestType:request:value:index:data:timeout:)``.
    public func controlRead(
        requestType: UInt8, request: UInt8, value: UInt16, index: UInt16, length: Int, timeout: Duration
    ) throws(USBError) -> [UInt8] {
        guard requestType & 0x80 != 0, length >= 0, length <= Int(UInt16.max) else {
            throw USBError(.invalidParameter, operation: controlOperation(requestType, request, value, index))
        }
        var buffer = [UInt8](repeating: 0, count: length)
        let result = buffer.withUnsafeMutableBufferPointer { pointer in
            libusb_control_transfer(self.pointer, requestType, request, value, index, pointer.baseAddress,
                                    UInt16(pointer.count), libusbMilliseconds(timeout))
        }
        let count = try USBError.check(result, controlOperation(requestType, request, value, index))
        return Array(buffer.prefix(Int(count)))
    }

    private func controlOperation(_ requestType: UInt8, _ request: UInt8, _ value: UInt16, _ index: UInt16) -> String {
        "control request \(hex2(request)) (type \(hex2(requestType)), value \(value), index \(index)) to \(device)"
    }
}
