import Testing
import UWBCore
@testable import UWBUSB

@Suite("USBError messages and their SPIBusError mapping")
struct USBErrorTests {
    @Test("permission denied points to the udev rule and its install commands")
    func accessDenied() {
        let error = USBError(.accessDenied, operation: "opening 0403:6014 at 1-2 (address 5)")
        #expect(error.description.contains("permission denied"))
        #expect(error.description.contains("Hardware/udev/99-swift-uwb.rules"))
        #expect(error.description.contains("udevadm control --reload-rules && sudo udevadm trigger"))
        #expect(error.code.libusbName == "LIBUSB_ERROR_ACCESS")
    }

    @Test("every code says what happened and what to do")
    func everyCodeHasAdvice() {
        for code in USBErrorCode.allCases {
            let error = USBError(code, operation: "testing")
            #expect(error.description.hasPrefix("testing: "))
            #expect(error.description.count > error.summary.count + 10, "\(code) has no advice")
        }
        #expect(USBErrorCode(libusbCode: -4) == .noDevice)
        #expect(USBErrorCode(libusbCode: -1234) == .other)
    }

    @Test("no device is disconnected, a timeout is timedOut, the rest transferFailed")
    func spiBusErrorMapping() {
        #expect(SPIBusError(USBError(.noDevice, operation: "reading")) == .disconnected(USBError(.noDevice, operation: "reading").summary))
        guard case .timedOut = SPIBusError(USBError(.timedOut, operation: "reading")) else {
            Issue.record("a USB timeout is not SPIBusError.timedOut")
            return
        }
        guard case .transferFailed(let reason) = SPIBusError(USBError(.pipe, operation: "reading")) else {
            Issue.record("a stall is not SPIBusError.transferFailed")
            return
        }
        #expect(reason.contains("unplug and replug"))
    }

    @Test("timeouts become whole milliseconds, at least 1, rounded up")
    func timeouts() {
        #expect(libusbMilliseconds(.zero) == 1)
        #expect(libusbMilliseconds(.microseconds(1)) == 1)
        #expect(libusbMilliseconds(.milliseconds(250)) == 250)
        #expect(libusbMilliseconds(.microseconds(1500)) == 2)
        #expect(libusbMilliseconds(.seconds(-1)) == 1)
        #expect(libusbMilliseconds(.seconds(Int64.max)) == UInt32.max)
    }

    @Test("a descriptor's location, id and node are formatted as sysfs and lsusb do")
    func descriptorFormatting() {
        let descriptor = USBDeviceDescriptor(
            vendorID: 0x0403, productID: 0x6014, deviceRelease: 0x0900, serialNumberIndex: 3,
            busNumber: 3, portPath: [1, 4], address: 12)
        #expect(descriptor.location == "3-1.4")
        #expect(descriptor.usbID == "0403:6014")
        #expect(descriptor.deviceNode == "/dev/bus/usb/003/012")
    }
}
