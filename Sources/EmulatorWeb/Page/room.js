// The room of a swift-uwb emulator service, live, from above: x to the right, z downwards, metres.
// It reads the service's stream (/stream, JSON messages "plan", "state", "done", "refused", "cir") and, when
// this page controls the world, sends the commands "move", "rotate", "pause", "resume", "step",
// "speed" and "load" (another scenario in place of the room: a new "plan" follows); any page asks for
// the selected device's last CIR ("cir", read-only). Drawing happens on an animation frame, and only when a new state arrived or the view changed.
(() => {
  'use strict';

  // ---- look ----------------------------------------------------------------------------------------
  const COLOUR = {
    page: '#f4f4f2', room: '#ffffff', roomEdge: '#444444', grid: '#e6e6e3', gridZero: '#c9c9c4',
    axisText: '#777777', text: '#1e1e1e', halo: 'rgba(255,255,255,0.92)',
    linkPlain: 'rgba(120,120,120,0.55)', linkMeasured: '#2f6db5', linkNLOS: '#d62718',
    arrow: '#7b3fa8', heading: '#1e1e1e', selected: '#f0b400', ghost: 'rgba(30,30,30,0.45)',
    fix: '#009e73', fixEllipse: 'rgba(0,158,115,0.16)', track: 'rgba(0,158,115,0.55)',
  };
  const FIX_ELLIPSE_SIGMAS = 2;          // the ellipse holds 86 % of Gaussian errors in 2-D
  const DRIVER_COLOUR = { app: '#0072b2', scenario: '#d55e00' };
  const OTHER_DRIVER_COLOUR = '#666666';
  const MARKER_GROUPS = Object.keys(DRIVER_COLOUR).concat(['']);   // '': a driver this page does not know
  const MATERIAL_COLOUR = {
    concrete: '#9a9a96', brick: '#b5573f', plasterboard: '#d8d2c2', wood: '#a3723f', glass: '#86cde9',
    'ceiling-board': '#cdc3a9', chipboard: '#c9a56f', plywood: '#d4aa6b', marble: '#dcd7cc', metal: '#56677a',
    custom: '#b07cc6',
  };
  const LOSS_ONLY_COLOUR = '#c39bd3';
  const UNKNOWN_MATERIAL_COLOUR = '#a0a0a0';
  const MARGIN = { left: 46, top: 26, right: 22, bottom: 46 };
  const LABEL_ALL_LINKS_UP_TO = 40;      // more links than this: only the selected device's are labelled …
  const LABEL_SELECTED_LINKS_UP_TO = 12; // … its nearest ones
  const DRAW_PLAIN_LINKS_UP_TO = 2500;   // more links with frames only than this: only the selected device's are drawn
  const NAME_ALL_DEVICES_UP_TO = 80;     // more devices than this: only the selected one is named
  const STEP_SECONDS = 0.1;
  const FPS_WINDOW_SECONDS = 1;          // frames per second over about this much virtual time
  const FPS_HISTORY = 64;
  const BANNER_SECONDS = 6;
  const RECONNECT_FIRST_MS = 500, RECONNECT_MAX_MS = 10000;

  // ---- elements ------------------------------------------------------------------------------------
  const $ = (id) => document.getElementById(id);
  const canvas = $('room');
  const ctx = canvas.getContext('2d', { alpha: false });
  const knob = $('knob');
  const knobContext = knob.getContext('2d');
  const ui = {
    scenario: $('scenario'), load: $('load'), clock: $('clock'), runState: $('run-state'), speedNow: $('speed-now'),
    pause: $('pause'), step: $('step'), speed: $('speed'), role: $('role'), connection: $('connection'),
    notice: $('notice'), banners: $('banners'), panelEmpty: $('panel-empty'), panelDevice: $('panel-device'),
    name: $('pd-name'), board: $('pd-board'), chips: $('pd-chips'), driven: $('pd-driven'), app: $('pd-app'),
    position: $('pd-position'), yaw: $('pd-yaw'), clockOffset: $('pd-clock'), fov: $('pd-fov'), fps: $('pd-fps'),
    positioning: $('pd-positioning'), fix: $('pd-fix'),
    links: document.querySelector('#pd-links tbody'), yawInput: $('yaw-input'),
  };

  // ---- what the page knows -------------------------------------------------------------------------
  let plan = null;                 // the last "plan" message
  let state = null;                // the last "state" message
  let deviceIndex = new Map();     // device name -> index in plan order
  let role = 'observer';
  let connected = false;
  let socket = null;
  let reconnectDelay = RECONNECT_FIRST_MS;
  let reconnectAt = 0;
  let nextCommandID = 1;
  let plansThisConnection = 0;     // more than one: another scenario was loaded
  const pending = new Map();       // command id -> { type, device, position | yawDegrees, done }
  const replies = [];              // the last replies ("done"/"refused"), for tests and debugging
  let selected = -1;               // index of the selected device, or -1
  let hovered = -1;
  let drag = null;                 // { index, mode: 'move' | 'rotate', pointerId, startX, startY, moved, x, z, yawDegrees }
  let drawnState = null;          // the state the canvas shows
  let framesDrawn = 0, statesReceived = 0, lastStateReceivedAt = null, lastDrawAt = null;
  let dirty = true, panelDirty = true, frameRequested = false;
  const view = { width: 0, height: 0, ratio: 1, scale: 1, ox: 0, oy: 0 };

  // Frames per second: cumulative received counts per device at successive states (a ring).
  const fps = { slots: [], next: 0, count: 0, devices: 0 };

  // ---- geometry ------------------------------------------------------------------------------------
  const px = (x) => view.ox + x * view.scale;
  const py = (z) => view.oy + z * view.scale;
  const worldX = (cssX) => (cssX - view.ox) / view.scale;
  const worldZ = (cssY) => (cssY - view.oy) / view.scale;
  const DEG = Math.PI / 180;
  // A device with yaw ψ faces its −z axis turned by ψ about +y: world (−sin ψ, −cos ψ) in (x, z), so
  // yaw 0 points up on screen and positive yaw turns counter-clockwise as seen from above. A direction
  // at azimuth θ (positive to the device's right, +x) is world (sin(θ−ψ), −cos(θ−ψ)). As a canvas
  // angle (clockwise from +x on screen):
  const headingAngle = (yawDegrees, azimuthDegrees) => (azimuthDegrees - yawDegrees) * DEG - Math.PI / 2;
  const yawTowards = (dx, dy) => normalisedDegrees(Math.round(Math.atan2(-dx, -dy) / DEG));
  function normalisedDegrees(degrees) {
    let d = degrees % 360;
    if (d <= -180) d += 360;
    if (d > 180) d -= 360;
    return Math.round(d * 10) / 10;
  }

  function fitView() {
    const rect = canvas.getBoundingClientRect();
    view.width = Math.max(1, rect.width);
    view.height = Math.max(1, rect.height);
    view.ratio = window.devicePixelRatio || 1;
    const w = Math.round(view.width * view.ratio), h = Math.round(view.height * view.ratio);
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
    if (!plan) return;
    const [x0, , z0] = plan.extent.min, [x1, , z1] = plan.extent.max;
    const spanX = Math.max(x1 - x0, 0.1), spanZ = Math.max(z1 - z0, 0.1);
    const usableW = Math.max(10, view.width - MARGIN.left - MARGIN.right);
    const usableH = Math.max(10, view.height - MARGIN.top - MARGIN.bottom);
    view.scale = Math.min(usableW / spanX, usableH / spanZ);
    view.ox = MARGIN.left + (usableW - spanX * view.scale) / 2 - x0 * view.scale;
    view.oy = MARGIN.top + (usableH - spanZ * view.scale) / 2 - z0 * view.scale;
  }

  // ---- drawing -------------------------------------------------------------------------------------
  function requestDraw() {
    dirty = true;
    if (!frameRequested) { frameRequested = true; requestAnimationFrame(frame); }
  }

  function frame() {
    frameRequested = false;
    if (!dirty) return;
    dirty = false;
    drawnState = state;
    draw();
    if (panelDirty) { panelDirty = false; updatePanel(); }
    framesDrawn += 1;
    lastDrawAt = performance.now();
  }

  function draw() {
    ctx.setTransform(view.ratio, 0, 0, view.ratio, 0, 0);
    ctx.fillStyle = COLOUR.page;
    ctx.fillRect(0, 0, view.width, view.height);
    if (!plan) {
      ctx.fillStyle = COLOUR.axisText;
      ctx.font = '14px system-ui, sans-serif';
      ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
      ctx.fillText(connected ? 'waiting for the room…' : 'not connected to the emulator service', view.width / 2, view.height / 2);
      return;
    }
    // Bottom to top: the room, obstacles and their labels, links, devices, link labels, names, ghosts.
    labels.count = 0;
    drawRoom();
    drawObstacles();
    drawObstacleLabels();
    const devices = state ? state.devices : null;
    const count = devices ? Math.min(devices.length, plan.devices.length) : 0;
    const crowded = count > NAME_ALL_DEVICES_UP_TO;
    if (count > 0) {
      drawFieldsOfView(devices, count, crowded);
      drawLinks(devices, count);
      drawDirections(devices, count);
      drawFixes(devices, count);
      drawDevices(devices, count, crowded);
      occupyDevices(devices, count, crowded);
      drawLinkLabels(devices, count);
      drawDeviceNames(devices, count, crowded);
      drawGhosts(devices, count);
    }
    drawScaleBar();
  }

  function drawRoom() {
    const [x0, , z0] = plan.extent.min, [x1, , z1] = plan.extent.max;
    const left = px(x0), top = py(z0), right = px(x1), bottom = py(z1);
    ctx.fillStyle = COLOUR.room;
    ctx.fillRect(left, top, right - left, bottom - top);
    // Grid every metre (every 2, 5, … when metres are too close), labels along the top and left.
    const step = niceStep(28 / view.scale, [1, 2, 5, 10, 20, 50, 100]);
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = Math.ceil(x0 / step) * step; x <= x1 + 1e-9; x += step) {
      if (Math.abs(x) < 1e-9) continue;
      const sx = Math.round(px(x)) + 0.5;
      ctx.moveTo(sx, top); ctx.lineTo(sx, bottom);
    }
    for (let z = Math.ceil(z0 / step) * step; z <= z1 + 1e-9; z += step) {
      if (Math.abs(z) < 1e-9) continue;
      const sy = Math.round(py(z)) + 0.5;
      ctx.moveTo(left, sy); ctx.lineTo(right, sy);
    }
    ctx.strokeStyle = COLOUR.grid;
    ctx.stroke();
    ctx.beginPath();
    if (x0 < 0 && x1 > 0) { const sx = Math.round(px(0)) + 0.5; ctx.moveTo(sx, top); ctx.lineTo(sx, bottom); }
    if (z0 < 0 && z1 > 0) { const sy = Math.round(py(0)) + 0.5; ctx.moveTo(left, sy); ctx.lineTo(right, sy); }
    ctx.strokeStyle = COLOUR.gridZero;
    ctx.stroke();
    ctx.strokeStyle = COLOUR.roomEdge;
    ctx.lineWidth = 1.5;
    ctx.strokeRect(left, top, right - left, bottom - top);

    ctx.fillStyle = COLOUR.axisText;
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'center'; ctx.textBaseline = 'bottom';
    for (let x = Math.ceil(x0 / step) * step; x <= x1 + 1e-9; x += step) ctx.fillText(formatTick(x), px(x), top - 4);
    ctx.textAlign = 'right'; ctx.textBaseline = 'middle';
    for (let z = Math.ceil(z0 / step) * step; z <= z1 + 1e-9; z += step) ctx.fillText(formatTick(z), left - 5, py(z));
    ctx.textAlign = 'right'; ctx.textBaseline = 'top';
    ctx.fillText('from above: x → and z ↓ in metres, y up', right, bottom + 8);
  }

  function niceStep(minimum, steps) {
    for (const s of steps) if (s >= minimum) return s;
    return steps[steps.length - 1];
  }
  const formatTick = (v) => (Math.abs(v) < 1e-9 ? '0' : String(Math.round(v * 100) / 100).replace('-', '−'));

  function drawObstacles() {
    ctx.lineWidth = 1;
    for (const o of plan.obstacles) {
      const left = px(o.min[0]), top = py(o.min[2]);
      const w = Math.max(1, (o.max[0] - o.min[0]) * view.scale), h = Math.max(1, (o.max[2] - o.min[2]) * view.scale);
      ctx.globalAlpha = 0.75;
      ctx.fillStyle = obstacleColour(o);
      ctx.fillRect(left, top, w, h);
      ctx.globalAlpha = 1;
      ctx.strokeStyle = 'rgba(40,40,40,0.6)';
      ctx.strokeRect(left, top, w, h);
    }
  }

  function obstacleColour(o) {
    if (o.material == null) return LOSS_ONLY_COLOUR;
    return MATERIAL_COLOUR[o.material] || UNKNOWN_MATERIAL_COLOUR;
  }

  function obstacleLabel(o) {
    if (o.material == null) return `${o.name} · ${formatNumber(o.lossDB, 1)} dB`;
    const thickness = o.thicknessMetres == null ? '' : ` ${formatNumber(o.thicknessMetres * 100, 0)} cm`;
    return `${o.name} · ${o.material}${thickness}`;
  }

  function drawObstacleLabels() {
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
    for (const o of plan.obstacles) {
      const cx = px((o.min[0] + o.max[0]) / 2), cy = py((o.min[2] + o.max[2]) / 2);
      const w = (o.max[0] - o.min[0]) * view.scale, h = (o.max[2] - o.min[2]) * view.scale;
      const label = obstacleLabel(o);
      const textWidth = ctx.measureText(label).width;
      const upright = h > w * 2 && textWidth > w;
      ctx.save();
      ctx.translate(cx, cy);
      if (upright) ctx.rotate(-Math.PI / 2);
      haloText(label, 0, 0, '#333333');
      ctx.restore();
      if (upright) occupy(cx - 7, cy - textWidth / 2, 14, textWidth);
      else occupy(cx - textWidth / 2, cy - 7, textWidth, 14);
    }
  }

  function drawFieldsOfView(devices, count, crowded) {
    const radius = Math.min(70, Math.max(26, 1.2 * view.scale)) * (crowded ? 0.6 : 1);
    ctx.fillStyle = crowded ? 'rgba(0,114,178,0.05)' : 'rgba(0,114,178,0.09)';
    ctx.strokeStyle = 'rgba(0,114,178,0.25)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let i = 0; i < count; i++) {
      const fov = plan.devices[i].fieldOfViewDegrees;
      if (fov == null || !(fov > 0)) continue;
      const d = devices[i];
      const x = px(d.position[0]), y = py(d.position[2]);
      const centre = headingAngle(d.yawDegrees || 0, 0);
      const half = Math.min(fov, 360) / 2 * DEG;
      ctx.moveTo(x, y);
      ctx.arc(x, y, radius, centre - half, centre + half);
      ctx.closePath();
    }
    ctx.fill();
    if (!crowded) ctx.stroke();
  }

  // What each link of the state shows: 0 frames only, 1 measured, 2 measured and NLOS (worked out once per state).
  const linkKinds = { of: new Uint8Array(1024), plain: 0 };
  function classifyLinks() {
    const links = state.links || [];
    if (linkKinds.of.length < links.length) linkKinds.of = new Uint8Array(Math.max(links.length, 2 * linkKinds.of.length));
    linkKinds.plain = 0;
    for (let i = 0; i < links.length; i++) {
      const kind = linkKind(links[i]);
      linkKinds.of[i] = kind;
      if (kind === 0) linkKinds.plain += 1;
    }
  }
  function linkKind(link) {
    const m = link.measured;
    if (!m || m.length === 0) return 0;
    for (let k = 0; k < m.length; k++) if (m[k].nlos || failed(m[k])) return 2;
    return 1;
  }

  // Whether a measurement's round failed a check (its distance may then be withheld).
  const failed = (r) => Array.isArray(r.failedChecks) && r.failedChecks.length > 0;
  const CHECK_TEXT = { secureTimestampMissing: 'no STS', secureTimestampQualityLow: 'STS weak', secureTimestampMismatch: 'STS mismatch' };
  const checksText = (r) => (failed(r) ? r.failedChecks.map((name) => CHECK_TEXT[name] || name).join(', ') : '');

  // Links in three strokes (frames only, measured, NLOS), each in paths of at most LINK_BATCH segments:
  // one path of thousands of crossing segments costs the rasteriser far more than many small ones.
  const LINK_BATCH = 128;
  function drawLinks(devices, count) {
    const links = state.links || [];
    const many = links.length > 400;
    const hidePlain = linkKinds.plain > DRAW_PLAIN_LINKS_UP_TO;
    for (let kind = 0; kind < 3; kind++) {
      if (kind === 0) { ctx.strokeStyle = COLOUR.linkPlain; ctx.lineWidth = many ? 0.5 : 1; ctx.setLineDash([]); }
      if (kind === 1) { ctx.strokeStyle = COLOUR.linkMeasured; ctx.lineWidth = many ? 0.75 : 1.5; ctx.setLineDash([]); }
      if (kind === 2) { ctx.strokeStyle = COLOUR.linkNLOS; ctx.lineWidth = many ? 0.75 : 1.75; ctx.setLineDash(many ? [] : [6, 4]); }
      let segments = 0;
      ctx.beginPath();
      for (let i = 0; i < links.length; i++) {
        const l = links[i];
        if (l.a >= count || l.b >= count || linkKinds.of[i] !== kind) continue;
        if (kind === 0 && hidePlain && l.a !== selected && l.b !== selected) continue;
        const p = devices[l.a].position, q = devices[l.b].position;
        ctx.moveTo(px(p[0]), py(p[2]));
        ctx.lineTo(px(q[0]), py(q[2]));
        if (++segments === LINK_BATCH) { ctx.stroke(); ctx.beginPath(); segments = 0; }
      }
      if (segments > 0) ctx.stroke();
    }
    if (hidePlain) {
      ctx.font = '11px system-ui, sans-serif';
      ctx.textAlign = 'left'; ctx.textBaseline = 'top';
      haloText(`${linkKinds.plain.toLocaleString('en')} links with frames only are not drawn; a selected device shows its own`,
        px(plan.extent.min[0]), py(plan.extent.max[2]) + 8, COLOUR.axisText);
    }
    ctx.setLineDash([]);
    // The selected device's links stand out.
    if (selected >= 0 && selected < count && links.length > LABEL_ALL_LINKS_UP_TO) {
      ctx.beginPath();
      for (let i = 0; i < links.length; i++) {
        const l = links[i];
        if ((l.a !== selected && l.b !== selected) || l.a >= count || l.b >= count) continue;
        const p = devices[l.a].position, q = devices[l.b].position;
        ctx.moveTo(px(p[0]), py(p[2]));
        ctx.lineTo(px(q[0]), py(q[2]));
      }
      ctx.strokeStyle = 'rgba(240,180,0,0.7)';
      ctx.lineWidth = 1.25;
      ctx.stroke();
    }
  }

  // Direction arrows: from each measuring device, a short arrow along its measured azimuth, and a dot
  // where it places the peer (the measured distance along that azimuth).
  const dots = [];   // x, y of where measuring devices place their peers (reused from frame to frame)
  function drawDirections(devices, count) {
    const links = state.links || [];
    const length = 34;
    ctx.beginPath();
    dots.length = 0;
    for (let i = 0; i < links.length; i++) {
      const m = links[i].measured;
      if (!m) continue;
      for (let k = 0; k < m.length; k++) {
        const r = m[k];
        if (r.azimuthDegrees == null || r.by >= count) continue;
        const d = devices[r.by];
        const x = px(d.position[0]), y = py(d.position[2]);
        const angle = headingAngle(d.yawDegrees || 0, r.azimuthDegrees);
        const c = Math.cos(angle), s = Math.sin(angle);
        const ex = x + c * length, ey = y + s * length;
        ctx.moveTo(x, y); ctx.lineTo(ex, ey);
        ctx.moveTo(ex - c * 7 - s * 4, ey - s * 7 + c * 4); ctx.lineTo(ex, ey); ctx.lineTo(ex - c * 7 + s * 4, ey - s * 7 - c * 4);
        if (r.metres != null && links.length <= LABEL_ALL_LINKS_UP_TO * 10) {
          dots.push(x + c * r.metres * view.scale, y + s * r.metres * view.scale);
        }
      }
    }
    ctx.strokeStyle = COLOUR.arrow;
    ctx.lineWidth = 1.75;
    ctx.stroke();
    ctx.beginPath();
    for (let i = 0; i < dots.length; i += 2) { ctx.moveTo(dots[i] + 3.5, dots[i + 1]); ctx.arc(dots[i], dots[i + 1], 3.5, 0, 2 * Math.PI); }
    ctx.fillStyle = COLOUR.arrow;
    ctx.fill();
  }

  // Position fixes: each tag's track, its latest fix with the 2σ ellipse of its covariance over x
  // and z, and a dotted line to where the tag truly is.
  function drawFixes(devices, count) {
    for (let i = 0; i < count; i++) {
      const f = devices[i].fix;
      if (f == null) continue;
      const points = (f.track || []).concat([f.position]);
      if (points.length > 1) {
        ctx.beginPath();
        ctx.moveTo(px(points[0][0]), py(points[0][2]));
        for (const p of points.slice(1)) ctx.lineTo(px(p[0]), py(p[2]));
        ctx.strokeStyle = COLOUR.track;
        ctx.lineWidth = 1.5;
        ctx.stroke();
      }
      const x = px(f.position[0]), y = py(f.position[2]);
      const e = fixEllipse(f.covariance);
      if (e) {
        ctx.beginPath();
        ctx.ellipse(x, y, Math.max(e.major * view.scale, 1), Math.max(e.minor * view.scale, 1), e.angle, 0, 2 * Math.PI);
        ctx.fillStyle = COLOUR.fixEllipse;
        ctx.fill();
        ctx.strokeStyle = COLOUR.fix;
        ctx.lineWidth = 1;
        ctx.stroke();
      }
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(px(devices[i].position[0]), py(devices[i].position[2]));
      ctx.setLineDash([2, 3]);
      ctx.strokeStyle = COLOUR.fix;
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.beginPath();
      ctx.moveTo(x - 5, y - 5); ctx.lineTo(x + 5, y + 5);
      ctx.moveTo(x - 5, y + 5); ctx.lineTo(x + 5, y - 5);
      ctx.lineWidth = 2;
      ctx.stroke();
    }
  }

  // The FIX_ELLIPSE_SIGMAS ellipse of a covariance (2×2 over x and z, or 3×3 over x, y and z, row by
  // row, m²): semi-axes in metres and the major axis's angle on the canvas; null for none.
  function fixEllipse(covariance) {
    if (!covariance) return null;
    const [a, b, c] = covariance.length === 9 ? [covariance[0], covariance[2], covariance[8]]
      : covariance.length === 4 ? [covariance[0], covariance[1], covariance[3]] : [NaN, NaN, NaN];
    if (![a, b, c].every(Number.isFinite)) return null;
    const mean = (a + c) / 2, spread = Math.hypot((a - c) / 2, b);
    const large = Math.max(mean + spread, 0), small = Math.max(mean - spread, 0);
    return { major: FIX_ELLIPSE_SIGMAS * Math.sqrt(large), minor: FIX_ELLIPSE_SIGMAS * Math.sqrt(small), angle: 0.5 * Math.atan2(2 * b, a - c) };
  }

  function markerRadius(crowded) { return crowded ? 5 : 7.5; }

  function drawDevices(devices, count, crowded) {
    const r = markerRadius(crowded);
    // Heading ticks first, so the markers sit on top of them.
    ctx.beginPath();
    for (let i = 0; i < count; i++) {
      const d = devices[i];
      const x = px(d.position[0]), y = py(d.position[2]);
      const a = headingAngle(d.yawDegrees || 0, 0);
      const c = Math.cos(a), s = Math.sin(a);
      const tip = r + (crowded ? 6 : 10);
      ctx.moveTo(x + c * tip, y + s * tip);
      ctx.lineTo(x + c * (r - 1) - s * (r - 1) * 0.8, y + s * (r - 1) + c * (r - 1) * 0.8);
      ctx.lineTo(x + c * (r - 1) + s * (r - 1) * 0.8, y + s * (r - 1) - c * (r - 1) * 0.8);
      ctx.closePath();
    }
    ctx.fillStyle = COLOUR.heading;
    ctx.fill();
    for (const driver of MARKER_GROUPS) {
      ctx.beginPath();
      for (let i = 0; i < count; i++) {
        const known = DRIVER_COLOUR[plan.devices[i].driven] !== undefined;
        if (driver === '' ? known : plan.devices[i].driven !== driver) continue;
        const d = devices[i];
        const x = px(d.position[0]), y = py(d.position[2]);
        if (isAnchor(i)) {
          anchorPath(x, y, r);
        } else {
          ctx.moveTo(x + r, y);
          ctx.arc(x, y, r, 0, 2 * Math.PI);
        }
      }
      ctx.fillStyle = driver === '' ? OTHER_DRIVER_COLOUR : DRIVER_COLOUR[driver];
      ctx.fill();
    }
    // Anchors: an outlined triangle, and where the tags are told it is when that differs.
    ctx.beginPath();
    for (let i = 0; i < count; i++) {
      if (isAnchor(i)) anchorPath(px(devices[i].position[0]), py(devices[i].position[2]), r);
    }
    ctx.strokeStyle = COLOUR.heading;
    ctx.lineWidth = 1.2;
    ctx.stroke();
    drawSurveyedPositions(devices, count);
    // A ring for an attached app.
    ctx.beginPath();
    for (let i = 0; i < count; i++) {
      const d = devices[i];
      if (d.app == null) continue;
      const x = px(d.position[0]), y = py(d.position[2]);
      ctx.moveTo(x + r + 3, y);
      ctx.arc(x, y, r + 3, 0, 2 * Math.PI);
    }
    ctx.strokeStyle = COLOUR.heading;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    const highlight = (i, colour, width) => {
      if (i < 0 || i >= count) return;
      const d = devices[i];
      ctx.beginPath();
      ctx.arc(px(d.position[0]), py(d.position[2]), r + 6, 0, 2 * Math.PI);
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.stroke();
    };
    if (hovered !== selected) highlight(hovered, 'rgba(240,180,0,0.6)', 2);
    highlight(selected, COLOUR.selected, 3);
  }

  function isAnchor(i) {
    const p = plan.devices[i].positioning;
    return p != null && p.role === 'anchor';
  }

  // A triangle pointing up round (x, y), a little larger than a round marker of radius r.
  function anchorPath(x, y, r) {
    const a = r * 1.45;
    ctx.moveTo(x, y - a);
    ctx.lineTo(x + a * 0.87, y + a * 0.5);
    ctx.lineTo(x - a * 0.87, y + a * 0.5);
    ctx.closePath();
  }

  // An anchor surveyed somewhere other than where it stands: a cross there, dotted to the anchor.
  function drawSurveyedPositions(devices, count) {
    ctx.beginPath();
    for (let i = 0; i < count; i++) {
      const p = plan.devices[i].positioning;
      if (p == null || p.role !== 'anchor' || p.surveyed == null) continue;
      const d = devices[i];
      const sx = px(p.surveyed[0]), sy = py(p.surveyed[2]);
      if (Math.hypot(sx - px(d.position[0]), sy - py(d.position[2])) < 2) continue;
      ctx.moveTo(sx - 4, sy - 4); ctx.lineTo(sx + 4, sy + 4);
      ctx.moveTo(sx - 4, sy + 4); ctx.lineTo(sx + 4, sy - 4);
      ctx.moveTo(sx, sy); ctx.lineTo(px(d.position[0]), py(d.position[2]));
    }
    ctx.strokeStyle = DRIVER_COLOUR.scenario;
    ctx.setLineDash([2, 3]);
    ctx.lineWidth = 1.2;
    ctx.stroke();
    ctx.setLineDash([]);
  }

  // Where a device is being dragged or turned to, and moves or turns sent but not yet seen in a state.
  function drawGhosts(devices, count) {
    const crowded = count > NAME_ALL_DEVICES_UP_TO;
    const r = markerRadius(crowded);
    const ghost = (i, x, z, yawDegrees, label) => {
      if (i < 0 || i >= count) return;
      const d = devices[i];
      const fromX = px(d.position[0]), fromY = py(d.position[2]);
      const sx = px(x), sy = py(z);
      ctx.setLineDash([4, 4]);
      ctx.strokeStyle = COLOUR.ghost;
      ctx.lineWidth = 1.5;
      ctx.beginPath(); ctx.moveTo(fromX, fromY); ctx.lineTo(sx, sy); ctx.stroke();
      ctx.setLineDash([]);
      ctx.globalAlpha = 0.5;
      ctx.beginPath(); ctx.arc(sx, sy, r, 0, 2 * Math.PI);
      ctx.fillStyle = DRIVER_COLOUR[plan.devices[i].driven] || OTHER_DRIVER_COLOUR;
      ctx.fill();
      const a = headingAngle(yawDegrees, 0);
      ctx.beginPath(); ctx.moveTo(sx, sy); ctx.lineTo(sx + Math.cos(a) * (r + 14), sy + Math.sin(a) * (r + 14));
      ctx.strokeStyle = COLOUR.heading; ctx.lineWidth = 2; ctx.stroke();
      ctx.globalAlpha = 1;
      ctx.font = '11px system-ui, sans-serif';
      ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
      const w = ctx.measureText(label).width + 8;
      labelBox(label, sx + r + 4 + w / 2, sy + r + 10, w, 15, COLOUR.text);
    };
    for (const command of pending.values()) {
      const i = deviceIndex.has(command.device) ? deviceIndex.get(command.device) : -1;
      if (i < 0 || i >= count) continue;
      const d = devices[i];
      if (command.type === 'move') {
        ghost(i, command.position[0], command.position[2], d.yawDegrees || 0, `→ ${formatPosition(command.position)} (sent)`);
      } else if (command.type === 'rotate') {
        ghost(i, d.position[0], d.position[2], command.yawDegrees, `yaw → ${formatNumber(command.yawDegrees, 1)}° (sent)`);
      }
    }
    if (drag && drag.moved) {
      const d = devices[drag.index];
      if (!d) return;
      if (drag.mode === 'move') {
        ghost(drag.index, drag.x, drag.z, d.yawDegrees || 0, `x ${formatNumber(drag.x, 2)}  z ${formatNumber(drag.z, 2)} m`);
      } else {
        ghost(drag.index, d.position[0], d.position[2], drag.yawDegrees, `yaw ${formatNumber(drag.yawDegrees, 1)}°`);
      }
    }
  }

  function linkLabel(link) {
    let text = `${formatNumber(link.trueMetres, 2)} m`;
    const m = link.measured || [];
    if (m.length > 0) {
      const parts = [];
      let nlos = false;
      const checks = new Set();
      for (const r of m) {
        if (failed(r)) checks.add(checksText(r));
        if (r.metres == null) { if (failed(r)) parts.push('withheld'); continue; }
        nlos = nlos || r.nlos;
        parts.push(`${formatNumber(r.metres, 2)} (${signedCentimetres(r.metres - link.trueMetres)})`);
      }
      if (parts.length > 0) text += ' → ' + parts.join(' / ') + (nlos ? ' NLOS' : '');
      if (checks.size > 0) text += ' ⚠ ' + [...checks].join('; ');
    }
    return text;
  }

  const labelled = [];   // indices of the links labelled in this frame (reused)
  function drawLinkLabels(devices, count) {
    const links = state.links || [];
    labelled.length = 0;
    if (links.length <= LABEL_ALL_LINKS_UP_TO) {
      for (let i = 0; i < links.length; i++) labelled.push(i);
    } else if (selected >= 0) {
      for (let i = 0; i < links.length; i++) if (links[i].a === selected || links[i].b === selected) labelled.push(i);
      labelled.sort((i, j) => links[i].trueMetres - links[j].trueMetres);
      if (labelled.length > LABEL_SELECTED_LINKS_UP_TO) labelled.length = LABEL_SELECTED_LINKS_UP_TO;
    }
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
    for (let n = 0; n < labelled.length; n++) {
      const i = labelled[n], l = links[i];
      if (l.a >= count || l.b >= count) continue;
      const p = devices[l.a].position, q = devices[l.b].position;
      const ax = px(p[0]), ay = py(p[2]), bx = px(q[0]), by = py(q[2]);
      const text = linkLabel(l);
      const w = ctx.measureText(text).width + 8, h = 15;
      // The middle of the link, or the first place along it where the label hides no other label.
      let x = (ax + bx) / 2, y = (ay + by) / 2;
      for (let k = 0; k < LABEL_PLACES.length; k++) {
        const cx = ax + (bx - ax) * LABEL_PLACES[k], cy = ay + (by - ay) * LABEL_PLACES[k];
        if (!overlaps(cx - w / 2, cy - h / 2, w, h)) { x = cx; y = cy; break; }
      }
      occupy(x - w / 2, y - h / 2, w, h);
      const kind = linkKinds.of[i];
      labelBox(text, x, y, w, h, kind === 2 ? COLOUR.linkNLOS : kind === 1 ? COLOUR.linkMeasured : '#555555');
    }
  }

  // Markers and names, so that link labels go elsewhere.
  function occupyDevices(devices, count, crowded) {
    const r = markerRadius(crowded);
    ctx.font = crowded ? '10px system-ui, sans-serif' : '600 12px system-ui, sans-serif';
    for (let i = 0; i < count; i++) {
      const x = px(devices[i].position[0]), y = py(devices[i].position[2]);
      occupy(x - r - 4, y - r - 4, 2 * r + 8, 2 * r + 8);
      if (!crowded || i === selected || i === hovered) occupy(x + r + 7, y - r - 13, ctx.measureText(plan.devices[i].name).width, 16);
    }
  }

  function drawDeviceNames(devices, count, crowded) {
    const r = markerRadius(crowded);
    ctx.font = crowded ? '10px system-ui, sans-serif' : '600 12px system-ui, sans-serif';
    ctx.textAlign = 'left'; ctx.textBaseline = 'middle';
    for (let i = 0; i < count; i++) {
      if (crowded && i !== selected && i !== hovered) continue;
      const d = devices[i];
      haloText(plan.devices[i].name, px(d.position[0]) + r + 7, py(d.position[2]) - r - 5, COLOUR.text);
    }
  }

  function drawScaleBar() {
    const metres = niceStep(70 / view.scale, [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200]);
    const length = metres * view.scale;
    const x = Math.max(8, px(plan.extent.min[0])), y = Math.min(view.height - 6, py(plan.extent.max[2]) + 36);
    ctx.strokeStyle = COLOUR.text; ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x, y - 5); ctx.lineTo(x, y); ctx.lineTo(x + length, y); ctx.lineTo(x + length, y - 5);
    ctx.stroke();
    ctx.fillStyle = COLOUR.text;
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'left'; ctx.textBaseline = 'middle';
    ctx.fillText(`${metres < 1 ? formatNumber(metres * 100, 0) + ' cm' : formatNumber(metres, 0) + ' m'}`, x + length + 6, y - 2);
  }

  // Rectangles already taken by labels and markers in this frame (x, y, w, h; reused, never reallocated).
  const LABEL_BOXES = 2048;
  const labels = { boxes: new Float64Array(4 * LABEL_BOXES), count: 0 };
  const LABEL_PLACES = [0.5, 0.38, 0.62, 0.27, 0.73, 0.18, 0.82];
  function occupy(x, y, w, h) {
    if (labels.count >= LABEL_BOXES) return;
    const k = 4 * labels.count++;
    labels.boxes[k] = x; labels.boxes[k + 1] = y; labels.boxes[k + 2] = w; labels.boxes[k + 3] = h;
  }
  function overlaps(x, y, w, h) {
    const b = labels.boxes;
    for (let k = 0; k < 4 * labels.count; k += 4) {
      if (x < b[k] + b[k + 2] && b[k] < x + w && y < b[k + 1] + b[k + 3] && b[k + 1] < y + h) return true;
    }
    return false;
  }

  function haloText(text, x, y, colour) {
    ctx.lineJoin = 'round';
    ctx.strokeStyle = COLOUR.halo; ctx.lineWidth = 3.5;
    ctx.strokeText(text, x, y);
    ctx.fillStyle = colour;
    ctx.fillText(text, x, y);
  }

  function labelBox(text, x, y, w, h, colour) {
    ctx.fillStyle = 'rgba(255,255,255,0.88)';
    ctx.fillRect(x - w / 2, y - h / 2, w, h);
    ctx.strokeStyle = colour; ctx.lineWidth = 0.75;
    ctx.strokeRect(x - w / 2 + 0.5, y - h / 2 + 0.5, w - 1, h - 1);
    ctx.fillStyle = colour;
    ctx.fillText(text, x, y + 0.5);
  }

  function formatNumber(value, decimals) {
    if (value == null || !isFinite(value)) return '—';
    const text = value.toFixed(decimals);
    return Number(text) === 0 ? text.replace('-', '') : text.replace('-', '−');
  }
  function signedCentimetres(metres) {
    const cm = Math.round(metres * 100);
    return `${cm < 0 ? '−' : '+'}${Math.abs(cm)} cm`;
  }
  const formatPosition = (p) => `(${formatNumber(p[0], 2)}, ${formatNumber(p[1], 2)}, ${formatNumber(p[2], 2)}) m`;

  // ---- the knob ------------------------------------------------------------------------------------
  function drawKnob() {
    const ratio = window.devicePixelRatio || 1;
    const size = 72;
    if (knob.width !== size * ratio) { knob.width = size * ratio; knob.height = size * ratio; }
    knobContext.setTransform(ratio, 0, 0, ratio, 0, 0);
    knobContext.clearRect(0, 0, size, size);
    const c = size / 2, radius = size / 2 - 4;
    knobContext.beginPath(); knobContext.arc(c, c, radius, 0, 2 * Math.PI);
    knobContext.fillStyle = '#f3f3f0'; knobContext.fill();
    knobContext.strokeStyle = '#9a9a96'; knobContext.lineWidth = 1; knobContext.stroke();
    knobContext.fillStyle = '#8a8a86'; knobContext.font = '9px system-ui, sans-serif';
    knobContext.textAlign = 'center'; knobContext.textBaseline = 'middle';
    knobContext.fillText('−z', c, 10);
    const d = selected >= 0 && state && state.devices[selected];
    if (!d) return;
    const yaw = drag && drag.mode === 'rotate' && drag.index === selected && drag.moved ? drag.yawDegrees : (d.yawDegrees || 0);
    const a = headingAngle(yaw, 0);
    knobContext.beginPath(); knobContext.moveTo(c, c); knobContext.lineTo(c + Math.cos(a) * (radius - 6), c + Math.sin(a) * (radius - 6));
    knobContext.strokeStyle = COLOUR.heading; knobContext.lineWidth = 3; knobContext.lineCap = 'round'; knobContext.stroke();
    knobContext.beginPath(); knobContext.arc(c, c, 3, 0, 2 * Math.PI); knobContext.fillStyle = COLOUR.heading; knobContext.fill();
  }

  // ---- the side panel ------------------------------------------------------------------------------
  function updatePanel() {
    const d = selected >= 0 && plan && plan.devices[selected];
    ui.panelEmpty.hidden = !!d;
    ui.panelDevice.hidden = !d;
    drawKnob();
    if (!d) return;
    const s = state && state.devices[selected];
    ui.name.textContent = d.name;
    ui.board.textContent = d.board;
    ui.chips.textContent = String(d.chips);
    ui.driven.textContent = { app: 'an app (over the socket)', scenario: 'the scenario (a transmit script or an anchor\'s rounds)' }[d.driven] || String(d.driven);
    ui.fov.textContent = d.fieldOfViewDegrees == null ? 'no direction finding' : `${formatNumber(d.fieldOfViewDegrees, 0)}°`;
    ui.positioning.textContent = positioningText(d.positioning);
    ui.fix.textContent = s ? fixText(s) : '—';
    ui.app.textContent = s ? (s.app == null ? 'none attached' : s.app) : '—';
    ui.position.textContent = s ? formatPosition(s.position) : '—';
    ui.yaw.textContent = s ? `${formatNumber(s.yawDegrees || 0, 1)}°` : '—';
    ui.clockOffset.textContent = s && typeof s.clockOffsetPPM === 'number' ? `${s.clockOffsetPPM >= 0 ? '+' : ''}${formatNumber(s.clockOffsetPPM, 3)} ppm` : '—';
    if (s && document.activeElement !== ui.yawInput) ui.yawInput.value = String(normalisedDegrees(s.yawDegrees || 0));
    ui.fps.textContent = framesPerSecondText(selected);
    ui.yawInput.disabled = !canControl();
    knob.classList.toggle('disabled', !canControl());
    fillLinkTable();
    syncCir();
  }

  // The latest fix: where, its 1σ along x and z, how far from the truth and how old.
  function fixText(device) {
    const f = device.fix;
    if (f == null) return 'none';
    const c = f.covariance || [];
    const [vx, vz] = c.length === 9 ? [c[0], c[8]] : c.length === 4 ? [c[0], c[3]] : [NaN, NaN];
    const error = Math.hypot(f.position[0] - device.position[0], f.position[2] - device.position[2]);
    let text = `${formatPosition(f.position)} ±${formatNumber(Math.sqrt(vx) * 100, 0)}/${formatNumber(Math.sqrt(vz) * 100, 0)} cm (x/z), ${formatNumber(error * 100, 0)} cm off`;
    if (state && typeof state.t === 'number') text += `, ${formatNumber(Math.max(state.t - f.t, 0), 1)} s ago`;
    return text;
  }

  function positioningText(p) {
    if (p == null) return 'none';
    if (p.role === 'tag') return 'tag';
    if (p.role !== 'anchor') return String(p.role);
    let text = `anchor of cluster ${p.cluster}`;
    if (p.floor != null) text += `, floor ${p.floor}`;
    if (p.surveyed != null) text += `, surveyed at ${formatPosition(p.surveyed)}`;
    return text;
  }

  function fillLinkTable() {
    const body = ui.links;
    body.textContent = '';
    if (!state) return;
    const mine = (state.links || []).filter((l) => l.a === selected || l.b === selected);
    mine.sort((l, m) => l.trueMetres - m.trueMetres);
    for (const l of mine.slice(0, 40)) {
      const peer = l.a === selected ? l.b : l.a;
      const m = l.measured || [];
      const own = m.find((r) => r.by === selected) || m[0];
      const row = document.createElement('tr');
      if (m.some((r) => r.nlos || failed(r))) row.className = 'nlos';
      const cells = [
        plan.devices[peer] ? plan.devices[peer].name : `#${peer}`,
        formatNumber(l.trueMetres, 2),
        own && own.metres != null ? formatNumber(own.metres, 2) + (own.nlos ? ' NLOS' : '') : (own && failed(own) ? 'withheld' : '—'),
        own && own.metres != null ? signedCentimetres(own.metres - l.trueMetres) : '',
        own && own.azimuthDegrees != null ? formatNumber(own.azimuthDegrees, 0) : '',
        own && own.figureOfMerit != null ? formatNumber(own.figureOfMerit, 2) : '',
        own && own.receivedLevelDBm != null && own.firstPathLevelDBm != null
          ? `${formatNumber(own.receivedLevelDBm, 0)}/${formatNumber(own.firstPathLevelDBm, 0)}` : '',
        own ? checksText(own) : '',
      ];
      for (const text of cells) { const cell = document.createElement('td'); cell.textContent = text; row.appendChild(cell); }
      row.cells[0].title = cells[0];   // the whole name, when the column cuts it
      body.appendChild(row);
    }
    if (mine.length === 0) {
      const row = document.createElement('tr'); const cell = document.createElement('td');
      cell.colSpan = 8; cell.className = 'muted'; cell.textContent = 'no frames yet';
      row.appendChild(cell); body.appendChild(row);
    }
  }

  // Frames received intact by each device, summed over its links, at successive states; the rate is
  // over the last FPS_WINDOW_SECONDS of virtual time.
  function recordFrames() {
    const n = plan ? plan.devices.length : 0;
    const newest = fps.count > 0 ? fps.slots[(fps.next + FPS_HISTORY - 1) % FPS_HISTORY] : null;
    if (fps.devices !== n || (newest && state.t < newest.t)) {
      fps.slots = []; fps.next = 0; fps.count = 0; fps.devices = n;
      for (let k = 0; k < FPS_HISTORY; k++) fps.slots.push({ t: 0, received: new Float64Array(n), delivered: new Float64Array(n) });
    }
    if (newest && state.t === newest.t) return;
    const slot = fps.slots[fps.next];
    slot.t = state.t;
    slot.received.fill(0); slot.delivered.fill(0);
    for (const l of state.links || []) {
      if (!l.frames || l.a >= n || l.b >= n) continue;
      const ab = l.frames[0] || 0, ba = l.frames[1] || 0;
      slot.received[l.b] += ab; slot.delivered[l.a] += ab;
      slot.received[l.a] += ba; slot.delivered[l.b] += ba;
    }
    fps.next = (fps.next + 1) % FPS_HISTORY;
    fps.count = Math.min(fps.count + 1, FPS_HISTORY);
  }

  function framesPerSecondText(i) {
    if (fps.count < 2 || i >= fps.devices) return '—';
    const newest = fps.slots[(fps.next + FPS_HISTORY - 1) % FPS_HISTORY];
    let base = null;
    for (let k = 2; k <= fps.count; k++) {
      const slot = fps.slots[(fps.next + FPS_HISTORY - k) % FPS_HISTORY];
      base = slot;
      if (newest.t - slot.t >= FPS_WINDOW_SECONDS) break;
    }
    const dt = newest.t - base.t;
    if (!(dt > 0)) return '—';
    const received = (newest.received[i] - base.received[i]) / dt, delivered = (newest.delivered[i] - base.delivered[i]) / dt;
    return `${formatNumber(received, 1)} received, ${formatNumber(delivered, 1)} delivered`;
  }

  // ---- the last CIR --------------------------------------------------------------------------------
  // The selected device's last channel impulse response: asked for ("cir", read-only, so an observer
  // asks too) when a device is selected, then about every CIR_INTERVAL_MS while it stays selected and the
  // stream is connected; answered "cir" (drawn: magnitude against ns from the first path) or "refused"
  // (its message shown instead).
  const CIR_INTERVAL_MS = 1000, CIR_ANSWER_WAIT_MS = 5000, CIR_WIDTH = 260, CIR_HEIGHT = 90, CIR_TICK_NS = 20;
  const CIR_COLOUR = {
    background: '#fbfbf9', grid: '#e6e6e3', text: '#8a8a86', trace: '#2f6db5', threshold: '#d62718',
    firstPath: '#11602e', peak: '#d55e00',
  };
  const cirCanvas = $('cir'), cirContext = cirCanvas.getContext('2d'), cirChip = $('pd-cir-chip'), cirCaption = $('cir-caption');
  const cirView = {
    plan: null, device: null, key: null,   // what is shown: the plan, device name and `name/chip` it was asked for
    response: null, refusal: null,         // the last "cir" answer for it, or the last refusal's message
    waitingID: null, askedAt: -Infinity,   // the request awaiting its answer, and when it was sent
    ids: new Set(),                        // every "cir" request not answered yet (a late answer is dropped quietly)
  };

  // Keeps the CIR view in step with the selection and asks again when it is time; from updatePanel and a timer.
  function syncCir() {
    const d = selected >= 0 && plan ? plan.devices[selected] : null;
    if (!d) { cirView.key = null; return; }
    if (cirView.plan !== plan || cirView.device !== d.name) {
      cirView.plan = plan; cirView.device = d.name;
      fillCirChips(Math.max(1, Math.floor(d.chips) || 1));
    }
    const key = `${d.name}/${cirChip.value || '0'}`;
    if (key !== cirView.key) {
      Object.assign(cirView, { key, response: null, refusal: null, waitingID: null, askedAt: -Infinity });
      drawCir();
    }
    if (!connected) cirView.waitingID = null;
    const since = performance.now() - cirView.askedAt;
    if (connected && (cirView.waitingID === null ? since >= CIR_INTERVAL_MS : since >= CIR_ANSWER_WAIT_MS)) askCir();
    showCirCaption();
  }

  function fillCirChips(count) {
    cirChip.textContent = '';
    for (let chip = 0; chip < count; chip++) {
      const option = document.createElement('option');
      option.value = String(chip); option.textContent = `chip ${chip}`;
      cirChip.appendChild(option);
    }
    cirChip.value = '0';
    cirChip.hidden = count <= 1;
  }

  function askCir() {
    if (!socket || socket.readyState !== WebSocket.OPEN || selected < 0) return;
    const id = nextCommandID++;
    socket.send(JSON.stringify({ type: 'cir', id, device: selected, chip: Number(cirChip.value) || 0 }));
    cirView.ids.add(id);
    cirView.waitingID = id;
    cirView.askedAt = performance.now();
  }

  function receiveCir(message) {
    cirView.ids.delete(message.id);
    if (message.id !== cirView.waitingID) return;
    cirView.waitingID = null;
    cirView.response = message;
    cirView.refusal = null;
    drawCir();
    showCirCaption();
  }

  // Whether `message` refuses a "cir" request (then it is shown in the panel, not as a banner).
  function receiveCirRefusal(message) {
    if (message.id == null || !cirView.ids.has(message.id)) return false;
    cirView.ids.delete(message.id);
    if (message.id === cirView.waitingID) {
      cirView.waitingID = null;
      cirView.response = null;
      cirView.refusal = String(message.message);
      drawCir();
      showCirCaption();
    }
    return true;
  }

  function showCirCaption() {
    const r = cirView.response;
    if (r) {
      const age = state && typeof state.t === 'number' && state.t >= r.t ? ` (${formatNumber(state.t - r.t, 1)} s ago)` : '';
      cirCaption.textContent = `t ${formatNumber(r.t, 3)} s${age} · RX ${formatNumber(r.receivedLevelDBm, 1)} dBm`
        + ` · FP ${formatNumber(r.firstPathLevelDBm, 1)} dBm · ${r.accumulated} symbols`;
      cirCaption.className = 'cir-caption';
    } else {
      cirCaption.textContent = cirView.refusal || (connected ? 'asking…' : 'not connected');
      cirCaption.className = 'cir-caption muted';
    }
  }

  // Magnitude against ns from the first path (green line), the LDE threshold dashed, the peak a dot.
  function drawCir() {
    const ratio = window.devicePixelRatio || 1;
    if (cirCanvas.width !== CIR_WIDTH * ratio) { cirCanvas.width = CIR_WIDTH * ratio; cirCanvas.height = CIR_HEIGHT * ratio; }
    const g = cirContext;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.fillStyle = CIR_COLOUR.background;
    g.fillRect(0, 0, CIR_WIDTH, CIR_HEIGHT);
    const r = cirView.response;
    const taps = r && Array.isArray(r.magnitudes) ? r.magnitudes : [];
    if (taps.length < 2) return;
    const period = r.sampleNanoseconds > 0 ? r.sampleNanoseconds : 1;
    const ns = (tap) => (tap - r.firstPath) * period;
    const left = ns(r.firstTap), right = ns(r.firstTap + taps.length - 1);
    const top = Math.max(r.threshold || 0, ...taps) * 1.1 || 1;
    const plot = { x: 4, y: 5, w: CIR_WIDTH - 8, h: CIR_HEIGHT - 18 };
    const X = (t) => plot.x + (t - left) / (right - left) * plot.w;
    const Y = (m) => plot.y + plot.h - Math.max(0, m) / top * plot.h;
    g.font = '9px system-ui, sans-serif'; g.textAlign = 'center'; g.textBaseline = 'top'; g.lineWidth = 1;
    for (let t = Math.ceil(left / CIR_TICK_NS) * CIR_TICK_NS; t <= right; t += CIR_TICK_NS) {
      g.strokeStyle = CIR_COLOUR.grid;
      g.beginPath(); g.moveTo(Math.round(X(t)) + 0.5, plot.y); g.lineTo(Math.round(X(t)) + 0.5, plot.y + plot.h); g.stroke();
      g.fillStyle = CIR_COLOUR.text;
      g.fillText(t === 0 ? '0 ns' : formatNumber(t, 0), X(t), plot.y + plot.h + 2);
    }
    if (r.threshold > 0) {
      g.strokeStyle = CIR_COLOUR.threshold; g.setLineDash([4, 3]);
      g.beginPath(); g.moveTo(plot.x, Y(r.threshold)); g.lineTo(plot.x + plot.w, Y(r.threshold)); g.stroke();
      g.setLineDash([]);
    }
    g.strokeStyle = CIR_COLOUR.firstPath;
    g.beginPath(); g.moveTo(X(0), plot.y); g.lineTo(X(0), plot.y + plot.h); g.stroke();
    g.strokeStyle = CIR_COLOUR.trace; g.lineWidth = 1.5; g.lineJoin = 'round';
    g.beginPath();
    taps.forEach((m, k) => { if (k === 0) g.moveTo(X(ns(r.firstTap)), Y(m)); else g.lineTo(X(ns(r.firstTap + k)), Y(m)); });
    g.stroke();
    const peak = r.peak - r.firstTap;
    if (peak >= 0 && peak < taps.length) {
      g.fillStyle = CIR_COLOUR.peak;
      g.beginPath(); g.arc(X(ns(r.peak)), Y(taps[peak]), 3, 0, 2 * Math.PI); g.fill();
    }
  }

  cirChip.addEventListener('change', () => syncCir());
  setInterval(syncCir, 250);

  // ---- header --------------------------------------------------------------------------------------
  const canControl = () => connected && role === 'controller' && plan !== null;

  function updateHeader() {
    const control = canControl();
    ui.role.textContent = plan && connected ? role : '—';
    ui.role.className = 'badge ' + (!plan || !connected ? '' : role === 'controller' ? 'good' : 'warn');
    const notice = plan && plan.notice;
    ui.notice.hidden = !notice;
    ui.notice.textContent = notice || '';
    if (plan) ui.scenario.textContent = plan.scenario;
    if (state) {
      ui.clock.textContent = `t ${state.t.toFixed(3)} s`;
      ui.clock.dataset.t = String(state.t);
      ui.runState.textContent = state.paused ? 'paused' : 'running';
      ui.runState.className = 'badge ' + (state.paused ? 'warn' : 'good');
      ui.speedNow.textContent = state.speed === 0 ? 'speed: as fast as possible' : `speed ${state.speed}×`;
      ui.pause.textContent = state.paused ? 'Resume' : 'Pause';
      if (document.activeElement !== ui.speed) {
        const value = String(state.speed);
        if (![...ui.speed.options].some((o) => o.value === value)) {
          const option = document.createElement('option');
          option.value = value; option.textContent = `${value}×`;
          ui.speed.appendChild(option);
        }
        ui.speed.value = value;
      }
    }
    ui.pause.disabled = !control || !state;
    ui.step.disabled = !control || !state || !state.paused;
    ui.speed.disabled = !control;
    const loadable = plan && Array.isArray(plan.scenarios) ? plan.scenarios : [];
    ui.load.disabled = !control || loadable.length === 0;
    ui.load.title = plan && plan.loadNotice ? plan.loadNotice
      : role !== 'controller' ? 'an observer cannot load another scenario'
      : 'load another scenario in place of this room (its apps are detached)';
    canvas.classList.toggle('disconnected', !connected);
    updateConnection();
  }

  function updateConnection() {
    if (connected) {
      ui.connection.textContent = 'live';
      ui.connection.className = 'badge good';
    } else {
      const seconds = Math.max(0, Math.ceil((reconnectAt - Date.now()) / 1000));
      ui.connection.textContent = seconds > 0 ? `disconnected – retrying in ${seconds} s` : 'disconnected – connecting…';
      ui.connection.className = 'badge bad';
    }
  }

  function showBanner(text, kind) {
    const banner = document.createElement('div');
    banner.className = kind === 'info' ? 'banner info' : 'banner';
    banner.setAttribute('role', 'alert');
    banner.textContent = text;
    ui.banners.appendChild(banner);
    while (ui.banners.children.length > 4) ui.banners.removeChild(ui.banners.firstChild);
    setTimeout(() => banner.classList.add('fading'), BANNER_SECONDS * 1000);
    setTimeout(() => banner.remove(), BANNER_SECONDS * 1000 + 1500);
  }

  // ---- the stream ----------------------------------------------------------------------------------
  function streamURL() {
    const own = new URLSearchParams(location.search);
    const query = [];
    if (own.has('token')) query.push('token=' + encodeURIComponent(own.get('token')));
    if (own.has('observe')) query.push(own.get('observe') ? 'observe=' + encodeURIComponent(own.get('observe')) : 'observe');
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${location.host}/stream${query.length ? '?' + query.join('&') : ''}`;
  }

  function connect() {
    let opened;
    try {
      opened = new WebSocket(streamURL());
    } catch (error) {
      scheduleReconnect();
      return;
    }
    socket = opened;
    opened.onopen = () => { if (socket === opened) { connected = true; plansThisConnection = 0; updateHeader(); requestDraw(); } };
    opened.onmessage = (event) => { if (socket === opened) receive(event.data); };
    opened.onclose = () => {
      if (socket !== opened) return;
      socket = null;
      connected = false;
      pending.clear();
      drag = null;
      scheduleReconnect();
      updateHeader();
      panelDirty = true;
      requestDraw();
    };
    opened.onerror = () => { /* onclose follows and reconnects */ };
  }

  function scheduleReconnect() {
    const delay = reconnectDelay;
    reconnectDelay = Math.min(RECONNECT_MAX_MS, reconnectDelay * 2);
    reconnectAt = Date.now() + delay;
    setTimeout(connect, delay);
    const tick = () => { if (!connected && Date.now() < reconnectAt + 100) { updateConnection(); setTimeout(tick, 500); } };
    tick();
  }

  function receive(data) {
    let message;
    try { message = JSON.parse(data); } catch (error) { return; }
    if (!message || typeof message !== 'object') return;
    switch (message.type) {
      case 'plan': receivePlan(message); break;
      case 'state': receiveState(message); break;
      case 'done': receiveDone(message); break;
      case 'refused': receiveRefused(message); break;
      case 'cir': receiveCir(message); break;
      default: break;   // a message of a later version: not for this page
    }
  }

  function receivePlan(message) {
    const selectedName = selected >= 0 && plan ? plan.devices[selected].name : null;
    plansThisConnection += 1;
    const replacing = plansThisConnection > 1;
    plan = message;
    fillLoadChoices(Array.isArray(plan.scenarios) ? plan.scenarios : []);
    // A plan after the first on this connection: another scenario was loaded, the old room's commands are moot.
    pending.clear();
    drag = null;
    if (replacing) showBanner(`Loaded ${plan.scenario}`, 'info');
    plan.obstacles = plan.obstacles || [];
    plan.devices = plan.devices || [];
    role = message.role === 'controller' ? 'controller' : 'observer';
    deviceIndex = new Map(plan.devices.map((d, i) => [d.name, i]));
    selected = selectedName !== null && deviceIndex.has(selectedName) ? deviceIndex.get(selectedName) : -1;
    hovered = -1;
    state = null;
    fps.devices = -1;
    reconnectDelay = RECONNECT_FIRST_MS;
    fitView();
    updateHeader();
    panelDirty = true;
    requestDraw();
  }

  function receiveState(message) {
    // A state of another room (sent as a scenario was being loaded) is not this plan's: skip it.
    if (!plan || !Array.isArray(message.devices) || message.devices.length !== plan.devices.length) return;
    state = message;
    statesReceived += 1;
    lastStateReceivedAt = performance.now();
    recordFrames();
    classifyLinks();
    // Moves and turns that were done leave their ghosts with the next state, which shows them.
    for (const [id, command] of pending) {
      if (command.done) pending.delete(id);
    }
    if (drag && drag.index >= state.devices.length) drag = null;
    updateHeader();
    panelDirty = true;
    requestDraw();
  }

  function receiveDone(message) {
    remember(message);
    const command = pending.get(message.id);
    if (!command) return;
    // A move or turn keeps its ghost until the next state shows it; anything else is over.
    if (command.type === 'move' || command.type === 'rotate') command.done = true;
    else pending.delete(message.id);
    requestDraw();
  }

  function receiveRefused(message) {
    if (receiveCirRefusal(message)) return;
    remember(message);
    const command = message.id == null ? null : pending.get(message.id);
    pending.delete(message.id);
    const what = command ? `${command.type}${command.device ? ' ' + command.device : ''}` : 'command';
    showBanner(`Refused (${what}): ${message.message}`);
    requestDraw();
  }

  function remember(message) {
    replies.push(message);
    if (replies.length > 50) replies.shift();
  }

  function send(command) {
    if (!canControl() || !socket || socket.readyState !== WebSocket.OPEN) return;
    const message = Object.assign({ type: command.type, id: nextCommandID++ }, command);
    socket.send(JSON.stringify(message));
    pending.set(message.id, command);
  }

  function sendMove(index, x, z) {
    const d = state.devices[index];
    send({ type: 'move', device: plan.devices[index].name, position: [round3(x), d.position[1], round3(z)] });
  }

  function sendRotate(index, yawDegrees) {
    send({ type: 'rotate', device: plan.devices[index].name, yawDegrees });
  }
  const round3 = (v) => Math.round(v * 1000) / 1000;

  function fillLoadChoices(names) {
    while (ui.load.options.length > 1) ui.load.remove(1);
    for (const name of names) {
      const option = document.createElement('option');
      option.value = name; option.textContent = name;
      ui.load.appendChild(option);
    }
    ui.load.value = '';
  }

  function sendLoad(name) {
    if (name) send({ type: 'load', scenario: name });
    ui.load.value = '';
  }

  function togglePause() {
    if (!state || !canControl()) return;
    send({ type: state.paused ? 'resume' : 'pause' });
  }

  // ---- the mouse -----------------------------------------------------------------------------------
  function pointerPosition(event) {
    const rect = canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  function deviceAt(x, y) {
    if (!plan || !state) return -1;
    const count = Math.min(state.devices.length, plan.devices.length);
    const reach = markerRadius(count > NAME_ALL_DEVICES_UP_TO) + 6;
    let best = -1, bestDistance = reach * reach;
    for (let i = 0; i < count; i++) {
      const p = state.devices[i].position;
      const dx = px(p[0]) - x, dy = py(p[2]) - y;
      const distance = dx * dx + dy * dy;
      if (distance <= bestDistance) { best = i; bestDistance = distance; }
    }
    return best;
  }

  canvas.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    const p = pointerPosition(event);
    const hit = deviceAt(p.x, p.y);
    if (hit !== selected) { selected = hit >= 0 ? hit : (event.shiftKey ? selected : -1); panelDirty = true; }
    const target = event.shiftKey ? selected : hit;
    if (target >= 0 && canControl()) {
      drag = { index: target, mode: event.shiftKey ? 'rotate' : 'move', pointerId: event.pointerId, startX: p.x, startY: p.y, moved: false, x: 0, z: 0, yawDegrees: 0 };
      canvas.setPointerCapture(event.pointerId);
      event.preventDefault();
    }
    requestDraw();
  });

  canvas.addEventListener('pointermove', (event) => {
    const p = pointerPosition(event);
    if (drag && event.pointerId === drag.pointerId) {
      if (!drag.moved && Math.hypot(p.x - drag.startX, p.y - drag.startY) < 3) return;
      drag.moved = true;
      if (drag.mode === 'move') {
        drag.x = worldX(p.x); drag.z = worldZ(p.y);
      } else {
        const d = state.devices[drag.index];
        drag.yawDegrees = yawTowards(p.x - px(d.position[0]), p.y - py(d.position[2]));
        drawKnob();
      }
      requestDraw();
      return;
    }
    const hit = deviceAt(p.x, p.y);
    if (hit !== hovered) {
      hovered = hit;
      canvas.style.cursor = hit >= 0 && canControl() ? 'grab' : (hit >= 0 ? 'pointer' : '');
      requestDraw();
    }
  });

  function endDrag(event, cancelled) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const finished = drag;
    drag = null;
    if (!cancelled && finished.moved && state) {
      if (finished.mode === 'move') sendMove(finished.index, finished.x, finished.z);
      else sendRotate(finished.index, finished.yawDegrees);
    }
    panelDirty = true;
    requestDraw();
  }
  canvas.addEventListener('pointerup', (event) => endDrag(event, false));
  canvas.addEventListener('pointercancel', (event) => endDrag(event, true));
  canvas.addEventListener('pointerleave', () => { if (hovered >= 0 && !drag) { hovered = -1; requestDraw(); } });

  // The knob turns the selected device.
  let knobDrag = null;
  function knobYaw(event) {
    const rect = knob.getBoundingClientRect();
    return yawTowards(event.clientX - rect.left - rect.width / 2, event.clientY - rect.top - rect.height / 2);
  }
  knob.addEventListener('pointerdown', (event) => {
    if (selected < 0 || !canControl() || !state) return;
    knobDrag = { pointerId: event.pointerId };
    knob.setPointerCapture(event.pointerId);
    drag = { index: selected, mode: 'rotate', pointerId: -1, moved: true, x: 0, z: 0, yawDegrees: knobYaw(event) };
    drawKnob(); requestDraw();
  });
  knob.addEventListener('pointermove', (event) => {
    if (!knobDrag || event.pointerId !== knobDrag.pointerId || !drag) return;
    drag.yawDegrees = knobYaw(event);
    drawKnob(); requestDraw();
  });
  const endKnob = (event, cancelled) => {
    if (!knobDrag || event.pointerId !== knobDrag.pointerId) return;
    knobDrag = null;
    const finished = drag;
    drag = null;
    if (!cancelled && finished && state) sendRotate(finished.index, finished.yawDegrees);
    panelDirty = true; requestDraw();
  };
  knob.addEventListener('pointerup', (event) => endKnob(event, false));
  knob.addEventListener('pointercancel', (event) => endKnob(event, true));

  ui.yawInput.addEventListener('change', () => {
    const value = Number(ui.yawInput.value);
    if (selected >= 0 && state && isFinite(value)) sendRotate(selected, normalisedDegrees(value));
  });

  // ---- buttons and keys ----------------------------------------------------------------------------
  ui.pause.addEventListener('click', () => { togglePause(); ui.pause.blur(); });
  ui.step.addEventListener('click', () => { send({ type: 'step', seconds: STEP_SECONDS }); ui.step.blur(); });
  ui.load.addEventListener('change', () => sendLoad(ui.load.value));
  ui.speed.addEventListener('change', () => {
    const speed = Number(ui.speed.value);
    if (isFinite(speed)) send({ type: 'speed', speed });
    ui.speed.blur();
  });
  const typing = (target) => target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA');
  document.addEventListener('keydown', (event) => {
    if (event.code !== 'Space' || typing(event.target) || event.repeat) return;
    event.preventDefault();
    togglePause();
  });
  document.addEventListener('keyup', (event) => { if (event.code === 'Space' && !typing(event.target)) event.preventDefault(); });

  new ResizeObserver(() => { fitView(); requestDraw(); }).observe($('room-box'));
  window.addEventListener('resize', () => { fitView(); requestDraw(); });

  // ---- for tests and benchmarks --------------------------------------------------------------------
  window.uwbRoom = {
    get state() { return state; },
    get drawnState() { return drawnState; },
    get plan() { return plan; },
    get role() { return role; },
    get connected() { return connected; },
    get framesDrawn() { return framesDrawn; },
    get statesReceived() { return statesReceived; },
    get lastStateReceivedAt() { return lastStateReceivedAt; },
    get lastDrawAt() { return lastDrawAt; },
    get replies() { return replies.slice(); },
    get pendingCommands() { return pending.size; },
    get selected() { return selected >= 0 && plan ? plan.devices[selected].name : null; },
    get cir() { return cirView.response; },
    /** Where (x, z) in metres is drawn, in CSS pixels relative to the viewport. */
    worldToPixel(x, z) {
      const rect = canvas.getBoundingClientRect();
      return { x: rect.left + px(x), y: rect.top + py(z) };
    },
    /** Where the device called `name` is drawn (its state position), or null. */
    devicePixel(name) {
      if (!state || !deviceIndex.has(name)) return null;
      const d = state.devices[deviceIndex.get(name)];
      return d ? this.worldToPixel(d.position[0], d.position[2]) : null;
    },
    /** The fill colour of the device's marker. */
    markerColour(name) {
      if (!plan || !deviceIndex.has(name)) return null;
      return DRIVER_COLOUR[plan.devices[deviceIndex.get(name)].driven] || OTHER_DRIVER_COLOUR;
    },
    /** The colour of fixes, their crosses and outlines (the track is it at 55 % over the room). */
    get fixColour() { return COLOUR.fix; },
    /** The colour of the canvas at a viewport CSS pixel, [r, g, b]. */
    canvasColourAt(x, y) {
      const rect = canvas.getBoundingClientRect();
      const data = ctx.getImageData(Math.round((x - rect.left) * view.ratio), Math.round((y - rect.top) * view.ratio), 1, 1).data;
      return [data[0], data[1], data[2]];
    },
    /** Redraws now (for benchmarks: the cost of one frame). */
    redraw() { draw(); framesDrawn += 1; },
  };

  fitView();
  updateHeader();
  updatePanel();
  requestDraw();
  connect();
})();
