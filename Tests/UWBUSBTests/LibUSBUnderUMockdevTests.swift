import Foundation
import FT232H
import Testing
import UWBCore
import UWBTestSupport
import UWBUSB

/// The inner half of the umockdev tests: UWBUSB through the real libusb against an FT232H
/// emulated at the usbdevfs level. Runs only in the child process that
/// ``UMockdevHarnessTests`` starts with the umockdev preload; serialized, because a process has
/// one umockdev testbed at a time.
@Suite(
    "UWBUSB over real libusb (inside umockdev)",
    .serialized,
    .enabled(if: UMockdevEnvironment.isChild, "runs inside the umockdev child process that UMockdevHarnessTests starts")
)
struct LibUSBUnderUMockdevTests {
    /// A plugged-in emulated FT232H and a libusb context, torn down in the right order: the
    /// context (and everything holding it) goes before the testbed.
    private func withDevice(plugged: Bool = true, _ body: (UMockdevFT232HDevice, USBContext) throws -> Void) throws {
        let device = try UMockdevFT232HDevice()
        defer { device.destroy() }
        if plugged { try device.plug() }
        try withContext(device, body)
    }

    private func withContext(_ device: UMockdevFT232HDevice, _ body: (UMockdevFT232HDevice, USBContext) throws -> Void) throws {
        let context = try USBContext()
        try body(device, context)
    }

    private func ft232h(in context: USBContext) throws -> USBDevice {
        let devices = try context.devices().filter { $0.descriptor.vendorID == 0x0403 && $0.descriptor.productID == 0x6014 }
        return try #require(devices.first, "libusb did not enumerate the emulated FT232H")
    }

    @Test("enumeration finds 0403:6014 with its bus, port, address, release and serial")
    func enumeration() throws {
        try withDevice { device, context in
            let ft232h = try ft232h(in: context)
            #expect(ft232h.descriptor == USBDeviceDescriptor(
                vendorID: 0x0403, productID: 0x6014, deviceRelease: 0x0900, serialNumberIndex: 3,
                busNumber: device.bus, portPath: [device.port], address: device.address))
            #expect(ft232h.descriptor.location == "1-2")
            #expect(ft232h.descriptor.deviceNode == "/dev/bus/usb/001/005")
            #expect(try ft232h.maxPacketSize(endpoint: 0x81) == 512)
            let handle = try USBDeviceHandle(device: ft232h)
            #expect(try handle.serialNumber() == device.serial)
            #expect(try handle.string(at: 1) == "FTDI")
            #expect(try handle.string(at: 2) == "Single RS232-HS")
            #expect(try handle.isKernelDriverActive(interface: 0) == false)
            #expect(try handle.detachKernelDriver(interface: 0) == false)
        }
    }

    @Test("opening claims interface 0; vendor requests arrive with their fields")
    func controlRequests() throws {
        try withDevice { device, context in
            let link = try FT232HUSBLink(device: ft232h(in: context))
            #expect(link.maxPacketSize == 512)
            #expect(device.claimedInterfaces == 1)
            let index = FT232HUSBLink.interfaceAIndex
            try link.control(request: 0x00, value: 0, index: index, timeout: .seconds(1))  // SIO_RESET
            try link.control(request: 0x09, value: 2, index: index, timeout: .seconds(1))  // SET_LATENCY_TIMER 2 ms
            try link.control(request: 0x0B, value: 0x020B, index: index, timeout: .seconds(1))  // SET_BITMODE MPSSE, dir 0x0B
            #expect(try link.controlIn(request: 0x0A, value: 0, index: index, length: 1, timeout: .seconds(1)) == [2])
            #expect(device.log.controlRequests == [
                ReceivedControlRequest(requestType: 0x40, request: 0x00, value: 0, index: 1),
                ReceivedControlRequest(requestType: 0x40, request: 0x09, value: 2, index: 1),
                ReceivedControlRequest(requestType: 0x40, request: 0x0B, value: 0x020B, index: 1),
                ReceivedControlRequest(requestType: 0xC0, request: 0x0A, value: 0, index: 1),
            ])
            // A request the device does not know stalls: a typed error, not a crash.
            #expect(throws: SPIBusError.self) {
                try link.controlIn(request: 0x42, value: 0, index: index, length: 1, timeout: .seconds(1))
            }
        }
    }

    @Test("bulk OUT octets arrive intact; bulk IN returns the queued octets with their status octets")
    func bulkTransfers() throws {
        try withDevice { device, context in
            let link = try FT232HUSBLink(device: ft232h(in: context))
            let commands: [UInt8] = [0x8A, 0x86, 0x09, 0x00, 0x85, 0x80, 0x08, 0x0B, 0xAA, 0x87]
            try link.write(commands, timeout: .seconds(1))
            let large = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
            try link.write(large, timeout: .seconds(1))
            #expect(device.log.bulkOut == [commands, large])

            device.queueIn([0x32, 0x60, 0xFA, 0xAA])
            #expect(try link.read(capacity: 512, timeout: .seconds(1)) == [0x32, 0x60, 0xFA, 0xAA])
            #expect(device.queuedIn == 0)
            #expect(device.openDeviceNodes == 1)
            _ = consume link  // releases interface 0, then closes the handle
            #expect(device.claimedInterfaces == 0)
            #expect(device.openDeviceNodes == 0)
        }
    }

    @Test("a read with nothing queued times out with SPIBusError.timedOut, and the link still works")
    func readTimeout() throws {
        try withDevice { device, context in
            let link = try FT232HUSBLink(device: ft232h(in: context))
            let started = ContinuousClock.now
            #expect {
                _ = try link.read(capacity: 512, timeout: .milliseconds(100))
            } throws: { error in
                guard case .timedOut = error as? SPIBusError else { return false }
                return true
            }
            let elapsed = ContinuousClock.now - started
            #expect(elapsed >= .milliseconds(90) && elapsed < .seconds(2), "the timeout took \(elapsed)")
            device.queueIn([0x32, 0x60, 0x01])
            #expect(try link.read(capacity: 512, timeout: .seconds(1)) == [0x32, 0x60, 0x01])
        }
    }

    @Test("unplugging during a read gives SPIBusError.disconnected, and the handle is released")
    func unplugMidTransfer() throws {
        try withDevice { device, context in
            var link: FT232HUSBLink? = try FT232HUSBLink(device: ft232h(in: context))
            #expect(device.openDeviceNodes == 1)
            let unplugged = DispatchSemaphore(value: 0)
            // Unplugs once the read's URB waits at the device, however late the read starts on a
            // loaded machine (no fixed delay that the read could lose the race to).
            let unplugger = Thread {
                let deadline = ContinuousClock.now + .seconds(4)
                while device.pendingReads == 0, ContinuousClock.now < deadline {
                    Thread.sleep(forTimeInterval: 0.001)
                }
                device.unplug()
                unplugged.signal()
            }
            let started = ContinuousClock.now
            unplugger.start()
            #expect {
                _ = try link?.read(capacity: 512, timeout: .seconds(5))
            } throws: { error in
                guard case .disconnected = error as? SPIBusError else { return false }
                return true
            }
            let elapsed = ContinuousClock.now - started
            #expect(elapsed < .seconds(3), "the read took \(elapsed) to notice the unplug")
            unplugged.wait()
            #expect {
                try link?.write([0x87], timeout: .seconds(1))
            } throws: { error in
                guard case .disconnected = error as? SPIBusError else { return false }
                return true
            }
            link = nil  // releases the interface (ENODEV, ignored) and closes the handle
            #expect(device.openDeviceNodes == 0, "the device node is still open after the link went")
            #expect(try context.devices().allSatisfy { $0.descriptor.productID != 0x6014 })
        }
    }

    @Test("hotplug callbacks report the arrival and the removal")
    func hotplug() throws {
        try withDevice(plugged: false) { device, context in
            #expect(context.supportsHotplug)
            var events: [String] = []
            let registration = try context.registerHotplug(vendorID: 0x0403, productID: 0x6014) { event in
                switch event {
                case .arrived(let usb): events.append("arrived \(usb.descriptor.location)")
                case .left(let usb): events.append("left \(usb.descriptor.location)")
                }
            }
            try device.plug()
            try handleEvents(context, until: { events.count >= 1 })
            device.unplug()
            try handleEvents(context, until: { events.count >= 2 })
            #expect(events == ["arrived 1-2", "left 1-2"])
            withExtendedLifetime(registration) {}
        }
    }

    /// Handles libusb events until `done` or 3 s pass.
    private func handleEvents(_ context: USBContext, until done: () -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(3)
        while !done() && ContinuousClock.now < deadline {
            try context.handleEvents(timeout: .milliseconds(50))
        }
    }
}
