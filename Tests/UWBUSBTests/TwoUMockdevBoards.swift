/// Two emulated FT232H boards side by side on one machine (one umockdev testbed), on ports 2 and 3
/// at addresses 5 and 6 of bus 1, both plugged in. ``destroy()`` takes them away in the order the
/// testbed needs: the second first, then the first, whose testbed it shares.
struct TwoUMockdevBoards {
    let first: UMockdevFT232HDevice
    let second: UMockdevFT232HDevice

    /// Boards with `serials`, answering with `responders`, plugged in.
    init(serials: (String, String), responders: (any EmulatedUSBResponder, any EmulatedUSBResponder)) throws {
        first = try UMockdevFT232HDevice(serial: serials.0, port: 2, address: 5, responder: responders.0)
        do {
            second = try UMockdevFT232HDevice(serial: serials.1, port: 3, address: 6, responder: responders.1, beside: first)
        } catch {
            first.destroy()
            throw error
        }
        do {
            try first.plug()
            try second.plug()
        } catch {
            destroy()
            throw error
        }
    }

    /// Unplugs and removes both, the second first.
    func destroy() {
        second.destroy()
        first.destroy()
    }
}
