#!/usr/bin/env python3
"""A DT-tag session on `uwb uci serve`, driven and decoded by google/pica's own Python UCI library.

pica's packet classes (py/pica/pica/packets/uci.py, generated from its uci_packets.pdl) build every
command this script sends and parse every notification it receives, so the DL-TDoA notifications
are read by pica's decoder, not swift-uwb's. Run from a clone of google/pica with the server
started in pica's dialect (the script expects status-only SESSION_INIT_RSPs):

    uwb uci serve --scenario /path/to/swift-uwb/Docs/scenarios/office-dl-tdoa.json --no-session-handles --port 7310 &
    PYTHONPATH=py/pica python3 /path/to/swift-uwb/Docs/interop/pica_dl_tdoa.py --uci-port 7310 \
        --scenario /path/to/swift-uwb/Docs/scenarios/office-dl-tdoa.json

It checks each round (Poll first, Final last, one block index, Responses with a reply time) and that
every relative location pica decodes is the surveyed position of one of the scenario's anchors, to
the millimetre, then prints the rounds. Exit status 0 when every check holds.
"""

import argparse
import asyncio
import json
import sys

from pica import Host
from pica.packets import uci

MESSAGE_TYPES = {0: "Poll", 1: "Response", 2: "Final"}


def signed(value: int, bits: int) -> int:
    return value - (1 << bits) if value >= 1 << (bits - 1) else value


async def expect(host: Host, packet_type, timeout: float = 5.0):
    return await host.expect_control(packet_type, timeout=timeout)


async def run(port: int, scenario: dict, rounds: int) -> int:
    network = scenario["positioning"]["networkIdentifier"]
    surveyed = {
        tuple(round(c * 1000) for c in device["position"]): device["name"]
        for device in scenario["devices"]
        if "anchor" in device
    }
    host = await Host.connect("127.0.0.1", port, bytes([0x34, 0x12]))
    await expect(host, uci.CoreDeviceStatusNtf(device_state=uci.DeviceState.DEVICE_STATE_READY))
    host.send_control(uci.CoreDeviceResetCmd(reset_config=uci.ResetConfig.UWBS_RESET))
    await expect(host, uci.CoreDeviceResetRsp(status=uci.Status.OK))
    await expect(host, uci.CoreDeviceStatusNtf(device_state=uci.DeviceState.DEVICE_STATE_READY))

    host.send_control(uci.SessionInitCmd(session_id=network, session_type=uci.SessionType.FIRA_RANGING_SESSION))
    await expect(host, uci.SessionInitRsp(status=uci.Status.OK))
    await expect(host, uci.SessionStatusNtf)
    host.send_control(
        uci.SessionSetAppConfigCmd(
            session_token=network,
            tlvs=[
                uci.AppConfigTlv(cfg_id=uci.AppConfigTlvType.DEVICE_TYPE, v=bytes([uci.DeviceType.CONTROLEE])),
                uci.AppConfigTlv(cfg_id=uci.AppConfigTlvType.DEVICE_ROLE, v=bytes([uci.DeviceRole.DT_TAG])),
                uci.AppConfigTlv(
                    cfg_id=uci.AppConfigTlvType.RANGING_ROUND_USAGE,
                    v=bytes([uci.RangingRoundUsage.ON_WAY_RANGING_DL_TDOA]),
                ),
            ],
        )
    )
    await expect(host, uci.SessionSetAppConfigRsp(status=uci.Status.OK, cfg_status=[]))
    idle = await expect(host, uci.SessionStatusNtf)
    assert idle.session_state == uci.SessionState.SESSION_STATE_IDLE, idle
    host.send_control(uci.SessionStartCmd(session_id=network))
    await expect(host, uci.SessionStartRsp(status=uci.Status.OK))
    await expect(host, uci.SessionStatusNtf)
    await expect(host, uci.CoreDeviceStatusNtf(device_state=uci.DeviceState.DEVICE_STATE_ACTIVE))

    failures = 0
    for _ in range(rounds):
        ntf = await expect(host, uci.ShortMacDlTDoASessionInfoNtf)
        items = ntf.dl_tdoa_measurements
        types = [item.measurement.message_type for item in items]
        blocks = {item.measurement.block_index for item in items}
        ok = types[0] == 0 and types[-1] == 2 and len(blocks) == 1
        line = [f"seq {ntf.sequence_number} block {blocks.pop() if len(blocks) == 1 else blocks}:"]
        for item in items:
            m = item.measurement
            where = "no location"
            if m.relative_location:
                loc = m.relative_location[0]
                point = (signed(loc.x, 28), signed(loc.y, 28), signed(loc.z, 24))
                name = surveyed.get(point)
                ok = ok and name is not None
                where = f"{name or 'NOT AN ANCHOR'} {point} mm"
            else:
                ok = False
            if m.message_type == 1:
                ok = ok and m.responder_reply_time > 0
            tx = m.tx_timestamp_40 if m.tx_timestamp_40 is not None else m.tx_timestamp_64
            rx = m.rx_timestamp_40 if m.rx_timestamp_40 is not None else m.rx_timestamp_64
            line.append(
                f"  0x{item.mac_address:04X} {MESSAGE_TYPES.get(m.message_type, m.message_type)} tx {tx} rx {rx}"
                f" reply {m.responder_reply_time} tof {m.initiator_responder_tof} cfo {signed(m.cfo, 16) / 1024:+.3f} ppm"
                f" anchor cfo {signed(m.anchor_cfo, 16) / 1024:+.3f} ppm rssi -{m.rssi / 2} dBm at {where}"
            )
        print("\n".join(line) + ("" if ok else "\n  ^ CHECK FAILED"))
        failures += 0 if ok else 1

    host.send_control(uci.SessionStopCmd(session_id=network))
    while True:
        packet = await host.expect_control(uci.ControlPacket, timeout=5.0)
        if isinstance(packet, uci.SessionStopRsp):
            break
    host.disconnect()
    print(f"{rounds} rounds decoded by pica's library, {failures} failed a check")
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uci-port", type=int, default=7000)
    parser.add_argument("--scenario", required=True)
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    with open(args.scenario) as file:
        scenario = json.load(file)
    return asyncio.run(run(args.uci_port, scenario, args.rounds))


if __name__ == "__main__":
    sys.exit(main())
