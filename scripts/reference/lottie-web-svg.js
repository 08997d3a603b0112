// lottie-web's SVG renderer under Node, with a minimal DOM: one SVG document per frame.
//
//     node lottie-web-svg.js LOTTIE_JS ANIMATION.json WIDTH HEIGHT FRAMES OUTDIR
//
// Loads lottie-web (its full build, with the expression engine) beside a small DOM — elements
// with ordered attributes, children, parentNode and a style object, as much as 5.8.1's SVG
// renderer calls (createElementNS/createElement, set/get/removeAttribute(NS), appendChild,
// insertBefore, removeChild, children/childNodes, textContent) — plays ANIMATION.json with
// `renderer: 'svg'` into a container element and, for each frame of FRAMES (comma-separated,
// relative to the in point, as goToAndStop(f, true) takes them), calls goToAndStop and writes the
// SVG tree as XML to OUTDIR/frame-I.svg (I the frame's index in FRAMES), its width and height
// set to WIDTH × HEIGHT (lottie-web's viewBox and preserveAspectRatio 'xMidYMid meet' fit the
// composition in). lottie-web-frames.py rasterises these with resvg.
//
// The style object is written as a style attribute with only the properties an SVG rasteriser
// reads from lottie-web's SVG renderer: display (hidden layers) and mix-blend-mode (blend
// modes); the CSS box styles it sets for browsers are dropped. Image elements lose their href
// (images are never loaded: they draw nothing). getBBox/getComputedTextLength/getTotalLength
// answer 0 (text without glyphs and the Stroke effect would need real geometry).
// A load or render error is one line on stderr and exit 2 (LOTTIE_WEB_DEBUG=1 prints the stack).
// A developer tool: not run in CI. Limits: MAX_NODES elements made, MAX_SVG_BYTES a frame.
'use strict';
const fs = require('fs');
const path = require('path');
const { fail, loadLottie, readAnimation, parseFrames } = require('./lottie-web-node.js');

const [lottiePath, animPath, W, H, framesArg, outDir] = process.argv.slice(2);
const MAX_NODES = 5000000;
const MAX_SVG_BYTES = 256 << 20;
const XLINK = 'http://www.w3.org/1999/xlink';
const STYLE_KEPT = { display: 'display', 'mix-blend-mode': 'mix-blend-mode', mixBlendMode: 'mix-blend-mode',
  isolation: 'isolation' };
let nodes = 0;

class Element {
  constructor(tag) {
    if (++nodes > MAX_NODES) throw new Error('more than ' + MAX_NODES + ' DOM elements');
    this.tagName = tag;
    this.nodeName = tag;
    this.attrs = new Map();
    this.childNodes = [];
    this.parentNode = null;
    this.style = {};
    this.text = null;
  }
  get children() { return this.childNodes; }
  get firstChild() { return this.childNodes[0] || null; }
  get lastChild() { return this.childNodes[this.childNodes.length - 1] || null; }
  get nextSibling() {
    if (!this.parentNode) return null;
    const s = this.parentNode.childNodes;
    return s[s.indexOf(this) + 1] || null;
  }
  setAttribute(k, v) { this.attrs.set(String(k), String(v)); }
  setAttributeNS(ns, k, v) {
    k = String(k);
    this.attrs.set(ns === XLINK && k.indexOf(':') < 0 ? 'xlink:' + k : k, String(v));
  }
  getAttribute(k) { return this.attrs.has(k) ? this.attrs.get(k) : null; }
  removeAttribute(k) { this.attrs.delete(k); }
  hasAttribute(k) { return this.attrs.has(k); }
  detach(c) {
    if (c.parentNode) {
      const s = c.parentNode.childNodes;
      const i = s.indexOf(c);
      if (i >= 0) s.splice(i, 1);
      c.parentNode = null;
    }
  }
  appendChild(c) {
    this.detach(c);
    c.parentNode = this;
    this.childNodes.push(c);
    return c;
  }
  insertBefore(c, ref) {
    this.detach(c);
    c.parentNode = this;
    const i = ref ? this.childNodes.indexOf(ref) : -1;
    if (i < 0) this.childNodes.push(c); else this.childNodes.splice(i, 0, c);
    return c;
  }
  removeChild(c) {
    const i = this.childNodes.indexOf(c);
    if (i < 0) throw new Error('removeChild: not a child');
    this.childNodes.splice(i, 1);
    c.parentNode = null;
    return c;
  }
  append(c) { this.appendChild(c); }
  set textContent(v) { this.childNodes.length = 0; this.text = String(v); }
  get textContent() { return this.text || ''; }
  set innerText(v) { this.textContent = v; }
  get innerText() { return this.textContent; }
  addEventListener() {}
  removeEventListener() {}
  getBBox() { return { x: 0, y: 0, width: 0, height: 0 }; }
  getComputedTextLength() { return 0; }
  getTotalLength() { return 0; }
  getContext() {
    // The image preloader's placeholder canvas and the font manager's measurer: nothing is drawn.
    const nop = () => {};
    return { measureText: (t) => ({ width: String(t).length * 5 }), fillText: nop, fillRect: nop, font: '', fillStyle: '' };
  }
  get offsetWidth() { return 0; }
  get offsetHeight() { return 0; }
}

function escapeXML(s) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// The tree as XML; `root` gets the output size. Appends to `out` (an array of strings).
function serialise(el, out, isRoot, budget) {
  if (budget.bytes > MAX_SVG_BYTES) throw new Error('an SVG frame of more than ' + MAX_SVG_BYTES + ' bytes');
  let s = '<' + el.tagName;
  for (const [k, v] of el.attrs) {
    if (isRoot && (k === 'width' || k === 'height')) continue;
    if (el.tagName === 'image' && (k === 'href' || k === 'xlink:href')) continue;
    s += ' ' + k + '="' + escapeXML(v) + '"';
  }
  if (isRoot) s += ' width="' + W + '" height="' + H + '" xmlns:xlink="' + XLINK + '"';
  const style = [];
  for (const k of Object.keys(el.style)) {
    const v = el.style[k];
    if (STYLE_KEPT[k] && v !== undefined && v !== null && v !== '') style.push(STYLE_KEPT[k] + ':' + v);
  }
  if (style.length) s += ' style="' + escapeXML(style.join(';')) + '"';
  if (!el.childNodes.length && el.text === null) {
    out.push(s + '/>');
    budget.bytes += s.length + 2;
    return;
  }
  out.push(s + '>');
  budget.bytes += s.length + 1;
  if (el.text !== null) out.push(escapeXML(el.text));
  for (const c of el.childNodes) serialise(c, out, false, budget);
  out.push('</' + el.tagName + '>');
}

global.window = global;
global.navigator = { userAgent: 'node' };
const body = new Element('body');
global.document = {
  readyState: 'loading',
  body,
  createElement: (t) => new Element(String(t)),
  createElementNS: (ns, t) => new Element(String(t)),
  createTextNode: (t) => { const e = new Element('#text'); e.text = String(t); return e; },
  getElementsByTagName: (t) => (t === 'body' ? [body] : []),
  getElementsByClassName: () => [],
  querySelectorAll: () => [],
};
global.location = { origin: '', pathname: '', href: '' };
window.requestAnimationFrame = () => 0;
window.cancelAnimationFrame = () => {};

process.on('uncaughtException', (e) => {
  if (process.env.LOTTIE_WEB_DEBUG && e && e.stack) process.stderr.write(e.stack + '\n');
  fail(e && e.message ? e.message : e);
});
const lottie = loadLottie(lottiePath);
const data = readAnimation(animPath).data;
const container = new Element('div');
body.appendChild(container);
const anim = lottie.loadAnimation({
  container, renderer: 'svg', loop: false, autoplay: false, animationData: data,
  rendererSettings: { preserveAspectRatio: 'xMidYMid meet', progressiveLoad: false },
});
const errors = [];
anim.addEventListener('error', (e) => {
  errors.push(e && e.nativeError ? e.nativeError.message : String(e));
  if (process.env.LOTTIE_WEB_DEBUG && e && e.nativeError) process.stderr.write(e.nativeError.stack + '\n');
});
if (!anim.isLoaded) fail('the animation did not load synchronously (fonts pending)');
const svg = container.childNodes.find((c) => c.tagName === 'svg');
if (!svg) fail('lottie-web made no <svg> element');
const frames = parseFrames(framesArg);
frames.forEach((f, i) => {
  anim.goToAndStop(f, true);
  if (errors.length) fail('frame ' + f + ': ' + errors[0]);
  const out = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  serialise(svg, out, true, { bytes: 0 });
  fs.writeFileSync(path.join(outDir, 'frame-' + i + '.svg'), out.join(''));
});
process.exit(0);
