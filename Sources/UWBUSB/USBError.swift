import CLibUSB

/// A failed USB operation: what libusb reported, for which operation, and what to do about it.
public struct USBError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The udev rule that gives users access to the board, relative to the repository root.
    public static let udevRulePath = "Hardware/udev/99-swift-uwb.rules"

    /// The shell commands that install ``udevRulePath``, one per line.
    public static let udevInstallCommands = """
        sudo cp \(udevRulePath) /etc/udev/rules.d/
        sudo udevadm control --reload-rules && sudo udevadm trigger
        """

    /// The kind of failure.
    public let code: USBErrorCode
    /// The operation that failed, for example `opening 0403:6014 on bus 1 port 2`.
    public let operation: String

    /// An error of kind `code` during `operation`.
    public init(_ code: USBErrorCode, operation: String) {
        self.code = code
        self.operation = operation
    }

    /// Checks a libusb return value: negative values throw, others are returned.
    ///
    /// - Throws: ``USBError`` with the code libusb returned and `operation`.
    @discardableResult
    static func check(_ result: Int32, _ operation: @autoclosure () -> String) throws(USBError) -> Int32 {
        guard result < 0 else { return result }
        throw USBError(USBErrorCode(libusbCode: result), operation: operation())
    }

    /// What happened, without advice: `<operation>: <what libusb reported>`.
    public var summary: String {
        "\(operation): \(happened)"
    }

    /// What happened and what to do about it.
    public var description: String {
        "\(summary); \(advice)"
    }

    private var happened: String {
        switch code {
        case .io: "input/output error on the USB bus (\(code.libusbName))"
        case .invalidParameter: "libusb rejected a parameter (\(code.libusbName))"
        case .accessDenied: "permission denied (\(code.libusbName))"
        case .noDevice: "the device is gone, it was probably unplugged (\(code.libusbName))"
        case .notFound: "not found (\(code.libusbName))"
        case .busy: "the device or interface is busy (\(code.libusbName))"
        case .timedOut: "timed out (\(code.libusbName))"
        case .overflow: "the device sent more than the buffer holds (\(code.libusbName))"
        case .pipe: "the device stalled the endpoint or rejected the request (\(code.libusbName))"
        case .interrupted: "interrupted by a signal (\(code.libusbName))"
        case .noMemory: "out of memory (\(code.libusbName))"
        case .notSupported: "not supported by libusb on this system (\(code.libusbName))"
        case .other: "libusb failed (\(code.libusbName))"
        }
    }

    private var advice: String {
        switch code {
        case .accessDenied:
            "install \(Self.udevRulePath) (`\(Self.udevInstallCommands.split(separator: "\n").joined(separator: "; "))`), then unplug and replug the board"
        case .noDevice:
            "plug the board back in and open it again"
        case .busy:
            "close other programs using the board (for example another uwb, or a serial terminal on /dev/ttyUSB*) and try again"
        case .timedOut:
            "check the cable and that the board is powered; a read with nothing to receive also ends this way"
        case .notFound:
            "check that the device is attached (`lsusb`) and is the board the description names"
        case .pipe:
            "unplug and replug the board to reset it"
        case .overflow:
            "read with a buffer that is a multiple of the endpoint's max packet size"
        case .io:
            "check the cable and the hub, or plug the board into another port"
        case .interrupted:
            "retry the operation"
        case .noMemory:
            "free memory and retry"
        case .invalidParameter, .notSupported, .other:
            "this is a bug or an unsupported setup; please report it with this message"
        }
    }
}
