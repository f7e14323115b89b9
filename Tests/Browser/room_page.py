#!/usr/bin/python3
"""Checks the emulator service's room page in a real browser (headless Chromium through Selenium).

Against a running `uwb emulator serve --http PORT`: the page loads, every device is drawn where the
state puts it, a device dragged with the mouse moves (and, with --expect-measured, its measured
distance follows the new geometry), pause stops the clock and resume starts it again, a selected
device's last CIR draws in its panel, the scenario and the moves download from the header's links (and,
with --load, another scenario loads). One line per check; the exit code is 0 only if every check passed. Every wait polls the page against a wall-clock
deadline (--timeout, for a dead or stuck service); nothing sleeps blindly.

    python3 Tests/Browser/room_page.py --url http://127.0.0.1:8080/ --screenshots /tmp/shots \
        --drag tag --to 1.5,-1.0 --expect-measured
"""
import argparse
import json
import math
import os
import sys
import time

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

POLL_SECONDS = 0.05
POSITION_TOLERANCE_METRES = 0.05
MEASURED_TOLERANCE_METRES = 0.3
PIXEL_TOLERANCE = 1.0
COLOUR_TOLERANCE = 20
COVERED_PIXELS = 16                # a marker this close to another may be hidden by it
ANCHOR_RATIO = 1.45                # a triangle pointing up: about 2.3 times as many pixels below its centre as above …
ROUND_RATIO = 1.35                 # … a round marker about 1.25 (labels drawn over markers move both a little)
PAUSE_STATES = 3                   # states that must show the same t while paused …
PAUSE_OBSERVE_MIN_SECONDS = 1.0    # … over at least this much wall time …
PAUSE_OBSERVE_MAX_SECONDS = 4.0    # … or this much if the service sends no states while paused
BACKGROUNDS = ([255, 255, 255], [244, 244, 242], [230, 230, 227], [201, 201, 196])  # room, page, grid lines


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--url', required=True, help="the page's address, e.g. http://127.0.0.1:8080/")
    parser.add_argument('--screenshots', required=True, help='directory for loaded.png, after-drag.png, paused.png')
    parser.add_argument('--drag', metavar='NAME', help='the device to drag')
    parser.add_argument('--to', metavar='X,Z', help='where to drag it, metres')
    parser.add_argument('--expect-measured', action='store_true',
                        help="wait until a link of the dragged device has a measurement within 0.3 m of the new true distance")
    parser.add_argument('--refuse-to', metavar='X,Z',
                        help='then drag it to a place the service must refuse (inside a wall): expect a banner and no move')
    parser.add_argument('--step', action='store_true',
                        help='while paused, press "Step 0.1 s" and expect t to advance by 0.1 s and stay paused')
    parser.add_argument('--figures', type=float, metavar='SECONDS',
                        help="first watch the page this long and print its frame rate, state rate and the cost of one frame")
    parser.add_argument('--load', metavar='NAME',
                        help='last, load this scenario (one the service lists) with the header\'s selector and check its room replaces the old one')
    parser.add_argument('--positioning', metavar='TAG',
                        help="instead of the other checks, check a positioning room: every anchor drawn as a triangle, "
                             "TAG's fixes drawn (track and fix) and shown in its panel")
    parser.add_argument('--timeout', type=float, default=60, help='wall seconds to wait for anything (default 60)')
    parser.add_argument('--chromium', default='/usr/bin/chromium')
    parser.add_argument('--chromedriver', default='/usr/bin/chromedriver')
    parser.add_argument('--window', default='1280,860', help='viewport size W,H in CSS pixels (default 1280,860)')
    args = parser.parse_args()
    if (args.drag is None) != (args.to is None):
        parser.error('--drag and --to go together')
    if (args.expect_measured or args.refuse_to) and args.drag is None:
        parser.error('--expect-measured and --refuse-to need --drag and --to')
    return args


def point(text):
    x, z = (float(v) for v in text.split(','))
    return x, z


class Checks:
    """Prints one line per check and remembers whether all passed."""

    def __init__(self):
        self.failed = 0
        self.passed = 0

    def record(self, name, ok, detail):
        print(f"{'PASS' if ok else 'FAIL'} {name}: {detail}", flush=True)
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        return ok


def wait_until(condition, timeout):
    """Polls condition() until it returns something true or the deadline passes; returns its last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value or time.monotonic() >= deadline:
            return value
        time.sleep(POLL_SECONDS)


def start_browser(args):
    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for flag in ('--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--hide-scrollbars',
                 f'--window-size={args.window}', '--force-device-scale-factor=1'):
        options.add_argument(flag)
    options.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
    driver = webdriver.Chrome(service=Service(executable_path=args.chromedriver), options=options)
    # --window is the viewport: the window is bigger by the browser's own bars, even headless.
    width, height = (int(v) for v in args.window.split(','))
    inner = driver.execute_script('return [innerWidth, innerHeight, outerWidth, outerHeight]')
    driver.set_window_size(width + inner[2] - inner[0], height + inner[3] - inner[1])
    return driver


def js(driver, script, *arguments):
    return driver.execute_script(script, *arguments)


def room(driver, expression):
    return js(driver, f'return window.uwbRoom ? ({expression}) : null;')


def wait_for_draw(driver, timeout):
    """Waits until the page has drawn the last state it received. A new plan (a scenario loaded, the
    stream reconnecting on a busy machine) clears the state, so a draw counts only with a state drawn."""
    return wait_until(lambda: room(driver, 'uwbRoom.drawnState !== null && uwbRoom.lastDrawAt !== null'
                                           ' && uwbRoom.lastStateReceivedAt !== null'
                                           ' && uwbRoom.lastDrawAt >= uwbRoom.lastStateReceivedAt'), timeout)


def screenshot(driver, directory, name):
    path = os.path.join(directory, name)
    driver.save_screenshot(path)
    return path


# ---- checks ----------------------------------------------------------------------------------------

def check_loads(driver, args, checks):
    driver.get(args.url)
    ready = wait_until(lambda: room(driver, 'uwbRoom.connected && uwbRoom.plan !== null && uwbRoom.state !== null'), args.timeout)
    if not checks.record('page loads', bool(ready), 'plan and first state received over /stream' if ready
                         else f'no plan and state within {args.timeout:.0f} s (is the service running?)'):
        return False
    wait_for_draw(driver, args.timeout)
    info = room(driver, "{scenario: uwbRoom.plan.scenario, role: uwbRoom.role, devices: uwbRoom.plan.devices.length,"
                        " t: uwbRoom.state.t, clock: document.getElementById('clock').dataset.t}")
    checks.record('clock shows t', info['clock'] not in (None, '') and float(info['clock']) == info['t'],
                  f"#clock data-t={info['clock']}, scenario {info['scenario']!r}, {info['devices']} devices, role {info['role']}")
    print(f"     screenshot {screenshot(driver, args.screenshots, 'loaded.png')}")
    return True


DRAWN_SCRIPT = """
const room = window.uwbRoom, state = room.drawnState, plan = room.plan;
// A new plan since the draw (the stream reconnecting on a busy machine) has cleared the state: ask again.
if (state === null || room.state === null) return null;
const canvas = document.getElementById('room').getBoundingClientRect();
const [x0, , z0] = plan.extent.min, [x1, , z1] = plan.extent.max;
return {
  canvas: {left: canvas.left, top: canvas.top, right: canvas.right, bottom: canvas.bottom},
  corners: [room.worldToPixel(x0, z0), room.worldToPixel(x1, z1)],
  extent: [x0, z0, x1, z1],
  devices: plan.devices.map((d, i) => {
    const s = state.devices[i];
    const at = room.worldToPixel(s.position[0], s.position[2]);
    const patch = [];
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) patch.push(room.canvasColourAt(at.x + dx, at.y + dy));
    return {name: d.name, position: s.position, at, patch, expected: room.markerColour(d.name)};
  }),
  current: plan.devices.map((d, i) => ({name: d.name, pixel: room.devicePixel(d.name), position: room.state.devices[i].position,
                                        through: room.worldToPixel(room.state.devices[i].position[0], room.state.devices[i].position[2])})),
};
"""


def hex_colour(text):
    return [int(text[k:k + 2], 16) for k in (1, 3, 5)]


def close(colour, other, tolerance):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, other))


def check_devices_drawn(driver, args, checks):
    drawn = None
    started = time.monotonic()
    while drawn is None and time.monotonic() - started < args.timeout:
        wait_for_draw(driver, args.timeout)
        drawn = js(driver, DRAWN_SCRIPT)
    if drawn is None:
        checks.record('room to scale', False, f'no state drawn within {args.timeout:.0f} s')
        return
    canvas, (low, high), (x0, z0, x1, z1) = drawn['canvas'], drawn['corners'], drawn['extent']
    # The transform: x to the right, z downwards, one scale for both, the room inside the canvas.
    scale_x, scale_z = (high['x'] - low['x']) / (x1 - x0), (high['y'] - low['y']) / (z1 - z0)
    inside = all(canvas['left'] - 0.5 <= p['x'] <= canvas['right'] + 0.5 and canvas['top'] - 0.5 <= p['y'] <= canvas['bottom'] + 0.5
                 for p in (low, high))
    checks.record('room to scale', scale_x > 0 and abs(scale_x - scale_z) < 1e-6 * scale_x and inside,
                  f'{scale_x:.2f} px/m across, {scale_z:.2f} px/m down, extent inside the canvas: {inside}')
    bad = []
    for device, current in zip(drawn['devices'], drawn['current']):
        x, _, z = device['position']
        expected = (low['x'] + (x - x0) * scale_x, low['y'] + (z - z0) * scale_z)
        at = device['at']
        if math.hypot(at['x'] - expected[0], at['y'] - expected[1]) > PIXEL_TOLERANCE:
            bad.append(f"{device['name']} transform gives ({at['x']:.1f}, {at['y']:.1f}), extent says ({expected[0]:.1f}, {expected[1]:.1f})")
        pixel, through = current['pixel'], current['through']
        if pixel is None or math.hypot(pixel['x'] - through['x'], pixel['y'] - through['y']) > PIXEL_TOLERANCE:
            bad.append(f"{device['name']} devicePixel {pixel} is not its state position {through}")
        if not any(close(colour, hex_colour(device['expected']), COLOUR_TOLERANCE) for colour in device['patch']):
            # In a crowded room another marker may cover this one; then something must at least be drawn there.
            neighbour = next((other['name'] for other in drawn['devices'] if other is not device and
                              math.hypot(other['at']['x'] - at['x'], other['at']['y'] - at['y']) < COVERED_PIXELS), None)
            centre = device['patch'][len(device['patch']) // 2]
            if neighbour is None or any(close(centre, background, 6) for background in BACKGROUNDS):
                bad.append(f"{device['name']}: {centre} at ({at['x']:.0f}, {at['y']:.0f}), not its marker's {device['expected']}")
    detail = f"{len(drawn['devices'])} devices at their state positions, their markers' colours on the canvas there" if not bad else '; '.join(bad[:5])
    return checks.record('devices drawn at their positions', not bad, detail)


def drag_with_mouse(driver, start, end, while_held=None, steps=12):
    """Presses the left button at start, moves to end in steps and, after while_held(), releases it."""
    actions = ActionChains(driver, duration=20)
    pointer = actions.w3c_actions.pointer_action
    pointer.move_to_location(round(start[0]), round(start[1]))
    pointer.pointer_down()
    for k in range(1, steps + 1):
        f = k / steps
        pointer.move_to_location(round(start[0] + (end[0] - start[0]) * f), round(start[1] + (end[1] - start[1]) * f))
    actions.perform()
    if while_held:
        while_held()
    release = ActionChains(driver, duration=20)
    release.w3c_actions.pointer_action.release()
    release.perform()


def replies_for(driver, kind, since):
    """Replies of one kind ("done"/"refused") after the first `since` replies."""
    replies = room(driver, 'uwbRoom.replies') or []
    return [r for r in replies[since:] if r.get('type') == kind]


def device_state(driver, name):
    return room(driver, f"""(() => {{
        const i = uwbRoom.plan.devices.findIndex(d => d.name === {name!r});
        return i < 0 ? null : {{index: i, t: uwbRoom.state.t, position: uwbRoom.state.devices[i].position,
                                links: uwbRoom.state.links.filter(l => l.a === i || l.b === i),
                                positions: uwbRoom.state.devices.map(d => d.position)}};
    }})()""")


def check_drag(driver, args, checks):
    name, (x, z) = args.drag, point(args.to)
    before = device_state(driver, name)
    if not checks.record('device to drag exists', before is not None, f'{name!r} in the plan' if before else f'no device {name!r}'):
        return None
    start = room(driver, f'uwbRoom.devicePixel({name!r})')
    end = room(driver, f'uwbRoom.worldToPixel({x}, {z})')
    replies_before = len(room(driver, 'uwbRoom.replies'))

    def held():
        wait_until(lambda: room(driver, 'uwbRoom.lastDrawAt'), args.timeout)
        print(f"     screenshot {screenshot(driver, args.screenshots, 'dragging.png')}")

    drag_with_mouse(driver, (start['x'], start['y']), (end['x'], end['y']), held)
    y = before['position'][1]
    answer = wait_until(lambda: replies_for(driver, 'done', replies_before) or replies_for(driver, 'refused', replies_before), args.timeout)
    if not answer or answer[0]['type'] != 'done':
        why = f"refused: {answer[0]['message']}" if answer else f'no answer to the move within {args.timeout:.0f} s'
        checks.record('drag moves the device', False, why)
        return None
    done_at = answer[0]['t']

    def arrived():
        now = device_state(driver, name)
        p = now['position']
        return now if now['t'] >= done_at and math.hypot(p[0] - x, p[2] - z) <= POSITION_TOLERANCE_METRES else None

    moved = wait_until(arrived, args.timeout)
    if not moved:
        p = device_state(driver, name)['position']
        checks.record('drag moves the device', False,
                      f'done at t={done_at}, but {name} is at ({p[0]:.3f}, {p[2]:.3f}), not ({x}, {z}), after {args.timeout:.0f} s')
        return None
    p = moved['position']
    checks.record('drag moves the device', abs(p[1] - y) < 1e-6,
                  f'{name} at ({p[0]:.3f}, {p[1]:.3f}, {p[2]:.3f}) at t={moved["t"]:.3f} (y kept: {y}), move done at t={done_at}')
    wait_for_draw(driver, args.timeout)
    print(f"     screenshot {screenshot(driver, args.screenshots, 'after-drag.png')}")
    return done_at


def check_measured(driver, args, checks, moved_at):
    name = args.drag

    def follows():
        now = device_state(driver, name)
        here = now['position']
        for link in now['links']:
            peer = link['b'] if link['a'] == now['index'] else link['a']
            geometric = math.dist(here, now['positions'][peer])
            if abs(link['trueMetres'] - geometric) > POSITION_TOLERANCE_METRES:
                continue   # a state from before the move
            for m in link.get('measured') or []:
                if m.get('metres') is None or m.get('t') is None or m['t'] < moved_at:
                    continue
                if abs(m['metres'] - link['trueMetres']) <= MEASURED_TOLERANCE_METRES:
                    return (peer, link['trueMetres'], m)
        return None

    found = wait_until(follows, args.timeout)
    if found:
        peer, true, m = found
        peer_name = room(driver, f'uwbRoom.plan.devices[{peer}].name')
        checks.record('measured distance follows', True,
                      f"{name}–{peer_name}: true {true:.3f} m, measured {m['metres']:.3f} m by #{m['by']} at t={m['t']:.3f}")
    else:
        checks.record('measured distance follows', False,
                      f'no measurement of a link of {name} after t={moved_at:.3f} within {MEASURED_TOLERANCE_METRES} m of the true distance in {args.timeout:.0f} s')


def check_refused(driver, args, checks):
    name, (x, z) = args.drag, point(args.refuse_to)
    before = device_state(driver, name)
    start = room(driver, f'uwbRoom.devicePixel({name!r})')
    end = room(driver, f'uwbRoom.worldToPixel({x}, {z})')
    replies_before = len(room(driver, 'uwbRoom.replies'))
    drag_with_mouse(driver, (start['x'], start['y']), (end['x'], end['y']))
    refused = wait_until(lambda: replies_for(driver, 'refused', replies_before) or replies_for(driver, 'done', replies_before), args.timeout)
    if not refused or refused[0]['type'] != 'refused':
        checks.record('bad move refused', False, f'the move to ({x}, {z}) was {"done" if refused else "not answered"}')
        return
    message = refused[0]['message']
    banner = wait_until(lambda: [b.text for b in driver.find_elements(By.CSS_SELECTOR, '#banners .banner') if b.is_displayed() and message in b.text], args.timeout)
    ghost_gone = wait_until(lambda: room(driver, 'uwbRoom.pendingCommands === 0'), args.timeout)
    p, q = before['position'], device_state(driver, name)['position']
    stayed = math.hypot(p[0] - q[0], p[2] - q[2]) <= POSITION_TOLERANCE_METRES
    checks.record('bad move refused', bool(banner) and bool(ghost_gone) and stayed,
                  f'banner {banner[0]!r}' if banner else f'no banner showing {message!r}')
    wait_for_draw(driver, args.timeout)
    print(f"     screenshot {screenshot(driver, args.screenshots, 'refused.png')}")


def current_t(driver):
    return room(driver, '[uwbRoom.state.t, uwbRoom.state.paused, uwbRoom.statesReceived]')


def check_pause(driver, args, checks):
    if not wait_until(lambda: room(driver, "uwbRoom.role === 'controller'"), args.timeout):
        checks.record('pause stops the clock', False, 'this page observes: it cannot pause')
        return
    pause = driver.find_element(By.ID, 'pause')
    if current_t(driver)[1]:
        pause.click()
        wait_until(lambda: not current_t(driver)[1], args.timeout)
    t0 = current_t(driver)[0]
    advancing = wait_until(lambda: current_t(driver)[0] > t0, args.timeout)
    checks.record('clock advances while running', bool(advancing), f't {t0:.3f} → {current_t(driver)[0]:.3f}' if advancing
                  else f't stuck at {t0:.3f} for {args.timeout:.0f} s (no app attached?)')

    pause.click()
    paused = wait_until(lambda: current_t(driver)[1], args.timeout)
    if not paused:
        checks.record('pause stops the clock', False, f'no paused state within {args.timeout:.0f} s')
        return
    t_paused, _, states = current_t(driver)
    started = time.monotonic()
    changed = []

    def observed():
        t, still, count = current_t(driver)
        if t != t_paused or not still:
            changed.append((t, still))
            return True
        elapsed = time.monotonic() - started
        return (count - states >= PAUSE_STATES and elapsed >= PAUSE_OBSERVE_MIN_SECONDS) or elapsed >= PAUSE_OBSERVE_MAX_SECONDS

    wait_until(observed, PAUSE_OBSERVE_MAX_SECONDS + 1)
    seen = current_t(driver)[2] - states
    header = driver.find_element(By.ID, 'run-state').text
    clock = float(driver.find_element(By.ID, 'clock').get_attribute('data-t'))
    checks.record('pause stops the clock', not changed and header == 'paused' and clock == t_paused,
                  f't stayed {t_paused:.6f} over {seen} states and {time.monotonic() - started:.1f} s, header {header!r}' if not changed
                  else f't moved to {changed[0][0]} (paused {changed[0][1]}) after pausing at {t_paused}')
    wait_for_draw(driver, args.timeout)
    print(f"     screenshot {screenshot(driver, args.screenshots, 'paused.png')}")
    if args.step:
        driver.find_element(By.ID, 'step').click()
        # States taken during the step (at speed 1 it lasts 0.1 s of wall time) show it part way.
        stepped = wait_until(lambda: (lambda now: now[1] and now[0] >= t_paused + 0.1 - 1e-6)(current_t(driver)), args.timeout)
        t_stepped = current_t(driver)[0]
        checks.record('step runs 0.1 s', bool(stepped) and abs(t_stepped - t_paused - 0.1) < 1e-3,
                      f't {t_paused:.6f} → {t_stepped:.6f}, still paused' if stepped else f'no paused state after t={t_paused} within {args.timeout:.0f} s')
        t_paused = t_stepped

    driver.find_element(By.TAG_NAME, 'body').send_keys(Keys.SPACE)
    resumed = wait_until(lambda: (lambda now: not now[1] and now[0] > t_paused)(current_t(driver)), args.timeout)
    checks.record('resume (space key) starts the clock', bool(resumed),
                  f't {t_paused:.3f} → {current_t(driver)[0]:.3f}' if resumed else f'still paused at {t_paused} after {args.timeout:.0f} s')


def check_observer(driver, args, checks):
    """A second page with `observe` in its address only watches: role observer, its controls disabled."""
    separator = '&' if '?' in args.url else '?'
    driver.switch_to.new_window('tab')
    driver.get(args.url + separator + 'observe')
    ready = wait_until(lambda: room(driver, 'uwbRoom.connected && uwbRoom.plan !== null && uwbRoom.state !== null'), args.timeout)
    role = room(driver, 'uwbRoom.role')
    disabled = all(not driver.find_element(By.ID, name).is_enabled() for name in ('pause', 'step', 'speed', 'load'))
    checks.record('observer page', bool(ready) and role == 'observer' and disabled,
                  f'role {role}, pause/step/speed/load disabled: {disabled}' if ready else f'no plan and state within {args.timeout:.0f} s')
    driver.close()
    driver.switch_to.window(driver.window_handles[0])


CIR_RECEIVER_SCRIPT = """
const room = window.uwbRoom, state = room.state;
const link = (state.links || []).find((l) => l.frames && (l.frames[0] > 0 || l.frames[1] > 0));
return link ? room.plan.devices[link.frames[0] > 0 ? link.b : link.a].name : null;
"""

CIR_PIXELS_SCRIPT = """
const canvas = document.getElementById('cir'), data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
const near = (k, rgb, tolerance) => Math.abs(data[k] - rgb[0]) <= tolerance && Math.abs(data[k + 1] - rgb[1]) <= tolerance
  && Math.abs(data[k + 2] - rgb[2]) <= tolerance;
let drawn = 0, trace = 0;
for (let k = 0; k < data.length; k += 4) {
  if (!near(k, [251, 251, 249], 6)) drawn += 1;
  if (near(k, [47, 109, 181], 40)) trace += 1;
}
return {drawn, trace, width: canvas.width, height: canvas.height, caption: document.getElementById('cir-caption').textContent};
"""


def check_cir(driver, args, checks):
    """Selecting a device that receives frames shows its last CIR in the panel: the canvas draws (the
    trace's colour among pixels that are not the background), the caption gives its levels, and it is
    asked for again while the device stays selected (a later frame's instant)."""
    name = wait_until(lambda: js(driver, CIR_RECEIVER_SCRIPT), args.timeout)
    if not checks.record('a device receives frames', bool(name), f'{name} received frames' if name
                         else f'no link carried a frame within {args.timeout:.0f} s'):
        return
    at = room(driver, f'uwbRoom.devicePixel({name!r})')
    actions = ActionChains(driver, duration=20)
    actions.w3c_actions.pointer_action.move_to_location(round(at['x']), round(at['y']))
    actions.w3c_actions.pointer_action.click()
    actions.perform()
    index = room(driver, f'uwbRoom.plan.devices.findIndex(d => d.name === {name!r})')
    first = wait_until(lambda: room(driver, f'uwbRoom.selected === {name!r} && uwbRoom.cir && uwbRoom.cir.device === {index}'
                                            ' ? uwbRoom.cir : null'), args.timeout)
    if not checks.record('CIR answered', bool(first), f"{name}: first path at tap {first['firstPath']}, peak {first['peak']},"
                         f" {len(first['magnitudes'])} taps" if first else f'no "cir" answer for {name} within {args.timeout:.0f} s'):
        return
    pixels = wait_until(lambda: (lambda p: p if 'dBm' in p['caption'] and p['trace'] > 0 else None)(js(driver, CIR_PIXELS_SCRIPT)),
                        args.timeout) or js(driver, CIR_PIXELS_SCRIPT)
    checks.record('CIR drawn with its levels', pixels['trace'] >= 20 and pixels['drawn'] >= 100 and 'RX' in pixels['caption']
                  and 'dBm' in pixels['caption'],
                  f"{pixels['drawn']} of {pixels['width']}×{pixels['height']} pixels drawn, {pixels['trace']} of the trace; "
                  f"caption {pixels['caption']!r}")
    print(f"     screenshot {screenshot(driver, args.screenshots, 'cir.png')}")
    again = wait_until(lambda: room(driver, f"uwbRoom.cir && uwbRoom.cir.device === {index} && uwbRoom.cir.t > {first['t']}"),
                       args.timeout)
    checks.record('CIR asked for again', bool(again), f"a later frame's CIR at t={room(driver, 'uwbRoom.cir.t')}" if again
                  else f"still the frame at t={first['t']} after {args.timeout:.0f} s")


QUALITY_SCRIPT = """
const room = window.uwbRoom, i = room.plan.devices.findIndex(d => d.name === arguments[0]);
const measured = room.state.links.filter(l => l.a === i || l.b === i).flatMap(l => l.measured || []);
const rows = [...document.querySelectorAll('#pd-links tbody tr')].map(r => [...r.cells].map(c => c.textContent));
return {measured, rows, selected: room.selected};
"""


def check_quality(driver, args, checks):
    """The dragged device's measurements carry their quality (figure of merit, received and first-path
    levels, no failed check), and its panel's link table shows them."""
    at = room(driver, f'uwbRoom.devicePixel({args.drag!r})')
    actions = ActionChains(driver, duration=20)
    actions.w3c_actions.pointer_action.move_to_location(round(at['x']), round(at['y']))
    actions.w3c_actions.pointer_action.click()
    actions.perform()

    def shown():
        q = js(driver, QUALITY_SCRIPT, args.drag)
        good = [m for m in q['measured'] if m.get('figureOfMerit') is not None and m.get('receivedLevelDBm') is not None
                and m.get('firstPathLevelDBm') is not None and m.get('failedChecks') == []]
        rows = [r for r in q['rows'] if len(r) >= 8 and r[5] != '' and '/' in r[6]]
        return q if q['selected'] == args.drag and good and rows else None

    found = wait_until(shown, args.timeout)
    quality = found or js(driver, QUALITY_SCRIPT, args.drag)
    row = next((r for r in quality['rows'] if len(r) >= 8 and r[5] != ''), None)
    checks.record('link quality shown', bool(found),
                  f"measured {[{k: m.get(k) for k in ('figureOfMerit', 'receivedLevelDBm', 'firstPathLevelDBm', 'failedChecks')} for m in quality['measured']]}; "
                  f"panel row {row}")


ANCHORS_SCRIPT = """
const room = window.uwbRoom, plan = room.plan, state = room.drawnState;
const near = (c, e) => c.every((v, k) => Math.abs(v - e[k]) <= 40);
return plan.devices.map((d, i) => {
  const at = room.worldToPixel(state.devices[i].position[0], state.devices[i].position[2]);
  const hex = room.markerColour(d.name), expected = [1, 3, 5].map(k => parseInt(hex.slice(k, k + 2), 16));
  // Pixels of the marker's colour in three rows above its centre and in three below: a triangle
  // pointing up is much wider below, a round marker about as wide.
  const count = (rows) => rows.reduce((n, dy) => {
    for (let dx = -11; dx <= 11; dx++) if (near(room.canvasColourAt(at.x + dx, at.y + dy), expected)) n += 1;
    return n;
  }, 0);
  return {name: d.name, anchor: !!(d.positioning && d.positioning.role === 'anchor'), above: count([-6, -5, -4]), below: count([2, 3, 4])};
});
"""

FIX_SCRIPT = """
const room = window.uwbRoom, i = room.plan.devices.findIndex(d => d.name === arguments[0]);
const drawn = room.drawnState && room.drawnState.devices[i], fix = drawn && drawn.fix;
if (!fix || fix.track.length < 5) return null;
const oldest = fix.track[0], at = room.worldToPixel(oldest[0], oldest[2]);
const patch = [];
for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) patch.push(room.canvasColourAt(at.x + dx, at.y + dy));
return {fix, truth: drawn.position, patch, colour: room.fixColour};
"""


def check_anchors(driver, args, checks):
    """Every anchor the plan names is drawn as a triangle pointing up in its marker's colour (much wider
    below its centre than above), and every other device round (about as wide)."""
    wait_for_draw(driver, args.timeout)
    devices = js(driver, ANCHORS_SCRIPT)
    anchors = [d for d in devices if d['anchor']]
    wrong = []
    for d in devices:
        ratio = d['below'] / max(d['above'], 1)
        if (ratio < ANCHOR_RATIO) if d['anchor'] else (ratio > ROUND_RATIO):
            wrong.append(f"{d['name']} ({'anchor' if d['anchor'] else 'not an anchor'}): {d['above']} pixels of its colour above, {d['below']} below")
    ratios = sorted(d['below'] / max(d['above'], 1) for d in anchors)
    others = sorted(d['below'] / max(d['above'], 1) for d in devices if not d['anchor']) or [0]
    checks.record('anchors drawn as anchors', bool(anchors) and not wrong,
                  f"{len(anchors)} anchors drawn as triangles (below/above {ratios[0]:.2f}–{ratios[-1]:.2f}), "
                  f"{len(devices) - len(anchors)} other devices round ({others[0]:.2f}–{others[-1]:.2f})" if anchors and not wrong
                  else '; '.join(wrong[:4]) or 'no anchors')


def check_fix(driver, args, checks):
    """The tag's fixes arrive in the state (its app reports them), their track is drawn on the canvas,
    and its panel shows the latest fix against the truth."""
    name = args.positioning
    seen = wait_until(lambda: wait_for_draw(driver, args.timeout) and js(driver, FIX_SCRIPT, name), args.timeout)
    if not checks.record('fixes reported', bool(seen), f"{name}'s fix {seen['fix']['position']} with {len(seen['fix']['track'])} earlier, "
                         f"covariance {seen['fix']['covariance']}, truth {seen['truth']}" if seen
                         else f'no fix of {name} with a track of 5 within {args.timeout:.0f} s (is `uwb locate --device emulator:{name}` running?)'):
        return
    track = [round(255 - 0.55 * (255 - c)) for c in hex_colour(seen['colour'])]
    checks.record('track drawn', any(close(colour, track, 30) for colour in seen['patch']),
                  f"the oldest track point's pixels {seen['patch'][12]} (track colour {track})")
    pause = driver.find_element(By.ID, 'pause')
    if not current_t(driver)[1]:
        pause.click()
        wait_until(lambda: current_t(driver)[1], args.timeout)
    wait_for_draw(driver, args.timeout)
    at = room(driver, f'uwbRoom.devicePixel({name!r})')
    actions = ActionChains(driver, duration=20)
    actions.w3c_actions.pointer_action.move_to_location(round(at['x']), round(at['y']))
    actions.w3c_actions.pointer_action.click()
    actions.perform()
    text = wait_until(lambda: (lambda t: t if 'cm off' in t else None)(driver.find_element(By.ID, 'pd-fix').text), args.timeout)
    checks.record('fix in the panel', bool(text), f'{name}: {text!r}' if text
                  else f"panel says {driver.find_element(By.ID, 'pd-fix').text!r}")
    print(f"     screenshot {screenshot(driver, args.screenshots, 'positioning.png')}")


DOWNLOAD_SCRIPT = """
const done = arguments[arguments.length - 1];
const get = (path) => fetch(path).then(async (r) => [r.status, r.headers.get('Content-Disposition'), await r.text()]);
Promise.all(['/scenario.json', '/moves.jsonl', '/trace.pcapng'].map(get)).then(done, (e) => done(String(e)));
"""


def check_downloads(driver, args, checks):
    """The header's download links: the scenario as it stands (the plan's devices, where the state puts
    them), the moves as JSON lines, and the trace or a 404 saying how to get one."""
    links = [driver.find_element(By.ID, 'download-' + name).get_attribute('href') for name in ('scenario', 'moves', 'trace')]
    answers = driver.execute_async_script(DOWNLOAD_SCRIPT)
    if not isinstance(answers, list):
        checks.record('downloads', False, f'fetch failed: {answers}')
        return
    (scenario_status, disposition, scenario_text), (moves_status, _, moves_text), (trace_status, _, trace_text) = answers
    problems = []
    if not all(link.endswith(path) for link, path in zip(links, ('/scenario.json', '/moves.jsonl', '/trace.pcapng'))):
        problems.append(f'links {links}')
    try:
        scenario = json.loads(scenario_text) if scenario_status == 200 else None
    except ValueError:
        scenario = None
    if scenario is None or not (disposition or '').startswith('attachment; filename='):
        problems.append(f'scenario: {scenario_status} {disposition}')
    else:
        names = room(driver, 'uwbRoom.plan.devices.map((d) => d.name)')
        positions = room(driver, 'uwbRoom.state.devices.map((d) => d.position)')
        if [d.get('name') for d in scenario.get('devices', [])] != names:
            problems.append('scenario devices differ from the plan')
        for device, now in zip(scenario.get('devices', []), positions or []):
            if 'path' not in device and max(abs(a - b) for a, b in zip(device['position'], now)) > POSITION_TOLERANCE_METRES:
                problems.append(f"{device['name']} at {device['position']} in the scenario, {now} on the page")
    lines = [line for line in moves_text.split('\n') if line]
    if moves_status != 200 or not all(json.loads(line).get('events') is not None for line in lines):
        problems.append(f'moves: {moves_status}')
    if trace_status not in (200, 404) or (trace_status == 404 and '--trace' not in trace_text):
        problems.append(f'trace: {trace_status} {trace_text[:80]}')
    checks.record('downloads', not problems, '; '.join(problems) if problems else
                  f'scenario of {len(scenario["devices"])} devices, {len(lines)} moves, trace {trace_status}')


def check_load(driver, args, checks):
    """Loading --load with the header's selector: the page gets the new room's plan and states, the old
    devices are gone, and the load is answered done."""
    before = room(driver, 'uwbRoom.plan.devices.map((d) => d.name)')
    replies_before = room(driver, 'uwbRoom.replies.length')
    selector = Select(driver.find_element(By.ID, 'load'))
    offered = [option.get_attribute('value') for option in selector.options]
    if args.load not in offered:
        checks.record('load another scenario', False, f'{args.load} is not offered: {offered}')
        return
    selector.select_by_value(args.load)
    loaded = wait_until(lambda: room(driver, 'uwbRoom.state !== null && uwbRoom.state.devices.length === uwbRoom.plan.devices.length'
                                             f' && JSON.stringify(uwbRoom.plan.devices.map((d) => d.name)) !== {json.dumps(json.dumps(before))}'),
                        args.timeout)
    answered = wait_until(lambda: any(r['type'] == 'done' for r in (room(driver, 'uwbRoom.replies') or [])[replies_before:]), args.timeout)
    wait_for_draw(driver, args.timeout)
    after = room(driver, 'uwbRoom.plan.devices.map((d) => d.name)')
    screenshot(driver, args.screenshots, 'loaded-other.png')
    checks.record('load another scenario', bool(loaded) and bool(answered),
                  f'{room(driver, "uwbRoom.plan.scenario")}: {", ".join(after)} (was {", ".join(before)})' if loaded
                  else f'no new plan and state within {args.timeout:.0f} s')
    if loaded:
        check_devices_drawn(driver, args, checks)


FRAME_COST_SCRIPT = """
const context = document.getElementById('room').getContext('2d'), costs = [];
for (let i = 0; i < 21; i++) {
  const start = performance.now();
  uwbRoom.redraw();
  context.getImageData(0, 0, 1, 1);   // waits for the drawing to reach the pixels
  costs.push(performance.now() - start);
}
costs.sort((a, b) => a - b);
return [costs[10], costs[19]];
"""


def print_figures(driver, args):
    """The page's frame and state rates over --figures wall seconds, and what one frame costs."""
    before = room(driver, '[uwbRoom.framesDrawn, uwbRoom.statesReceived, performance.now()]')
    started = time.monotonic()
    wait_until(lambda: time.monotonic() - started >= args.figures, args.figures + 1)
    after = room(driver, '[uwbRoom.framesDrawn, uwbRoom.statesReceived, performance.now()]')
    seconds = (after[2] - before[2]) / 1000
    shape = room(driver, '[uwbRoom.plan.devices.length, uwbRoom.state.links.length]')
    median, p95 = js(driver, FRAME_COST_SCRIPT)
    print(f'figure: {shape[0]} devices, {shape[1]} links: {(after[0] - before[0]) / seconds:.1f} frames drawn/s, '
          f'{(after[1] - before[1]) / seconds:.1f} states/s over {seconds:.1f} s; one frame {median:.1f} ms (median), {p95:.1f} ms (p95 of 21)')


def check_console(driver, checks):
    try:
        entries = driver.get_log('browser')
    except WebDriverException:
        return
    # The downloads check asks for the trace of a service that may write none: that 404 is expected.
    errors = [e['message'] for e in entries if e.get('level') == 'SEVERE' and not ('/trace.pcapng' in e['message'] and '404' in e['message'])]
    checks.record('no errors in the console', not errors, '; '.join(errors[:3]) if errors else 'none')


def main():
    args = parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    checks = Checks()
    driver = start_browser(args)
    try:
        if check_loads(driver, args, checks):
            if args.positioning:
                check_devices_drawn(driver, args, checks)
                check_anchors(driver, args, checks)
                check_fix(driver, args, checks)
            else:
                if args.figures:
                    print_figures(driver, args)
                check_devices_drawn(driver, args, checks)
                if args.drag:
                    moved_at = check_drag(driver, args, checks)
                    if moved_at is not None and args.expect_measured:
                        check_measured(driver, args, checks, moved_at)
                        check_quality(driver, args, checks)
                    if moved_at is not None and args.refuse_to:
                        check_refused(driver, args, checks)
                check_pause(driver, args, checks)
                check_cir(driver, args, checks)
                check_downloads(driver, args, checks)
                check_observer(driver, args, checks)
                if args.load:
                    check_load(driver, args, checks)
        check_console(driver, checks)
    except WebDriverException as error:
        checks.record('browser', False, str(error).splitlines()[0])
    finally:
        driver.quit()
    print(f'{checks.passed} passed, {checks.failed} failed')
    return 0 if checks.failed == 0 and checks.passed > 0 else 1


if __name__ == '__main__':
    sys.exit(main())
