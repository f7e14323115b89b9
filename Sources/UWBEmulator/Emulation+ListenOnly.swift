extension Emulation {
    /// Says that device `index`'s software never transmits (a DL-TDoA tag, which only listens), before
    /// the world runs. A part whose devices all listen only can answer no frame, so the other parts need
    /// not wait for it (``WorldPart``): a world of listening tags runs its parts side by side. A device
    /// said to listen only that transmits stops the run, as does a call once the world has run: its
    /// harness set it up wrongly.
    package func listenOnly(device index: Int) {
        precondition(!started, "a device may be said to listen only before the world runs, not after")
        let node = medium.nodes[index]
        node.listensOnly = true
        node.part.transmits = node.part.members.contains { !medium.nodes[$0].listensOnly }
    }
}
