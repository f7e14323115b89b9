#!/usr/bin/env python3
"""One-way sessions on `uwb uci serve` (DL-TDoA, OWR-AoA), driven and decoded by google/pica's own Python UCI library.

pica's packet classes (py/pica/pica/packets/uci.py, generated from its uci_packets.pdl) build every
command this script sends and parse every notification it receives, so the notifications are read
by pica's decoder, not swift-uwb's. Run from a clone of google/pica with the server started in
pica's dialect (the script expects status-only SESSION_INIT_RSPs):

    uwb uci serve --scenario /path/to/swift-uwb/Docs/scenarios/office-dl-tdoa.json --no-session-handles --port 7310 &
    PYTHONPATH=py/pica python3 /path/to/swift-uwb/Docs/interop/pica_one_way.py --uci-port 7310 \
        dl-tdoa --scenario /path/to/swift-uwb/Docs/scenarios/office-dl-tdoa.json

    uwb uci serve --scenario /path/to/swift-uwb/Docs/scenarios/demo-room.json --no-session-handles --port 7311 &
    PYTHONPATH=py/pica python3 /path/to/swift-uwb/Docs/interop/pica_one_way.py --uci-port 7311 owr-aoa

dl-tdoa: a DT-tag session; it checks each round (Poll first, Final last, one block index, Responses
with a responder's and an initiator's reply time) and that every relative location pica decodes is the surveyed position of one of
the scenario's anchors, to the millimetre. owr-aoa: the first connection observes, the second
advertises; it checks that every measurement names the advertiser, with consecutive sequence
numbers, and prints the angles. Exit status 0 when every check holds.
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


async def bring_up(port: int, mac: bytes) -> Host:
    """A connection whose UWBS said READY and was reset."""
    host = await Host.connect("127.0.0.1", port, mac)
    await expect(host, uci.CoreDeviceStatusNtf(device_state=uci.DeviceState.DEVICE_STATE_READY))
    host.send_control(uci.CoreDeviceResetCmd(reset_config=uci.ResetConfig.UWBS_RESET))
    await expect(host, uci.CoreDeviceResetRsp(status=uci.Status.OK))
    await expect(host, uci.CoreDeviceStatusNtf(device_state=uci.DeviceState.DEVICE_STATE_READY))
    return host


async def start_session(host: Host, session_id: int, tlvs: list):
    """SESSION_INIT, SET_APP_CONFIG with `tlvs`, SESSION_START, each answer checked."""
    host.send_control(uci.SessionInitCmd(session_id=session_id, session_type=uci.SessionType.FIRA_RANGING_SESSION))
    await expect(host, uci.SessionInitRsp(status=uci.Status.OK))
    await expect(host, uci.SessionStatusNtf)
    host.send_control(uci.SessionSetAppConfigCmd(session_token=session_id, tlvs=tlvs))
    await expect(host, uci.SessionSetAppConfigRsp(status=uci.Status.OK, cfg_status=[]))
    idle = await expect(host, uci.SessionStatusNtf)
    assert idle.session_state == uci.SessionState.SESSION_STATE_IDLE, idle
    host.send_control(uci.SessionStartCmd(session_id=session_id))
    await expect(host, uci.SessionStartRsp(status=uci.Status.OK))
    await expect(host, uci.SessionStatusNtf)
    await expect(host, uci.CoreDeviceStatusNtf(device_state=uci.DeviceState.DEVICE_STATE_ACTIVE))


async def stop_session(host: Host, session_id: int):
    """SESSION_STOP, skipping the notifications before its answer, then disconnects."""
    host.send_control(uci.SessionStopCmd(session_id=session_id))
    while not isinstance(await host.expect_control(uci.ControlPacket, timeout=5.0), uci.SessionStopRsp):
        pass
    host.disconnect()


def tlv(cfg_id, value: bytes) -> uci.AppConfigTlv:
    return uci.AppConfigTlv(cfg_id=cfg_id, v=value)


async def dl_tdoa(port: int, scenario: dict, rounds: int) -> int:
    network = scenario["positioning"]["networkIdentifier"]
    surveyed = {
        tuple(round(c * 1000) for c in device["position"]): device["name"]
        for device in scenario["devices"]
        if "anchor" in device
    }
    host = await bring_up(port, bytes([0x34, 0x12]))
    await start_session(host, network, [
        tlv(uci.AppConfigTlvType.DEVICE_TYPE, bytes([uci.DeviceType.CONTROLEE])),
        tlv(uci.AppConfigTlvType.DEVICE_ROLE, bytes([uci.DeviceRole.DT_TAG])),
        tlv(uci.AppConfigTlvType.RANGING_ROUND_USAGE, bytes([uci.RangingRoundUsage.ON_WAY_RANGING_DL_TDOA])),
    ])

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
                ok = ok and m.responder_reply_time > 0 and m.initiator_reply_time > 0
            tx = m.tx_timestamp_40 if m.tx_timestamp_40 is not None else m.tx_timestamp_64
            rx = m.rx_timestamp_40 if m.rx_timestamp_40 is not None else m.rx_timestamp_64
            line.append(
                f"  0x{item.mac_address:04X} {MESSAGE_TYPES.get(m.message_type, m.message_type)} tx {tx} rx {rx}"
                f" reply {m.responder_reply_time} initiator reply {m.initiator_reply_time} tof {m.initiator_responder_tof} cfo {signed(m.cfo, 16) / 1024:+.3f} ppm"
                f" anchor cfo {signed(m.anchor_cfo, 16) / 1024:+.3f} ppm rssi -{m.rssi / 2} dBm at {where}"
            )
        print("\n".join(line) + ("" if ok else "\n  ^ CHECK FAILED"))
        failures += 0 if ok else 1

    await stop_session(host, network)
    print(f"{rounds} rounds decoded by pica's library, {failures} failed a check")
    return 1 if failures else 0


async def owr_aoa(port: int, frames: int) -> int:
    session_id = 0x55
    observer = await bring_up(port, bytes([0x01, 0x0A]))
    advertiser = await bring_up(port, bytes([0x0B, 0x0B]))
    usage = bytes([uci.RangingRoundUsage.OWR_AOA_MEASUREMENT])
    await start_session(observer, session_id, [
        tlv(uci.AppConfigTlvType.DEVICE_ROLE, bytes([uci.DeviceRole.OBSERVER])),
        tlv(uci.AppConfigTlvType.RANGING_ROUND_USAGE, usage),
    ])
    await start_session(advertiser, session_id, [
        tlv(uci.AppConfigTlvType.DEVICE_ROLE, bytes([uci.DeviceRole.ADVERTISER])),
        tlv(uci.AppConfigTlvType.RANGING_ROUND_USAGE, usage),
        tlv(uci.AppConfigTlvType.DEVICE_MAC_ADDRESS, advertiser.mac_address),
        tlv(uci.AppConfigTlvType.RANGING_DURATION, int(100).to_bytes(4, byteorder="little")),
    ])
    failures = 0
    previous = None
    for _ in range(frames):
        ntf = await expect(observer, uci.ShortMacOwrAoaSessionInfoNtf)
        for m in ntf.owr_aoa_ranging_measurements:
            ok = m.mac_address == 0x0B0B and (previous is None or m.frame_sequence_number == (previous + 1) % 256)
            previous = m.frame_sequence_number
            print(
                f"seq {ntf.sequence_number}: from 0x{m.mac_address:04X} frame {m.frame_sequence_number} block {m.block_index}"
                f" azimuth {signed(m.aoa_azimuth, 16) / 128:+.2f}° (FOM {m.aoa_azimuth_fom})"
                f" elevation {signed(m.aoa_elevation, 16) / 128:+.2f}° (FOM {m.aoa_elevation_fom})"
                + ("" if ok else "  ^ CHECK FAILED")
            )
            failures += 0 if ok else 1
    await stop_session(advertiser, session_id)
    await stop_session(observer, session_id)
    print(f"{frames} OWR-AoA notifications decoded by pica's library, {failures} failed a check")
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uci-port", type=int, default=7000)
    modes = parser.add_subparsers(dest="mode", required=True)
    dl = modes.add_parser("dl-tdoa", help="a DT-tag session on a DL-TDoA site")
    dl.add_argument("--scenario", required=True)
    dl.add_argument("--rounds", type=int, default=6)
    owr = modes.add_parser("owr-aoa", help="an observer (first connection) and an advertiser (second)")
    owr.add_argument("--frames", type=int, default=6)
    args = parser.parse_args()
    if args.mode == "dl-tdoa":
        with open(args.scenario) as file:
            scenario = json.load(file)
        return asyncio.run(dl_tdoa(args.uci_port, scenario, args.rounds))
    return asyncio.run(owr_aoa(args.uci_port, args.frames))


if __name__ == "__main__":
    sys.exit(main())
