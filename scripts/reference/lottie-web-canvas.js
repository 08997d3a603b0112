// lottie-web's canvas renderer under Node, with a recording CanvasRenderingContext2D.
//
//     node lottie-web-canvas.js LOTTIE_JS ANIMATION.json WIDTH HEIGHT FRAMES OUT.json
//
// Loads lottie-web (its full build, with the expression engine) beside minimal `window`,
// `document` and `navigator` stubs, plays ANIMATION.json with `renderer: 'canvas'` into a
// context of WIDTH × HEIGHT that records every call and property set, and for each frame of
// FRAMES (comma-separated, relative to the in point, as lottie-web's goToAndStop(f, true) takes
// them) calls goToAndStop and appends a [main, "frame", F] mark. A load or render error (lottie-web's
// 'error' event, or a throw) is one line on stderr and exit 2. OUT.json is one JSON object:
// {"main": id, "commands": [[canvasId, op, args…], …], "unknown": {op: count}, "images": N} — a single
// ordered stream over every canvas lottie-web made ("main" is the drawn one), replayed by
// lottie-web-frames.py. Image assets are never loaded (they draw nothing; counted in "images").
// A developer tool: not run in CI. Every input-driven loop has a limit (MAX_COMMANDS).
'use strict';
const fs = require('fs');
const { fail, loadLottie, readAnimation, parseFrames } = require('./lottie-web-node.js');

const [lottiePath, animPath, W, H, framesArg, outPath] = process.argv.slice(2);
const MAX_COMMANDS = 20000000;
const MAX_CANVASES = 10000;
const commands = [];
const unknown = {};
let images = 0;
let nextCanvas = 0;

function record(cid, op, args) {
  if (commands.length >= MAX_COMMANDS) throw new Error('more than ' + MAX_COMMANDS + ' canvas commands');
  commands.push([cid, op].concat(args));
}

// A style value as the replayer reads it: a string (a CSS colour) or {gradient: id}.
function styleValue(v) {
  if (v && typeof v === 'object' && v.__gradient !== undefined) return { gradient: v.__gradient };
  if (v && typeof v === 'object' && v.__pattern !== undefined) return { pattern: true };
  return String(v);
}

let nextGradient = 0;
const STATE = ['globalAlpha', 'globalCompositeOperation', 'lineWidth', 'lineCap', 'lineJoin', 'miterLimit',
  'lineDashOffset', 'font', 'textAlign', 'textBaseline', 'filter', 'shadowBlur', 'shadowColor',
  'shadowOffsetX', 'shadowOffsetY', 'imageSmoothingEnabled', 'direction'];

function makeContext(canvas) {
  const cid = canvas.__id;
  const values = { globalAlpha: 1, globalCompositeOperation: 'source-over', lineWidth: 1, lineCap: 'butt',
    lineJoin: 'miter', miterLimit: 10, lineDashOffset: 0, fillStyle: '#000000', strokeStyle: '#000000',
    font: '10px sans-serif', textAlign: 'start', textBaseline: 'alphabetic' };
  const stack = [];
  const ctx = {
    canvas,
    save() { stack.push(Object.assign({}, values)); record(cid, 'save', []); },
    restore() { if (stack.length) Object.assign(values, stack.pop()); record(cid, 'restore', []); },
    getLineDash() { return values.__dash || []; },
    setLineDash(a) { values.__dash = Array.from(a || []).map(Number); record(cid, 'setLineDash', [values.__dash]); },
    createLinearGradient(x0, y0, x1, y1) {
      const g = { __gradient: nextGradient++, addColorStop(o, c) { record(cid, 'addColorStop', [g.__gradient, +o, String(c)]); } };
      record(cid, 'createLinearGradient', [g.__gradient, +x0, +y0, +x1, +y1]);
      return g;
    },
    createRadialGradient(x0, y0, r0, x1, y1, r1) {
      const g = { __gradient: nextGradient++, addColorStop(o, c) { record(cid, 'addColorStop', [g.__gradient, +o, String(c)]); } };
      record(cid, 'createRadialGradient', [g.__gradient, +x0, +y0, +r0, +x1, +y1, +r1]);
      return g;
    },
    createPattern() { return { __pattern: true }; },
    drawImage(img, ...rest) {
      if (img && img.__id !== undefined) record(cid, 'drawImage', [img.__id].concat(rest.map(Number)));
      else { images += 1; }
    },
    measureText(t) { return { width: String(t).length * parseFloat(values.font) * 0.5 }; },
    getImageData(x, y, w, h) { return { width: w, height: h, data: new Uint8ClampedArray(Math.max(0, Math.min(w * h * 4, 1 << 26))) }; },
    putImageData() { unknown.putImageData = (unknown.putImageData || 0) + 1; },
    isPointInPath() { return false; },
  };
  for (const op of ['setTransform', 'transform', 'translate', 'scale', 'rotate', 'beginPath', 'moveTo', 'lineTo',
    'bezierCurveTo', 'quadraticCurveTo', 'closePath', 'rect', 'arc', 'ellipse', 'fill', 'stroke', 'clip',
    'fillRect', 'strokeRect', 'clearRect', 'fillText', 'strokeText', 'resetTransform']) {
    ctx[op] = function (...args) {
      record(cid, op, args.map((a) => (typeof a === 'number' ? a : String(a))));
    };
  }
  for (const key of STATE.concat(['fillStyle', 'strokeStyle'])) {
    Object.defineProperty(ctx, key, {
      get() { return values[key]; },
      set(v) {
        values[key] = v;
        record(cid, key, [key.endsWith('Style') && key !== 'fillStyle' && key !== 'strokeStyle' ? String(v)
          : (key === 'fillStyle' || key === 'strokeStyle') ? styleValue(v) : (typeof v === 'number' ? v : String(v))]);
      },
    });
  }
  return new Proxy(ctx, {
    get(t, k) {
      if (k in t || typeof k === 'symbol') return t[k];
      unknown[k] = (unknown[k] || 0) + 1;
      return () => undefined;
    },
  });
}

function makeCanvas(w, h) {
  if (nextCanvas >= MAX_CANVASES) throw new Error('more than ' + MAX_CANVASES + ' canvases');
  const c = { __id: nextCanvas++, style: {}, setAttribute() {}, appendChild() {}, addEventListener() {} };
  let width = w || 300;
  let height = h || 150;
  let context = null;
  record(c.__id, 'canvas', [width, height]);
  Object.defineProperty(c, 'width', { get: () => width, set(v) { width = +v; record(c.__id, 'canvas', [width, height]); } });
  Object.defineProperty(c, 'height', { get: () => height, set(v) { height = +v; record(c.__id, 'canvas', [width, height]); } });
  c.getContext = () => (context = context || makeContext(c));
  return c;
}

function makeElement(tag) {
  if (tag === 'canvas') return makeCanvas();
  const el = {
    tagName: tag, style: {}, childNodes: [], children: [], attributes: {},
    setAttribute(k, v) { this.attributes[k] = v; }, getAttribute(k) { return this.attributes[k]; },
    setAttributeNS(ns, k, v) { this.attributes[k] = v; }, removeAttribute(k) { delete this.attributes[k]; },
    appendChild(c) { this.childNodes.push(c); return c; }, insertBefore(c) { this.childNodes.push(c); return c; },
    removeChild(c) { return c; }, addEventListener() {}, removeEventListener() {},
    getBBox() { return { x: 0, y: 0, width: 0, height: 0 }; }, getComputedTextLength() { return 0; },
    getTotalLength() { return 0; }, cloneNode() { return makeElement(tag); },
    offsetWidth: 0, offsetHeight: 0, innerText: '', textContent: '',
  };
  if (tag === 'img' || tag === 'image') images += 1;
  return el;
}

global.window = global;
global.navigator = { userAgent: 'node' };
global.document = {
  readyState: 'loading',
  body: makeElement('body'),
  createElement: (t) => makeElement(t),
  createElementNS: (ns, t) => makeElement(t),
  getElementsByTagName: () => [],
  getElementsByClassName: () => [],
  querySelectorAll: () => [],
};
global.location = { origin: '', pathname: '', href: '' };
window.requestAnimationFrame = () => 0;
window.cancelAnimationFrame = () => {};

process.on('uncaughtException', (e) => fail(e && e.message ? e.message : e));
const lottie = loadLottie(lottiePath);
const data = readAnimation(animPath).data;
const main = makeCanvas(+W, +H);
const ctx = main.getContext('2d');
const anim = lottie.loadAnimation({
  renderer: 'canvas', loop: false, autoplay: false, animationData: data,
  rendererSettings: { context: ctx, clearCanvas: true, preserveAspectRatio: 'xMidYMid meet' },
});
const errors = [];
anim.addEventListener('error', (e) => {
  errors.push(e && e.nativeError ? e.nativeError.message : String(e));
  if (process.env.LOTTIE_WEB_DEBUG && e && e.nativeError) process.stderr.write(e.nativeError.stack + '\n');
});
if (!anim.isLoaded) fail('the animation did not load synchronously (fonts or images pending)');
const frames = parseFrames(framesArg);
for (const f of frames) {
  anim.goToAndStop(f, true);
  record(main.__id, 'frame', [f]);
  if (errors.length) fail('frame ' + f + ': ' + errors[0]);
}
fs.writeFileSync(outPath, JSON.stringify({ main: main.__id, commands, unknown, images }));
process.exit(0);
