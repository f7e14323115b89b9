#!/usr/bin/python3
"""Measures the room page's figures (issue 33) against a real emulator service: a benchmark, not a test.

For each room size it writes a scenario into a temporary directory (N devices on a grid in a hall:
most of them scripted, walking square loops and transmitting; one static scripted device, "target",
that the page moves; two free devices, "alice" and "bob", each with a `uwb session` attached, ranging
with each other), starts `uwb emulator serve --speed 1 --http PORT` and the two apps from the given
`uwb` binary, and measures with headless Chromium (Selenium):

1. the service's CPU time (/proc/PID/stat utime + stime) per wall second over a window with no page
   open, then with one, then with ten (windows of one headless browser);
2. with one page open: the frames it draws and the states it receives per second, what a state
   weighs and costs the page to take in, what one frame costs (the page's own frames during the
   window, and forced redraws afterwards);
3. the latency from a move taking effect in the world to the page having drawn it: the page sends
   `move` over its own WebSocket, the service answers `done` when the move took effect; latency is
   from the page receiving `done` to the end of the page's animation frame whose drawn state first
   shows the device at its new place (performance.now() in the page), and from sending to drawn.

It prints markdown tables and, with --json, writes every sample. Every process it starts (the service,
the apps, the browsers) is stopped when it ends, also on failure or Ctrl-C.

    /usr/bin/python3 Tests/Browser/room_figures.py --uwb .build-release/release/uwb
"""
import argparse
import json
import math
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

POLL_SECONDS = 0.05
CLOCK_TICKS = os.sysconf('SC_CLK_TCK')
GRID_METRES = 2.5          # the devices' starting points
LOOP_METRES = 1.5          # the side of each walker's square
TARGET_STEP_METRES = 0.6   # the target is moved between its place and this far to its right
MOVE_ID_BASE = 1_000_000   # the figures' command ids, apart from the page's own

# Injected before the page's own script (Page.addScriptToEvaluateOnNewDocument): it records when each
# message arrives and when the page has handled it, and wraps requestAnimationFrame to time the page's
# frames and to see the first frame that shows a moved device at its new place.
HOOK = r"""
(() => {
  const fig = window.__fig = {socket: null, arrived: 0, states: [], frames: [], watch: null, recording: false};
  const isState = (text) => text.startsWith('{"type":"state"');
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      fig.socket = this;
      this.addEventListener('message', (event) => {
        fig.arrived = performance.now();
        const w = fig.watch;
        if (w && w.rec.done === null && typeof event.data === 'string' && !isState(event.data)) {
          const reply = JSON.parse(event.data);
          if (reply.id === w.rec.id) {
            w.rec.done = fig.arrived;
            w.rec.reply = reply.type;
            w.rec.doneT = reply.t === undefined ? null : reply.t;
            if (reply.type !== 'done') { fig.watch = null; w.resolve(w.rec); }
            else if (w.rec.drawn !== null) { fig.watch = null; w.resolve(w.rec); }
          }
        }
      });
      // Registered after the page's onmessage (set right after construction): runs once it has handled the message.
      setTimeout(() => this.addEventListener('message', (event) => {
        if (fig.recording && typeof event.data === 'string' && isState(event.data)) {
          fig.states.push([fig.arrived, performance.now() - fig.arrived, event.data.length]);
        }
      }), 0);
    }
  };
  const nativeFrame = window.requestAnimationFrame.bind(window);
  let seen = 0;
  window.requestAnimationFrame = (callback) => nativeFrame((stamp) => {
    const start = performance.now();
    callback(stamp);
    const end = performance.now();
    const room = window.uwbRoom;
    if (!room || room.framesDrawn === seen) return;
    seen = room.framesDrawn;
    if (fig.recording) fig.frames.push([stamp, end - start]);
    const w = fig.watch;
    const drawn = room.drawnState;
    if (w && w.rec.drawn === null && drawn && drawn.devices[w.index]) {
      const p = drawn.devices[w.index].position;
      if (Math.abs(p[0] - w.x) < 5e-4 && Math.abs(p[2] - w.z) < 5e-4) {
        Object.assign(w.rec, {frameStamp: stamp, drawn: end, stateAt: room.lastStateReceivedAt, stateT: drawn.t});
        if (w.rec.done !== null) { fig.watch = null; w.resolve(w.rec); }
      }
    }
  });
  fig.move = (name, x, z, id, delay) => new Promise((resolve) => setTimeout(() => {
    const room = window.uwbRoom;
    const index = room.plan.devices.findIndex((d) => d.name === name);
    const y = room.state.devices[index].position[1];
    const rec = {id, sent: null, done: null, reply: null, doneT: null, frameStamp: null, drawn: null, stateAt: null, stateT: null};
    fig.watch = {index, x, z, rec, resolve};
    rec.sent = performance.now();
    fig.socket.send(JSON.stringify({type: 'move', id, device: name, position: [x, y, z]}));
  }, delay));
})();
"""

FORCED_FRAMES_SCRIPT = """
const context = document.getElementById('room').getContext('2d'), costs = [];
for (let i = 0; i < arguments[0]; i++) {
  const start = performance.now();
  uwbRoom.redraw();
  context.getImageData(0, 0, 1, 1);   // waits for the drawing to reach the pixels
  costs.push(performance.now() - start);
}
return costs;
"""


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--uwb', required=True, help='the uwb binary (a release build for figures)')
    parser.add_argument('--devices', default='10,200', help='room sizes, comma-separated (default 10,200)')
    parser.add_argument('--interval', default='10:0.1,200:5',
                        help='transmit interval of the scripted devices per room size, N:SECONDS,… (default 10:0.1,200:5);'
                             ' other sizes use 0.1 s × N / 10')
    parser.add_argument('--moves', type=int, default=60, help='moves per room size (default 60)')
    parser.add_argument('--cpu-seconds', type=float, default=30, help='wall seconds per CPU window (default 30)')
    parser.add_argument('--pages', type=int, default=10, help='pages open in the last CPU window (default 10)')
    parser.add_argument('--forced-frames', type=int, default=101, help='forced redraws timed per room size (default 101)')
    parser.add_argument('--settle', type=float, default=5, help='wall seconds to let the world run before measuring (default 5)')
    parser.add_argument('--seed', type=int, default=1, help='the scenarios\' seed and the moves\' random gaps (default 1)')
    parser.add_argument('--json', help='write every sample to this file')
    parser.add_argument('--keep', action='store_true', help='keep the temporary directory (scenarios, logs)')
    parser.add_argument('--timeout', type=float, default=120, help='wall seconds to wait for anything to start (default 120)')
    parser.add_argument('--chromium', default='/usr/bin/chromium')
    parser.add_argument('--chromedriver', default='/usr/bin/chromedriver')
    parser.add_argument('--window', default='1280,860', help='viewport size W,H in CSS pixels (default 1280,860)')
    args = parser.parse_args()
    args.devices = [int(v) for v in args.devices.split(',')]
    if any(n < 4 for n in args.devices):
        parser.error('a room needs at least 4 devices (alice, bob, target and a walker)')
    args.intervals = {int(k): float(v) for k, v in (pair.split(':') for pair in args.interval.split(','))}
    return args


# ---- the room --------------------------------------------------------------------------------------

def scenario(devices, interval, seed):
    """N devices on a square grid GRID_METRES apart: alice, bob (free, static), target (scripted, static), walkers."""
    columns = math.ceil(math.sqrt(devices))
    rows = math.ceil(devices / columns)
    rng = random.Random(seed)
    entries = []
    for k in range(devices):
        x, z = (k % columns) * GRID_METRES, -(k // columns) * GRID_METRES
        device = {'board': 'ft232h-dw1000-single', 'position': [x, 1, z],
                  'clock': {'offsetPPM': round(rng.uniform(-20, 20), 1)}}
        if k == 0:
            device['name'] = 'alice'
        elif k == 1:
            device['name'] = 'bob'
            device['orientation'] = {'yawDegrees': 180}
        else:
            device['name'] = 'target' if k == 2 else f'walker-{k:03d}'
            device['transmit'] = {'intervalSeconds': interval, 'payloadLength': 16,
                                  'startSeconds': round(interval * k / devices, 6)}
            if k > 2:
                speed = round(rng.uniform(0.8, 1.6), 2)
                s = LOOP_METRES
                device['path'] = {'waypoints': [{'position': [x + s, 1, z], 'speedMetresPerSecond': speed},
                                                {'position': [x + s, 1, z - s], 'speedMetresPerSecond': speed},
                                                {'position': [x, 1, z - s], 'speedMetresPerSecond': speed}],
                                  'loop': True}
        entries.append(device)
    # Concrete walls in the gaps between rows (never where a device starts or the target is moved to).
    obstacles = []
    for r in range(1, rows, 3):
        z = -(r - 1) * GRID_METRES - LOOP_METRES - (GRID_METRES - LOOP_METRES) / 2
        obstacles.append({'name': f'wall-{r}', 'min': [0.5, 0, z - 0.1], 'max': [max(columns - 1, 1) * GRID_METRES - 0.5, 2.6, z + 0.1],
                          'material': 'concrete', 'thicknessMetres': 0.2})
    return {'name': f'room figures: {devices} devices, {devices - 3} walking, transmitting every {interval} s',
            'seed': seed, 'durationSeconds': 86400, 'channel': {'model': 'cm3'},
            'obstacles': obstacles, 'devices': entries}


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def wait_until(condition, timeout, what):
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise RuntimeError(f'{what} within {timeout:.0f} s')
        time.sleep(POLL_SECONDS)


class Processes:
    """The processes this script started, stopped in the order they were started (the service before its apps)."""

    def __init__(self):
        self.started = []

    def start(self, name, argv, log, env=None):
        out = open(log, 'wb')
        process = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        self.started.append((name, process, out))
        return process

    def stop(self, process):
        for name, p, out in list(self.started):
            if p is process:
                self._stop(p)
                out.close()
                self.started.remove((name, p, out))

    @staticmethod
    def _stop(process):
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def stop_all(self):
        while self.started:
            name, p, out = self.started.pop(0)
            self._stop(p)
            out.close()


def cpu_seconds(pid):
    """utime + stime of a process (all its threads), seconds."""
    with open(f'/proc/{pid}/stat') as f:
        fields = f.read().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


PAGE_SERVER_THREADS = ('NIO-', 'TP-')   # the page server's swift-nio event loop and thread pools


def thread_cpu_seconds(pid):
    """CPU seconds of each thread of a process: {tid: (name, seconds)}."""
    threads = {}
    for tid in os.listdir(f'/proc/{pid}/task'):
        try:
            with open(f'/proc/{pid}/task/{tid}/comm') as f:
                name = f.read().strip()
            threads[int(tid)] = (name, cpu_seconds(f'{pid}/task/{tid}'))
        except OSError:
            pass
    return threads


def page_server_share(before, after):
    """CPU seconds the page server's threads used between two thread_cpu_seconds readings."""
    return sum(seconds - before.get(tid, (name, 0.0))[1] for tid, (name, seconds) in after.items()
               if name.startswith(PAGE_SERVER_THREADS))


def tree_cpu_seconds(root):
    """CPU seconds of root and every process below it now (the browser: chromedriver and its Chromium)."""
    parents = {}
    for entry in os.listdir('/proc'):
        if entry.isdigit():
            try:
                with open(f'/proc/{entry}/stat') as f:
                    parents[int(entry)] = int(f.read().rsplit(')', 1)[1].split()[1])
            except OSError:
                pass
    total, queue = 0.0, [root]
    while queue:
        pid = queue.pop()
        try:
            total += cpu_seconds(pid)
        except OSError:
            continue
        queue.extend(child for child, parent in parents.items() if parent == pid)
    return total


def last_virtual_time(log):
    """The radio clock `t` of the last update `uwb session` printed."""
    with open(log, 'rb') as f:
        f.seek(0, os.SEEK_END)
        f.seek(max(0, f.tell() - 4096))
        lines = f.read().decode(errors='replace').splitlines()
    for line in reversed(lines):
        try:
            t = json.loads(line).get('t')
        except (ValueError, AttributeError):
            continue
        if t is not None:
            return float(t)
    return None


class Room:
    """A running service with its two apps, in a directory of its own."""

    def __init__(self, args, devices, directory, processes):
        self.devices, self.directory, self.processes = devices, directory, processes
        self.interval = args.intervals.get(devices, 0.1 * devices / 10)
        self.path = os.path.join(directory, f'room-{devices}.json')
        with open(self.path, 'w') as f:
            json.dump(scenario(devices, self.interval, args.seed), f, indent=1)
        self.socket = os.path.join(directory, f'emulator-{devices}.sock')
        self.port = free_port()
        self.url = f'http://127.0.0.1:{self.port}/'
        self.service = processes.start('service', [args.uwb, 'emulator', 'serve', '--scenario', self.path, '--socket', self.socket,
                                                   '--speed', '1', '--http', str(self.port)],
                                       os.path.join(directory, f'service-{devices}.log'))
        wait_until(lambda: self._serving(), args.timeout, f'the service did not serve {self.url}')
        self.app_logs = {}
        tokens = {name: os.path.join(directory, f'token-{devices}-{name}') for name in ('alice', 'bob')}
        for name, peer in (('alice', 'bob'), ('bob', 'alice')):
            log = os.path.join(directory, f'session-{devices}-{name}.log')
            env = dict(os.environ, UWB_DEVICE=f'emulator:{name}', UWB_EMULATOR_SOCKET=self.socket)
            processes.start(name, [args.uwb, 'session', '--token-out', tokens[name], '--token-in', tokens[peer],
                                   '--updates', '100000000', '--timeout', '100000'], log, env)
            self.app_logs[name] = log
        wait_until(lambda: all(last_virtual_time(log) is not None for log in self.app_logs.values()), args.timeout,
                   'the two sessions printed no update')

    def _serving(self):
        if self.service.poll() is not None:
            raise RuntimeError(f'the service exited with {self.service.returncode}; see {self.directory}')
        try:
            with urllib.request.urlopen(self.url, timeout=2) as answer:
                return answer.status == 200
        except OSError:
            return False

    def virtual_time(self):
        return last_virtual_time(self.app_logs['alice'])


# ---- the browser -----------------------------------------------------------------------------------

class Browsers:
    """One headless Chromium; its windows are the pages."""

    def __init__(self, args):
        options = webdriver.ChromeOptions()
        options.binary_location = args.chromium
        for flag in ('--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--hide-scrollbars',
                     f'--window-size={args.window}', '--force-device-scale-factor=1',
                     '--disable-background-timer-throttling', '--disable-renderer-backgrounding',
                     '--disable-backgrounding-occluded-windows'):
            options.add_argument(flag)
        self.service = Service(executable_path=args.chromedriver)
        self.driver = webdriver.Chrome(service=self.service, options=options)
        self.driver.set_script_timeout(args.timeout)
        self.first = self.driver.current_window_handle
        self.timeout = args.timeout

    def pid(self):
        return self.service.process.pid

    def room(self, expression):
        return self.driver.execute_script(f'return window.uwbRoom ? ({expression}) : null;')

    def open(self, url, hooked=False, new_window=False):
        if new_window:
            self.driver.switch_to.new_window('window')
        if hooked:
            self.driver.execute_cdp_cmd('Page.addScriptToEvaluateOnNewDocument', {'source': HOOK})
        self.driver.get(url)
        wait_until(lambda: self.room('uwbRoom.connected && uwbRoom.plan !== null && uwbRoom.state !== null && uwbRoom.framesDrawn > 0'),
                   self.timeout, f'the page at {url} received no room')
        return self.driver.current_window_handle

    def each(self, handles, expression):
        values = []
        for handle in handles:
            self.driver.switch_to.window(handle)
            values.append(self.room(expression))
        self.driver.switch_to.window(self.first)
        return values

    def quit(self):
        self.driver.quit()


# ---- measurements ----------------------------------------------------------------------------------

def percentile(values, p):
    """Linear between ranks."""
    ordered = sorted(values)
    if not ordered:
        return float('nan')
    rank = (len(ordered) - 1) * p
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def cpu_window(room, browsers, handles, seconds):
    """The service's CPU per wall second over `seconds`, with the pages in `handles` open."""
    expression = '[uwbRoom.framesDrawn, uwbRoom.statesReceived, uwbRoom.state.t]'
    pages_before = browsers.each(handles, expression) if handles else []
    t0, wall0, cpu0 = room.virtual_time(), time.monotonic(), cpu_seconds(room.service.pid)
    threads0, browser0 = thread_cpu_seconds(room.service.pid), tree_cpu_seconds(browsers.pid())
    time.sleep(seconds)
    t1, wall1, cpu1 = room.virtual_time(), time.monotonic(), cpu_seconds(room.service.pid)
    threads1, browser1 = thread_cpu_seconds(room.service.pid), tree_cpu_seconds(browsers.pid())
    pages_after = browsers.each(handles, expression) if handles else []
    wall = wall1 - wall0
    rates = [((a[0] - b[0]) / wall, (a[1] - b[1]) / wall) for a, b in zip(pages_after, pages_before)]
    return {'pages': len(handles), 'wall': wall, 'serviceCPU': (cpu1 - cpu0) / wall, 'browserCPU': (browser1 - browser0) / wall,
            'pageServerCPU': page_server_share(threads0, threads1) / wall,
            'virtualPerWall': (t1 - t0) / wall, 'framesPerPage': [r[0] for r in rates], 'statesPerPage': [r[1] for r in rates]}


def page_window(browsers, room):
    """Starts recording the hooked page's frames and states."""
    browsers.driver.execute_script('__fig.states = []; __fig.frames = []; __fig.recording = true;')
    return time.monotonic(), room.virtual_time()


def page_figures(browsers, started):
    wall = time.monotonic() - started[0]
    states, frames = browsers.driver.execute_script('__fig.recording = false; return [__fig.states, __fig.frames];')
    shape = browsers.room('[uwbRoom.plan.devices.length, uwbRoom.state.links.length,'
                          ' uwbRoom.state.links.filter(l => l.measured && l.measured.length > 0).length]')
    return {'wall': wall, 'states': len(states), 'frames': len(frames), 'stateBytes': [s[2] for s in states],
            'stateHandledMs': [s[1] for s in states], 'frameMs': [f[1] for f in frames],
            'devices': shape[0], 'links': shape[1], 'measuredLinks': shape[2]}


def moves(browsers, count, rng):
    """count moves of the target between its place and TARGET_STEP_METRES to its right, each after a random gap."""
    home = browsers.room("uwbRoom.state.devices[uwbRoom.plan.devices.findIndex(d => d.name === 'target')].position")
    records = []
    for k in range(count):
        x = home[0] + (TARGET_STEP_METRES if k % 2 == 0 else 0.0)
        delay = rng.uniform(0, 200)  # ms, two state intervals: spreads the moves evenly over the interval's phase
        record = browsers.driver.execute_async_script(
            'const finish = arguments[arguments.length - 1];'
            ' __fig.move("target", arguments[0], arguments[1], arguments[2], arguments[3]).then(finish);',
            round(x, 3), round(home[2], 3), MOVE_ID_BASE + k, delay)
        if record['reply'] != 'done':
            raise RuntimeError(f'move {k} to ({x:.3f}, {home[2]:.3f}) was {record["reply"]}: see the service log')
        records.append(record)
    return records


def summary(values):
    return {'median': percentile(values, 0.5), 'p95': percentile(values, 0.95), 'min': min(values), 'max': max(values), 'n': len(values)}


def measure_room(args, devices, directory, processes, rng):
    room = Room(args, devices, directory, processes)
    try:
        browsers = Browsers(args)
    except Exception:
        processes.stop_all()
        raise
    try:
        time.sleep(args.settle)
        result = {'devices': devices, 'interval': room.interval, 'cpu': []}
        print(f'# {devices} devices: the world runs (t = {room.virtual_time():.1f} s); CPU with no page …', file=sys.stderr, flush=True)
        result['cpu'].append(cpu_window(room, browsers, [], args.cpu_seconds))

        first = browsers.open(room.url, hooked=True)
        role = browsers.room('uwbRoom.role')
        if role != 'controller':
            raise RuntimeError(f'the first page is {role}, not controller')
        time.sleep(args.settle)
        print(f'# {devices} devices: one page …', file=sys.stderr, flush=True)
        started = page_window(browsers, room)
        result['cpu'].append(cpu_window(room, browsers, [first], args.cpu_seconds))
        result['page'] = page_figures(browsers, started)
        result['forcedFrameMs'] = browsers.driver.execute_script(FORCED_FRAMES_SCRIPT, args.forced_frames)

        print(f'# {devices} devices: {args.moves} moves …', file=sys.stderr, flush=True)
        result['moves'] = moves(browsers, args.moves, rng)

        handles = [first]
        for _ in range(args.pages - 1):
            handles.append(browsers.open(room.url, new_window=True))
        browsers.driver.switch_to.window(first)
        time.sleep(args.settle)
        print(f'# {devices} devices: {len(handles)} pages …', file=sys.stderr, flush=True)
        result['cpu'].append(cpu_window(room, browsers, handles, args.cpu_seconds))
        return result
    finally:
        browsers.quit()
        processes.stop_all()


# ---- report ----------------------------------------------------------------------------------------

def fmt(value, digits=1):
    return f'{value:.{digits}f}'


def report(results):
    print('### Latency from a move taking effect to the page having drawn it\n')
    print('| devices | moves | done → drawn median (ms) | p95 | max | send → drawn median (ms) | p95 | send → done median (ms) | p95 |'
          ' done → state received median (ms) | state received → drawn median (ms) |')
    print('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
    for r in results:
        m = r['moves']
        latency = [x['drawn'] - x['done'] for x in m]
        full = [x['drawn'] - x['sent'] for x in m]
        answer = [x['done'] - x['sent'] for x in m]
        to_state = [x['stateAt'] - x['done'] for x in m]
        to_draw = [x['drawn'] - x['stateAt'] for x in m]
        print(f"| {r['devices']} | {len(m)} | {fmt(percentile(latency, .5))} | {fmt(percentile(latency, .95))} | {fmt(max(latency))} |"
              f" {fmt(percentile(full, .5))} | {fmt(percentile(full, .95))} | {fmt(percentile(answer, .5))} | {fmt(percentile(answer, .95))} |"
              f" {fmt(percentile(to_state, .5))} | {fmt(percentile(to_draw, .5))} |")
    print('\n### One page while the devices walk\n')
    print('| devices | links (measured) | window (s) | frames drawn/s | states/s | state size median (kB) | state taken in median / p95 (ms) |'
          ' page frame median / p95 (ms) | forced redraw median / p95 (ms) |')
    print('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
    for r in results:
        p, forced = r['page'], r['forcedFrameMs']
        print(f"| {r['devices']} | {p['links']} ({p['measuredLinks']}) | {fmt(p['wall'])} | {fmt(p['frames'] / p['wall'])} |"
              f" {fmt(p['states'] / p['wall'])} | {fmt(percentile(p['stateBytes'], .5) / 1000)} |"
              f" {fmt(percentile(p['stateHandledMs'], .5))} / {fmt(percentile(p['stateHandledMs'], .95))} |"
              f" {fmt(percentile(p['frameMs'], .5))} / {fmt(percentile(p['frameMs'], .95))} |"
              f" {fmt(percentile(forced, .5))} / {fmt(percentile(forced, .95))} |")
    print('\n### The service\'s CPU with pages open\n')
    print('| devices | scripted interval (s) | pages | window (s) | service CPU (% of a core) | extra over no page |'
          ' its page server\'s threads | world (virtual s per wall s) | frames/s per page (min) | states/s per page (min) | browser CPU (% of a core) |')
    print('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
    for r in results:
        base = r['cpu'][0]['serviceCPU']
        for c in r['cpu']:
            frames = fmt(min(c['framesPerPage'])) if c['framesPerPage'] else '–'
            states = fmt(min(c['statesPerPage'])) if c['statesPerPage'] else '–'
            extra = '–' if c['pages'] == 0 else f"{100 * (c['serviceCPU'] - base):+.1f}"
            print(f"| {r['devices']} | {r['interval']:g} | {c['pages']} | {fmt(c['wall'])} | {fmt(100 * c['serviceCPU'])} | {extra} |"
                  f" {fmt(100 * c['pageServerCPU'])} |"
                  f" {c['virtualPerWall']:.3f} | {frames} | {states} | {fmt(100 * c['browserCPU'])} |")


def main():
    args = parse_args()
    if not os.access(args.uwb, os.X_OK):
        sys.exit(f'{args.uwb} is not an executable: build it, e.g. swift build -c release --product uwb')
    directory = tempfile.mkdtemp(prefix='uwb-room-figures-')
    processes = Processes()

    def interrupted(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)
    rng = random.Random(args.seed)
    results = []
    try:
        load = os.getloadavg()
        print(f'# load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; scratch {directory}', file=sys.stderr, flush=True)
        for devices in args.devices:
            results.append(measure_room(args, devices, directory, processes, rng))
        load = os.getloadavg()
        print(f'# load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}', file=sys.stderr, flush=True)
    finally:
        processes.stop_all()
        if args.keep:
            print(f'# kept {directory}', file=sys.stderr)
        else:
            subprocess.run(['rm', '-rf', directory], check=False)
    report(results)
    if args.json:
        with open(args.json, 'w') as f:
            json.dump(results, f)
    return 0


if __name__ == '__main__':
    sys.exit(main())
