// What lottie-web-canvas.js and lottie-web-svg.js share: loading lottie-web under Node, reading
// the animation, and failing with one line.
//
// fail(message): one line on stderr ("lottie-web: …"), exit 2 — for load and render errors.
// loadLottie(path): lottie-web's build as a module. With LOTTIE_WEB_SLOPPY=1 its two
//   'use strict' directives (the build's factory and ExpressionManager) are taken out, so
//   expressions run as After Effects' engine runs them, where assigning an undeclared variable
//   is no error (5.8.1's initiateExpression evals each expression inside that strict code, so an
//   Overshoot rig's `v = velocityAtTime(…)` throws there).
// readAnimation(path): the parsed file with image assets' paths dropped (images are never
//   loaded: they draw nothing, and no loader waits on them); returns {data, images}.
// Set the globals (window, document, navigator, location) before loadLottie: lottie-web reads
// them when it loads.
'use strict';
const fs = require('fs');
const path = require('path');

function fail(message) {
  process.stderr.write('lottie-web: ' + String(message).split('\n')[0].slice(0, 160) + '\n');
  process.exit(2);
}

function loadLottie(lottiePath) {
  if (!process.env.LOTTIE_WEB_SLOPPY) return require(lottiePath);
  const Module = require('module');
  const text = fs.readFileSync(lottiePath, 'utf8').replace(/^(\s*)'use strict';$/gm, '$1// (use strict removed)');
  const m = new Module(lottiePath, module);
  m.filename = lottiePath;
  m.paths = Module._nodeModulePaths(path.dirname(lottiePath));
  m._compile(text, lottiePath);
  return m.exports;
}

function readAnimation(animPath) {
  const data = JSON.parse(fs.readFileSync(animPath, 'utf8'));
  let images = 0;
  for (const a of data.assets || []) {
    if (a && a.p !== undefined && !a.layers) { a.p = ''; a.u = ''; a.e = 1; images += 1; }
  }
  return { data, images };
}

function parseFrames(arg) {
  return arg.split(',').filter((s) => s !== '').map(Number);
}

module.exports = { fail, loadLottie, readAnimation, parseFrames };
